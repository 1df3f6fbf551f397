"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
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
import { useAddToolConnection } from "@/lib/client/queries/sending";
import { SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";

const FAILED = "Could not save the key. Please try again.";

interface Props {
  /** The tool whose key is being added; null: closed. */
  service: IntegrationService | null;
  onOpenChange: (open: boolean) => void;
}

/** "Add key" of a tool card: name and API key; the server checks the key with the tool before saving it. */
export function ToolKeyDialog({ service, onOpenChange }: Props) {
  return (
    <Dialog open={service !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening: the form starts empty; a refused key keeps what was typed. */}
        {service ? <ToolKeyForm service={service} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ToolKeyForm({ service, onClose }: { service: IntegrationService; onClose: () => void }) {
  const label = SERVICE_LABELS[service];
  const add = useAddToolConnection();
  const [name, setName] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState("");
  const errorId = useId();
  const filled = Boolean(name.trim() && apiKey.trim());

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!filled || add.isPending) return;
    setError("");
    add.mutate(
      { service, name: name.trim(), apiKey: apiKey.trim() },
      {
        onSuccess: () => {
          toast.success(`${label} key saved`);
          onClose();
        },
        onError: (failure) => setError(messageOf(failure, FAILED)),
      },
    );
  }

  const invalid = error ? ({ "aria-invalid": true, "aria-describedby": errorId } as const) : {};
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Add {label} key</DialogTitle>
        <DialogDescription>
          Paste an API key from your {label} account. It is checked with {label} first, then stored encrypted and only
          ever shown masked.
        </DialogDescription>
      </DialogHeader>
      {error ? (
        <FormAlert kind="error" id={errorId}>
          {error}
        </FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="tool-key-name">Name</Label>
        <Input
          id="tool-key-name"
          value={name}
          maxLength={100}
          placeholder={`e.g. My ${label} workspace`}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="tool-key-value">API key</Label>
        <Input
          id="tool-key-value"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          {...invalid}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!filled || add.isPending}>
          {add.isPending ? "Checking key..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
