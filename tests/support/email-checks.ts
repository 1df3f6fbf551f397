import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { POST as startPOST } from "@/app/api/csv/[id]/email-check/route";
import { GET as listGET } from "@/app/api/csv/[id]/email-checks/route";
import { POST as cancelPOST } from "@/app/api/email-checks/[id]/cancel/route";
import { GET as checkGET } from "@/app/api/email-checks/[id]/route";
import { importCsv } from "@/lib/services/csv/csv-import";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { EMAIL_STATUS_COLUMN } from "@/lib/csv/email-status";
import { startFakeDns, type FakeDns } from "../fakes/dns-server";
import type { FakeSendingTools } from "../fakes/sending-tools";
import type { TestUser } from "./ai";
import { callRoute } from "./http";
import { uniqueKey } from "./push-files";
import { sendingApi } from "./sending";

/**
 * Starts the fake DNS server for a test file and points the address checks at it (DNS_SERVERS, and
 * DNS_TIMEOUT_MS = `timeoutMs`). `dns()` is available from the first test on.
 */
export function withFakeDns(timeoutMs = 1000): () => FakeDns {
  let dns: FakeDns | undefined;
  beforeAll(async () => {
    dns = await startFakeDns();
    process.env.DNS_SERVERS = dns.server;
    process.env.DNS_TIMEOUT_MS = String(timeoutMs);
    resetEnvForTests();
  });
  afterAll(async () => {
    await dns?.close();
  });
  return () => {
    if (!dns) throw new Error("The fake DNS server is not started yet");
    return dns;
  };
}

type Who = { headers: Record<string, string> } | null;
const auth = (u: Who) => u?.headers ?? {};

/** The address-check routes, called the way Next would. */
export const checksApi = {
  start: (u: Who, csvId: string, body: unknown = {}) =>
    callRoute(startPOST, {
      method: "POST",
      url: `/api/csv/${csvId}/email-check`,
      headers: auth(u),
      params: { id: csvId },
      body,
    }),
  list: (u: Who, csvId: string) =>
    callRoute(listGET, { url: `/api/csv/${csvId}/email-checks`, headers: auth(u), params: { id: csvId } }),
  get: (u: Who, id: string) =>
    callRoute(checkGET, { url: `/api/email-checks/${id}`, headers: auth(u), params: { id } }),
  cancel: (u: Who, id: string) =>
    callRoute(cancelPOST, { method: "POST", url: `/api/email-checks/${id}/cancel`, headers: auth(u), params: { id } }),
};

/** A file with one row per address (and a Name column); returns its id and row ids in order. */
export async function addressFile(user: TestUser, emails: readonly string[], column = "Email") {
  const rows = emails.map((email, i) => ({ Name: `Prospect ${i}`, [column]: email }));
  const file = (await importCsv(user.id, { fileName: "addresses.csv", rows })) as { _id: string };
  const { rowIds } = (await getCsvFile(user.id, file._id)) as unknown as { rowIds: number[] };
  return { csvId: file._id, rowIds };
}

/** The file's columns and each row's Email Status ("" when the row has none), in file order. */
export async function statusesOf(user: TestUser, csvId: string) {
  const file = (await getCsvFile(user.id, csvId)) as unknown as {
    columns: string[];
    rows: Record<string, string>[];
  };
  return { columns: file.columns, statuses: file.rows.map((r) => r[EMAIL_STATUS_COLUMN]) };
}

/** A user's ZeroBounce connection in the fake (its key accepted, with credits). */
export async function zeroBounceConnection(tools: FakeSendingTools, user: TestUser) {
  const apiKey = uniqueKey("zerobounce");
  tools.zerobounce.addKey(apiKey);
  const res = await sendingApi.connect(user, { service: "zerobounce", name: "ZeroBounce", apiKey });
  if (res.status !== 201) throw new Error(res.text);
  return { apiKey, connectionId: res.json.id as string };
}
