import { describe, expect, it } from "vitest";
import { findClaims } from "@/lib/quality/claims";
import { claimsStillIn, ungroundedClaims, ungroundedMessage, type GroundingSources } from "@/lib/quality/grounding";
import { checkQuality, QUALITY_RULE_DEFAULTS, type QualityInput } from "@/lib/quality/rules";
import { qualityRulesSchema } from "@/lib/quality/rules-schema";

const ROW = {
  "First Name": "Anna",
  "Last Name": "Smith",
  Company: "Acme Robotics",
  Website: "https://www.acme-robotics.com/",
  Email: "anna@acme-robotics.com",
  Employees: "1,200",
};
const PROMPT =
  "Write a short cold email to Anna at Acme Robotics. We are Blue Harbor Analytics; sign as Tom Baker. " +
  "Mention that our customers cut their planning time by 30% and offer a call.";
const SOURCES: GroundingSources = { values: Object.values(ROW), texts: [PROMPT] };

const claims = (text: string, sources = SOURCES, ignore: string[] = []) => ungroundedClaims([text], sources, ignore);

const GROUNDED_BODY =
  "Hi Anna,\n\nI noticed Acme Robotics has grown to 1200 people, congratulations. Teams at Blue Harbor Analytics " +
  "customers cut their planning time by 30 percent, and I think acme-robotics.com could see the same. " +
  "Would a 15-minute call on Tuesday at 10:30 work? Happy to send details in March.\n\nBest regards,\nTom Baker";

describe("findClaims", () => {
  it("finds figures, web addresses and capitalised runs, in order of appearance", () => {
    const found = findClaims(
      "Congrats to Blue Harbor Capital on the $40M round, see https://bh.example/news and bh.io.",
    );
    expect(found.map((c) => [c.kind, c.text])).toEqual([
      ["name", "Blue Harbor Capital"],
      ["figure", "$40M"],
      ["web", "https://bh.example/news"],
      ["web", "bh.io"],
    ]);
  });

  it("reads money, percentages, multipliers and separators as values", () => {
    const values = Object.fromEntries(
      findClaims("We saw $40M, €2.5 million, 40,000 users, 12%, 3x growth and 1.200,5 units in 2024.").map((c) => [
        c.text,
        c.value,
      ]),
    );
    expect(values).toEqual({
      $40M: 40e6,
      "€2.5 million": 2.5e6,
      "40,000": 40000,
      "12%": 12,
      "3x": 3,
      "1.200,5": 1200.5,
      "2024": 2024,
    });
  });

  it("single digits, times, minutes and 24/7 are no figures", () => {
    expect(findClaims("Here are 3 ideas for a 15-minute call at 10:30, or 3 pm, or 30 min, we answer 24/7.")).toEqual(
      [],
    );
  });

  it("a run at the start of a sentence or line loses its first word; common words split runs", () => {
    expect(findClaims("Acme Robotics is growing.")).toEqual([]);
    expect(findClaims("Saw Acme Robotics is growing.").map((c) => c.text)).toEqual(["Acme Robotics"]);
    expect(findClaims("I saw it. Blue Harbor grew.\nGreen Valley too.")).toEqual([]);
    expect(findClaims("See you Monday March or Friday, Kind Regards")).toEqual([]);
    expect(findClaims("Hi Anna Smith, the Bank of America team").map((c) => c.text)).toEqual([
      "Anna Smith",
      "Bank of America",
    ]);
  });

  it("Title Case lines give no runs; file names and code names are no domains", () => {
    expect(findClaims("Quick Idea For Acme Robotics")).toEqual([]);
    expect(findClaims("the deck.pdf and our Next.js app, done.Next time")).toEqual([]);
    expect(findClaims("see harbor.agency and Acme.studio").map((c) => c.text)).toEqual([
      "harbor.agency",
      "Acme.studio",
    ]);
  });

  it("placeholders claim nothing (unresolved_placeholder flags them)", () => {
    expect(findClaims("Hi [First Name], about {{Company Name}} and <Job Title>")).toEqual([]);
  });

  it("an e-mail address claims its domain", () => {
    expect(findClaims("write to tom@blueharbor.io today").map((c) => c.text)).toEqual(["blueharbor.io"]);
  });
});

