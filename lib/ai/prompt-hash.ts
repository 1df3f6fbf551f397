import { createHash } from "node:crypto";

/** Identifies a prompt template across runs (usage ledger, estimates from past rows): sha256, 16 hex chars. */
export function promptTemplateHash(prompt: string): string {
  return createHash("sha256").update(prompt.trim()).digest("hex").slice(0, 16);
}
