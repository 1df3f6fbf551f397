import { describe, expect, it } from "vitest";
import {
  checkButtonLabel,
  EMAIL_STATUS_BADGES,
  emailCheckProgressText,
  emailCheckStatusTitle,
  emailCheckSummaryText,
  emailStatusOf,
  emptyCellsOf,
  isEmailCheckOver,
} from "@/lib/client/email-check-text";
import { FAILED_EMAIL_STATUSES } from "@/lib/email-checks/statuses";
import { EMAIL_STATUSES, zeroCounts } from "@/lib/email-checks/statuses";

const EN = "en-US";

describe("emailCheckSummaryText", () => {
  it("lists the non-zero statuses in the fixed order, with thousands separators", () => {
    const counts = { ...zeroCounts(), duplicate: 9, role: 44, disposable: 17, no_mx: 61, valid: 2140 };
    expect(emailCheckSummaryText(counts, EN)).toBe(
      "2,140 valid · 61 no mail server · 17 disposable · 44 role · 9 duplicates",
    );
  });

  it("names every status, ZeroBounce's last, whatever order the answer has", () => {
    const counts = Object.fromEntries([...EMAIL_STATUSES].reverse().map((s) => [s, 2]));
    expect(emailCheckSummaryText(counts, EN)).toBe(
      "2 valid · 2 invalid · 2 no mail server · 2 disposable · 2 role · 2 duplicates · 2 unknown · " +
        "2 catch-all · 2 spamtraps · 2 abuse · 2 do not mail",
    );
  });

  it("counts one duplicate and one spamtrap in the singular", () => {
    expect(emailCheckSummaryText({ duplicate: 1, spamtrap: 1, valid: 1 }, EN)).toBe(
      "1 valid · 1 duplicate · 1 spamtrap",
    );
  });

  it("says so when no address got a status (only zeros, or nothing)", () => {
    expect(emailCheckSummaryText(zeroCounts(), EN)).toBe("No addresses checked");
    expect(emailCheckSummaryText({}, EN)).toBe("No addresses checked");
  });

  it("leaves out a status it does not know", () => {
    expect(emailCheckSummaryText({ valid: 3, some_new_status: 4 }, EN)).toBe("3 valid");
  });
});

describe("a check's progress", () => {
  it("reads 'Checked N of M' with thousands separators", () => {
    expect(emailCheckProgressText({ checked: 1200, total: 20000 }, EN)).toBe("Checked 1,200 of 20,000");
  });

  it("counts the empty cells: checked rows without a status", () => {
    expect(emptyCellsOf({ checked: 10, counts: { ...zeroCounts(), valid: 6, role: 1 } })).toBe(3);
    expect(emptyCellsOf({ checked: 2, counts: { ...zeroCounts(), valid: 2 } })).toBe(0);
  });

  it("is over once completed, failed or cancelled", () => {
    expect(isEmailCheckOver(undefined)).toBe(false);
    expect(isEmailCheckOver({ status: "queued" })).toBe(false);
    expect(isEmailCheckOver({ status: "running" })).toBe(false);
    for (const status of ["completed", "failed", "cancelled"] as const) expect(isEmailCheckOver({ status })).toBe(true);
  });

  it("has a heading for every state", () => {
    expect(emailCheckStatusTitle("queued")).toBe("Check waiting to start");
    expect(emailCheckStatusTitle("running")).toBe("Checking addresses");
    expect(emailCheckStatusTitle("completed")).toBe("Check complete");
    expect(emailCheckStatusTitle("failed")).toBe("Check failed");
    expect(emailCheckStatusTitle("cancelled")).toBe("Check cancelled");
  });

  it("labels the start button by the number of addresses", () => {
    expect(checkButtonLabel(1, EN)).toBe("Check 1 address");
    expect(checkButtonLabel(2140, EN)).toBe("Check 2,140 addresses");
    expect(checkButtonLabel(0, EN)).toBe("Check 0 addresses");
  });
});

describe("Email Status badges", () => {
  it("have a label and a tone for every status: red exactly for the failed ones, green only for valid", () => {
    for (const status of EMAIL_STATUSES) expect(EMAIL_STATUS_BADGES[status].label).toBeTruthy();
    const bad = EMAIL_STATUSES.filter((s) => EMAIL_STATUS_BADGES[s].tone === "bad");
    expect([...bad].sort()).toEqual([...FAILED_EMAIL_STATUSES].sort());
    expect(EMAIL_STATUSES.filter((s) => EMAIL_STATUS_BADGES[s].tone === "good")).toEqual(["valid"]);
    expect(EMAIL_STATUS_BADGES.no_mx.label).toBe("No mail server");
  });

  it("read a cell's status trimmed and in any case; anything else is no status", () => {
    expect(emailStatusOf(" No_MX ")).toBe("no_mx");
    expect(emailStatusOf("catch_all")).toBe("catch_all");
    expect(emailStatusOf("")).toBeNull();
    expect(emailStatusOf("looks fine")).toBeNull();
  });
});
