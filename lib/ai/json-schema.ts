import { AppError } from "@/lib/errors";

/**
 * Normalises a JSON schema given as text (what the dialog's text area holds) or as an
 * object, and checks it describes a JSON object. Returns the text to store.
 */
export function normalizeJsonSchema(input: string | Record<string, unknown>): string {
  let parsed: unknown = input;
  let text = typeof input === "string" ? input : JSON.stringify(input, null, 2);
  if (typeof input === "string") {
    if (!input.trim()) throw new AppError("invalid_input", "JSON Schema cannot be empty");
    try {
      parsed = JSON.parse(input);
    } catch {
      throw new AppError(
        "invalid_input",
        "JSON Schema is not valid JSON. Check for missing quotes, commas or brackets.",
      );
    }
    text = input;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("invalid_input", "JSON Schema must be a JSON object");
  }
  const schema = parsed as Record<string, unknown>;
  const describesObject =
    schema.type === "object" || (schema.type === undefined && typeof schema.properties === "object");
  if (!describesObject) throw new AppError("invalid_input", 'JSON Schema must describe an object ("type": "object")');
  if (
    schema.properties !== undefined &&
    (typeof schema.properties !== "object" || schema.properties === null || Array.isArray(schema.properties))
  ) {
    throw new AppError("invalid_input", 'JSON Schema "properties" must be an object');
  }
  return text;
}
