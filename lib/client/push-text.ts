/**
 * The push screens' sentences: why rows are skipped, the dry run's
 * summary and a push's progress and outcome. Pure, so the unit tests read them as the user does.
 */
import { formatNumber } from "@/lib/client/format";
import { PROVIDER_SKIPPED, SKIP_REASONS } from "@/lib/sending/tools";
import type { PushDryRunJson, PushJson } from "@/lib/responses/sending";

type Locale = string | undefined;

/** "12 without e-mail": the text after the count, per skip reason. */
export const SKIP_REASON_TEXTS: Record<string, string> = {
  no_email: "without e-mail",
  invalid_email: "with an invalid e-mail",
  not_generated: "not generated",
  blocked: "blocked by quality checks",
  already_pushed: "already pushed",
  duplicate_email: "repeating an e-mail",
  [PROVIDER_SKIPPED]: "skipped by the tool",
};

const REASON_ORDER: readonly string[] = [...SKIP_REASONS, PROVIDER_SKIPPED];

/** The reasons with a non-zero count, in the contract's order (an unknown reason last, under its own name). */
function skippedParts(skipped: Record<string, number>, locale: Locale): string[] {
  const known = REASON_ORDER.filter((reason) => (skipped[reason] ?? 0) > 0);
  const unknown = Object.keys(skipped)
    .filter((reason) => !REASON_ORDER.includes(reason) && (skipped[reason] ?? 0) > 0)
    .sort();
  return [...known, ...unknown].map(
    (reason) => `${formatNumber(skipped[reason]!, locale)} ${SKIP_REASON_TEXTS[reason] ?? reason.replace(/_/g, " ")}`,
  );
}

/**
 * "Will push 412 · skip 23: 12 without e-mail, 8 blocked by quality checks, 3 already pushed", or
 * "Will push 412" when no row is skipped.
 */
export function dryRunSentence(dryRun: Pick<PushDryRunJson, "willPush" | "skipped">, locale?: Locale): string {
  const head = `Will push ${formatNumber(dryRun.willPush, locale)}`;
  const total = Object.values(dryRun.skipped).reduce((sum, n) => sum + (n > 0 ? n : 0), 0);
  if (total === 0) return head;
  return `${head} · skip ${formatNumber(total, locale)}: ${skippedParts(dryRun.skipped, locale).join(", ")}`;
}

/** "Push 412 rows" / "Push 1 row"; "Push rows" while the count is not known. */
export function pushButtonLabel(willPush: number | null, locale?: Locale): string {
  if (willPush === null) return "Push rows";
  return `Push ${formatNumber(willPush, locale)} ${willPush === 1 ? "row" : "rows"}`;
}

export const isPushOver = (push: Pick<PushJson, "status"> | undefined): boolean =>
  push !== undefined && push.status !== "queued" && push.status !== "running";

/** Rows with an outcome so far: pushed, skipped (the tool's own skips included) or failed. */
export const pushDone = (push: Pick<PushJson, "pushed" | "skipped" | "failed" | "providerSkipped">): number =>
  push.pushed + allSkipped(push) + push.failed;

/** Rows skipped before sending and leads the tool itself skipped. */
export const allSkipped = (push: Pick<PushJson, "skipped" | "providerSkipped">): number =>
  push.skipped + push.providerSkipped;

/** "Pushed 120 of 412". */
export function pushProgressText(push: Pick<PushJson, "pushed" | "total">, locale?: Locale): string {
  return `Pushed ${formatNumber(push.pushed, locale)} of ${formatNumber(push.total, locale)}`;
}

/** "Pushed 400 · skipped 12 · failed 0". */
export function pushSummaryText(
  push: Pick<PushJson, "pushed" | "skipped" | "failed" | "providerSkipped">,
  locale?: Locale,
): string {
  const n = (value: number) => formatNumber(value, locale);
  return `Pushed ${n(push.pushed)} · skipped ${n(allSkipped(push))} · failed ${n(push.failed)}`;
}

/** The heading of a push that has ended, or is still going. */
export function pushStatusTitle(status: PushJson["status"]): string {
  if (status === "completed") return "Push complete";
  if (status === "failed") return "Push failed";
  if (status === "cancelled") return "Push cancelled";
  return status === "queued" ? "Push waiting to start" : "Pushing";
}
