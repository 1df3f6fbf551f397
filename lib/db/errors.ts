/**
 * Whether a database failure is an outage (the connection or the server went away) rather than
 * a refusal of this statement. An outage is nobody's row's fault: work stops and is retried; a
 * refused statement (a value the database cannot store, a constraint) fails that piece of work.
 */
const OUTAGE_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const OUTAGE_TEXT =
  /connection terminated|terminating connection|connection (?:is )?(?:closed|ended|refused)|server closed the connection|timeout exceeded when trying to connect|the database system is (?:starting up|shutting down)|too many clients/i;

export function isDatabaseOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (OUTAGE_CODES.has(code) || /^(08|57P)/.test(code))) return true;
    if (e instanceof Error && OUTAGE_TEXT.test(e.message)) return true;
  }
  return false;
}
