/**
 * Hostile-input fuzz over every route handler (issue 17, items 2 and 12): every `app/api/**\/route.ts`
 * is found on disk and imported, and every method it exports is called with hostile bodies,
 * query strings and path params, as an anonymous caller, a user and an admin. No answer may be a
 * 5xx, and no answer may carry database text (SQL, parameters).
 *
 * Hostile: NUL bytes, unpaired surrogates, `%00` / `%ff` (raw and as Next decodes them), huge
 * strings, wrong types, nested objects, arrays where strings are expected, out-of-range dates,
 * empty objects, malformed JSON and absurd nesting.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { getBoss } from "@/lib/queue/boss";
import type { WebhookReceiver } from "../fakes/webhook-receiver";
import { newAdmin } from "../support/admin";
import { addConnection, newUser, startFakeProviderForApp, validKey, type TestUser } from "../support/ai";
import { insertPromo, uniqueCode } from "../support/billing";
import { importFile } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { uniqueEmail } from "../support/factories";
import { callRoute, randomIp, type AnyJson } from "../support/http";
import { newTicket } from "../support/tickets";
import { setWebhookEnv, startReceiverForMode } from "../support/webhooks";

type Handler = (req: Request, ctx: { params: Promise<AnyJson> }) => Promise<Response> | Response;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

interface Route {
  /** e.g. `/api/csv/[id]/rows/[rowId]` */
  template: string;
  params: string[];
  catchAll: string | null;
  methods: Partial<Record<Method, Handler>>;
}

const API_DIR = path.join(process.cwd(), "app", "api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

async function loadRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of routeFiles(API_DIR).sort()) {
    const rel = path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/");
    const template = `/${rel}`;
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const methods: Route["methods"] = {};
    for (const m of METHODS) if (typeof mod[m] === "function") methods[m] = mod[m] as Handler;
    const segments = rel.split("/");
    const params = segments.filter((s) => /^\[[^.]+\]$/.test(s)).map((s) => s.slice(1, -1));
    const catchAll = segments.find((s) => s.startsWith("[..."))?.slice(4, -1) ?? null;
    routes.push({ template, params, catchAll, methods });
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = "a".repeat(300_000);
const DEEP = (() => {
  let v: unknown = "\u0000";
  for (let i = 0; i < 3000; i++) v = [v];
  return v;
})();

/** Values put into one field at a time (the rest of the body stays valid). */
const HOSTILE_VALUES: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ufffd\uffff%ff",
  HUGE,
  12345,
  null,
  ["a", "\u0000"],
  { nested: { deep: ["\u0000", "\ud800"] } },
  "10000-01-01",
  "+275760-09-13T00:00:00.000Z",
  "2024-13-45",
  "99999999999999",
  "",
  "\ud83d\ude00 ok",
];
/** Fewer for the routes that hash a password on every valid-looking request (slow by design). */
const AUTH_VALUES = HOSTILE_VALUES.filter((v) => typeof v !== "string" || v.length < 100).slice(0, 12);

/** Whole bodies (sent raw when a string). */
const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  "null",
  '"\\u0000"',
  "123",
  "{",
  '{"a":',
  "\u0000",
  JSON.stringify(DEEP),
  JSON.stringify({ __proto__: { isAdmin: true }, constructor: { prototype: { x: 1 } } }),
  JSON.stringify({ "\u0000": "\u0000", "\ud800": "\ud800" }),
  JSON.stringify(["\u0000", { a: "\ud800" }]),
];

/** Path params as a handler receives them (Next decodes once: `%00` → NUL; `%ff` cannot decode). */
const HOSTILE_PARAMS: string[] = [
  "\u0000",
  "abc\u0000",
  "\ud800",
  "%ff",
  "%00",
  "\ufffd",
  "x".repeat(5000),
  "../../etc/passwd",
  "00000000-0000-0000-0000-000000000000",
  "0",
  "-1",
  "1e309",
  "99999999999999999999999",
  "' OR 1=1 --",
];

/**
 * A value as a client can put it in a header: what a header cannot carry (control characters,
 * characters above 0xff, lone surrogates) percent-encoded as UTF-8, the way a hostile client sends
 * it (`%00`, `%ED%A0%80`); the app percent-decodes tokens, so the hostile value arrives whole.
 */
function asHeaderText(value: string, encodeAll = false): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    else if (encodeAll || code < 0x20 || code === 0x7f || code > 0xff) out += encodeURIComponent(ch);
    else out += ch;
  }
  return out;
}

