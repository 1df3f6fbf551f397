"use client";

import { useState } from "react";
import { addConnectionAction } from "@/app/(app)/ai-setup-actions";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ConnectionJson } from "@/lib/services/connections/connections";
import { KEY_HINTS, type Provider } from "@/lib/ai/providers";

/** Add New Connection: Save Connection stays disabled until name and key are filled. */
export function AddConnectionForm({ defaultProvider, onSaved }: { defaultProvider: Provider; onSaved: (connection: ConnectionJson) => void }) {
  const [name, setName] = useState("");
  const [provider, setProvider] = useState<Provider>(defaultProvider);
  const [apiKey, setApiKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim() || !apiKey.trim()) return;
    setBusy(true);
    setError("");
    const result = await addConnectionAction({ name, provider, apiKey }).catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setError("Failed to add connection. Please try again.");
      return;
    }
    setName("");
    setApiKey("");
    onSaved(result.data);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-lg border bg-muted/30 p-4" aria-label="Add New Connection">
      <h3 className="font-semibold">Add New Connection</h3>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="connection-name">Connection Name</Label>
          <Input id="connection-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. My Anthropic key" maxLength={100} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="connection-provider">Provider</Label>
          <Select value={provider} onValueChange={(v) => setProvider(v as Provider)}>
            <SelectTrigger id="connection-provider" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="Anthropic">Anthropic</SelectItem>
              <SelectItem value="OpenAI">OpenAI</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="connection-key">API Key</Label>
        <Input id="connection-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder={provider === "Anthropic" ? "sk-ant-..." : "sk-..."} />
        <p className="text-xs text-muted-foreground">{KEY_HINTS[provider]}</p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy || !name.trim() || !apiKey.trim()}>
          {busy ? "Saving..." : "Save Connection"}
        </Button>
      </div>
    </form>
  );
}
