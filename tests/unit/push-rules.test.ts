import { describe, expect, it } from "vitest";
import { extraOutputColumns, leadFieldsOf, resolveMapping, skipReason } from "@/lib/services/sending/push-rules";
import { nextSendTime, windowMargin } from "@/lib/services/sending/tool-pacer";
import { redactUrl, toolMessage, waitFromHeaders } from "@/lib/services/sending/tool-http";
import { pgArray } from "@/lib/db/pg-array";
import { retryAfterHeaderMs } from "@/lib/http/retry-after";

const COLUMNS = [
  "Email",
  "First Name",
  "Last Name",
  "Company",
  "Subject Line",
  "Email Body",
  "AI Response",
  "follow_up",
  "Sources",
];
const generated = { Email: "ann@acme.test", "Subject Line": "Hi", "Email Body": "Body\nline two" };
const options = { includeFlagged: false, repush: false };
const decide = (
  data: Record<string, string>,
  extra: Partial<{ flags: never[] | null; pushedBefore: boolean }> = {},
  seen = new Set<string>(),
) => skipReason({ data, flags: null, pushedBefore: false, ...extra }, (data.Email ?? "").trim(), options, seen);

describe("push mapping", () => {
  it("defaults: the e-mail column (never Email Body), names, company, subject_line, email_body and every other output column", () => {
    expect(resolveMapping(COLUMNS)).toEqual({
      email: "Email",
      firstName: "First Name",
      lastName: "Last Name",
      companyName: "Company",
      variables: { subject_line: "Subject Line", email_body: "Email Body", follow_up: "follow_up" },
    });
    expect(extraOutputColumns(COLUMNS)).toEqual(["follow_up"]);
    expect(resolveMapping(["E-mail", "Email Body"]).email).toBe("E-mail");
    expect(resolveMapping(["Email Body", "Email Address"]).email).toBe("Email Address");
  });

  it("a given variables set replaces the defaults; a missing column or no e-mail column is a 400 naming it", () => {
    expect(resolveMapping(COLUMNS, { variables: { opener: "Email Body" } }).variables).toEqual({
      opener: "Email Body",
    });
    expect(() => resolveMapping(COLUMNS, { firstName: "Given Name" })).toThrow(
      'Column "Given Name" is not in this file',
    );
    expect(() => resolveMapping(["Name", "Email Body"])).toThrow("no e-mail column");
  });

  it("values travel as strings with line breaks kept; unmapped fields are null", () => {
    const mapping = resolveMapping(COLUMNS, { lastName: null });
    const fields = leadFieldsOf({ ...generated, "First Name": "Ann" }, mapping);
    expect(fields).toMatchObject({ email: "ann@acme.test", firstName: "Ann", lastName: null, companyName: "" });
    expect(fields.variables.email_body).toBe("Body\nline two");
  });
});

describe("skip reasons, first that applies in order", () => {
  it("no_email, invalid_email (syntax or a failed Email Status), not_generated, blocked, already_pushed, duplicate_email", () => {
    expect(decide({ ...generated, Email: " " })).toBe("no_email");
    expect(decide({ ...generated, Email: "not-an-address" })).toBe("invalid_email");
    expect(decide({ ...generated, "Email Status": "no_mx" })).toBe("invalid_email");
    expect(decide({ ...generated, "Email Status": "role" })).toBeNull();
    expect(decide({ ...generated, "Email Body": "" })).toBe("not_generated");
    const block = [{ rule: "preamble", severity: "block", message: "x" }] as never[];
    expect(decide(generated, { flags: block })).toBe("blocked");
    expect(decide(generated, { pushedBefore: true })).toBe("already_pushed");
    const seen = new Set<string>();
    expect(decide(generated, {}, seen)).toBeNull();
    expect(decide({ ...generated, Email: "ANN@acme.test" }, {}, seen)).toBe("duplicate_email");
    // The order: a row both without copy and repeated is not_generated.
    expect(decide({ ...generated, "Subject Line": "" }, {}, seen)).toBe("not_generated");
  });

  it("an address on an earlier row counts whether that row was pushed or skipped", () => {
    const seen = new Set<string>();
    const block = [{ rule: "preamble", severity: "block", message: "x" }] as never[];
    expect(decide(generated, { flags: block }, seen)).toBe("blocked");
    expect(decide({ ...generated, Email: "Ann@Acme.test" }, {}, seen)).toBe("duplicate_email");
    const again = new Set<string>();
    expect(decide(generated, { pushedBefore: true }, again)).toBe("already_pushed");
    expect(decide(generated, {}, again)).toBe("duplicate_email");
  });

  it("includeFlagged and repush lift their reasons", () => {
    const block = [{ rule: "preamble", severity: "block", message: "x" }] as never[];
    const row = { data: generated, flags: block, pushedBefore: true };
    expect(skipReason(row, "ann@acme.test", { includeFlagged: true, repush: true }, new Set())).toBeNull();
  });
});

