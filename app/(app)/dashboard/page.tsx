import type { Metadata } from "next";
import { ApiKeysCard } from "@/components/dashboard/api-keys-card";
import { GeneratorCard } from "@/components/dashboard/generator-card";
import { PlanBanner } from "@/components/dashboard/plan-banner";
import { RecentCsvFiles } from "@/components/dashboard/recent-csv-files";
import { TemplatesCard } from "@/components/dashboard/templates-card";
import { IntegrationsSection } from "@/components/integrations/integrations-section";
import { modelLabel } from "@/lib/ai/models";
import { requirePageUser } from "@/lib/auth/guards";
import { getUserAiConfig } from "@/lib/services/ai-config/ai-config";
import { getCredits } from "@/lib/services/credits/credits";
import { listTemplates } from "@/lib/services/templates/templates";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const { user } = await requirePageUser();
  const [credits, config, templates] = await Promise.all([getCredits(user), getUserAiConfig(user.id), listTemplates(user.id)]);
  const active = config.connections.find((c) => c.isActive);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {user.name || user.email}!</h1>
        <p className="mt-1 text-muted-foreground">Generate personalised cold e-mails for every prospect in your list.</p>
      </header>
      <PlanBanner credits={credits} licenseKey={user.licenseKey} />
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <GeneratorCard modelLabel={modelLabel(config.aiConfig.selectedModel)} connectionLabel={active ? `${active.provider} > ${active.name}` : null} />
        <ApiKeysCard connections={config.connections} />
        <TemplatesCard templates={templates} />
      </div>
      <IntegrationsSection zapierPrefix={env().zapierHookPrefix} />
      <RecentCsvFiles />
    </div>
  );
}
