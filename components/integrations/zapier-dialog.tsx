"use client";

import { useEffect, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { useCloseLater } from "@/components/feedback/use-close-later";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, messageOf } from "@/lib/client/api";
import { LastDeliveryNote } from "./last-delivery";
import type { ZapierConfig } from "./use-integrations";

const CLOSE_AFTER_SAVE_MS = 1500;

/** Webhook-automation (Zapier) hook URL; must start with Zapier's hook address. */
export function ZapierDialog({ open, onOpenChange, config, prefix, onSaved }: { open: boolean; onOpenChange: (o: boolean) => void; config: ZapierConfig; prefix: string; onSaved: () => Promise<void> }) {
  const [url, setUrl] = useState(config.webhookUrl);
  const closeLater = useCloseLater(open, onOpenChange);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the saved config each time it opens
    setUrl(config.webhookUrl);
  }, [open, config.webhookUrl]);

  // Only on opening: the config is refreshed right after a save, and that must not wipe the message.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new session of the dialog starts without a message
    if (open) setNotice(null);
  }, [open]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const value = url.trim();
    if (!value || !value.startsWith(prefix)) return setNotice({ kind: "error", text: "Please enter a valid Zapier webhook URL" });
    setBusy(true);
    setNotice(null);
    try {
      await api("/api/zapier/config", { body: { webhookUrl: value } });
      setNotice({ kind: "success", text: "Zapier webhook saved successfully" });
      await onSaved();
      closeLater(CLOSE_AFTER_SAVE_MS);
    } catch (err) {
      setNotice({ kind: "error", text: `Failed to save webhook: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={save} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>Zapier Integration</DialogTitle>
            <DialogDescription>Send generated rows to a Zap through a &quot;Catch Hook&quot; trigger.</DialogDescription>
          </DialogHeader>
          {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="zapier-url">Zapier Webhook URL</Label>
            <Input id="zapier-url" type="url" placeholder={`${prefix}hooks/catch/...`} value={url} onChange={(e) => setUrl(e.target.value)} />
          </div>
          <ol className="list-decimal space-y-1 rounded-md border bg-muted/30 py-3 pr-3 pl-8 text-sm text-muted-foreground">
            <li>In Zapier, create a Zap with the &quot;Webhooks by Zapier&quot; trigger and choose &quot;Catch Hook&quot;.</li>
            <li>Copy the custom webhook URL (it starts with {prefix}) and paste it above.</li>
            <li>Add the actions you need and publish the Zap.</li>
          </ol>
          <LastDeliveryNote delivery={config.lastDelivery} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
