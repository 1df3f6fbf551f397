"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/client/api";
import { pushButtonLabel } from "@/lib/client/push-text";
import { usePushDefaults, usePushDryRun, useStartPush } from "@/lib/client/queries/sending";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import { DryRunSummary } from "./dry-run-summary";
import { PushMapping } from "./push-mapping";
import { choicesKey, draftOf, toPushRequest, type MappingDraft, type PushChoices } from "./push-request";
import { PushTarget } from "./push-target";
import type { IntegrationConnectionJson, PushDryRunJson } from "@/lib/responses/sending";

type Options = Pick<PushChoices, "includeFlagged" | "repush">;

interface Props {
  csvId: string;
  columns: string[];
  /** The user's sending-tool keys (at least one). */
  connections: IntegrationConnectionJson[];
  onStarted: (pushId: string) => void;
  onClose: () => void;
}

/**
 * The push's choices — key, campaign, mapping (the server's defaults first), options — then a dry
 * run of exactly these choices, which the push button waits for: any change asks for a new one.
 */
export function PushForm({ csvId, columns, connections, onStarted, onClose }: Props) {
  const [picked, setPicked] = useState<string | null>(null);
  const connection = connections.find((c) => c.id === picked) ?? connections[0] ?? null;
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [edited, setEdited] = useState<MappingDraft | null>(null);
  const [options, setOptions] = useState<Options>({ includeFlagged: false, repush: false });
  const [checked, setChecked] = useState<{ key: string; result: PushDryRunJson } | null>(null);
  const defaults = usePushDefaults(csvId, connection?.id ?? null, campaignId);
  const dryRun = usePushDryRun(csvId);
  const start = useStartPush(csvId);

  const mapping = edited ?? (defaults.data ? draftOf(defaults.data.mapping) : null);
  const request =
    connection && campaignId && mapping
      ? toPushRequest({ connectionId: connection.id, campaignId, mapping, ...options })
      : null;
  const key = request ? choicesKey(request) : null;
  const current = checked && checked.key === key ? checked.result : null;
  const sameChoices = (sent: typeof request | undefined) => Boolean(sent && choicesKey(sent) === key);
  const error = start.isError
    ? messageOf(start.error, "Could not start the push. Please try again.")
    : dryRun.isError && sameChoices(dryRun.variables)
      ? messageOf(dryRun.error, "The dry run failed. Please try again.")
      : "";
  const busy = start.isPending;

  function runDryRun() {
    if (!request || !key) return;
    start.reset();
    dryRun.mutate(request, { onSuccess: (result) => setChecked({ key, result }) });
  }

  function push() {
    if (!request || !current) return;
    start.mutate(request, { onSuccess: ({ pushId }) => onStarted(pushId) });
  }

  return (
    <div className="space-y-4">
      <PushTarget
        connections={connections}
        connectionId={connection?.id ?? null}
        onConnection={(id) => {
          setPicked(id);
          setCampaignId(null);
        }}
        campaignId={campaignId}
        onCampaign={setCampaignId}
        disabled={busy}
      />
      {connection && campaignId ? (
        <MappingSection defaults={defaults} columns={columns} mapping={mapping} onChange={setEdited} disabled={busy} />
      ) : null}
      <PushOptions options={options} onChange={setOptions} disabled={busy} />
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {current && connection ? (
        <DryRunSummary result={current} toolLabel={SERVICE_LABELS[connection.service]} />
      ) : request ? (
        <p id="push-needs-dry-run" className="text-sm text-muted-foreground">
          {checked ? "Your choices changed: run the dry run again." : "Run a dry run to see what will be pushed."}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant="outline" disabled={!request || dryRun.isPending || busy} onClick={runDryRun}>
          {dryRun.isPending ? "Checking rows..." : "Dry run"}
        </Button>
        <Button
          type="button"
          disabled={!current || current.willPush === 0 || busy}
          aria-describedby={!current && request ? "push-needs-dry-run" : undefined}
          onClick={push}
        >
          {busy ? "Starting push..." : pushButtonLabel(current?.willPush ?? null)}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The mapping, once the server's defaults have been read (loading, or an error with retry, before). */
function MappingSection({
  defaults,
  columns,
  mapping,
  onChange,
  disabled,
}: {
  defaults: ReturnType<typeof usePushDefaults>;
  columns: string[];
  mapping: MappingDraft | null;
  onChange: (mapping: MappingDraft) => void;
  disabled: boolean;
}) {
  if (mapping) return <PushMapping columns={columns} mapping={mapping} onChange={onChange} disabled={disabled} />;
  if (defaults.isError)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <FormAlert kind="error">{messageOf(defaults.error, "Could not read the file's columns.")}</FormAlert>
        <Button size="sm" variant="outline" onClick={() => void defaults.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner aria-hidden /> Reading the file&apos;s columns...
    </p>
  );
}

/** The two options: rows with blocking quality flags, and rows this campaign already received. */
function PushOptions({
  options,
  onChange,
  disabled,
}: {
  options: Options;
  onChange: (options: Options) => void;
  disabled: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label className="text-sm font-normal">
        <Checkbox
          checked={options.includeFlagged}
          disabled={disabled}
          onCheckedChange={(v) => onChange({ ...options, includeFlagged: v === true })}
        />
        Include rows blocked by quality checks
      </Label>
      <Label className="text-sm font-normal">
        <Checkbox
          checked={options.repush}
          disabled={disabled}
          onCheckedChange={(v) => onChange({ ...options, repush: v === true })}
        />
        Push rows already pushed to this campaign again
      </Label>
    </div>
  );
}
