/**
 * A plain fetch for tests of the fakes: sends `body` as JSON (POST when there is one) and answers the status,
 * the headers, the text and the body parsed as JSON (the text itself when it is not JSON).
 */
export type JsonBody = Record<string, unknown>;

export async function fetchJson(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text is the body
  }
  return { status: res.status, headers: res.headers, body: body as JsonBody, text };
}
