import type { UseCase } from "@/lib/ai/providers";
import { DEFAULT_MODEL } from "./models";
import type { QualityRules } from "@/lib/quality/rules-schema";

/** Defaults of a new AI configuration. */
const DEFAULT_PROMPT =
  "Write a short, friendly cold email to {{First Name}} at {{Company}}. Open with one specific observation about {{Company}}, " +
  "say in one sentence how we help similar teams book more qualified meetings, and end with a low-pressure question. " +
  "Keep the body under 120 words with no buzzwords, and write a subject line of at most 8 words.";

export const DEFAULT_JSON_SCHEMA = JSON.stringify(
  {
    type: "object",
    properties: {
      subject_line: { type: "string", description: "The email subject line" },
      email_body: { type: "string", description: "The email body" },
    },
    required: ["subject_line", "email_body"],
    additionalProperties: false,
  },
  null,
  2,
);

export interface AiSettings {
  prompt: string;
  jsonSchema: string;
  maxRows: number;
  onlyRunIf: string;
  selectedModel: string;
  useCase: UseCase;
  connectionId: string | null;
  /** Spending cap per bulk run in USD (null: none). */
  maxCostUsd: number | null;
  /** Overrides of the quality rules (null: the defaults of lib/quality/rules.ts). */
  qualityRules: QualityRules | null;
}

export const DEFAULT_SETTINGS: AiSettings = {
  prompt: DEFAULT_PROMPT,
  jsonSchema: DEFAULT_JSON_SCHEMA,
  maxRows: 10,
  onlyRunIf: "",
  selectedModel: DEFAULT_MODEL,
  useCase: "web_research",
  connectionId: null,
  maxCostUsd: null,
  qualityRules: null,
};