/** The body values as credentials (raw where a header can carry them, and all percent-encoded), and more. */
const CREDENTIAL_VALUES: string[] = [
  ...HOSTILE_VALUES.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).map((v) => asHeaderText(v)),
  ...HOSTILE_VALUES.filter((v): v is string => typeof v === "string" && v !== "").map((v) => asHeaderText(v, true)),
  "%00",
  "abc%00def",
  "%ff%fe",
  "%ED%A0%80",
  "%",
  "\u00ff\u00fe".repeat(8),
  "a b",
  "x".repeat(10_000),
  "token.%00signature",
].filter((v, i, all) => all.indexOf(v) === i);

/**
 * Credentials nobody issued, on every way one arrives: x-auth-token, Authorization: Bearer, the
 * session cookie, and an API key (its prefix and a hostile rest).
 */
const HOSTILE_CREDENTIALS: Record<string, string>[] = CREDENTIAL_VALUES.flatMap((value): Record<string, string>[] => [
  { "x-auth-token": value },
  { authorization: `Bearer ${value}` },
  { cookie: `better-auth.session_token=${value}` },
  { "x-auth-token": `cm_live_${value}` },
]).concat([{ cookie: `better-auth.session_token=${"%00".repeat(50)}; other=%E0%A4%A` }]);

/** Raw query strings (percent-decoding happens in URLSearchParams). */
const HOSTILE_QUERIES: string[] = [
  "page=%00&limit=%ff",
  "search=%00",
  "search=%ff%fe",
  "search=%ED%A0%80",
  `search=${"a".repeat(5000)}`,
  "since=%00",
  "since=10000-01-01T00:00:00Z",
  "since=2024-13-45",
  "since=99999999999999",
  "since=%2B275760-09-13T00%3A00%3A00.000Z",
  "status=%00&priority=%ff&subscription=%00&inTrial=%ff&isActive=%00",
  "page=1e309&limit=-1",
  "page=99999999999&limit=NaN",
  "to=%00",
  "to=%ff",
  "refresh=%00",
  "%00=%00",
  "search=%",
];

// ---------------------------------------------------------------------------------------------
// The world the requests run in

interface World {
  user: TestUser;
  admin: TestUser;
  csvId: string;
  rowId: string;
  templateId: string;
  connectionId: string;
  ticketId: string;
  adminTicketId: string;
  promoId: string;
  promoCode: string;
}

let world: World;
let receiver: WebhookReceiver | undefined;
let closeFake: (() => Promise<void>) | undefined;
let bossStarted = false;

const ROW = { "First Name": "Ada", Company: "Analytical Engines", Email: "ada@example.test" };

/** A valid body per "METHOD template"; functions give a fresh one per request. */
function baseline(method: Method, template: string): Record<string, unknown> | null {
  const w = world;
  const key = `${method} ${template}`;
  const settings = {
    prompt: "Write to {{First Name}} at {{Company}}.",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    maxRows: 10,
    onlyRunIf: "",
    selectedModel: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: w.connectionId,
  };
  switch (key) {
    case "POST /api/auth/register":
      return { name: "Fuzz Person", email: uniqueEmail("fuzzreg"), password: "Str0ng!Passw0rd" };
    case "POST /api/auth/login":
      return { email: uniqueEmail("fuzzlogin"), password: "Str0ng!Passw0rd" };
    case "POST /api/auth/forgot-password":
    case "POST /api/auth/resend-verification":
      return { email: uniqueEmail("fuzzmail") };
    case "POST /api/auth/reset-password/[token]":
      return { password: "Str0ng!Passw0rd" };
    case "POST /api/ai/connections":
      return { name: "Fuzz key", provider: "OpenAI", apiKey: validKey("OpenAI") };
    case "POST /api/ai/connections/check":
      return { provider: "OpenAI", apiKey: validKey("OpenAI") };
    case "PUT /api/ai/config":
      return settings;
    case "POST /api/ai/templates":
    case "PUT /api/ai/templates/[id]":
      return { name: "Fuzz template", ...settings };
    case "POST /api/ai/generate":
      return { ...settings, model: "gpt-4o-mini", data: [ROW], selectedRowIndex: 0, csvId: w.csvId, isRetry: false };
    case "POST /api/ai/bulk-batched":
      return { ...settings, model: "gpt-4o-mini", data: [ROW], rowsToProcess: 1, csvId: w.csvId };
    case "POST /api/csv/import":
      return { fileName: "fuzz.csv", rows: [ROW], columns: Object.keys(ROW) };
    case "POST /api/csv/[id]/append":
      return { rows: [ROW], final: false };
    case "PUT /api/csv/update":
      return { id: w.csvId, rows: [ROW] };
    case "POST /api/csv/[id]/rows":
    case "PATCH /api/csv/[id]/rows/[rowId]":
      return { data: { ...ROW } };
    case "POST /api/csv/[id]/columns":
      return { name: "Fuzz column" };
    case "POST /api/tickets":
      return { subject: "Fuzz subject", message: "Fuzz message", priority: "low" };
    case "PUT /api/tickets/[id]":
      return { status: "closed" };
    case "POST /api/tickets/[id]/reply":
      return { message: "Fuzz reply" };
    case "POST /api/webhooks/config":
      return { webhookUrl: receiver!.url, webhookSecret: "fuzz-secret" };
    case "POST /api/zapier/config":
      return { webhookUrl: receiver!.url };
    case "POST /api/webhooks/send":
    case "POST /api/zapier/send":
      return { data: [ROW] };
    case "POST /api/pricing/validate-promo":
      return { code: w.promoCode };
    case "POST /api/pricing/checkout":
      return { planId: "lifetime", promoCode: w.promoCode };
    case "POST /api/pricing/verify-license":
      return { licenseKey: "CMAI-XXXX-XXXX-XXXX" };
    case "POST /api/admin/promo-codes":
      return {
        code: uniqueCode("FZ"),
        discountPercentage: 10,
        maxUses: 5,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        isInfluencerCode: false,
      };
    case "PUT /api/admin/promo-codes/[id]":
      return {
        discountPercentage: 15,
        maxUses: 10,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        isActive: true,
      };
    case "PUT /api/admin/tickets/[id]":
      return { status: "in-progress", response: "Fuzz response" };
    case "POST /api/admin/users/bulk-email":
      return { userIds: [w.user.id], subject: "Fuzz", message: "Fuzz message" };
    default:
      return null;
  }
}

