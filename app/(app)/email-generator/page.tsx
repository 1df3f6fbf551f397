import type { Metadata } from "next";
import { GeneratorView } from "@/components/generator/generator-view";
import { requirePageUser } from "@/lib/auth/guards";
import { getUserAiConfig } from "@/lib/services/ai-config/ai-config";
import { getCredits } from "@/lib/services/credits/credits";

export const metadata: Metadata = { title: "Email Generator" };

export default async function EmailGeneratorPage({
  searchParams,
}: {
  searchParams: Promise<{ csvId?: string; template?: string }>;
}) {
  const { user } = await requirePageUser();
  const [{ csvId, template }, config, credits] = await Promise.all([
    searchParams,
    getUserAiConfig(user.id),
    getCredits(user),
  ]);
  return (
    <GeneratorView
      initialCsvId={csvId ?? null}
      templateId={template ?? null}
      initialConfig={config}
      initialCredits={credits}
    />
  );
}
