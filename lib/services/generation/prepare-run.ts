import "server-only";
import { outputFieldsOf } from "@/lib/ai/result";
import { SecretDecryptError } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors";
import { connectionApiKey } from "@/lib/services/connections/connections";
import { openingsOfFile } from "@/lib/services/quality/file-quality";
import type { BatchRow } from "./batch-control";
import type { BatchRef } from "./batch-items";
import { parseBatchSettings, type BatchSettings } from "./batch-settings";
import type { RunLease } from "./run-lease";

/** What both strategies of a run (standard, provider batch) start from, read once under the lease. */
export interface PreparedRun {
  batchId: string;
  userId: string;
  ref: BatchRef;
  settings: BatchSettings;
  apiKey: string;
  connectionName: string;
  schema: Record<string, unknown>;
  outputFields: string[];
  /** The openings of the file's generated rows, so that a row repeating another's opening is flagged. */
  openings: Map<string, number>;
}

/**
 * The message a run fails with when its connection cannot be used, ever: it was deleted, or its
 * stored key cannot be decrypted (damaged, or another ENCRYPTION_KEY). Null for anything else,
 * which may work on another attempt.
 */
function connectionFailure(error: unknown): string | null {
  if (error instanceof AppError && error.code === "not_found")
    return "The API connection of this batch was deleted. Add a key and run the batch again.";
  if (error instanceof SecretDecryptError)
    return "The API key of this batch cannot be read. Add the key again and run the batch again.";
  return null;
}

/**
 * Reads what a run needs: its settings, its file, its key. A permanent problem fails the run with
 * `fail` (each strategy fails its own way) and answers null; a transient one (database, network)
 * gives the lease up and throws, so that the job is retried.
 */
export async function prepareRun(
  leased: BatchRow,
  lease: RunLease,
  fail: (batchId: string, message: string) => Promise<void>,
): Promise<PreparedRun | null> {
  let settings: BatchSettings;
  try {
    settings = parseBatchSettings(leased.settings);
  } catch {
    await fail(leased.id, "The settings of this batch cannot be read. Start the batch again.");
    return null;
  }
  if (!leased.csvFileId) {
    await fail(leased.id, "The CSV file of this batch was deleted.");
    return null;
  }
  let key: { apiKey: string; name: string };
  try {
    key = await connectionApiKey(leased.userId, settings.connectionId);
  } catch (error) {
    const permanent = connectionFailure(error);
    if (!permanent) {
      await lease.release().catch(() => undefined);
      throw error;
    }
    await fail(leased.id, permanent);
    return null;
  }
  const schema = JSON.parse(settings.jsonSchema) as Record<string, unknown>;
  return {
    batchId: leased.id,
    userId: leased.userId,
    ref: { id: leased.id, csvFileId: leased.csvFileId },
    settings,
    apiKey: key.apiKey,
    connectionName: key.name,
    schema,
    outputFields: outputFieldsOf(schema),
    openings: await openingsOfFile(leased.csvFileId),
  };
}
