"use client";

import { useMemo, useState } from "react";
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
import { useSaveZapierConfig } from "@/lib/client/queries/integrations";
import { zapierConfigFormSchema } from "@/lib/services/integrations/schemas";
import { LastDeliveryNote } from "./last-delivery";
import type { ZapierConfigJson } from "@/lib/responses/integrations";

/** Spec: the webhook-automation dialog closes 1.5 seconds after a successful save. */
const CLOSE_AFTER_SAVE_MS = 1500;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: ZapierConfigJson;
  /** The official hook address prefix (server env): the URL must start with it. */
  prefix: string;
}

/** Webhook-automation (Zapier) hook URL; must start with Zapier's hook address. */
export function ZapierDialog({ open, onOpenChange, config, prefix }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {/* Mounted per opening: the form starts from the saved config, without a message. */}
        {open ? <ZapierForm open={open} onOpenChange={onOpenChange} config={config} prefix={prefix} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ZapierForm({ open, onOpenChange, config, prefix }: Props) {
  const schema = useMemo(() => zapierConfigFormSchema(prefix), [prefix]);
  const form = useZodForm(schema, { defaultValues: { webhookUrl: config.webhookUrl } });
  const save = useSaveZapierConfig();
  const closeLater = useCloseLater(open, onOpenChange);
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(
    (values) => {
      setSaved(false);
      return save.mutateAsync(values).then(
        () => {
          setSaved(true);
          closeLater(CLOSE_AFTER_SAVE_MS);
        },
        (error) =>
          form.setServerError(
            `Failed to save webhook: ${messageOf(error, error instanceof Error ? error.message : "Unknown error")}`,
          ),
      );
    },
    () => setSaved(false),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Zapier Integration</DialogTitle>
        <DialogDescription>Send generated rows to a Zap through a &quot;Catch Hook&quot; trigger.</DialogDescription>
      </DialogHeader>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : saved ? (
        <FormAlert kind="success">Zapier webhook saved successfully</FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="zapier-url">Zapier Webhook URL</Label>
        <Input
          id="zapier-url"
          type="url"
          placeholder={`${prefix}hooks/catch/...`}
          {...form.register("webhookUrl")}
          {...form.field("webhookUrl")}
        />
      </div>
      <ol className="list-decimal space-y-1 rounded-md border bg-muted/30 py-3 pr-3 pl-8 text-sm text-muted-foreground">
        <li>
          In Zapier, create a Zap with the &quot;Webhooks by Zapier&quot; trigger and choose &quot;Catch Hook&quot;.
        </li>
        <li>Copy the custom webhook URL (it starts with {prefix}) and paste it above.</li>
        <li>Add the actions you need and publish the Zap.</li>
      </ol>
      <LastDeliveryNote delivery={config.lastDelivery} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
