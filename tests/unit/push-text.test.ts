import { describe, expect, it } from "vitest";
import {
  dryRunSentence,
  isPushOver,
  pushButtonLabel,
  pushDone,
  pushProgressText,
  pushSummaryText,
  SKIP_REASON_TEXTS,
} from "@/lib/client/push-text";
import { PROVIDER_SKIPPED, SKIP_REASONS } from "@/lib/sending/tools";

const EN = "en-US";

describe("dryRunSentence", () => {
  it("lists the non-zero reasons in the contract's order, whatever order the answer has", () => {
    const skipped = { already_pushed: 3, blocked: 8, no_email: 12, invalid_email: 0 };
    expect(dryRunSentence({ willPush: 412, skipped }, EN)).toBe(
      "Will push 412 · skip 23: 12 without e-mail, 8 blocked by quality checks, 3 already pushed",
    );
  });

  it("is 'Will push N' alone when nothing is skipped (an empty map or only zeros)", () => {
    expect(dryRunSentence({ willPush: 412, skipped: {} }, EN)).toBe("Will push 412");
    expect(dryRunSentence({ willPush: 7, skipped: { no_email: 0, blocked: 0 } }, EN)).toBe("Will push 7");
  });

  it("has a text for every reason, the tool's own skips last", () => {
    const skipped = Object.fromEntries([...SKIP_REASONS, PROVIDER_SKIPPED].map((r) => [r, 1]));
    expect(dryRunSentence({ willPush: 0, skipped }, EN)).toBe(
      "Will push 0 · skip 7: 1 without e-mail, 1 with an invalid e-mail, 1 not generated, " +
        "1 blocked by quality checks, 1 already pushed, 1 repeating an e-mail, 1 skipped by the tool",
    );
    for (const reason of [...SKIP_REASONS, PROVIDER_SKIPPED]) expect(SKIP_REASON_TEXTS[reason]).toBeTruthy();
  });

  it("names a reason it does not know by its code, after the known ones", () => {
    expect(dryRunSentence({ willPush: 5, skipped: { some_new_reason: 2, not_generated: 1 } }, EN)).toBe(
      "Will push 5 · skip 3: 1 not generated, 2 some new reason",
    );
  });

  it("formats large counts with the locale's grouping", () => {
    expect(dryRunSentence({ willPush: 12_345, skipped: { duplicate_email: 1_200 } }, EN)).toBe(
      "Will push 12,345 · skip 1,200: 1,200 repeating an e-mail",
    );
  });
});

describe("push texts", () => {
  const push = { pushed: 400, skipped: 10, providerSkipped: 2, failed: 0, total: 412 };

  it("labels the push button by the dry run's count", () => {
    expect(pushButtonLabel(412, EN)).toBe("Push 412 rows");
    expect(pushButtonLabel(1, EN)).toBe("Push 1 row");
    expect(pushButtonLabel(null, EN)).toBe("Push rows");
  });

  it("shows progress and the summary", () => {
    expect(pushProgressText({ pushed: 120, total: 412 }, EN)).toBe("Pushed 120 of 412");
    expect(pushSummaryText(push, EN)).toBe("Pushed 400 · skipped 12 · failed 0");
    expect(pushDone(push)).toBe(412);
  });

  it("knows when a push has ended", () => {
    expect(isPushOver(undefined)).toBe(false);
    expect(isPushOver({ status: "queued" })).toBe(false);
    expect(isPushOver({ status: "running" })).toBe(false);
    for (const status of ["completed", "failed", "cancelled"] as const) expect(isPushOver({ status })).toBe(true);
  });
});
