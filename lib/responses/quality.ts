/**
 * Answers of preview, quality flags and row approval (docs/api.md "Preview and quality"). Each
 * answer's type is inferred from its schema.
 */
import { z } from "zod";
import { QUALITY_RULE_DEFAULTS, QUALITY_RULE_IDS, QUALITY_RULE_LABELS, QUALITY_SEVERITIES } from "@/lib/quality/rules";
import { qualityRulesSchema } from "@/lib/quality/rules-schema";
import { cells, Usage } from "./common";

/** "`preamble` (block): Model preamble or meta-talk" per rule, with its limits. */
const RULE_LIST = QUALITY_RULE_IDS.map((id) => {
  const { severity, ...settings } = QUALITY_RULE_DEFAULTS[id];
  const shown = Object.entries(settings)
    .filter(([k]) => k !== "enabled")
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? JSON.stringify(v) : String(v)}`);
  return `\`${id}\` (${severity}${shown.length ? `, ${shown.join(", ")}` : ""}): ${QUALITY_RULE_LABELS[id]}`;
}).join("; ");

export const QualityFlag = z
  .object({
    rule: z.enum(QUALITY_RULE_IDS),
    severity: z.enum(QUALITY_SEVERITIES).describe("`block`: fix the row before sending it; `warn`: worth a look"),
    message: z.string().describe("A sentence for people, e.g. `Same opening sentence as row 2`"),
  })
  .describe("One quality rule the generated text broke");

export const QualityRules = qualityRulesSchema.describe(
  `Overrides of the quality rules, per rule id: \`{ enabled?, severity?, ...limits }\` (limits are positive integers; \`ungrounded_claim\` takes \`ignore\`: words and phrases that never count as claims). ` +
    `Rules and defaults — ${RULE_LIST}. Unknown rule ids or settings are refused (400). ` +
    "A payload's rules override the saved configuration's, field by field.",
);

export const WebSource = z.object({
  url: z.string(),
  title: z.string().describe("The page title as the provider reported it, else the URL's hostname"),
});

const previewBase = {
  rowIndex: z.number().int().describe("0-based index of the row, as in `GET /api/csv/{id}`"),
  rowId: z.number().int().describe("The row's id (`rowIds` of the file)"),
};
const previewContext = {
  prompt: z.string().describe("The prompt exactly as sent for this row (variables filled, examples included)"),
  row: cells().describe("The row's values"),
};
const PreviewResult = z.union([
  z.object({
    ...previewBase,
    subject_line: z.string(),
    email_body: z.string().describe("The body, or the `content` of a content-only answer"),
    output: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The model's whole answer; null when it was not a JSON object (flag `parse_error`)"),
    flags: z.array(QualityFlag),
    usage: Usage.nullable().describe("What the provider billed for this call; null when it sent no usage report"),
    sources: z.array(WebSource).nullable().describe("Web research: the pages the answer cites; null otherwise"),
    ...previewContext,
  }),
  z
    .object({
      ...previewBase,
      error: z.string().describe("Why the provider call failed; the row's credit was given back"),
      flags: z.array(QualityFlag).describe("Always []"),
      usage: z.null(),
      ...previewContext,
    })
    .describe("A row whose provider call failed"),
]);
export const Preview = z.object({
  previewId: z.string().describe("Send it to `POST /api/ai/preview/{id}/keep` (within 1 hour) to keep the results"),
  results: z.array(PreviewResult).describe("One entry per previewed row, in file order"),
});
export const KeepPreview = z.object({
  msg: z.string(),
  kept: z.number().int().describe("Rows written (rows deleted since the preview are skipped)"),
  rowIds: z.array(z.number().int()),
});
export const FileQuality = z.object({
  rows: z
    .array(
      z.object({
        rowIndex: z.number().int().describe("0-based index of the row, as in `GET /api/csv/{id}`"),
        rowId: z.number().int(),
        flags: z.array(QualityFlag),
        approved: z.boolean(),
      }),
    )
    .describe("The rows generated so far, in file order (rows without output are left out)"),
  counts: z
    .object({ block: z.number().int(), warn: z.number().int(), clean: z.number().int() })
    .describe("Rows by their most severe flag"),
});
export const RowApproval = z.object({ rowId: z.number().int(), approved: z.boolean() });

export type PreviewJson = z.output<typeof Preview>;
export type PreviewResultJson = z.output<typeof PreviewResult>;
export type KeepPreviewJson = z.output<typeof KeepPreview>;
export type FileQualityJson = z.output<typeof FileQuality>;
export type RowApprovalJson = z.output<typeof RowApproval>;