/** Fields inside the body to attack as well (dotted paths; `*key*` replaces a row's key). */
const NESTED_TARGETS: Record<string, string[]> = {
  "POST /api/csv/import": ["rows.0.Company", "rows.0.*key*", "columns.0"],
  "POST /api/csv/[id]/append": ["rows.0.Company", "rows.0.*key*"],
  "PUT /api/csv/update": ["rows.0.Company", "rows.0.*key*"],
  "POST /api/csv/[id]/rows": ["data.Company", "data.*key*"],
  "PATCH /api/csv/[id]/rows/[rowId]": ["data.Company", "data.*key*"],
  "POST /api/ai/generate": ["data.0.Company", "data.0.*key*"],
  "POST /api/ai/bulk-batched": ["data.0.Company", "data.0.*key*"],
  "POST /api/webhooks/send": ["data.0.Company", "data.0.*key*"],
  "POST /api/zapier/send": ["data.0.Company", "data.0.*key*"],
  "POST /api/admin/users/bulk-email": ["userIds.0"],
  "PUT /api/ai/config": ["jsonSchema.properties"],
};

function withValue(body: Record<string, unknown>, target: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  const parts = target.split(".");
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) {
    if (part === "jsonSchema" && typeof node.jsonSchema === "string") node.jsonSchema = JSON.parse(node.jsonSchema);
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if (last === "*key*") node[typeof value === "string" ? value : JSON.stringify(value)] = "x";
  else node[last] = value;
  return copy;
}

/** Valid path params of the world's resources, per param name. */
function validParams(route: Route): Record<string, string> {
  const w = world;
  const byTemplate: Record<string, Record<string, string>> = {
    "/api/admin/promo-codes/[id]": { id: w.promoId },
    "/api/admin/tickets/[id]": { id: w.adminTicketId },
    "/api/admin/users/[id]": { id: w.user.id },
    "/api/ai/templates/[id]": { id: w.templateId },
    "/api/tickets/[id]": { id: w.ticketId },
    "/api/tickets/[id]/reply": { id: w.ticketId },
    "/api/csv/[id]/rows/[rowId]": { id: w.csvId, rowId: w.rowId },
    "/api/csv/[id]/columns/[name]": { id: w.csvId, name: "Company" },
    "/api/pricing/verify-payment/[sessionId]": { sessionId: "cs_test_fuzz000000" },
  };
  const known = byTemplate[route.template] ?? {};
  const out: Record<string, string> = {};
  for (const p of route.params) {
    out[p] =
      known[p] ??
      (route.template.includes("/connections/")
        ? w.connectionId
        : route.template.startsWith("/api/csv/")
          ? w.csvId
          : p === "token"
            ? "fuzz-token-0000"
            : "00000000-0000-4000-8000-000000000000");
  }
  return out;
}