describe("ungroundedClaims", () => {
  it("a grounded e-mail has none", () => {
    expect(claims(GROUNDED_BODY)).toEqual([]);
    expect(claims("Acme Robotics and 1,200 people at anna@acme-robotics.com")).toEqual([]);
  });

  it("an invented figure and round: both quoted", () => {
    expect(claims("I saw Acme Robotics raised $40M in your Series B last month.")).toEqual(["$40M", "Series B"]);
  });

  it("a year, a percentage, a domain", () => {
    expect(claims("Since 2019 you have grown fast.")).toEqual(["2019"]);
    expect(claims("Teams cut costs by 45% with us.")).toEqual(["45%"]);
    expect(claims("Teams cut costs by 30% with us.")).toEqual([]);
    expect(claims("Read more at harbor-insights.com or www.acme-robotics.com/careers.")).toEqual([
      "harbor-insights.com",
      "www.acme-robotics.com/careers",
    ]);
    expect(claims("Read more at www.acme-robotics.com today.")).toEqual([]);
  });

  it("figures match by value: spacing, separators, multipliers", () => {
    const sources = { values: ["raised 40 M", "$40,000 budget"], texts: [] };
    expect(claims("Congrats on the $40M and the 40000 budget", sources)).toEqual([]);
    expect(claims("Congrats on the $41M", sources)).toEqual(["$41M"]);
  });

  it("a capitalised name is grounded by the same words, or word by word by the row's values", () => {
    expect(claims("Great to meet you, Anna Smith, and the blue harbor analytics team.")).toEqual([]);
    expect(claims("I met Harbor Blue at the fair.")).toEqual(["Harbor Blue"]);
    // Words of the prompt alone do not ground a name word by word.
    expect(claims("I spoke with Tom Analytics.")).toEqual(["Tom Analytics"]);
  });

  it("the ignore list matches a claim or any word of a run, case-insensitively", () => {
    const text = "Congrats on your Series B and the $40M, see you at SaaStr Annual.";
    expect(claims(text)).toEqual(["Series B", "$40M", "SaaStr Annual"]);
    expect(findClaims("Congrats on the Series B!").map((c) => c.text)).toEqual(["Series B"]);
    expect(claims(text, SOURCES, ["series", "$40m", "SAASTR"])).toEqual([]);
  });

  it("the message quotes up to 3 claims", () => {
    expect(ungroundedMessage(["Series B", "$40M"])).toBe('Not found in the row, prompt or sources: "Series B", "$40M"');
    expect(ungroundedMessage(["a", "b", "c", "d", "e"])).toBe(
      'Not found in the row, prompt or sources: "a", "b", "c" and 2 more',
    );
    expect(claimsStillIn('Not found in the row, prompt or sources: "Series B", "$40M"', ["now only series b"])).toEqual(
      ["Series B"],
    );
  });
});

describe("the rules ungrounded_claim and thin_input", () => {
  const input = (body: string, over: Partial<QualityInput> = {}): QualityInput => ({
    subject: "A thought on planning",
    body,
    output: {},
    grounding: SOURCES,
    ...over,
  });
  const flagsOf = (i: QualityInput, rules?: Parameters<typeof checkQuality>[1]) =>
    checkQuality(i, rules).filter((f) => f.rule === "ungrounded_claim" || f.rule === "thin_input");

  it("warns by default, can block, can be switched off; not checked without grounding", () => {
    expect(QUALITY_RULE_DEFAULTS.ungrounded_claim).toEqual({ enabled: true, severity: "warn", ignore: [] });
    expect(QUALITY_RULE_DEFAULTS.thin_input).toEqual({ enabled: true, severity: "warn" });
    const body = "I saw Acme Robotics raised $40M in your Series B.";
    expect(flagsOf(input(body))).toEqual([
      {
        rule: "ungrounded_claim",
        severity: "warn",
        message: 'Not found in the row, prompt or sources: "$40M", "Series B"',
      },
    ]);
    expect(flagsOf(input(body), { ungrounded_claim: { severity: "block" } })[0]!.severity).toBe("block");
    expect(flagsOf(input(body), { ungrounded_claim: { enabled: false } })).toEqual([]);
    expect(flagsOf(input(body), { ungrounded_claim: { ignore: ["series", "$40M"] } })).toEqual([]);
    expect(flagsOf(input(body, { grounding: undefined }))).toEqual([]);
    expect(flagsOf(input(GROUNDED_BODY))).toEqual([]);
  });

  it("checks the subject too, not a content-only answer's placeholder subject", () => {
    const [flag] = flagsOf(input("Hi Anna", { subject: "Your 2019 launch" }));
    expect(flag!.message).toBe('Not found in the row, prompt or sources: "2019"');
  });

  it("thin_input names the empty variables", () => {
    expect(flagsOf(input(GROUNDED_BODY, { emptyVariables: ["Company"] }))).toEqual([
      { rule: "thin_input", severity: "warn", message: "{{Company}} is empty in this row and has no fallback" },
    ]);
    expect(flagsOf(input(GROUNDED_BODY, { emptyVariables: ["Company", "Title"] }))[0]!.message).toBe(
      "{{Company}}, {{Title}} are empty in this row and have no fallback",
    );
    expect(flagsOf(input(GROUNDED_BODY, { emptyVariables: ["Company"] }), { thin_input: { enabled: false } })).toEqual(
      [],
    );
  });

  it("qualityRules accepts ignore as a list of strings and refuses anything else", () => {
    expect(qualityRulesSchema.parse({ ungrounded_claim: { ignore: [" Series B "], severity: "block" } })).toEqual({
      ungrounded_claim: { ignore: ["Series B"], severity: "block" },
    });
    expect(qualityRulesSchema.safeParse({ ungrounded_claim: { ignore: "Series B" } }).success).toBe(false);
    expect(qualityRulesSchema.safeParse({ ungrounded_claim: { ignore: [""] } }).success).toBe(false);
    expect(qualityRulesSchema.safeParse({ thin_input: { ignore: [] } }).success).toBe(false);
  });
});
