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
import type { MakeConfig } from "./use-integrations";

const CLOSE_AFTER_SAVE_MS = 2000;

/** Scenario-service (Make) webhook: URL (required), secret (optional, signs requests), test, save. */
export function MakeDialog({ open, onOpenChange, config, onSaved }: { open: boolean; onOpenChange: (o: boolean) => void; config: MakeConfig; onSaved: () => Promise<void> }) {
  const [url, setUrl] = useState(config.webhookUrl);
  const [secret, setSecret] = useState("");
  const closeLater = useCloseLater(open, onOpenChange);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState<"save" | "test" | null>(null);

  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the saved config each time it opens
    setUrl(config.webhookUrl);
    setSecret("");
  }, [open, config.webhookUrl]);

  // Only on opening: the config is refreshed right after a save, and that must not wipe the message.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new session of the dialog starts without a message
    if (open) setNotice(null);
  }, [open]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!url.trim()) return setNotice({ kind: "error", text: "Webhook URL is required" });
    setBusy("save");
    setNotice(null);
    try {
      await api("/api/webhooks/config", { body: { webhookUrl: url.trim(), webhookSecret: secret } });
      setNotice({ kind: "success", text: "Configuration saved successfully" });
      await onSaved();
      closeLater(CLOSE_AFTER_SAVE_MS);
    } catch (err) {
      setNotice({ kind: "error", text: `Failed to save configuration: ${messageOf(err, "Unknown error")}` });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    setBusy("test");
    setNotice(null);
    try {
      await api("/api/webhooks/test", { body: {} });
      setNotice({ kind: "success", text: "Connection test successful!" });
    } catch (err) {
      setNotice({ kind: "error", text: `Test failed: ${messageOf(err, "Unknown error")}` });
    } finally {
      setBusy(null);
      await onSaved();
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={save} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>Make Integration</DialogTitle>
            <DialogDescription>Send generated rows to a Make scenario through a webhook.</DialogDescription>
          </DialogHeader>
          {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="make-url">Webhook URL</Label>
            <Input id="make-url" type="url" required placeholder="https://hook.eu1.make.com/..." value={url} onChange={(e) => setUrl(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="make-secret">Webhook Secret (optional)</Label>
            <Input id="make-secret" type="password" autoComplete="off" value={secret} placeholder={config.webhookSecret ? `Saved (${config.webhookSecret}) — leave empty to keep it` : "Used to sign each request"} onChange={(e) => setSecret(e.target.value)} />
            <p className="text-xs text-muted-foreground">Each request carries X-Webhook-Signature: sha256=HMAC of the body with this secret.</p>
          </div>
          <ol className="list-decimal space-y-1 rounded-md border bg-muted/30 py-3 pr-3 pl-8 text-sm text-muted-foreground">
            <li>In Make, create a new scenario.</li>
            <li>Add a Webhooks module with the &quot;Custom webhook&quot; trigger.</li>
            <li>Copy the webhook URL Make gives you and paste it above.</li>
            <li>Add the other modules you need (Gmail, Google Sheets, your CRM...) and turn the scenario on.</li>
          </ol>
          <LastDeliveryNote delivery={config.lastDelivery} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {config.isConfigured || url.trim() ? (
              <Button type="button" variant="outline" onClick={test} disabled={busy !== null}>
                {busy === "test" ? "Testing..." : "Test Connection"}
              </Button>
            ) : null}
            <Button type="submit" disabled={busy !== null}>
              {busy === "save" ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
