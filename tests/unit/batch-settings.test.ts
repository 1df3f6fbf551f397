import { describe, expect, it } from "vitest";
import {
  BatchSettingsError,
  batchSettingsSchema,
  isUnlimitedSettings,
  parseBatchSettings,
} from "@/lib/services/generation/batch-settings";

const VALID = {
  provider: "OpenAI",
  connectionId: "0b7a4c52-7b59-4a0e-9d7c-3f1f1a0c1d2e",
  model: "gpt-4o-mini",
  prompt: "Write to {{Name}}",
  jsonSchema: '{"type":"object","properties":{"subject_line":{"type":"string"}}}',
  useCase: "content_creation",
  unlimited: false,
};

describe("BatchSettings", () => {
  it("parses what start-batch writes", () => {
    expect(parseBatchSettings(VALID)).toEqual(VALID);
    expect(batchSettingsSchema.safeParse({ ...VALID, unlimited: true }).success).toBe(true);
  });

  it.each([
    ["an unknown provider", { ...VALID, provider: "Gemini" }],
    ["an empty prompt", { ...VALID, prompt: "" }],
    ["a schema that is not JSON", { ...VALID, jsonSchema: "{oops" }],
    ["a schema that is not an object", { ...VALID, jsonSchema: "[1, 2]" }],
    ["an unknown use case", { ...VALID, useCase: "spam" }],
    ["no unlimited flag", { ...VALID, unlimited: undefined }],
    ["nothing at all", {}],
    ["not an object", "settings"],
  ])("refuses %s with a BatchSettingsError", (_label, value) => {
    expect(() => parseBatchSettings(value)).toThrow(BatchSettingsError);
  });

  it("isUnlimitedSettings never throws and is true only for unlimited: true", () => {
    expect(isUnlimitedSettings({ ...VALID, unlimited: true })).toBe(true);
    expect(isUnlimitedSettings({ unlimited: true })).toBe(true);
    for (const value of [VALID, { unlimited: "yes" }, {}, null, undefined, 42])
      expect(isUnlimitedSettings(value)).toBe(false);
  });
});
