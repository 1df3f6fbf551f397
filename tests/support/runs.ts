import { getCredits } from "@/lib/services/credits/credits";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { importCsv } from "@/lib/services/csv/csv-import";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { startBatch } from "@/lib/services/generation/start-batch";
import { addConnection, newUser, userRow, type TestUser } from "./ai";

/** A started bulk run of `n` rows ("Write to RowN at CoN") on a fresh user's OpenAI connection, and ways to read it. */
export interface StartedRun {
  user: TestUser;
  batchId: string;
  fileId: string;
  connectionId: string;
  /** The user's credits used so far. */
  used(): Promise<number>;
  /** The file's rows as `GET /csv/{id}` answers them. */
  rows(): Promise<Record<string, string>[]>;
}

export async function startRowsRun(
  tag: string,
  n: number,
  prepare?: (user: TestUser) => Promise<void>,
  input: Partial<BulkInput> = {},
): Promise<StartedRun> {
  const user = await newUser(tag);
  await prepare?.(user);
  const conn = (await addConnection(user, "OpenAI")).json as { _id: string };
  const rows = Array.from({ length: n }, (_, i) => ({ Name: `Row${i}`, Company: `Co${i}` }));
  const file = (await importCsv(user.id, { fileName: `${tag}.csv`, rows })) as { _id: string };
  const { batchId } = await startBatch(await userRow(user.id), {
    csvId: file._id,
    prompt: "Write to {{Name}} at {{Company}}",
    connectionId: conn._id,
    model: "gpt-4o-mini",
    useCase: "content_creation",
    rowsToProcess: n,
    ...input,
  });
  return {
    user,
    batchId,
    fileId: file._id,
    connectionId: conn._id,
    used: async () => (await getCredits(await userRow(user.id))).credits.used,
    rows: async () => (await getCsvFile(user.id, file._id)).rows,
  };
}
