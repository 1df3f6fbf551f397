/** Helpers for asking models for JSON that follows the user's schema. */

export type JsonSchema = Record<string, unknown>;

export const SYSTEM_PROMPT =
  "You write personalised cold emails for B2B outreach. Follow the user's instructions exactly. " +
  "Answer only with the structured output requested: no preamble, no markdown.";

/** OpenAI's strict mode needs every object closed (additionalProperties: false) with all properties required. */
export function isStrictCompatible(schema: unknown): boolean {
  if (!schema || typeof schema !== "object") return true;
  const s = schema as Record<string, unknown>;
  if (s.type === "object" || s.properties) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    if (s.additionalProperties !== false) return false;
    if (!Object.keys(props).every((k) => required.includes(k))) return false;
    if (!Object.values(props).every(isStrictCompatible)) return false;
  }
  if (s.items && !isStrictCompatible(s.items)) return false;
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(s[key]) && !(s[key] as unknown[]).every(isStrictCompatible)) return false;
  }
  return true;
}

/** JSON object from model text: plain JSON, a fenced block, or the outermost {...}. */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced) candidates.push(fenced[1]!.trim());
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value = JSON.parse(candidate);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next form
    }
  }
  return null;
}

export function schemaInstructions(schema: JsonSchema): string {
  return `Reply with one JSON object that matches this JSON Schema:\n${JSON.stringify(schema)}`;
}

export const RESEARCH_INSTRUCTIONS =
  "Before writing, use web search to research the prospect's company and website so that the email refers to something specific and true about them.";
