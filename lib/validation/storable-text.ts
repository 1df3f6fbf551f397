/*
 * What text PostgreSQL can store, without zod (./strings.ts builds the zod schemas on it; the
 * auth screens' zod/mini schemas use it without loading zod's full API).
 */

/** Message of a refused string; `zodMessage` prefixes it with the field's name. */
export const INVALID_TEXT_MESSAGE = "Text contains characters that are not allowed (NUL or an unpaired surrogate)";

// With the `u` flag a valid surrogate pair is one code point; only unpaired halves are \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text can be stored as it is (no NUL, no unpaired surrogate). */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}
