import "server-only";
import type { z } from "zod";
import type { UserRow } from "@/lib/db/schema";
import { getCurrentUser } from "@/lib/auth/server-user";
import { AppError } from "./errors";
import { zodMessage } from "./respond";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

/**
 * The one wrapper for server actions: validates the input with the same zod schema as the
 * route, resolves the signed-in user, calls the service and returns a typed result.
 */
export function userAction<S extends z.ZodType, T>(schema: S, fn: (input: z.output<S>, user: UserRow) => Promise<T>) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    const user = await getCurrentUser();
    if (!user) return { ok: false, error: "Authentication required", status: 401 };
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, error: zodMessage(parsed.error), status: 400 };
    try {
      return { ok: true, data: await fn(parsed.data, user) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.msg, status: error.status };
      const requestId = crypto.randomUUID().slice(0, 8);
      console.error(`[action] failed (request ${requestId})`, error);
      return { ok: false, error: "Something went wrong. Please try again.", status: 500 };
    }
  };
}
