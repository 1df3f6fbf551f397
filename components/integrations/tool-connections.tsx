"use client";

import { MailCheck, MailPlus, Rocket, Send } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { messageOf } from "@/lib/client/api";
import { useDeleteToolConnection, useToolConnections } from "@/lib/client/queries/sending";
import { INTEGRATION_SERVICES, SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";
import { IntegrationCard } from "./integration-card";
import { ToolKeyDialog } from "./tool-key-dialog";
import { ToolKeyList } from "./tool-key-list";
import type { IntegrationConnectionJson } from "@/lib/responses/sending";

const ICON_CLASS = "size-5 text-primary";

const CARDS: Record<IntegrationService, { icon: React.ReactNode; description: string }> = {
  instantly: {
    icon: <Send className={ICON_CLASS} aria-hidden />,
    description: "Push generated rows into an Instantly campaign.",
  },
  smartlead: {
    icon: <Rocket className={ICON_CLASS} aria-hidden />,
    description: "Push generated rows into a Smartlead campaign.",
  },
  lemlist: {
    icon: <MailPlus className={ICON_CLASS} aria-hidden />,
    description: "Push generated rows into a lemlist campaign.",
  },
  zerobounce: {
    icon: <MailCheck className={ICON_CLASS} aria-hidden />,
    description: "Check addresses before you send. Used by address checks.",
  },
};

const NO_CONNECTIONS: IntegrationConnectionJson[] = [];

/**
 * The Integrations cards of the sending tools (Instantly, Smartlead, lemlist) and of ZeroBounce: each
 * lists its keys (name and masked key, rename, delete) and adds one through a dialog that has the
 * server check the key with the tool first.
 */
export function ToolConnectionCards() {
  const connections = useToolConnections();
  const remove = useDeleteToolConnection();
  const [adding, setAdding] = useState<IntegrationService | null>(null);
  // The key asked about stays set while the question closes (its text must not empty during the animation).
  const [toDelete, setToDelete] = useState<IntegrationConnectionJson | null>(null);
  const [asking, setAsking] = useState(false);
  const all = connections.data ?? NO_CONNECTIONS;

  function onDelete(connection: IntegrationConnectionJson) {
    remove.mutate(connection.id, {
      onSuccess: () => toast.success(`${SERVICE_LABELS[connection.service]} key deleted`),
      onError: (error) => toast.error(messageOf(error, "Could not delete the key. Please try again.")),
    });
  }

  return (
    <>
      {INTEGRATION_SERVICES.map((service) => {
        const keys = all.filter((c) => c.service === service);
        return (
          <IntegrationCard
            key={service}
            icon={CARDS[service].icon}
            title={SERVICE_LABELS[service]}
            description={CARDS[service].description}
            badge={keys.length > 0 ? <Badge variant="success">Connected</Badge> : null}
            action={
              <Button variant="outline" className="w-full" onClick={() => setAdding(service)}>
                Add key
              </Button>
            }
          >
            <ToolKeyList
              service={service}
              keys={keys}
              loading={connections.isPending}
              error={connections.isError ? messageOf(connections.error, "Could not load your keys.") : null}
              onRetry={() => void connections.refetch()}
              deletingId={remove.isPending ? remove.variables : null}
              onDelete={(connection) => {
                setToDelete(connection);
                setAsking(true);
              }}
            />
          </IntegrationCard>
        );
      })}
      <ToolKeyDialog service={adding} onOpenChange={(open) => !open && setAdding(null)} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Delete this key?"
        message={
          toDelete
            ? `${SERVICE_LABELS[toDelete.service]} key "${toDelete.name}". Pushes that used it keep their receipts.`
            : ""
        }
        onConfirm={() => toDelete && onDelete(toDelete)}
      />
    </>
  );
}
