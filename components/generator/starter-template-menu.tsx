"use client";

import { ChevronDown, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { STARTER_TEMPLATES, type StarterTemplate } from "@/lib/ai/starter-templates";

/** The starter templates as a menu; choosing one calls `onSelect` (the dialog and the generator's empty state). */
export function StarterTemplateMenu({
  onSelect,
  label = "Starter templates",
}: {
  onSelect: (starter: StarterTemplate) => void;
  label?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Sparkles aria-hidden /> {label} <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-w-80">
        {STARTER_TEMPLATES.map((starter) => (
          <DropdownMenuItem
            key={starter.id}
            onSelect={() => onSelect(starter)}
            aria-label={starter.name}
            className="flex-col items-start gap-0.5"
          >
            <span className="font-medium">{starter.name}</span>
            <span className="text-xs text-muted-foreground">{starter.description}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
