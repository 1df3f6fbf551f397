/**
 * Paths that cannot be decoded (`%ff`, `%E0%A4%A`, a lone `%`) or that decode to a NUL (`%00`).
 * Next's router throws on an undecodable dynamic segment before any route handler runs and
 * answers with a bare "Internal Server Error"; the proxy answers these first, with the API's JSON.
 */
export const MALFORMED_PATH_MESSAGE = "Malformed URL: the path is not valid percent-encoded UTF-8";

/** Why a raw (still percent-encoded) pathname is refused, or null when it is fine. */
export function malformedPathProblem(pathname: string): string | null {
  if (!pathname.includes("%")) return null;
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return MALFORMED_PATH_MESSAGE;
    }
    if (decoded.includes("\u0000")) return MALFORMED_PATH_MESSAGE;
  }
  return null;
}

/** The 400 `{ msg, code }` for a malformed path, or null to let the request through. */
export function malformedPathResponse(pathname: string): Response | null {
  const problem = malformedPathProblem(pathname);
  return problem ? Response.json({ msg: problem, code: "invalid_input" }, { status: 400 }) : null;
}
