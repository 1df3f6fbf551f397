/**
 * Deterministic quality checks of a generated e-mail (pure and client-safe: the API flags rows as they
 * are generated, the grid shows the same flags). Every rule can be switched off, given another
 * severity, and — where it has limits — re-tuned through `qualityRules` overrides.
 */
import { PLACEHOLDERS } from "@/lib/ai/result";
import type { UseCase } from "@/lib/ai/providers";
import { findPlaceholders, findPreamble, findSpamWords } from "@/lib/quality/detectors";
import { ungroundedClaims, ungroundedMessage, type GroundingSources } from "@/lib/quality/grounding";
import { countWords, openingSentence } from "@/lib/quality/sentences";
import { QUALITY_RULE_IDS, type QualityFlag, type QualityRuleId, type QualitySeverity } from "./rule-ids";
import type { QualityRules } from "./rules-schema";

export { openingSentence } from "@/lib/quality/sentences";
export { QUALITY_RULE_IDS, QUALITY_SEVERITIES } from "./rule-ids";
export type { QualityFlag, QualityRuleId, QualitySeverity } from "./rule-ids";

/** Limits of the rules that have any; every other rule has none. */
type RuleLimits = {
  subject_too_long: { maxChars: number };
  body_length: { minWords: number; maxWords: number };
  ungrounded_claim: { ignore: readonly string[] };
};
/** The effective settings of one rule. */
export type ResolvedQualityRule<Id extends QualityRuleId = QualityRuleId> = {
  enabled: boolean;
  severity: QualitySeverity;
} & (Id extends keyof RuleLimits ? RuleLimits[Id] : unknown);

export const QUALITY_RULE_DEFAULTS: { readonly [Id in QualityRuleId]: Readonly<ResolvedQualityRule<Id>> } = {
  unresolved_placeholder: { enabled: true, severity: "block" },
  preamble: { enabled: true, severity: "block" },
  empty_output: { enabled: true, severity: "block" },
  parse_error: { enabled: true, severity: "block" },
  subject_too_long: { enabled: true, severity: "warn", maxChars: 60 },
  body_length: { enabled: true, severity: "warn", minWords: 40, maxWords: 200 },
  spam_words: { enabled: true, severity: "warn" },
  duplicate_opening: { enabled: true, severity: "warn" },
  no_sources: { enabled: true, severity: "warn" },
  ungrounded_claim: { enabled: true, severity: "warn", ignore: [] },
  thin_input: { enabled: true, severity: "warn" },
};

export const QUALITY_RULE_LABELS: { readonly [Id in QualityRuleId]: string } = {
  unresolved_placeholder: "Unresolved placeholders",
  preamble: "Model preamble or meta-talk",
  empty_output: "Empty output",
  parse_error: "Parse error",
  subject_too_long: "Subject too long",
  body_length: "Body length",
  spam_words: "Spam-trigger words",
  duplicate_opening: "Same opening as another row",
  no_sources: "No sources cited",
  ungrounded_claim: "Claims not found in the input",
  thin_input: "Empty input for the prompt",
};

// --- Overrides ---

// The zod schema of the overrides (and its type, QualityRules) is in ./rules-schema.ts: the grid checks flags
// with this module and must not load zod for it.

