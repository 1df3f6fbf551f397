import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { importCsv } from "@/lib/services/csv/csv-import";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import type { TestUser } from "./ai";
import type { FakeSendingTools } from "../fakes/sending-tools";
import { sendingApi } from "./sending";

let n = 0;
export const uniqueKey = (tool: string) => `${tool}-key-${Date.now()}-${++n}-abcdefgh`;

/** A generated prospect: the columns a run leaves (its output, the AI Response, a follow-up). */
export const generatedRow = (i: number, extra: Record<string, string> = {}) => ({
  Email: `lead${i}@acme${i % 7}.test`,
  "First Name": `Ann${i}`,
  "Last Name": `Lee${i}`,
  Company: `Acme ${i}`,
  "Subject Line": `Idea for Acme ${i}`,
  "Email Body": `Hi Ann${i},\n\nA short note.\n\nBest`,
  "AI Response": "{}",
  follow_up: `Following up, Ann${i}`,
  ...extra,
});

/** A file of generated rows; returns its id and row ids in order. */
export async function generatedFile(user: TestUser, rows: Record<string, string>[]) {
  const file = (await importCsv(user.id, { fileName: "generated.csv", rows })) as { _id: string };
  const { rowIds } = (await getCsvFile(user.id, file._id)) as unknown as { rowIds: number[] };
  return { csvId: file._id, rowIds };
}

/** Gives a row a blocking quality flag (as a run would store it). */
export async function blockRow(rowId: number): Promise<void> {
  const flags = JSON.stringify([{ rule: "preamble", severity: "block", message: "Starts with a preamble" }]);
  await db.execute(sql`update csv_rows set quality_flags = ${flags}::jsonb where id = ${rowId}`);
}

/** A user's connection to one of the fake tools with one campaign: the ids a push names. */
export async function connectedCampaign(
  tools: FakeSendingTools,
  user: TestUser,
  service: "instantly" | "smartlead" | "lemlist",
) {
  const apiKey = uniqueKey(service);
  tools[service].addKey(apiKey);
  const campaign = tools[service].addCampaign(apiKey, { name: `${service} campaign` });
  const res = await sendingApi.connect(user, { service, name: service, apiKey });
  if (res.status !== 201) throw new Error(res.text);
  return { apiKey, connectionId: res.json.id as string, campaignId: String(campaign.id) };
}