function urlFor(route: Route, params: Record<string, string | string[]>, query = ""): string {
  let url = route.template;
  for (const [name, value] of Object.entries(params)) {
    let encoded: string;
    try {
      encoded = Array.isArray(value) ? value.map(encodeURIComponent).join("/") : encodeURIComponent(value);
    } catch {
      encoded = "x"; // an unpaired surrogate cannot be percent-encoded
    }
    url = url.replace(`[${name}]`, encoded).replace(`[...${name}]`, encoded);
  }
  return query ? `${url}?${query}` : url;
}

// ---------------------------------------------------------------------------------------------

interface Probe {
  route: Route;
  method: Method;
  caller: "anonymous" | "user" | "admin";
  params: Record<string, string | string[]>;
  query?: string;
  body?: unknown;
  /** Extra request headers (hostile credentials). */
  headers?: Record<string, string>;
  label: string;
}

const DB_TEXT =
  /Failed query|\bparams:|\binsert into\b|\bselect .* from\b|\bupdate "?\w+"? set\b|invalid byte sequence|unsupported Unicode escape|violates .* constraint|syntax error at or near/i;

async function send(probe: Probe): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (probe.caller === "user") Object.assign(headers, world.user.headers);
  if (probe.caller === "admin") Object.assign(headers, world.admin.headers);
  Object.assign(headers, probe.headers);
  const handler = probe.route.methods[probe.method]!;
  const hasBody = probe.body !== undefined && probe.method !== "GET";
  try {
    const res = await callRoute(handler, {
      method: probe.method,
      url: urlFor(probe.route, probe.params, probe.query),
      headers,
      params: probe.params,
      body: hasBody ? probe.body : undefined,
    });
    return { status: res.status, text: res.text };
  } catch (error) {
    // A handler that throws instead of answering would be a 500 from Next.
    return { status: 599, text: `threw: ${error instanceof Error ? error.stack : String(error)}` };
  }
}

