import { FileSpreadsheet } from "lucide-react";
import type { StarterTemplate } from "@/lib/ai/starter-templates";
import { StarterTemplateMenu } from "./starter-template-menu";

/** The generator without a file: what to upload, or a starter template to begin with. */
export function GeneratorEmptyState({ onStarter }: { onStarter: (starter: StarterTemplate) => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <FileSpreadsheet className="size-12 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">Upload a CSV file to get started</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Make sure your CSV contains columns like First Name, Company, Website, etc.
      </p>
      {/* A starter template opens the AI Configuration with its prompt, schema and use case (unsaved). */}
      <StarterTemplateMenu label="Start from a template" onSelect={onStarter} />
    </div>
  );
}
