/** The quality rules' ids and severities: what ./rules.ts and ./rules-schema.ts both name. */
export const QUALITY_RULE_IDS = [
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
] as const;
export type QualityRuleId = (typeof QUALITY_RULE_IDS)[number];

export const QUALITY_SEVERITIES = ["block", "warn"] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

export type QualityFlag = { rule: QualityRuleId; severity: QualitySeverity; message: string };
