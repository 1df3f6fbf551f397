"use client";

import { Sheet as SheetIcon, Webhook, Zap } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useIntegrations } from "@/lib/client/queries/integrations";
import { IntegrationCard } from "./integration-card";
import { MakeDialog } from "./make-dialog";
import { ToolConnectionCards } from "./tool-connections";
import { ZapierDialog } from "./zapier-dialog";

/**
 * Dashboard "Integrations": the scenario service, the webhook-automation service, the spreadsheet (coming soon),
 * then the sending tools (Instantly, Smartlead, lemlist) and the address checker (ZeroBounce) with their keys.
 */
export function IntegrationsSection({ zapierPrefix }: { zapierPrefix: string }) {
  // The dialogs start from the saved config: they open once it has been read.
  const { make, zapier, loaded } = useIntegrations();
  const [open, setOpen] = useState<"make" | "zapier" | null>(null);
  const connected = <Badge variant="success">Connected</Badge>;
  return (
    <section aria-labelledby="integrations-heading" className="space-y-3">
      <h2 id="integrations-heading" className="text-lg font-semibold">
        Integrations
      </h2>
      <div className="grid gap-6 md:grid-cols-3">
        <IntegrationCard
          icon={<Webhook className="size-5 text-primary" aria-hidden />}
          title="Make"
          description="Send generated emails to a Make scenario."
          badge={make.isConfigured ? connected : null}
          action={
            <Button variant="outline" className="w-full" disabled={!loaded} onClick={() => setOpen("make")}>
              {make.isConfigured ? "Manage Connection" : "Connect"}
            </Button>
          }
        />
        <IntegrationCard
          icon={<Zap className="size-5 text-primary" aria-hidden />}
          title="Zapier"
          description="Trigger a Zap for every exported row."
          badge={zapier.isConfigured ? connected : null}
          action={
            <Button variant="outline" className="w-full" disabled={!loaded} onClick={() => setOpen("zapier")}>
              {zapier.isConfigured ? "Manage Connection" : "Connect"}
            </Button>
          }
        />
        <IntegrationCard
          icon={<SheetIcon className="size-5 text-muted-foreground" aria-hidden />}
          title="Google Sheets"
          description="Write generated emails straight into a spreadsheet."
          badge={<Badge variant="secondary">Coming soon</Badge>}
          action={
            <Button variant="outline" className="w-full" disabled>
              Connect
            </Button>
          }
        />
        <ToolConnectionCards />
      </div>
      <MakeDialog open={open === "make"} onOpenChange={(o) => setOpen(o ? "make" : null)} config={make} />
      <ZapierDialog
        open={open === "zapier"}
        onOpenChange={(o) => setOpen(o ? "zapier" : null)}
        config={zapier}
        prefix={zapierPrefix}
      />
    </section>
  );
}
