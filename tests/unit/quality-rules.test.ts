import { describe, expect, it } from "vitest";
import { PLACEHOLDERS } from "@/lib/ai/result";
import {
  checkQuality,
  collectOpenings,
  flagDuplicateOpenings,
  hasBlockingFlag,
  mergeQualityRules,
  mostSevere,
  openingSentence,
  QUALITY_RULE_DEFAULTS,
  QUALITY_RULE_IDS,
  QUALITY_RULE_LABELS,
  resolveRule,
  type QualityInput,
  type QualityRuleId,
} from "@/lib/quality/rules";
import { qualityRulesSchema, type QualityRules } from "@/lib/quality/rules-schema";
import { SPAM_TRIGGER_WORDS } from "@/lib/quality/spam-words";

/** A clean ~60-word body; rows vary it by company so openings differ. */
const body = (company = "Acme", extra = "") =>
  `Hi Anna,\n\nI noticed ${company} just opened a second warehouse in Leeds and is hiring for logistics roles. ` +
  "We help growing retailers plan stock across sites, so fewer orders wait on transfers between locations. " +
  "Teams like yours usually cut split shipments by a third within one quarter of switching. " +
  `Would a twenty-minute call next week be useful to compare notes?${extra}\n\nBest regards,\nTom`;
const clean = (over: Partial<QualityInput> = {}): QualityInput => ({
  subject: "Stock planning for your Leeds site",
  body: body(),
  output: { subject_line: "x", email_body: "y" },
  ...over,
});
const rulesOf = (input: Partial<QualityInput>, rules?: QualityRules) =>
  checkQuality(clean(input), rules).map((f) => f.rule);
const only = (rule: QualityRuleId, input: Partial<QualityInput>, rules?: QualityRules) =>
  checkQuality(clean(input), rules).filter((f) => f.rule === rule);

describe("constants", () => {
  it("ids in contract order, a default and a label for each", () => {
    expect(QUALITY_RULE_IDS).toEqual([
      "unresolved_placeholder",
      "preamble",
      "empty_output",
      "parse_error",
      "subject_too_long",
      "body_length",
      "spam_words",
      "duplicate_opening",
      "no_sources",
      "ungrounded_claim",
      "thin_input",
    ]);
    for (const id of QUALITY_RULE_IDS) {
      expect(QUALITY_RULE_DEFAULTS[id].enabled).toBe(true);
      expect(QUALITY_RULE_LABELS[id]).toMatch(/^[A-Z]/);
    }
    expect(QUALITY_RULE_DEFAULTS.subject_too_long).toEqual({ enabled: true, severity: "warn", maxChars: 60 });
    expect(QUALITY_RULE_DEFAULTS.body_length).toMatchObject({ minWords: 40, maxWords: 200 });
    expect(QUALITY_RULE_DEFAULTS.preamble.severity).toBe("block");
    expect(SPAM_TRIGGER_WORDS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(SPAM_TRIGGER_WORDS).size).toBe(SPAM_TRIGGER_WORDS.length);
  });

  it("a clean e-mail has no flags", () => {
    expect(checkQuality(clean())).toEqual([]);
    expect(mostSevere([])).toBe("clean");
  });
});

describe("unresolved_placeholder (cases: quality-text.test.ts)", () => {
  it("flags placeholders of subject and body, each once, as a block", () => {
    expect(only("unresolved_placeholder", { body: body("Acme", " Best,\n[Your Name]") })).toEqual([
      { rule: "unresolved_placeholder", severity: "block", message: 'Unresolved placeholder "[Your Name]"' },
    ]);
    const [flag] = only("unresolved_placeholder", { subject: "Idea for [Company]", body: body("[Company]", " {{x}}") });
    expect(flag.message).toBe('Unresolved placeholders "[Company]", "{{x}}"');
  });

  it("leaves links, citations and HTML alone", () => {
    const text = " See [our study](https://x.io) [1].<br><p>Thanks</p>";
    expect(only("unresolved_placeholder", { body: body("Acme", text) })).toEqual([]);
  });
});

