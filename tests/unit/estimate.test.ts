import { describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import {
  ANTHROPIC_TOOL_SYSTEM_TOKENS,
  CLAUDE_TOKENS_PER_O200K_TOKEN,
  fixedInputTokens,
  promptTokens,
  schemaOutputTokens,
  textTokens,
  WEB_RESEARCH_INPUT_ALLOWANCE,
} from "@/lib/ai/token-count";
import { SYSTEM_PROMPT } from "@/lib/ai/structured-output";
import { estimateSuffix, formatCostEstimate, formatDurationEstimate, formatUsd } from "@/lib/client/estimate-format";
import { costRange, OUTPUT_SPREAD, runSeconds } from "@/lib/services/usage/estimate";

const schema = JSON.parse(DEFAULT_JSON_SCHEMA) as Record<string, unknown>;

describe("token counting", () => {
  it("counts o200k tokens of real text, plain text only", () => {
    expect(textTokens("")).toBe(0);
    expect(textTokens("Hello world")).toBe(2);
    expect(textTokens("Hello <|endoftext|>")).toBeGreaterThan(2); // no special token, no throw
    const prose = "Write a short, friendly cold email to Anna at Northwind about their renewable energy work.";
    expect(textTokens(prose)).toBeGreaterThan(prose.length / 6);
    expect(textTokens(prose)).toBeLessThan(prose.length / 3);
  });

  it("counts what each provider's request carries besides the prompt", () => {
    const openai = fixedInputTokens({ provider: "OpenAI", useCase: "content_creation", schema });
    // System prompt + schema (strict response_format) + message framing.
    expect(openai).toBe(textTokens(SYSTEM_PROMPT) + textTokens(JSON.stringify(schema)) + 8 + 11);
    const claude = fixedInputTokens({ provider: "Anthropic", useCase: "content_creation", schema });
    expect(claude).toBeGreaterThan(ANTHROPIC_TOOL_SYSTEM_TOKENS + textTokens(SYSTEM_PROMPT));
    const research = fixedInputTokens({ provider: "OpenAI", useCase: "web_research", schema });
    expect(research - openai).toBeGreaterThan(WEB_RESEARCH_INPUT_ALLOWANCE);
    // A schema that is not strict-compatible travels in the instructions instead (JSON mode).
    const loose = { type: "object", properties: { subject_line: { type: "string" } } };
    const looseTokens = fixedInputTokens({ provider: "OpenAI", useCase: "content_creation", schema: loose });
    expect(looseTokens).toBeGreaterThan(textTokens(SYSTEM_PROMPT) + textTokens(JSON.stringify(loose)));
  });

  it("scales Claude prompts by the calibration factor", () => {
    const prompt = "Write to Bartholomew at Globex International about freight.";
    expect(promptTokens("OpenAI", prompt)).toBe(textTokens(prompt));
    expect(promptTokens("Anthropic", prompt)).toBe(Math.round(textTokens(prompt) * CLAUDE_TOKENS_PER_O200K_TOKEN));
  });

  it("expects output tokens per schema field", () => {
    const subjectAndBody = schemaOutputTokens(schema);
    expect(subjectAndBody).toBeGreaterThan(200);
    expect(subjectAndBody).toBeLessThan(230);
    const followUps = {
      type: "object",
      properties: {
        ...(schema.properties as object),
        follow_up_1: { type: "string" },
        follow_up_2: { type: "string" },
      },
    };
    expect(schemaOutputTokens(followUps) - subjectAndBody).toBeGreaterThan(160);
    expect(schemaOutputTokens({ type: "object", properties: { score: { type: "integer" } } })).toBeLessThan(10);
    expect(schemaOutputTokens({ type: "object" })).toBe(200);
  });
});

describe("cost range and duration", () => {
  it("costs the output at ×0.6 / ×1 / ×1.6 with the input exact; null without a price", () => {
    // gpt-4o-mini's price is in the catalogue once the registry lands; an id without a price gives null.
    expect(costRange("gpt-model-without-price", 1000, 1000)).toBeNull();
    expect(OUTPUT_SPREAD).toEqual({ low: 0.6, high: 1.6 });
  });

  it("takes at least one call's time, else rows over the rate", () => {
    expect(runSeconds(3, 1, 8)).toBe(8);
    expect(runSeconds(250, 1, 8)).toBe(250);
    expect(runSeconds(10, 0.25, 30)).toBe(40);
    expect(runSeconds(7, 2, 1)).toBe(4);
  });
});

describe("estimate formatting", () => {
  it("formats costs", () => {
    expect(formatCostEstimate(0)).toBe("< $0.01");
    expect(formatCostEstimate(0.004)).toBe("< $0.01");
    expect(formatCostEstimate(0.42)).toBe("≈ $0.42");
    expect(formatCostEstimate(12.345)).toBe("≈ $12.35");
    expect(formatCostEstimate(1250.4)).toBe("≈ $1,250");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(0.0042)).toBe("$0.0042");
    expect(formatUsd(3.5)).toBe("$3.50");
  });

  it("formats durations", () => {
    expect(formatDurationEstimate(8)).toBe("< 1 min");
    expect(formatDurationEstimate(59)).toBe("< 1 min");
    expect(formatDurationEstimate(60)).toBe("≈ 1 min");
    expect(formatDurationEstimate(170)).toBe("≈ 3 min");
    expect(formatDurationEstimate(3600)).toBe("≈ 1 h");
    expect(formatDurationEstimate(4200)).toBe("≈ 1 h 10 min");
    expect(formatDurationEstimate(3599)).toBe("≈ 1 h");
  });

  it("writes the Save menu's suffix, leaving out what is unknown", () => {
    const cost = { low: 0.3, expected: 0.42, high: 0.6 };
    expect(estimateSuffix({ costUsd: cost, durationSeconds: 170 })).toBe(" · ≈ $0.42 · ≈ 3 min");
    expect(estimateSuffix({ costUsd: null, durationSeconds: 170 })).toBe(" · ≈ 3 min");
    expect(estimateSuffix({ costUsd: cost, durationSeconds: null })).toBe(" · ≈ $0.42");
    expect(estimateSuffix({ costUsd: null, durationSeconds: null })).toBe("");
  });
});
