"use client";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/client/api";
import { useCampaigns } from "@/lib/client/queries/sending";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import type { IntegrationConnectionJson } from "@/lib/responses/sending";

/** "Instantly · My key": how a key is named where tools are mixed. */
const connectionLabel = (c: Pick<IntegrationConnectionJson, "service" | "name">) =>
  `${SERVICE_LABELS[c.service]} · ${c.name}`;

interface Props {
  connections: IntegrationConnectionJson[];
  connectionId: string | null;
  onConnection: (id: string) => void;
  campaignId: string | null;
  onCampaign: (id: string) => void;
  disabled: boolean;
}

/** Where the rows go: one of the user's sending-tool keys, then one of that account's campaigns (read live). */
export function PushTarget({ connections, connectionId, onConnection, campaignId, onCampaign, disabled }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="push-connection">Connection</Label>
        <Select value={connectionId ?? undefined} onValueChange={onConnection} disabled={disabled}>
          <SelectTrigger id="push-connection">
            <SelectValue placeholder="Choose a key" />
          </SelectTrigger>
          <SelectContent>
            {connections.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {connectionLabel(c)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <CampaignField connectionId={connectionId} campaignId={campaignId} onCampaign={onCampaign} disabled={disabled} />
    </div>
  );
}

function CampaignField({
  connectionId,
  campaignId,
  onCampaign,
  disabled,
}: Pick<Props, "connectionId" | "campaignId" | "onCampaign" | "disabled">) {
  const campaigns = useCampaigns(connectionId);
  const list = campaigns.data?.campaigns ?? [];
  return (
    <div className="space-y-1.5">
      <Label htmlFor="push-campaign">Campaign</Label>
      {!connectionId ? (
        <p className="text-sm text-muted-foreground">Choose a key first.</p>
      ) : campaigns.isPending ? (
        <p className="flex h-9 items-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-hidden /> Loading campaigns...
        </p>
      ) : campaigns.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p role="alert" className="text-destructive">
            {messageOf(campaigns.error, "Could not load the campaigns.")}
          </p>
          <Button size="sm" variant="outline" onClick={() => void campaigns.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="text-muted-foreground">No campaigns in this account</p>
          <Button size="sm" variant="outline" onClick={() => void campaigns.refetch()}>
            Refresh
          </Button>
        </div>
      ) : (
        <Select
          value={campaignId && list.some((c) => c.id === campaignId) ? campaignId : undefined}
          onValueChange={onCampaign}
          disabled={disabled}
        >
          <SelectTrigger id="push-campaign">
            <SelectValue placeholder="Choose a campaign" />
          </SelectTrigger>
          <SelectContent>
            {list.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </div>
  );
}