describe("preamble (cases: quality-text.test.ts)", () => {
  it("flags meta-talk at the start of the body or subject, or as a line of the body", () => {
    expect(only("preamble", { body: `Sure, here's your email:\n\n${body()}` })).toEqual([
      { rule: "preamble", severity: "block", message: 'Starts with model meta-talk: "Sure, here\'s your email:"' },
    ]);
    expect(only("preamble", { subject: "SURE, HERE IS A SUBJECT LINE" })[0].message).toBe(
      'Subject starts with model meta-talk: "SURE, HERE IS A SUBJECT LINE"',
    );
    expect(only("preamble", { body: `${body()}\n\nLet me know if you'd like any changes.` })[0].message).toBe(
      'Contains model meta-talk: "Let me know if you\'d like any changes."',
    );
  });

  it("leaves normal openers and lines alone", () => {
    expect(only("preamble", { body: `Sure thing, Anna — ${body()}\nLet me know if you'd like a demo.` })).toEqual([]);
  });
});

describe("empty_output", () => {
  const empty = (input: Partial<QualityInput>) => only("empty_output", input).map((f) => f.message);
  it("flags empty or placeholder subject/body", () => {
    expect(empty({ subject: " ", body: "\n" })).toEqual(["Subject and body are empty"]);
    expect(empty({ body: "  " })).toEqual(["The model returned no body"]);
    expect(empty({ body: PLACEHOLDERS.noBody })).toEqual(["The model returned no body"]);
    expect(empty({ subject: PLACEHOLDERS.noSubject })).toEqual(["The model returned no subject"]);
    expect(empty({ subject: PLACEHOLDERS.noSubjectField })).toEqual(["The model returned no subject"]);
    expect(empty({ subject: PLACEHOLDERS.noSubject, body: PLACEHOLDERS.noBody })).toEqual([
      "The model returned no subject and no body",
    ]);
    expect(checkQuality(clean({ body: "" }))).toEqual([
      { rule: "empty_output", severity: "block", message: "The model returned no body" },
    ]);
  });

  it("content-only outputs: only the body counts", () => {
    expect(empty({ subject: PLACEHOLDERS.noSubjectField, contentOnly: true })).toEqual([]);
    expect(checkQuality(clean({ subject: PLACEHOLDERS.noSubjectField, contentOnly: true }))).toEqual([]);
    expect(empty({ subject: PLACEHOLDERS.noSubjectField, body: " ", contentOnly: true })).toEqual([
      "The model returned no content",
    ]);
  });

  it("not for a parse error, nor for a filled row", () => {
    expect(empty({ subject: PLACEHOLDERS.parseError, body: PLACEHOLDERS.parseError })).toEqual([]);
    expect(empty({ subject: "" })).toEqual([]);
  });
});

describe("parse_error", () => {
  it("flags output that is not a JSON object, or (Parse Error) cells, and nothing else", () => {
    const expected = [{ rule: "parse_error", severity: "block", message: expect.stringMatching(/not a JSON object/) }];
    const cells = { subject: PLACEHOLDERS.parseError, body: PLACEHOLDERS.parseError };
    expect(checkQuality(clean({ ...cells, output: null, useCase: "web_research" }))).toEqual(expected);
    expect(checkQuality(clean({ output: null }))).toEqual(expected);
    expect(checkQuality(clean({ body: PLACEHOLDERS.parseError }))).toEqual(expected);
    expect(rulesOf({})).not.toContain("parse_error");
  });
});

describe("subject_too_long", () => {
  it("counts code points of the trimmed subject", () => {
    expect(only("subject_too_long", { subject: "x".repeat(72) })[0].message).toBe(
      "Subject is 72 characters (limit 60)",
    );
    expect(only("subject_too_long", { subject: `  ${"x".repeat(60)}  ` })).toEqual([]);
    expect(only("subject_too_long", { subject: "😀".repeat(60) })).toEqual([]);
    expect(only("subject_too_long", { subject: "😀".repeat(61) })).toHaveLength(1);
  });
});

describe("body_length", () => {
  it("flags too few and too many words", () => {
    const short = "Hi Anna, quick one: " + "word ".repeat(19);
    expect(only("body_length", { body: short })[0]).toEqual({
      rule: "body_length",
      severity: "warn",
      message: "Body has 23 words (expected 40–200)",
    });
    expect(only("body_length", { body: "word ".repeat(201) })[0].message).toBe("Body has 201 words (expected 40–200)");
    expect(only("body_length", { body: "word ".repeat(200) })).toEqual([]);
    expect(only("body_length", { body: `${"word ".repeat(39)} — - —` })).toHaveLength(1);
  });
});

