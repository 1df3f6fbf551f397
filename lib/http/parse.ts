import { z } from "zod";
import { AppError, notFound } from "@/lib/errors";
import { idParam, INVALID_TEXT_MESSAGE, segmentParam, unstorableJson } from "@/lib/validation/strings";
import { isStorableBySchema } from "@/lib/validation/schema-marks";
import { zodMessage } from "./respond";

const MiB = 1024 * 1024;

/**
 * Request body caps (read while streaming): routes that carry a whole file's rows (CSV import and
 * append, PUT /csv/update, generation payloads with `data`, webhook and Zapier sends) take
 * `BODY_LIMITS.rows`; every other route the default.
 */
export const BODY_LIMITS = { default: 1 * MiB, rows: 32 * MiB } as const;

function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `Request body is too large (at most ${maxBytes / MiB} MB)`, { maxBytes });
}

/**
 * The request body as text, piece by piece as it arrives, refused with a 413 as soon as it passes
 * `maxBytes` (a larger Content-Length is refused before reading anything): no request grows memory
 * past its cap, chunked uploads included. Invalid UTF-8 becomes U+FFFD (a character split between
 * two pieces is decoded whole).
 */
export async function* bodyTextPieces(req: Request, maxBytes: number = BODY_LIMITS.default): AsyncGenerator<string> {
  const declared = req.headers.get("content-length");
  if (declared !== null && declared.trim() !== "") {
    const length = Number(declared);
    if (!Number.isFinite(length) || length > maxBytes) {
      await req.body?.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
  }
  if (!req.body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = req.body.getReader();
  } catch {
    throw new AppError("invalid_input", "Could not read the request body");
  }
  const decoder = new TextDecoder("utf-8");
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw new AppError("invalid_input", "Could not read the request body");
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      const piece = decoder.decode(next.value, { stream: true });
      if (piece) yield piece;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    // An early return (a consumer that stopped reading) cancels the rest of the upload.
    if (total <= maxBytes) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The whole request body as text (see `bodyTextPieces`: capped while streaming, 413 past the cap). */
export async function readBodyText(req: Request, maxBytes: number = BODY_LIMITS.default): Promise<string> {
  const parts: string[] = [];
  for await (const piece of bodyTextPieces(req, maxBytes)) parts.push(piece);
  return parts.join("");
}

/** The 400 message of a body that is not JSON (also the streamed CSV import's). */
export const MALFORMED_JSON = "Malformed JSON in request body";

export interface ParseBodyOptions {
  /** Largest body accepted, in bytes (default `BODY_LIMITS.default`, 1 MiB). */
  maxBytes?: number;
}

/**
 * Reads a JSON body (capped while streaming, see `readBodyText`) and validates it; malformed JSON
 * or a wrong type is a 400 `{ msg, code: "invalid_input" }`, a body over the cap a 413.
 */
export async function parseBody<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
  options: ParseBodyOptions = {},
): Promise<z.output<S>> {
  const text = await readBodyText(req, options.maxBytes ?? BODY_LIMITS.default);
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError("invalid_input", MALFORMED_JSON);
    }
  }
  return parseValue(data, schema);
}

/**
 * Validates a value with a schema: a failure is a 400 with the first issue's message. As a last
 * line of defence the parsed value is checked too: text the database cannot store (NUL, unpaired
 * surrogates), out-of-range dates or absurd nesting that a schema let through is still a 400.
 */
export function parseValue<S extends z.core.$ZodType>(data: unknown, schema: S): z.output<S> {
  // z.safeParse: the schema may be zod or zod/mini (the auth bodies).
  const result = z.safeParse(schema, data);
  if (!result.success) throw new AppError("invalid_input", zodMessage(result.error));
  if (isStorableBySchema(schema)) return result.data;
  const problem = unstorableJson(result.data, 128);
  if (problem)
    throw new AppError("invalid_input", problem === INVALID_TEXT_MESSAGE ? `Invalid input: ${problem}` : problem);
  return result.data;
}

/**
 * Validates the query string (as a plain object of strings; a repeated name keeps its last value).
 * URLSearchParams never throws: `%ff` decodes to U+FFFD, `%00` to NUL (refused by the schemas).
 */
export function parseQuery<S extends z.core.$ZodType>(req: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return parseValue(params, schema);
}

/** A path id (`{id}`) of one of our tables; anything else cannot exist: 404 with `notFoundMessage`. */
export function parseId(value: unknown, notFoundMessage: string): string {
  if (!idParam.safeParse(value).success) throw notFound(notFoundMessage);
  return value as string;
}

/** Another path segment (a token, a session id, a user id, a column name): storable text, else 404. */
export function parseSegment(value: unknown, notFoundMessage: string): string {
  const result = segmentParam.safeParse(value);
  if (!result.success) throw notFound(notFoundMessage);
  return result.data;
}
