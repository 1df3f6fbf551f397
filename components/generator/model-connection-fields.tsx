"use client";

import { useState } from "react";
import { AddConnectionForm } from "@/components/connections/add-connection-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { defaultFromOptions } from "@/lib/ai/models";
import { PROVIDERS, type UseCase } from "@/lib/ai/providers";
import type { ModelOption } from "@/lib/ai/models";
import type { ConnectionJson } from "@/lib/responses/ai";

interface Choice {
  selectedModel: string;
  connectionId: string | null;
}

interface Props {
  value: Choice;
  onChange: (patch: Partial<Choice>) => void;
  models: ModelOption[];
  connections: ConnectionJson[];
  /** A connection was added with '+ Add account': it becomes the chosen one. */
  onConnectionAdded: (connection: ConnectionJson) => Promise<void>;
}

/** Model selector (grouped by provider; retired models shown but not selectable) and the API connection. */
export function ModelConnectionFields({ value: form, onChange, models, connections, onConnectionAdded }: Props) {
  const [adding, setAdding] = useState(false);
  const providerOf = (modelId: string) => models.find((m) => m.id === modelId)?.provider;

  function chooseModel(modelId: string) {
    const provider = providerOf(modelId);
    const current = connections.find((c) => c._id === form.connectionId);
    const patch: Partial<Choice> = { selectedModel: modelId };
    if (provider && current?.provider !== provider) {
      const match = connections.find((c) => c.provider === provider);
      if (match) patch.connectionId = match._id;
    }
    onChange(patch);
  }

  function chooseConnection(connectionId: string) {
    const connection = connections.find((c) => c._id === connectionId);
    const patch: Partial<Choice> = { connectionId };
    if (connection && providerOf(form.selectedModel) !== connection.provider)
      patch.selectedModel = defaultFromOptions(connection.provider, models);
    onChange(patch);
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="ai-model">Model</Label>
        <Select value={form.selectedModel} onValueChange={chooseModel}>
          <SelectTrigger id="ai-model" className="w-full">
            <SelectValue placeholder="Choose a model" />
          </SelectTrigger>
          <SelectContent>
            {PROVIDERS.map((provider) => (
              <SelectGroup key={provider}>
                <SelectLabel>{provider}</SelectLabel>
                {models
                  .filter((m) => m.provider === provider)
                  .map((m) => (
                    <SelectItem key={m.id} value={m.id} disabled={m.retired}>
                      {m.label}
                      {m.retired
                        ? ` (retired${(m.retiredOn ?? m.shutdownOn) ? ` ${m.retiredOn ?? m.shutdownOn}` : ""})`
                        : m.shutdownOn
                          ? ` (shuts down ${m.shutdownOn})`
                          : ""}
                    </SelectItem>
                  ))}
              </SelectGroup>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="ai-connection">API Connection</Label>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setAdding((a) => !a)}>
            + Add account
          </Button>
        </div>
        <Select value={form.connectionId ?? ""} onValueChange={chooseConnection}>
          <SelectTrigger id="ai-connection" className="w-full">
            <SelectValue placeholder="No connection configured" />
          </SelectTrigger>
          <SelectContent>
            {connections.map((c) => (
              <SelectItem key={c._id} value={c._id}>
                {c.provider} &gt; {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {adding ? (
        <div className="sm:col-span-2">
          <AddConnectionForm
            defaultProvider="OpenAI"
            onSaved={async (connection) => {
              setAdding(false);
              await onConnectionAdded(connection);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Use case: Web Research (the model looks the prospect's company up first) or Content Creation. */
export function UseCaseField({ value, onChange }: { value: UseCase; onChange: (useCase: UseCase) => void }) {
  return (
    <div className="space-y-1.5">
      <Label id="ai-use-case">Use case</Label>
      <RadioGroup
        value={value}
        onValueChange={(v) => onChange(v as UseCase)}
        className="flex flex-wrap gap-6"
        aria-labelledby="ai-use-case"
      >
        <label className="flex items-center gap-2 text-sm">
          <RadioGroupItem value="web_research" /> Web Research
        </label>
        <label className="flex items-center gap-2 text-sm">
          <RadioGroupItem value="content_creation" /> Content Creation
        </label>
      </RadioGroup>
      <p className="text-xs text-muted-foreground">
        Web Research lets the model look up each prospect&apos;s company online before writing.
      </p>
    </div>
  );
}
