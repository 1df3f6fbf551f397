import { z } from "zod";
import { isUuid } from "@/lib/http/ids";
import { INVALID_TEXT_MESSAGE, isStorableText } from "./storable-text";

/**
 * Hostile-input-safe building blocks for every body, query and path parser (client-safe: the
 * forms validate with the same schemas).
 *
 * PostgreSQL cannot store a NUL character in text or jsonb, and rejects a lone UTF-16 surrogate
 * in jsonb (`\ud800` without its pair); timestamps outside what both JavaScript and PostgreSQL
 * read back the same way fail there too. Input carrying any of these is refused with a 400, or
 * cleaned where that is what a user expects (cells and headers of an imported CSV file).
 */

export { INVALID_TEXT_MESSAGE, isStorableText };

const LONE_SURROGATES = /\p{Cs}/gu;
const NUL = /\u0000/g;

/** The text with NUL characters removed and unpaired surrogates replaced by U+FFFD. */
export function cleanText(value: string): string {
  if (isStorableText(value)) return value;
  return value.replace(NUL, "").replace(LONE_SURROGATES, "\uFFFD");
}

/** Every string (and object key) of a JSON-like value cleaned; other values kept. */
export function cleanDeep<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((v) => cleanDeep(v)) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[cleanText(k)] = cleanDeep(v);
    return out as T;
  }
  return value;
}

/** Oldest and newest instants a date field accepts: both ends round-trip through PostgreSQL and `toISOString`. */
const DATE_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

function isDateInRange(date: Date): boolean {
  const t = date.getTime();
  return Number.isFinite(t) && t >= DATE_RANGE.min && t <= DATE_RANGE.max;
}

/**
 * A date string JavaScript reads as a real date within DATE_RANGE (so "2024-13-45", "+010000-01-01" and "99999999999"
 * are refused).
 */
export function parseDateText(value: string): Date | null {
  const text = value.trim();
  if (!text || text.length > 64 || !isStorableText(text)) return null;
  const date = new Date(text);
  return isDateInRange(date) ? date : null;
}

/**
 * Why a JSON-like value cannot be stored (a refused string, or nesting deeper than `maxDepth`),
 * or null when it can. Iterative, so hostile nesting cannot overflow the stack.
 */
export function unstorableJson(value: unknown, maxDepth = 64): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return INVALID_TEXT_MESSAGE;
    } else if (v instanceof Date) {
      if (!isDateInRange(v)) return "Date is out of range";
    } else if (v && typeof v === "object") {
      if (depth >= maxDepth) return "Invalid input: nested too deeply";
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const [k, item] of Object.entries(v)) {
          if (!isStorableText(k)) return INVALID_TEXT_MESSAGE;
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * A string that can be stored: NUL or an unpaired surrogate is a 400. Chain `.trim().min().max()`
 * as on `z.string()`; `params` sets the message for a missing or non-string value.
 */
export function safeString(params?: StringParams) {
  return z.string(params).refine(isStorableText, { message: INVALID_TEXT_MESSAGE, abort: true });
}

/** A string that is cleaned instead of refused (NUL removed, unpaired surrogates → U+FFFD): CSV cells and headers. */
export function cleanString(params?: StringParams) {
  return z.string(params).overwrite(cleanText);
}

/** `safeString` with a maximum length (and optionally trimmed). */
export function safeText({
  max,
  trim = false,
  tooLong,
  ...params
}: {
  max: number;
  trim?: boolean;
  tooLong?: string;
  error?: string;
}) {
  const base = safeString(params.error ? { error: params.error } : undefined);
  return (trim ? base.trim() : base).max(max, tooLong);
}

/**
 * A date-time as text, read with `new Date(text)` and kept within DATE_RANGE; the output is the
 * Date. `invalid` is the message for anything else; `required` for a missing (or non-text) value,
 * `blank` for an empty one (default: `required`).
 */
export function safeDate(invalid: string, required = invalid, blank = required) {
  return z
    .string({ error: required })
    .trim()
    .min(1, blank)
    .max(64, invalid)
    .refine((v) => parseDateText(v) !== null, { message: invalid, abort: true })
    .transform((v) => parseDateText(v)!);
}

/** An object of JSON values that can be stored in jsonb (no refused text, nesting at most 64 deep). */
export function safeJsonObject(message: string) {
  return z.record(z.string(), z.unknown(), { error: message }).superRefine((value, ctx) => {
    const problem = unstorableJson(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** A path id of one of our tables (a UUID). */
export const idParam = z.string().refine(isUuid);

/** Any other path segment (a token, a session id, a column name): storable text of reasonable length. */
export const segmentParam = safeString().min(1).max(1000);
