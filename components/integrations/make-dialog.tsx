"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useCloseLater } from "@/components/feedback/use-close-later";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/client/api";
import { useSaveMakeConfig, useTestMakeWebhook } from "@/lib/client/queries/integrations";
import { makeConfigSchema } from "@/lib/services/integrations/schemas";
import { LastDeliveryNote } from "./last-delivery";
import type { MakeConfigJson } from "@/lib/responses/integrations";

/** Spec: the dialog closes 2 seconds after a successful save, its message shown meanwhile. */
const CLOSE_AFTER_SAVE_MS = 2000;

type Notice = { kind: "success" | "error"; text: string } | null;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: MakeConfigJson;
}

/** Scenario-service (Make) webhook: URL (required), secret (optional, signs requests), test, save. */
export function MakeDialog({ open, onOpenChange, config }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {/* Mounted per opening: the form starts from the saved config, without a message. */}
        {open ? <MakeForm open={open} onOpenChange={onOpenChange} config={config} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MakeForm({ open, onOpenChange, config }: Props) {
  const form = useZodForm(makeConfigSchema, { defaultValues: { webhookUrl: config.webhookUrl, webhookSecret: "" } });
  const url = useWatch({ control: form.control, name: "webhookUrl" });
  const save = useSaveMakeConfig();
  const test = useTestMakeWebhook();
  const closeLater = useCloseLater(open, onOpenChange);
  const [notice, setNotice] = useState<Notice>(null);
  const busy = save.isPending ? "save" : test.isPending ? "test" : null;
  const shown: Notice = form.formError ? { kind: "error", text: form.formError } : notice;

  const onSubmit = form.handleSubmit(
    (values) => {
      setNotice(null);
      return save.mutateAsync(values).then(
        () => {
          setNotice({ kind: "success", text: "Configuration saved successfully" });
          closeLater(CLOSE_AFTER_SAVE_MS);
        },
        (error) => form.setServerError(`Failed to save configuration: ${messageOf(error, "Unknown error")}`),
      );
    },
    () => setNotice(null),
  );

  function onTest() {
    form.clearErrors();
    setNotice(null);
    test.mutate(undefined, {
      onSuccess: () => setNotice({ kind: "success", text: "Connection test successful!" }),
      onError: (error) => setNotice({ kind: "error", text: `Test failed: ${messageOf(error, "Unknown error")}` }),
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Make Integration</DialogTitle>
        <DialogDescription>Send generated rows to a Make scenario through a webhook.</DialogDescription>
      </DialogHeader>
      {shown ? (
        <FormAlert kind={shown.kind} id={form.errorId}>
          {shown.text}
        </FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="make-url">Webhook URL</Label>
        <Input
          id="make-url"
          type="url"
          required
          placeholder="https://hook.eu1.make.com/..."
          {...form.register("webhookUrl")}
          {...form.field("webhookUrl")}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="make-secret">Webhook Secret (optional)</Label>
        <Input
          id="make-secret"
          type="password"
          autoComplete="off"
          placeholder={
            config.webhookSecret
              ? `Saved (${config.webhookSecret}) — leave empty to keep it`
              : "Used to sign each request"
          }
          {...form.register("webhookSecret")}
          {...form.field("webhookSecret")}
        />
        <p className="text-xs text-muted-foreground">
          Each request carries X-Webhook-Signature: sha256=HMAC of the body with this secret, and the Standard Webhooks
          headers (webhook-id, webhook-timestamp, webhook-signature) so your scenario can also refuse replays. A secret
          of the form whsec_&lt;base64&gt; works with any Standard Webhooks library.{" "}
          <a
            href="/docs/api#webhook-signatures"
            target="_blank"
            rel="noopener"
            className="text-primary underline underline-offset-2"
          >
            How to verify<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
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
        {config.isConfigured || url?.trim() ? (
          <Button type="button" variant="outline" onClick={onTest} disabled={busy !== null}>
            {busy === "test" ? "Testing..." : "Test Connection"}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy !== null}>
          {busy === "save" ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