type RuleOverride = { [field: string]: unknown };
const definedFields = (o: RuleOverride | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

/** Saved rules with a request's rules on top, field by field (`payload` wins where it sets a field). */
export function mergeQualityRules(saved?: QualityRules | null, payload?: QualityRules | null): QualityRules {
  const merged: Record<string, RuleOverride> = {};
  for (const id of QUALITY_RULE_IDS) {
    const a = saved?.[id] as RuleOverride | undefined;
    const b = payload?.[id] as RuleOverride | undefined;
    if (a || b) merged[id] = { ...definedFields(a), ...definedFields(b) };
  }
  return merged as QualityRules;
}

/**
 * The effective settings of a rule: its defaults with the overrides on top. When minWords and
 * maxWords come from different layers and cross, maxWords is raised to minWords.
 */
export function resolveRule<Id extends QualityRuleId>(
  rules: QualityRules | null | undefined,
  id: Id,
): ResolvedQualityRule<Id> {
  const resolved: RuleOverride = { ...QUALITY_RULE_DEFAULTS[id], ...definedFields(rules?.[id] as RuleOverride) };
  const { minWords, maxWords } = resolved;
  if (typeof minWords === "number" && typeof maxWords === "number" && minWords > maxWords) resolved.maxWords = minWords;
  return resolved as ResolvedQualityRule<Id>;
}

export function mostSevere(flags: readonly QualityFlag[]): QualitySeverity | "clean" {
  if (flags.some((f) => f.severity === "block")) return "block";
  return flags.length > 0 ? "warn" : "clean";
}

export function hasBlockingFlag(flags: readonly QualityFlag[]): boolean {
  return flags.some((f) => f.severity === "block");
}

// --- Checks ---

export type QualityInput = {
  subject: string;
  body: string;
  /** The model's parsed answer; null when it was not a JSON object. */
  output: Record<string, unknown> | null;
  /** The answer was `{content}` only: there is no subject by design. */
  contentOnly?: boolean;
  useCase?: UseCase;
  sources?: readonly { url: string; title?: string }[];
  /** Normalised openings (see `openingSentence`) of the file's other rows → their 0-based index. */
  otherOpenings?: ReadonlyMap<string, number>;
  /** This row's 0-based index: an `otherOpenings` entry pointing at it is ignored. */
  rowIndex?: number;
  /** What the e-mail was written from (`ungrounded_claim`); without it that rule is not checked. */
  grounding?: GroundingSources;
  /** The prompt's variables without a fallback that were empty in the row (`thin_input`). */
  emptyVariables?: readonly string[];
};

const EMPTY_CELLS: readonly string[] = [PLACEHOLDERS.noSubject, PLACEHOLDERS.noBody, PLACEHOLDERS.noSubjectField];
const isBlank = (s: string) => s.trim() === "";
const isParseErrorCell = (s: string) => s.trim() === PLACEHOLDERS.parseError;
const isEmptyCell = (s: string) => EMPTY_CELLS.includes(s.trim());
/** A cell as text to check: app placeholder cells are no text. */
const asText = (s: string) => (isEmptyCell(s) || isParseErrorCell(s) ? "" : s);
const quote = (s: string, max = 60) => `"${[...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s}"`;

/** Why a row has no usable output, or null. Placeholder cells count as empty, "(Parse Error)" does not. */
function emptyMessage({ subject, body, contentOnly }: QualityInput): string | null {
  const noBody = isBlank(body) || isEmptyCell(body);
  if (contentOnly) return noBody ? "The model returned no content" : null;
  if (isBlank(subject) && isBlank(body)) return "Subject and body are empty";
  const noSubject = isEmptyCell(subject);
  if (noBody && noSubject) return "The model returned no subject and no body";
  if (noBody) return "The model returned no body";
  return noSubject ? "The model returned no subject" : null;
}

const PREAMBLE_MESSAGES = {
  body: { start: "Starts with model meta-talk", line: "Contains model meta-talk" },
  subject: { start: "Subject starts with model meta-talk", line: "Subject contains model meta-talk" },
} as const;

/**
 * Flags of one row, in QUALITY_RULE_IDS order; a disabled rule never flags, severity overrides apply.
 * App placeholder cells ("(No body returned)", "(Parse Error)" …) are checked as empty text, and
 * without a usable body (empty_output / parse_error say why) body_length, duplicate_opening and
 * no_sources are skipped: they would only repeat the problem.
 */
export function checkQuality(input: QualityInput, rules?: QualityRules | null): QualityFlag[] {
  const flags: QualityFlag[] = [];
  const flag = (rule: QualityRuleId, message: string) => {
    const r = resolveRule(rules, rule);
    if (r.enabled) flags.push({ rule, severity: r.severity, message });
  };
  const isParseError = input.output === null || isParseErrorCell(input.subject) || isParseErrorCell(input.body);
  const subject = input.contentOnly || isParseError ? "" : asText(input.subject);
  const body = isParseError ? "" : asText(input.body);
  const hasBody = !isBlank(body);

  const placeholders = [...new Set(findPlaceholders(subject).concat(findPlaceholders(body)))];
  if (placeholders.length > 0) {
    const list = placeholders.slice(0, 5).map((p) => quote(p));
    flag("unresolved_placeholder", `Unresolved placeholder${list.length > 1 ? "s" : ""} ${list.join(", ")}`);
  }

  // The body's start first, then anything in the subject, then a meta-talk line later in the body.
  const inBody = findPreamble(body);
  const inSubject = findPreamble(subject);
  const inSubjectFirst = inSubject !== null && inBody?.at !== "start";
  const preamble = inSubjectFirst ? inSubject : inBody;
  if (preamble)
    flag("preamble", `${PREAMBLE_MESSAGES[inSubjectFirst ? "subject" : "body"][preamble.at]}: ${quote(preamble.line)}`);

  const empty = isParseError ? null : emptyMessage(input);
  if (empty) flag("empty_output", empty);
  if (isParseError) flag("parse_error", "The model's answer could not be read (not a JSON object)");

  const { maxChars } = resolveRule(rules, "subject_too_long");
  const subjectChars = [...subject.trim()].length;
  if (subjectChars > maxChars) flag("subject_too_long", `Subject is ${subjectChars} characters (limit ${maxChars})`);

  if (hasBody) {
    const { minWords, maxWords } = resolveRule(rules, "body_length");
    const words = countWords(body);
    if (words < minWords || words > maxWords)
      flag("body_length", `Body has ${words} word${words === 1 ? "" : "s"} (expected ${minWords}–${maxWords})`);
  }

  const spam = findSpamWords([subject, body]);
  if (spam.length > 0)
    flag("spam_words", `Spam-trigger word${spam.length > 1 ? "s" : ""}: ${spam.map((w) => `"${w}"`).join(", ")}`);

  if (hasBody && input.otherOpenings && input.otherOpenings.size > 0) {
    const opening = openingSentence(body);
    const other = opening === null ? undefined : input.otherOpenings.get(opening);
    if (other !== undefined && other !== input.rowIndex)
      flag("duplicate_opening", `Same opening sentence as row ${other + 1}`);
  }

  if (hasBody && input.useCase === "web_research" && !input.sources?.some((s) => s.url.trim() !== ""))
    flag("no_sources", "Web research answer cites no sources");

  const grounding = resolveRule(rules, "ungrounded_claim");
  if (input.grounding && grounding.enabled && (hasBody || !isBlank(subject))) {
    const claims = ungroundedClaims([subject, body], input.grounding, grounding.ignore);
    if (claims.length > 0) flag("ungrounded_claim", ungroundedMessage(claims));
  }
  if (input.emptyVariables?.length) flag("thin_input", thinInputMessage(input.emptyVariables));
  return flags;
}

/** "{{Company}} is empty in this row and has no fallback" (several: "{{Company}}, {{Title}} are … have …"). */
function thinInputMessage(columns: readonly string[]): string {
  const list = columns.map((c) => `{{${c}}}`).join(", ");
  return columns.length === 1
    ? `${list} is empty in this row and has no fallback`
    : `${list} are empty in this row and have no fallback`;
}

// --- Openings across rows ---

export type OpeningRow = { rowIndex: number; body: string };

/** Normalised opening → the first row (0-based index) that has it; `exceptRowIndex` is left out. */
export function collectOpenings(rows: Iterable<OpeningRow>, exceptRowIndex?: number): Map<string, number> {
  const openings = new Map<string, number>();
  for (const { rowIndex, body } of rows) {
    if (rowIndex === exceptRowIndex) continue;
    const opening = openingSentence(asText(body));
    if (opening !== null && !openings.has(opening)) openings.set(opening, rowIndex);
  }
  return openings;
}

/**
 * `duplicate_opening` for a whole file at once: every row sharing its opening with another row gets a
 * flag naming the first other row of its group (the first row names the second). Map rowIndex → flag.
 */
export function flagDuplicateOpenings(
  rows: Iterable<OpeningRow>,
  rules?: QualityRules | null,
): Map<number, QualityFlag> {
  const result = new Map<number, QualityFlag>();
  const rule = resolveRule(rules, "duplicate_opening");
  if (!rule.enabled) return result;
  const groups = new Map<string, number[]>();
  for (const { rowIndex, body } of rows) {
    const opening = openingSentence(asText(body));
    if (opening === null) continue;
    const group = groups.get(opening);
    if (group) group.push(rowIndex);
    else groups.set(opening, [rowIndex]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const rowIndex of group) {
      const other = group[0] === rowIndex ? group[1] : group[0];
      result.set(rowIndex, {
        rule: "duplicate_opening",
        severity: rule.severity,
        message: `Same opening sentence as row ${other + 1}`,
      });
    }
  }
  return result;
}