describe("tool pacer", () => {
  const lemlist = [{ requests: 20, windowMs: 2000 }];
  it("lets a limit's calls go at once, then waits out the window (with its margin) from the call N back", () => {
    const sent = Array.from({ length: 20 }, (_, i) => 1000 + i);
    expect(nextSendTime(sent.slice(0, 19), lemlist, 1019)).toBe(1019);
    expect(nextSendTime(sent, lemlist, 1020)).toBe(1000 + 2000 + windowMargin(2000));
  });

  it("never schedules before the last reserved call, nor before notBefore; checks every limit", () => {
    const limits = [
      { requests: 10, windowMs: 1000 },
      { requests: 60, windowMs: 60_000 },
    ];
    expect(nextSendTime([5000], limits, 1000)).toBe(5000);
    const sixty = Array.from({ length: 60 }, (_, i) => i * 100);
    expect(nextSendTime(sixty, limits, 6000)).toBe(60_000 + windowMargin(60_000));
  });

  it("reads Retry-After (seconds or a date) and an exhausted X-RateLimit window", () => {
    expect(waitFromHeaders(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(
      waitFromHeaders(
        new Headers([
          ["Retry-After", "1"],
          ["retry-after", "1"],
        ]),
      ),
    ).toBe(1000);
    expect(waitFromHeaders(new Headers({ "retry-after": new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(
      waitFromHeaders(new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000003" }), 1700000000000),
    ).toBe(3000);
    expect(
      waitFromHeaders(new Headers({ "x-ratelimit-remaining": "5", "x-ratelimit-reset": "1700000003" })),
    ).toBeNull();
  });

  it("reads a Retry-After header alone: seconds, a date, absent or unreadable", () => {
    expect(retryAfterHeaderMs("3")).toBe(3000);
    expect(retryAfterHeaderMs("2, 2")).toBe(2000);
    expect(retryAfterHeaderMs(new Date(9_000).toUTCString(), 5000)).toBe(4000);
    expect(retryAfterHeaderMs(null)).toBeNull();
    expect(retryAfterHeaderMs("soon")).toBeNull();
  });

  it("redacts keys from URLs and messages", () => {
    expect(redactUrl("https://server.smartlead.ai/api/v1/campaigns?api_key=sl-secret&x=1")).toBe(
      "https://server.smartlead.ai/api/v1/campaigns?api_key=[redacted]&x=1",
    );
    expect(toolMessage({ error: { message: "bad key sl-secret" } }, "sl-secret")).toBe("bad key [redacted]");
  });
});

describe("pgArray", () => {
  it("writes numbers, NULL and strings with quotes and backslashes escaped", () => {
    expect(pgArray([1, 2.5])).toBe("{1,2.5}");
    const oneBackslash = String.fromCharCode(92);
    expect(pgArray(["a", null, 'say "hi"', `x${oneBackslash}y`, "comma, here"])).toBe(
      `{"a",NULL,"say ${oneBackslash}"hi${oneBackslash}"","x${oneBackslash}${oneBackslash}y","comma, here"}`,
    );
  });
});
