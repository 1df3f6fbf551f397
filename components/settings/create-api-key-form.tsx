"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { hasCode, messageOf } from "@/lib/client/api";
import { useCreateApiKey } from "@/lib/client/queries/api-keys";
import { createApiKeySchema } from "@/lib/services/api-keys/schemas";
import type { CreatedApiKeyJson } from "@/lib/responses/system";

const FAILED = "Failed to create the API key. Please try again.";

/** Create an API key: a name, then the new key goes to `onCreated` (shown once). */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKeyJson) => void }) {
  const form = useZodForm(createApiKeySchema, { defaultValues: { name: "" } });
  const create = useCreateApiKey();

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (created) => {
        form.reset({ name: "" });
        onCreated(created);
      },
      // The limit (conflict), a refused name (invalid_input) or a refusal (forbidden) carry the server's words.
      (error) =>
        form.setServerError(
          hasCode(error, "invalid_input", "conflict", "forbidden", "network") ? messageOf(error, FAILED) : FAILED,
        ),
    ),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate aria-label="Create API key">
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="api-key-name">Key name</Label>
          <Input
            id="api-key-name"
            placeholder="e.g. CRM sync"
            autoComplete="off"
            maxLength={100}
            {...form.register("name")}
            {...form.field("name")}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create"}
        </Button>
      </div>
    </form>
  );
}
