import { ZodError } from "zod";
import { AppError, type ErrorCode } from "@/lib/errors";
import { INVALID_TEXT_MESSAGE } from "@/lib/validation/strings";
import { logger } from "@/lib/log";

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

/**
 * A large JSON answer (a whole file's rows): `body` is JSON text already (built by the database), or a
 * stream of it, sent as it is, or a value to serialise. (Next's server compresses it; it drops a route's
 * own Content-Encoding, so compressing here would encode the body twice.)
 */
export function jsonText(body: unknown, status = 200): Response {
  const payload = typeof body === "string" || body instanceof ReadableStream ? body : JSON.stringify(body);
  return new Response(payload, { status, headers: { "content-type": "application/json" } });
}

/**
 * A streamed answer body from text pieces made on demand: each piece is made and encoded only when the
 * stream asks for more (as the client reads), so the whole text never exists at once.
 */
export function textStream(pieces: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** The user-facing text of a zod failure: our own messages as they are, built-in ones with the field name. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  // zod's own wording (ours never starts like this): prefix it with the field name.
  const generic =
    issue.message === INVALID_TEXT_MESSAGE ||
    /^(Invalid input|Too (big|small):|Unrecognized key|Invalid (email address|URL|UUID|string|option|date|enum value))/.test(
      issue.message,
    );
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

/** The wire shape of every error: the product's `{ msg }` plus a stable `code`. */
interface ErrorJson {
  msg: string;
  code: ErrorCode;
  [extra: string]: unknown;
}

const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** An AppError as its JSON body and status. */
function errorBody(error: AppError): ErrorJson {
  return { msg: error.msg, code: error.code, ...error.extra };
}

/**
 * Maps anything thrown by a handler to a JSON `{ msg, code }` response. An unexpected error is
 * logged with its stack under the request's id, which the 500 body carries for support.
 */
export function errorResponse(error: unknown, context: string, requestId: string = crypto.randomUUID()): Response {
  if (error instanceof AppError) return json(errorBody(error), error.status);
  if (error instanceof ZodError)
    return json({ msg: zodMessage(error), code: "invalid_input" } satisfies ErrorJson, 400);
  logger("http").error({ err: error, requestId, route: context }, "unexpected error");
  return json({ msg: INTERNAL_ERROR_MESSAGE, code: "internal", requestId } satisfies ErrorJson, 500);
}
