"use client";

import Link from "next/link";
import { Wand2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { modelLabel } from "@/lib/ai/models";
import { useAiConfig } from "@/lib/client/queries/ai";
import type { UserAiConfigJson } from "@/lib/responses/ai";

/**
 * Email Generator card: the current model and active connection follow the AI config query (a change in Manage
 * Connections shows at once).
 */
export function GeneratorCard({ initialConfig }: { initialConfig: UserAiConfigJson }) {
  const { data: config = initialConfig } = useAiConfig(initialConfig);
  const active = config.connections.find((c) => c.isActive);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wand2 className="size-5 text-primary" aria-hidden />
          Email Generator
        </CardTitle>
        <CardDescription>Import a CSV and write a personalised email for every prospect.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <div className="flex justify-between gap-2">
          <span className="text-muted-foreground">Current model</span>
          <span className="text-right font-medium" data-testid="current-model">
            {modelLabel(config.aiConfig.selectedModel)}
          </span>
        </div>
        <div className="flex justify-between gap-2">
          <span className="text-muted-foreground">Active connection</span>
          <span className="text-right font-medium" data-testid="active-connection">
            {active ? `${active.provider} > ${active.name}` : "No connection configured"}
          </span>
        </div>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild className="w-full">
          <Link href="/email-generator">Get Started</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
