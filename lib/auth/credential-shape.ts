/**
 * What a credential can look like before anything looks it up. Every token this app issues is
 * printable ASCII from a small alphabet: a session token (32 letters and digits), its signed cookie
 * form (`token.signature`, base64, percent-encoded), an API key (`cm_live_` + base64url). A value
 * outside that shape — NUL or other control characters, bytes above 0x7f, a lone surrogate, an
 * undecodable percent escape, an over-long value — cannot be one, and is refused as
 * unauthenticated before it reaches the database (which refuses NUL in text: a 500, not a 401).
 */

/** Far above any token we issue (a signed cookie is about 80 characters). */
export const MAX_TOKEN_LENGTH = 512;

const TOKEN_CHARACTERS = /^[A-Za-z0-9._~+/=-]+$/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/g;

/** A value that could be a token: non-empty, not too long, from the tokens' alphabet (after percent-decoding). */
export function isPlausibleToken(raw: string): boolean {
  if (raw.length === 0 || raw.length > MAX_TOKEN_LENGTH * 3) return false;
  let value = raw;
  if (raw.includes("%")) {
    try {
      value = decodeURIComponent(raw);
    } catch {
      return false;
    }
  }
  return value.length <= MAX_TOKEN_LENGTH && TOKEN_CHARACTERS.test(value);
}

/**
 * Whether a request presents a credential that cannot be one: an `x-auth-token`, an
 * `Authorization` header that is not `Bearer <token>`, or a session cookie whose value is not a
 * token. Such a request is answered as signed out (`session_invalid`), whatever else it carries.
 */
export function hasMalformedCredential(headers: Headers): boolean {
  const xToken = headers.get("x-auth-token");
  if (xToken !== null && xToken.trim() !== "" && !isPlausibleToken(xToken.trim())) return true;
  const authorization = headers.get("authorization")?.trim() ?? "";
  if (/^bearer(\s|$)/i.test(authorization) && !isPlausibleToken(authorization.slice(6).trim())) return true;
  const cookie = headers.get("cookie");
  if (cookie) {
    for (const match of cookie.matchAll(SESSION_COOKIE)) if (!isPlausibleToken(match[1]!)) return true;
  }
  return false;
}
