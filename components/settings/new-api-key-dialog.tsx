"use client";

import { useState } from "react";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
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
import type { CreatedApiKeyJson } from "@/lib/responses/system";

/** The new key, shown this once with a Copy button; closing the dialog forgets it. */
export function NewApiKeyDialog({ created, onClose }: { created: CreatedApiKeyJson | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast.success("API key copied to the clipboard");
    } catch {
      toast.error("Could not copy. Select the key and copy it yourself.");
    }
  }

  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>API key created</DialogTitle>
          <DialogDescription>
            {created ? (
              <>
                Your new key &ldquo;{created.name}&rdquo; is ready. Send it as <code>x-auth-token</code> or{" "}
                <code>Authorization: Bearer</code>.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <p className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Copy this key now. It won&apos;t be shown again.
        </p>
        <div className="space-y-1.5">
          <Label htmlFor="new-api-key">Your API key</Label>
          <div className="flex gap-2">
            <Input
              id="new-api-key"
              readOnly
              value={created?.key ?? ""}
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="new-api-key"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
