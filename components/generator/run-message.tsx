"use client";

import { RotateCcw } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import type { TimedMessage } from "./use-timed-message";

/**
 * The generator's status message. After a batch-mode run with failed rows it offers
 * "Re-run N failed rows in standard mode" (one click starts a standard bulk run over them).
 */
export function RunMessage(props: { message: TimedMessage; failedRows: number; onRerunFailed: () => void }) {
  const { message, failedRows, onRerunFailed } = props;
  if (!message) return null;
  return (
    <FormAlert kind={message.kind === "error" ? "error" : "success"}>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>{message.text}</span>
        {failedRows > 0 ? (
          <Button type="button" size="sm" variant="outline" onClick={onRerunFailed}>
            <RotateCcw aria-hidden />{" "}
            {`Re-run ${failedRows} failed ${failedRows === 1 ? "row" : "rows"} in standard mode`}
          </Button>
        ) : null}
      </span>
    </FormAlert>
  );
}
