"use client";

import { MailCheck } from "lucide-react";
import { TapTooltip } from "@/components/generator/tap-tooltip";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { defaultEmailColumn } from "@/lib/csv/email-status";

/** Why the toolbar's "Check addresses" cannot open its dialog now; null when it can. */
export function checkAddressesBlocked(columns: readonly string[] | null, hasCheck: boolean): string | null {
  if (hasCheck) return null; // a check under way (or its outcome) can always be looked at
  if (!columns) return "Import a CSV file first.";
  if (defaultEmailColumn(columns) === null)
    return "This file has no e-mail column (a column named like Email, E-mail or Email Address).";
  return null;
}

/**
 * The toolbar's "Check addresses". When it cannot act it stays focusable (aria-disabled, not disabled) so that its
 * tooltip, which says why, shows on hover, focus and tap. A spinner while a check runs.
 */
export function CheckAddressesButton({
  blocked,
  running,
  onOpen,
}: {
  blocked: string | null;
  running: boolean;
  onOpen: () => void;
}) {
  const icon = running ? <Spinner aria-hidden /> : <MailCheck aria-hidden />;
  if (!blocked)
    return (
      <Button variant="outline" onClick={onOpen} data-testid="check-addresses">
        {icon} Check addresses
      </Button>
    );
  return (
    <TapTooltip
      side="bottom"
      trigger={
        <Button
          variant="outline"
          aria-disabled="true"
          className="cursor-not-allowed opacity-50"
          data-testid="check-addresses"
        >
          {icon} Check addresses
        </Button>
      }
    >
      {blocked}
    </TapTooltip>
  );
}
