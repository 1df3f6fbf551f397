import type { Metadata } from "next";
import { GeneratorView } from "@/components/generator/generator-view";
import { requirePageUser } from "@/lib/auth/guards";
import { getUserAiConfig } from "@/lib/services/ai-config/ai-config";
import { getCredits } from "@/lib/services/credits/credits";
import { getPreferences } from "@/lib/services/preferences/preferences";

export const metadata: Metadata = { title: "Email Generator" };

export default async function EmailGeneratorPage({
  searchParams,
}: {
  searchParams: Promise<{ csvId?: string; template?: string }>;
}) {
  const { user } = await requirePageUser();
  const [{ csvId, template }, config, credits, preferences] = await Promise.all([
    searchParams,
    getUserAiConfig(user.id),
    getCredits(user),
    getPreferences(user.id),
  ]);
  return (
    <GeneratorView
      initialCsvId={csvId ?? null}
      templateId={template ?? null}
      initialConfig={config}
      initialCredits={credits}
      initialPreferences={preferences}
    />
  );
}