describe("spam_words", () => {
  it("finds whole words and phrases case-insensitively, at most 5, each once", () => {
    const [flag] = only("spam_words", { subject: "Act NOW", body: body("Acme", " It's guaranteed, GUARANTEED.") });
    expect(flag).toEqual({
      rule: "spam_words",
      severity: "warn",
      message: 'Spam-trigger words: "act now", "guaranteed"',
    });
    const many = " Act now, click here, buy now, risk free, no obligation, 100% free, winner.";
    expect(only("spam_words", { body: body("Acme", many) })[0].message).toBe(
      'Spam-trigger words: "act now", "click here", "buy now", "risk-free", "no obligation"',
    );
    expect(only("spam_words", { body: body("Acme", " Satisfaction   guaranteed!") })[0].message).toBe(
      'Spam-trigger word: "satisfaction guaranteed"',
    );
  });

  it("ignores parts of words and normal wording", () => {
    const text = " Our winners-only club? No: unguaranteed, urgently, actnow, feel free to reply.";
    expect(only("spam_words", { body: body("Acme", text) })).toEqual([]);
  });
});

describe("duplicate_opening", () => {
  it("openingSentence: the normalised first sentence after the greeting (cases: quality-text.test.ts)", () => {
    expect(openingSentence(body())).toBe(
      "i noticed acme just opened a second warehouse in leeds and is hiring for logistics roles",
    );
  });

  it("checkQuality flags a row whose opening another row has (1-based row in the message)", () => {
    const otherOpenings = collectOpenings([
      { rowIndex: 3, body: body("Acme") },
      { rowIndex: 5, body: body("Beta") },
    ]);
    expect(only("duplicate_opening", { otherOpenings })).toEqual([
      { rule: "duplicate_opening", severity: "warn", message: "Same opening sentence as row 4" },
    ]);
    expect(only("duplicate_opening", { otherOpenings, rowIndex: 3 })).toEqual([]);
    expect(only("duplicate_opening", { otherOpenings, body: body("Gamma") })).toEqual([]);
    expect(collectOpenings([{ rowIndex: 3, body: body() }], 3).size).toBe(0);
  });

  it("flagDuplicateOpenings flags every row of a group, naming another row", () => {
    const rows = [body("Acme"), body("Beta"), body("Acme"), PLACEHOLDERS.noBody, body("Acme"), "Hi!"];
    const flags = flagDuplicateOpenings(rows.map((b, rowIndex) => ({ rowIndex, body: b })));
    expect([...flags.keys()]).toEqual([0, 2, 4]);
    expect(flags.get(0)?.message).toBe("Same opening sentence as row 3");
    const row1 = "Same opening sentence as row 1";
    expect(flags.get(4)).toEqual({ rule: "duplicate_opening", severity: "warn", message: row1 });
    const twins = [0, 1].map((rowIndex) => ({ rowIndex, body: body() }));
    expect(flagDuplicateOpenings(twins, { duplicate_opening: { severity: "block" } }).get(1)?.severity).toBe("block");
    expect(flagDuplicateOpenings(twins, { duplicate_opening: { enabled: false } }).size).toBe(0);
  });
});

describe("no_sources", () => {
  it("flags web research without sources only", () => {
    const message = "Web research answer cites no sources";
    expect(only("no_sources", { useCase: "web_research" })).toEqual([
      { rule: "no_sources", severity: "warn", message },
    ]);
    expect(only("no_sources", { useCase: "web_research", sources: [{ url: " " }] })).toHaveLength(1);
    expect(
      only("no_sources", { useCase: "web_research", sources: [{ url: "https://acme.com", title: "Acme" }] }),
    ).toEqual([]);
    expect(only("no_sources", { useCase: "content_creation" })).toEqual([]);
    expect(only("no_sources", {})).toEqual([]);
  });
});

