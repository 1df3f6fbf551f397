/**
 * The zod schema of the quality rules' overrides (`qualityRules` of a run, a template or the saved
 * configuration); the rules themselves are in ./rules.ts.
 */
import { z } from "zod";
import { QUALITY_SEVERITIES, type QualityRuleId } from "./rule-ids";

const limit = z.number().int().positive();
const quoted = (keys: readonly PropertyKey[]) => keys.map((k) => `"${String(k)}"`).join(", ");

function ruleSchema<Shape extends z.ZodRawShape>(id: QualityRuleId, limits: Shape) {
  return z.strictObject(
    { enabled: z.boolean().optional(), severity: z.enum(QUALITY_SEVERITIES).optional(), ...limits },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown setting${issue.keys.length > 1 ? "s" : ""} ${quoted(issue.keys)} for quality rule "${id}"`
          : undefined,
    },
  );
}

/**
 * `qualityRules`: per rule `{ enabled?, severity?, ...limits }`, limits positive integers
 * (`maxChars` of subject_too_long, `minWords`/`maxWords` of body_length); `ignore` of ungrounded_claim
 * lists words and phrases that never count as claims. Unknown rule ids and
 * settings are refused by name; minWords > maxWords is refused when both are given.
 */
export const qualityRulesSchema = z.strictObject(
  {
    unresolved_placeholder: ruleSchema("unresolved_placeholder", {}).optional(),
    preamble: ruleSchema("preamble", {}).optional(),
    empty_output: ruleSchema("empty_output", {}).optional(),
    parse_error: ruleSchema("parse_error", {}).optional(),
    subject_too_long: ruleSchema("subject_too_long", { maxChars: limit.optional() }).optional(),
    body_length: ruleSchema("body_length", { minWords: limit.optional(), maxWords: limit.optional() })
      .refine((r) => r.minWords === undefined || r.maxWords === undefined || r.minWords <= r.maxWords, {
        message: "minWords must not be greater than maxWords",
        path: ["minWords"],
      })
      .optional(),
    spam_words: ruleSchema("spam_words", {}).optional(),
    duplicate_opening: ruleSchema("duplicate_opening", {}).optional(),
    no_sources: ruleSchema("no_sources", {}).optional(),
    ungrounded_claim: ruleSchema("ungrounded_claim", {
      ignore: z
        .array(z.string().trim().min(1, "ignore must not hold empty entries").max(200), {
          error: "ignore must be a list of words or phrases",
        })
        .max(500, "ignore holds at most 500 entries")
        .optional(),
    }).optional(),
    thin_input: ruleSchema("thin_input", {}).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown quality rule${issue.keys.length > 1 ? "s" : ""} ${quoted(issue.keys)}`
        : undefined,
  },
);
export type QualityRules = z.infer<typeof qualityRulesSchema>;
