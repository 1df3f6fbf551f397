import { ApiError, hasCode, messageOf } from "@/lib/client/api";

/**
 * The text of a failed request: the server's `msg` (`message` for registration) or the
 * product's default for that call; when no answer came at all (network), the screen's
 * "... Please try again." fallback.
 */
export function failureMessage(error: unknown, serverDefault: string, screenFallback = serverDefault): string {
  if (!(error instanceof ApiError) || hasCode(error, "network")) return screenFallback;
  return messageOf(error, serverDefault);
}
