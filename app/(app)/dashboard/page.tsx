import type { Metadata } from "next";
import { ApiKeysCard } from "@/components/dashboard/api-keys-card";
import { GeneratorCard } from "@/components/dashboard/generator-card";
import { PlanBanner } from "@/components/dashboard/plan-banner";
import { ModelWarnings } from "@/components/models/model-warnings";
import { RecentCsvFiles } from "@/components/dashboard/recent-csv-files";
import { TemplatesCard } from "@/components/dashboard/templates-card";
import { IntegrationsSection } from "@/components/integrations/integrations-section";
import { requirePageUser } from "@/lib/auth/guards";
import { getUserAiConfig } from "@/lib/services/ai-config/ai-config";
import { getCredits } from "@/lib/services/credits/credits";
import { listTemplates } from "@/lib/services/templates/templates";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const { user } = await requirePageUser();
  const [credits, config, templates] = await Promise.all([
    getCredits(user),
    getUserAiConfig(user.id),
    listTemplates(user.id),
  ]);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {user.name || user.email}!</h1>
        <p className="mt-1 text-muted-foreground">
          Generate personalised cold e-mails for every prospect in your list.
        </p>
      </header>
      <PlanBanner credits={credits} licenseKey={user.licenseKey} />
      <ModelWarnings kinds={["config", "batch"]} />
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {/* The cards read the AI set-up through queries seeded with what the page read here. */}
        <GeneratorCard initialConfig={config} />
        <ApiKeysCard initialConnections={config.connections} />
        <TemplatesCard initialTemplates={templates} />
      </div>
      <IntegrationsSection zapierPrefix={env().zapierHookPrefix} />
      <RecentCsvFiles />
    </div>
  );
}
