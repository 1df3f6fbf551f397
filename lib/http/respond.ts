import { ZodError } from "zod";
import { AppError } from "./errors";

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

/** The user-facing text of a zod failure: our own messages as they are, built-in ones with the field name. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  // zod's own wording (ours never starts like this): prefix it with the field name.
  const generic = /^(Invalid input|Too (big|small):|Unrecognized key|Invalid (email address|URL|UUID|string|option|date|enum value))/.test(issue.message);
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

/** Maps anything thrown by a handler to a JSON `{ msg }` response. */
export function errorResponse(error: unknown, context: string): Response {
  if (error instanceof AppError) return json({ msg: error.msg, ...error.extra }, error.status);
  if (error instanceof ZodError) return json({ msg: zodMessage(error) }, 400);
  const requestId = crypto.randomUUID().slice(0, 8);
  console.error(`[api] ${context} failed (request ${requestId})`, error);
  return json({ msg: "Something went wrong. Please try again.", requestId }, 500);
}
