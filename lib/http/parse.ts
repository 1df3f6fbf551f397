import type { z } from "zod";
import { AppError } from "./errors";
import { zodMessage } from "./respond";

const MAX_JSON_BYTES = 60 * 1024 * 1024;

/** Reads a JSON body and validates it; malformed JSON or a wrong type is a 400 with `{ msg }`. */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError(413, "Request body is too large");
  let text: string;
  try {
    text = await req.text();
  } catch {
    throw new AppError(400, "Could not read the request body");
  }
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError(400, "Malformed JSON in request body");
    }
  }
  return parseValue(data, schema);
}

export function parseValue<S extends z.ZodType>(data: unknown, schema: S): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError(400, zodMessage(result.error));
  return result.data;
}

/** Validates the query string (as a plain object of strings). */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return parseValue(params, schema);
}
