import { messageOf } from "@/lib/client/api";
import type { TimedMessage } from "./use-timed-message";
import type { BatchStatusJson } from "@/lib/responses/generation";

export const NO_CREDITS =
  "You have used all your daily email credits. Credits will reset tomorrow, or upgrade to our lifetime plan for unlimited emails.";
export const EMPTY_PROMPT = "Configuration error: Prompt cannot be empty";

/** The server's message of a failed request, else the error's own text. */
export const errorText = (error: unknown) => messageOf(error, error instanceof Error ? error.message : "Unknown error");

/**
 * What the screen says when a run ends, and whether the message stays (`persist`) instead of
 * clearing after 3 s. `offer`: the run left failed rows to re-run, so the message stays with the offer.
 */
export function finishedRunMessage(
  status: BatchStatusJson,
  offer: boolean,
): { message: TimedMessage; persist: boolean } {
  if (status.status === "completed") {
    const text = `Successfully generated ${status.progress.processed - status.failed} emails!`;
    return { message: { kind: "success", text }, persist: offer };
  }
  if (status.status === "cancelled" && status.stopReason === "spend_cap") {
    // The error names the cap, the rows done and the spend.
    const refunded = status.creditsRefunded > 0 ? ` ${status.creditsRefunded} credits have been refunded.` : "";
    return {
      message: { kind: "info", text: `${status.error ?? "Stopped at the spending cap."}${refunded}` },
      persist: true,
    };
  }
  if (status.status === "cancelled") {
    const text =
      status.creditsRefunded > 0
        ? `Email generation cancelled. ${status.creditsRefunded} credits have been refunded.`
        : "Email generation was cancelled.";
    return { message: { kind: "info", text }, persist: false };
  }
  return {
    message: { kind: "error", text: `Batch processing failed: ${status.error ?? "Unknown error"}` },
    persist: offer,
  };
}