describe("overrides", () => {
  const messy: Partial<QualityInput> = { subject: "Act now, [First Name]! " + "x".repeat(60), body: "Sure! Hi." };

  it("disable, severity change and re-tuned limits", () => {
    expect(rulesOf(messy)).toEqual([
      "unresolved_placeholder",
      "preamble",
      "subject_too_long",
      "body_length",
      "spam_words",
    ]);
    const rules: QualityRules = {
      unresolved_placeholder: { enabled: false },
      preamble: { severity: "warn" },
      subject_too_long: { maxChars: 100 },
      body_length: { minWords: 1, maxWords: 5 },
      spam_words: { enabled: true, severity: "block" },
    };
    const flags = checkQuality(clean(messy), rules);
    expect(flags.map((f) => [f.rule, f.severity])).toEqual([
      ["preamble", "warn"],
      ["spam_words", "block"],
    ]);
    expect(only("body_length", {}, { body_length: { maxWords: 50 } })[0].message).toMatch(/\(expected 40–50\)$/);
    expect(only("subject_too_long", { subject: "x".repeat(21) }, { subject_too_long: { maxChars: 20 } })).toHaveLength(
      1,
    );
    expect(mostSevere(flags)).toBe("block");
    expect(hasBlockingFlag(flags)).toBe(true);
    expect(mostSevere(checkQuality(clean(messy), { ...rules, preamble: { enabled: false }, spam_words: {} }))).toBe(
      "warn",
    );
    expect(hasBlockingFlag([{ rule: "spam_words", severity: "warn", message: "m" }])).toBe(false);
  });

  it("resolveRule and mergeQualityRules (payload wins field by field)", () => {
    const defaults = { enabled: true, severity: "warn", minWords: 40, maxWords: 200 };
    expect(resolveRule(undefined, "body_length")).toEqual(defaults);
    const tuned = resolveRule({ body_length: { maxWords: 90, enabled: undefined } }, "body_length");
    expect(tuned).toEqual({ ...defaults, maxWords: 90 });
    expect(resolveRule({ body_length: { minWords: 300 } }, "body_length")).toMatchObject({
      minWords: 300,
      maxWords: 300,
    });
    const saved: QualityRules = { body_length: { minWords: 60, maxWords: 120 }, spam_words: { enabled: false } };
    const payload: QualityRules = {
      body_length: { maxWords: 150, minWords: undefined },
      preamble: { severity: "warn" },
    };
    expect(mergeQualityRules(saved, payload)).toEqual({
      body_length: { minWords: 60, maxWords: 150 },
      spam_words: { enabled: false },
      preamble: { severity: "warn" },
    });
    expect(mergeQualityRules(null, undefined)).toEqual({});
    expect(mergeQualityRules(saved, null)).toEqual(saved);
  });
});

describe("qualityRulesSchema", () => {
  it("accepts valid overrides", () => {
    const valid = {
      preamble: { enabled: false },
      spam_words: { severity: "block" },
      subject_too_long: { maxChars: 80 },
      body_length: { minWords: 20, maxWords: 20 },
      no_sources: {},
    };
    expect(qualityRulesSchema.parse(valid)).toEqual(valid);
    expect(qualityRulesSchema.safeParse({}).success).toBe(true);
  });

  it("names unknown rules and settings", () => {
    const messages = (value: unknown) => qualityRulesSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ foo: {} })).toEqual(['Unknown quality rule "foo"']);
    expect(messages({ foo: {}, bar: {} })).toEqual(['Unknown quality rules "foo", "bar"']);
    expect(messages({ spam_words: { maxChars: 5 } })).toEqual([
      'Unknown setting "maxChars" for quality rule "spam_words"',
    ]);
    expect(messages({ body_length: { minWords: 50, maxWords: 10 } })).toEqual([
      "minWords must not be greater than maxWords",
    ]);
  });

  it.each([
    ["enabled not a boolean", { preamble: { enabled: "no" } }],
    ["an unknown severity", { preamble: { severity: "error" } }],
    ["a zero limit", { subject_too_long: { maxChars: 0 } }],
    ["a negative limit", { body_length: { minWords: -5 } }],
    ["a fractional limit", { body_length: { maxWords: 10.5 } }],
    ["a limit as text", { subject_too_long: { maxChars: "60" } }],
    ["a rule that is not an object", { spam_words: true }],
    ["not an object", ["preamble"]],
  ])("refuses %s", (_label, value) => {
    expect(qualityRulesSchema.safeParse(value).success).toBe(false);
  });
});
