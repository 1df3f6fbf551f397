import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { POST as estimatePOST } from "@/app/api/ai/estimate/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { POST as keepPOST } from "@/app/api/ai/preview/[id]/keep/route";
import { POST as previewPOST } from "@/app/api/ai/preview/route";
import { GET as qualityGET } from "@/app/api/csv/[id]/quality/route";
import { DELETE as unapproveDELETE, POST as approvePOST } from "@/app/api/csv/[id]/rows/[rowId]/approve/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { db } from "@/lib/db";
import { generationUsage } from "@/lib/db/schema";
import { runBatch } from "@/lib/services/generation/run-batch";
import type { FakeProviderHandle, Json, RespondArgs } from "../fakes/ai-provider";
import { addConnection, newUser, type TestUser } from "./ai";
import { csvApi, importFile } from "./csv";
import { callRoute, type AnyJson } from "./http";

/**
 * Helpers of the preview / quality / approval tests (docs/api.md "Preview and quality", "Output columns"):
 * the routes, a 6-row prospect file, and fake-provider answers that pass every quality rule.
 */

const NAMES = ["Ada", "Grace", "Linus", "Barbara", "Edsger", "Margaret"];

/** Rows "Ada / Company 0" …; every third row (i % 3 === 2) has no Email. */
export const PROSPECTS = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    "First Name": `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${i}` : ""}`,
    Company: `Company ${i}`,
    Email: i % 3 === 2 ? "" : `p${i}@example.test`,
  }));

export const PROMPT = "Write a cold email to {{First Name}} at {{Company}}.";
/** The prompt filled for a row of PROSPECTS. */
export const filled = (row: Record<string, string>) => `Write a cold email to ${row["First Name"]} at ${row.Company}.`;

const FILLER =
  "Our team helps sales groups plan their week, keep notes tidy and reach the right people at the right moment. " +
  "Several teams in your field use it every day to stay organised and calm. " +
  "Would a short call next Tuesday or Wednesday suit you to see whether it fits?";

/** The person and company the (last) instruction of a prompt names: "Ada at Company 0". */
export function recipientOf(prompt: string): { name: string; company: string } {
  const own = prompt.split("Now the e-mail to write:").at(-1)!;
  const m = /to (.+?) at (.+?)\.(?:\s|$)/.exec(own);
  return { name: m?.[1] ?? "there", company: m?.[2] ?? "your company" };
}

/** An e-mail that passes every quality rule, with an opening of its own per recipient. */
export function cleanEmail(prompt: string): { subject_line: string; email_body: string } {
  const { name, company } = recipientOf(prompt);
  return {
    subject_line: `A quick idea for ${company}`,
    email_body: `Hi ${name},\n\nI read about the recent work of ${name} at ${company} and wanted to reach out. ${FILLER}\n\nBest,\nSam`,
  };
}

/** The fake's answer: `cleanEmail` filling the requested schema (extra string fields get text of their own). */
export function cleanAnswer({ prompt, schema }: Pick<RespondArgs, "prompt" | "schema">): Json {
  const email = cleanEmail(prompt);
  const props = (schema?.properties ?? {}) as Record<string, unknown>;
  const out: Json = { ...email };
  for (const key of Object.keys(props))
    if (!(key in out)) out[key] = `${key} for ${recipientOf(prompt).name}: a short reminder of the first e-mail.`;
  return out;
}

export type CleanEmail = ReturnType<typeof cleanEmail>;

/** Steers the fake per row: `answers[name]` (given the row's clean e-mail) for the prompt naming `name`, else clean. */
export function answerPerName(
  fake: FakeProviderHandle,
  answers: Record<string, (email: CleanEmail, args: RespondArgs) => Json | string>,
): void {
  fake.setOptions({
    respond: (args) => {
      const hit = Object.keys(answers).find((n) => args.prompt.includes(`to ${n} at`));
      return hit ? answers[hit]!(cleanEmail(args.prompt), args) : cleanAnswer(args);
    },
  });
}

/** The clean e-mail with a placeholder for the greeting's name. */
export const withPlaceholder = (e: CleanEmail) => ({
  ...e,
  email_body: e.email_body.replace(/^Hi \w+,/, "Hi [First Name],"),
});

export interface QualityCtx {
  user: TestUser;
  csvId: string;
  connectionId: string;
  rows: Record<string, string>[];
  /** The bulk / preview / estimate payload. */
  input: (extra?: Record<string, unknown>) => Record<string, unknown>;
  /** The single-generate payload for one row of the saved file. */
  single: (rowIndex: number, extra?: Record<string, unknown>) => Record<string, unknown>;
}

/** A fresh user with an OpenAI connection and a saved file of `n` PROSPECTS. */
export async function qualitySetup(n = 6, prefix = "quality"): Promise<QualityCtx> {
  const user = await newUser(prefix);
  const conn = await addConnection(user, "OpenAI");
  expect(conn.status, conn.text).toBe(201);
  const rows = PROSPECTS(n);
  const file = await importFile(user, rows);
  const base = {
    prompt: PROMPT,
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    connectionId: conn.json._id,
    csvId: file._id,
  };
  return {
    user,
    csvId: file._id,
    connectionId: conn.json._id,
    rows,
    input: (extra = {}) => ({ ...base, rowsToProcess: n, ...extra }),
    single: (rowIndex, extra = {}) => ({ ...base, data: rows, selectedRowIndex: rowIndex, ...extra }),
  };
}

const h = (u: TestUser) => u.headers;

export const qualityApi = {
  preview: (u: TestUser, body: unknown) =>
    callRoute(previewPOST, { method: "POST", url: "/api/ai/preview", headers: h(u), body }),
  keep: (u: TestUser, id: string) =>
    callRoute(keepPOST, { method: "POST", url: `/api/ai/preview/${id}/keep`, headers: h(u), params: { id } }),
  quality: (u: TestUser, id: string) =>
    callRoute(qualityGET, { url: `/api/csv/${id}/quality`, headers: h(u), params: { id } }),
  approve: (u: TestUser, id: string, rowId: number | string) =>
    callRoute(approvePOST, {
      method: "POST",
      url: `/api/csv/${id}/rows/${rowId}/approve`,
      headers: h(u),
      params: { id, rowId: String(rowId) },
    }),
  unapprove: (u: TestUser, id: string, rowId: number | string) =>
    callRoute(unapproveDELETE, {
      method: "DELETE",
      url: `/api/csv/${id}/rows/${rowId}/approve`,
      headers: h(u),
      params: { id, rowId: String(rowId) },
    }),
  bulk: (u: TestUser, body: unknown) =>
    callRoute(bulkPOST, { method: "POST", url: "/api/ai/bulk-batched", headers: h(u), body }),
  estimate: (u: TestUser, body: unknown) =>
    callRoute(estimatePOST, { method: "POST", url: "/api/ai/estimate", headers: h(u), body }),
  generate: (u: TestUser, body: unknown) =>
    callRoute(generatePOST, { method: "POST", url: "/api/ai/generate", headers: h(u), body }),
  file: async (u: TestUser, id: string) => {
    const res = await csvApi.get(u, id);
    expect(res.status, res.text).toBe(200);
    return res.json as { columns: string[]; rows: Record<string, string>[]; rowIds: number[]; rowCount: number };
  },
};

/** Credits the user spent today. */
export async function creditsUsed(u: TestUser): Promise<number> {
  const res = await callRoute(creditsGET, { url: "/api/ai/credits", headers: u.headers });
  return res.json.credits.used as number;
}

/** Starts a bulk run through the route and runs it to the end with the worker (no queue needed). */
export async function runBulk(
  u: TestUser,
  body: unknown,
  options: { fixedConcurrency?: number } = {},
): Promise<AnyJson> {
  const res = await qualityApi.bulk(u, body);
  expect(res.status, res.text).toBe(200);
  expect(await runBatch(res.json.batchId, { workerId: `w-quality-${res.json.batchId}`, ...options })).toBe("done");
  return res.json;
}

/** The usage ledger rows of a user, of one kind. */
export function ledgerOf(userId: string, kind: "single" | "bulk" | "preview") {
  return db
    .select()
    .from(generationUsage)
    .where(and(eq(generationUsage.userId, userId), eq(generationUsage.kind, kind)));
}
