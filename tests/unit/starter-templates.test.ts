import { describe, expect, it } from "vitest";
import { outputFieldsOf } from "@/lib/ai/result";
import { missingVariables, promptVariables } from "@/lib/ai/prompt-variables";
import { findStarterTemplate, STARTER_TEMPLATES, starterSettings } from "@/lib/ai/starter-templates";
import { isStrictCompatible } from "@/lib/ai/structured-output";

describe("starter templates", () => {
  it("offers the three starters by name", () => {
    expect(STARTER_TEMPLATES.map((s) => s.name)).toEqual([
      "Single e-mail",
      "E-mail + 2 follow-ups",
      "3 subject lines to A/B test",
    ]);
    expect(new Set(STARTER_TEMPLATES.map((s) => s.id)).size).toBe(3);
  });

  it("has strict-compatible schemas of required string fields", () => {
    const fields = Object.fromEntries(
      STARTER_TEMPLATES.map((s) => {
        const schema = JSON.parse(s.jsonSchema) as { properties: Record<string, { type: string }>; required: string[] };
        expect(isStrictCompatible(schema)).toBe(true);
        expect(schema.required).toEqual(Object.keys(schema.properties));
        expect(Object.values(schema.properties).every((p) => p.type === "string")).toBe(true);
        return [s.id, Object.keys(schema.properties)];
      }),
    );
    expect(fields).toEqual({
      "single-email": ["subject_line", "email_body"],
      "email-follow-ups": ["subject_line", "email_body", "follow_up_1", "follow_up_2"],
      "subject-lines-ab": ["subject_line", "subject_line_b", "subject_line_c", "email_body"],
    });
    // The follow-ups become columns of their own.
    expect(outputFieldsOf(JSON.parse(findStarterTemplate("email-follow-ups")!.jsonSchema))).toEqual([
      "follow_up_1",
      "follow_up_2",
    ]);
  });

  it("uses First Name and Company, each with a fallback, so any CSV can run them", () => {
    for (const starter of STARTER_TEMPLATES) {
      const variables = promptVariables(starter.prompt);
      expect(variables.map((v) => v.name).sort()).toEqual(["Company", "First Name"]);
      expect(variables.every((v) => v.fallback && v.fallback.trim())).toBe(true);
      expect(missingVariables(starter.prompt, ["Email"])).toEqual([]);
    }
  });

  it("fills prompt, schema and use case only", () => {
    const starter = findStarterTemplate("single-email")!;
    expect(starterSettings(starter)).toEqual({
      prompt: starter.prompt,
      jsonSchema: starter.jsonSchema,
      useCase: "web_research",
    });
    expect(findStarterTemplate("nope")).toBeUndefined();
  });
});
