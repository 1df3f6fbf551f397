"use client";

import { Controller, useWatch } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { hasCode, messageOf } from "@/lib/client/api";
import { useAddConnection } from "@/lib/client/queries/ai";
import { createConnectionSchema, KEY_HINTS } from "@/lib/services/connections/schemas";
import { PROVIDERS, type Provider } from "@/lib/ai/providers";
import type { ConnectionJson } from "@/lib/responses/ai";

const FAILED = "Failed to add connection. Please try again.";

/**
 * Add New Connection (dashboard and the generator's AI Configuration dialog): Save Connection
 * stays disabled until name and key are filled; the lists showing connections are read again
 * before `onSaved` runs.
 */
export function AddConnectionForm({
  defaultProvider,
  onSaved,
}: {
  defaultProvider: Provider;
  onSaved: (connection: ConnectionJson) => void;
}) {
  const form = useZodForm(createConnectionSchema, {
    defaultValues: { name: "", provider: defaultProvider, apiKey: "" },
  });
  const add = useAddConnection();
  const [name, provider, apiKey] = useWatch({ control: form.control, name: ["name", "provider", "apiKey"] });
  const filled = Boolean(name?.trim() && apiKey?.trim());

  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync(values).then(
      (connection) => {
        form.reset({ name: "", provider: values.provider, apiKey: "" });
        onSaved(connection);
      },
      // A refused value is the server's rule (its message); anything else is the product's fallback.
      (error) => form.setServerError(hasCode(error, "invalid_input") ? messageOf(error, FAILED) : FAILED),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border bg-muted/30 p-4"
      aria-label="Add New Connection"
      noValidate
    >
      <h3 className="font-semibold">Add New Connection</h3>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="connection-name">Connection Name</Label>
          <Input
            id="connection-name"
            placeholder="e.g. My Anthropic key"
            maxLength={100}
            {...form.register("name")}
            {...form.field("name")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="connection-provider">Provider</Label>
          <Controller
            control={form.control}
            name="provider"
            render={({ field }) => (
              <Select value={field.value} onValueChange={(v) => field.onChange(v as Provider)}>
                <SelectTrigger
                  id="connection-provider"
                  className="w-full"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...form.field("provider")}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PROVIDERS.map((p) => (
                    <SelectItem key={p} value={p}>
                      {p}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="connection-key">API Key</Label>
        <Input
          id="connection-key"
          type="password"
          autoComplete="off"
          placeholder={provider === "Anthropic" ? "sk-ant-..." : "sk-..."}
          {...form.register("apiKey")}
          {...form.field("apiKey")}
        />
        <p className="text-xs text-muted-foreground">{KEY_HINTS[provider ?? defaultProvider]}</p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending || !filled}>
          {add.isPending ? "Saving..." : "Save Connection"}
        </Button>
      </div>
    </form>
  );
}
