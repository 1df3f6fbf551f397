import { describe, expect, it } from "vitest";
import { getCsvFile } from "@/lib/services/csv/csv-files";
import { importCsv } from "@/lib/services/csv/csv-import";
import { getBatchStatus } from "@/lib/services/generation/batch-control";
import { runBatch } from "@/lib/services/generation/run-batch";
import { startBatch } from "@/lib/services/generation/start-batch";
import { getCredits } from "@/lib/services/credits/credits";
import { addConnection, newUser, userRow, withFakeProviderAndDatabase } from "../support/ai";

withFakeProviderAndDatabase();

describe("bulk batch smoke", () => {
  for (const provider of ["OpenAI", "Anthropic"] as const) {
    it(`generates every row with ${provider}`, async () => {
      const user = await newUser("smoke");
      const conn = (await addConnection(user, provider)).json;
      const rows = Array.from({ length: 20 }, (_, i) => ({ "First Name": `P${i}`, Company: `Co${i}` }));
      const file = (await importCsv(user.id, { fileName: "s.csv", rows })) as { _id: string };
      const row = await userRow(user.id);
      const { batchId, total } = await startBatch(row, {
        csvId: file._id,
        prompt: "Write to {{First Name}} at {{Company}}",
        connectionId: conn._id,
        useCase: "content_creation",
        rowsToProcess: 20,
      });
      expect(total).toBe(20);
      expect((await getCredits(row)).credits.used).toBe(20);
      expect(await runBatch(batchId, { workerId: "w1" })).toBe("done");
      const status = await getBatchStatus(user.id, batchId);
      expect(status).toMatchObject({ status: "completed", progress: { processed: 20, total: 20 }, creditsRefunded: 0 });
      const back = await getCsvFile(user.id, file._id);
      expect(back.columns).toEqual(["First Name", "Company", "Subject Line", "Email Body", "AI Response"]);
      for (const r of back.rows) {
        expect(r["Subject Line"]).toBeTruthy();
        expect(r["Subject Line"]).not.toMatch(/Error/);
        expect(JSON.parse(r["AI Response"]!)).toHaveProperty("email_body");
      }
    });
  }
});