/** Which caller may use a route: the one whose requests get past authentication. */
function ownerOf(template: string): Probe["caller"] {
  if (template.startsWith("/api/admin/")) return "admin";
  if (
    /^\/api\/(auth\/(register|login|forgot-password|resend-verification|reset-password|validate-reset-token|verify-email)|pricing|stripe|health|dev|\[\.\.\.)/.test(
      template,
    )
  )
    return "anonymous";
  return "user";
}

/** Requests that change what later requests rely on run last (sign-out ends the caller's session). */
function isDestructive(method: Method, template: string): boolean {
  return (
    method === "DELETE" ||
    template === "/api/auth/sign-out" ||
    template === "/api/csv/update" ||
    template.includes("cancel-batch")
  );
}

function probesFor(route: Route): Probe[] {
  const probes: Probe[] = [];
  const callers: Probe["caller"][] = ["anonymous", "user", "admin"];
  const owner = ownerOf(route.template);
  const valid = validParams(route);
  const catchAllParams = route.catchAll ? { [route.catchAll]: ["nope", "\u0000", "%ff"] } : {};
  for (const method of Object.keys(route.methods) as Method[]) {
    const base = method === "GET" ? null : baseline(method, route.template);
    const bodyOf = () => (method === "GET" ? undefined : (baseline(method, route.template) ?? {}));
    for (const headers of HOSTILE_CREDENTIALS) {
      probes.push({
        route,
        method,
        caller: "anonymous",
        params: { ...valid },
        headers,
        body: bodyOf(),
        label: `credentials ${JSON.stringify(headers).slice(0, 40)}`,
      });
    }
    for (const caller of callers) {
      // The caller who gets past authentication gets everything; the others a sample (401/403 paths).
      const full = caller === owner;
      const params = { ...valid, ...catchAllParams };
      // Whole hostile bodies.
      if (method !== "GET") {
        for (const body of full ? HOSTILE_BODIES : HOSTILE_BODIES.slice(0, 4))
          probes.push({ route, method, caller, params, body, label: `body ${String(body).slice(0, 40)}` });
      }
      // One hostile field at a time in an otherwise valid body.
      if (base && full) {
        const targets = [
          ...Object.keys(base),
          "unexpectedField",
          ...(NESTED_TARGETS[`${method} ${route.template}`] ?? []),
        ];
        const values = route.template.startsWith("/api/auth/") ? AUTH_VALUES : HOSTILE_VALUES;
        for (const target of targets) {
          for (const value of target === "unexpectedField" ? values.slice(0, 4) : values) {
            probes.push({
              route,
              method,
              caller,
              params,
              body: () => withValue(bodyOf()!, target, value),
              label: `${target}=${JSON.stringify(value)?.slice(0, 40)}`,
            } as Probe);
          }
        }
      }
      // Hostile path params, one at a time.
      for (const name of route.params) {
        for (const value of full ? HOSTILE_PARAMS : HOSTILE_PARAMS.slice(0, 5)) {
          probes.push({
            route,
            method,
            caller,
            params: { ...params, [name]: value },
            body: bodyOf(),
            label: `path ${name}=${JSON.stringify(value).slice(0, 40)}`,
          });
        }
      }
      // Hostile query strings.
      for (const query of full && method === "GET" ? HOSTILE_QUERIES : HOSTILE_QUERIES.slice(0, 3)) {
        probes.push({ route, method, caller, params, query, body: bodyOf(), label: `query ${query.slice(0, 40)}` });
      }
    }
  }
  return probes;
}

describe("fuzz: hostile input never causes a 5xx", () => {
  beforeAll(async () => {
    await setupTestDatabase();
    const fake = await startFakeProviderForApp();
    closeFake = () => fake.close();
    receiver = await startReceiverForMode();
    setWebhookEnv({ allowPrivate: "1", zapierPrefix: receiver.url });
    const admin = await newAdmin("Fuzz Admin");
    const user = await newUser("fuzz");
    const conn = await addConnection(user, "OpenAI");
    expect(conn.status, conn.text).toBe(201);
    const file = await importFile(user, [ROW, { ...ROW, "First Name": "Grace" }]);
    const template = await callRoute((await import("@/app/api/ai/templates/route")).POST, {
      method: "POST",
      url: "/api/ai/templates",
      headers: user.headers,
      body: { name: "Fuzz base", prompt: "Hi {{First Name}}" },
    });
    expect(template.status, template.text).toBe(201);
    const ticket = await newTicket(user);
    const adminTicket = await newTicket(user);
    const promo = await insertPromo({ code: uniqueCode("FUZZ") });
    const fileJson = (
      await callRoute((await import("@/app/api/csv/[id]/route")).GET, {
        url: `/api/csv/${file._id}`,
        headers: user.headers,
        params: { id: file._id },
      })
    ).json;
    world = {
      user,
      admin,
      csvId: file._id,
      rowId: String(fileJson.rowIds[0]),
      templateId: template.json._id ?? template.json.id,
      connectionId: conn.json._id,
      ticketId: ticket._id ?? ticket.id,
      adminTicketId: adminTicket._id ?? adminTicket.id,
      promoId: promo.id,
      promoCode: promo.code,
    };
  });

  afterAll(async () => {
    if (bossStarted) await (await getBoss()).stop({ graceful: false }).catch(() => undefined);
    await receiver?.close();
    await closeFake?.();
    await closeDatabase();
  });

  it("sends at least 2,000 hostile requests over every endpoint and gets no 5xx", { timeout: 600_000 }, async () => {
    const routes = await loadRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(50);
    bossStarted = routes.some((r) => r.template === "/api/ai/bulk-batched");
    const all = routes.flatMap(probesFor);
    const ordered = [
      ...all.filter((p) => !isDestructive(p.method, p.route.template)),
      ...all.filter((p) => isDestructive(p.method, p.route.template)),
    ];
    const failures: string[] = [];
    const leaks: string[] = [];
    const covered = new Set<string>();
    const started = Date.now();
    let sent = 0;
    for (const probe of ordered) {
      const body = typeof probe.body === "function" ? (probe.body as () => unknown)() : probe.body;
      const { status, text } = await send({ ...probe, body });
      sent++;
      covered.add(`${probe.method} ${probe.route.template}`);
      const where = `${probe.method} ${probe.route.template} as ${probe.caller}, ${probe.label}`;
      if (status >= 500) failures.push(`${status} ${where}: ${text.slice(0, 300)}`);
      else if (status >= 400 && DB_TEXT.test(text)) leaks.push(`${status} ${where}: ${text.slice(0, 300)}`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `[fuzz] ${sent} hostile requests over ${covered.size} endpoint methods of ${routes.length} route files in ${seconds} s: ${failures.length} 5xx, ${leaks.length} database-text answers\n`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
    expect(leaks.slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2000);
    const expected = routes.flatMap((r) => Object.keys(r.methods).map((m) => `${m} ${r.template}`));
    expect([...covered].sort()).toEqual(expected.sort());
  });
});
