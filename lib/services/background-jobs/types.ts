import "server-only";
import { z } from "zod";

/**
 * "done": the job ended (or had ended); "busy": another live worker holds it, or took it over;
 * "stopped": the signal stopped it between chunks.
 */
export type RunJobResult = "done" | "busy" | "stopped";

/** What a job kind's runner is given with the job it claimed: the lease owner, and the signal that stops it. */
export interface JobRunnerContext {
  owner: string;
  signal?: AbortSignal;
}

/** What an export job sends: the rows and the integration they go to (its URL is read when sending). */
export const exportJobPayloadSchema = z.object({
  target: z.enum(["make", "zapier"]),
  rows: z.array(z.record(z.string(), z.string())),
});
export type ExportJobPayload = z.infer<typeof exportJobPayloadSchema>;
