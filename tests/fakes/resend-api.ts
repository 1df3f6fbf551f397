/**
 * A fake of Resend's HTTP API for tests (node:http on 127.0.0.1, random port): point the SDK at
 * it with RESEND_BASE_URL. It implements `POST /emails` and `POST /emails/batch` with Resend's
 * wire format: the batch body is a JSON array of e-mails; with `x-batch-validation: permissive`
 * invalid recipients are answered in `errors: [{ index, message }]` and the others are sent. A
 * repeated `Idempotency-Key` gets the first answer again without sending anything twice.
 *
 *   const resend = await startFakeResend();
 *   resend.failNext(429);          // the next call answers 429 (rate limited)
 *   resend.refuse("bad@x.test");   // this address is refused (permissive: listed in errors)
 *   resend.calls / resend.sent     // every request, and every e-mail accepted once
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeResendCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  status: number;
}

export interface FakeResendEmail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
}

export interface FakeResend {
  url: string;
  calls: FakeResendCall[];
  sent: FakeResendEmail[];
  failNext(...statuses: number[]): void;
  refuse(...addresses: string[]): void;
  reset(): void;
  close(): Promise<void>;
}

const firstTo = (to: unknown) => String(Array.isArray(to) ? to[0] : to).toLowerCase();

export async function startFakeResend(): Promise<FakeResend> {
  const calls: FakeResendCall[] = [];
  const sent: FakeResendEmail[] = [];
  let failures: number[] = [];
  const refused = new Set<string>();
  const answered = new Map<string, { status: number; body: unknown }>();
  let nextId = 1;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      const answer = (status: number, payload: unknown) => {
        calls.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, status });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const failure = failures.shift();
      if (failure)
        return answer(failure, {
          statusCode: failure,
          name: failure === 429 ? "rate_limit_exceeded" : "application_error",
          message: `fake failure ${failure}`,
        });
      if (req.headers.authorization !== "Bearer re_test_key")
        return answer(401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
      const key = req.headers["idempotency-key"];
      const replay = typeof key === "string" ? answered.get(`${req.url}|${key}`) : undefined;
      if (replay) return answer(replay.status, replay.body);
      const remember = (status: number, payload: unknown) => {
        if (typeof key === "string") answered.set(`${req.url}|${key}`, { status, body: payload });
        answer(status, payload);
      };
      if (req.method === "POST" && req.url === "/emails/batch") {
        if (!Array.isArray(body))
          return remember(422, { statusCode: 422, name: "validation_error", message: "The body must be an array" });
        if (body.length > 100)
          return remember(422, {
            statusCode: 422,
            name: "validation_error",
            message: "Too many emails in the batch (max 100)",
          });
        const permissive = req.headers["x-batch-validation"] === "permissive";
        const errors = body.flatMap((e, index) =>
          refused.has(firstTo(e?.to)) ? [{ index, message: "Invalid `to` field." }] : [],
        );
        if (errors.length && !permissive)
          return remember(422, { statusCode: 422, name: "validation_error", message: errors[0]!.message });
        const data = body.flatMap((e, index) => {
          if (errors.some((x) => x.index === index)) return [];
          const id = `email_${nextId++}`;
          sent.push({ id, ...(e as Omit<FakeResendEmail, "id">) });
          return [{ id }];
        });
        return remember(200, permissive ? { data, errors } : { data });
      }
      if (req.method === "POST" && req.url === "/emails") {
        const e = body as Omit<FakeResendEmail, "id">;
        if (refused.has(firstTo(e?.to)))
          return remember(422, { statusCode: 422, name: "validation_error", message: "Invalid `to` field." });
        const id = `email_${nextId++}`;
        sent.push({ id, ...e });
        return remember(200, { id });
      }
      answer(404, { statusCode: 404, name: "not_found", message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sent,
    failNext: (...statuses) => void failures.push(...statuses),
    refuse: (...addresses) => addresses.forEach((a) => refused.add(a.toLowerCase())),
    reset() {
      calls.length = 0;
      sent.length = 0;
      failures = [];
      refused.clear();
      answered.clear();
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
