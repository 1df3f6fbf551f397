import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const VERSION = "v1";

/** AES-256-GCM under ENCRYPTION_KEY: "v1:<iv>:<tag>:<ciphertext>" (base64url parts). */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", env().encryptionKey, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    data.toString("base64url"),
  ].join(":");
}

/** A stored secret that cannot be read back (damaged, or encrypted under another ENCRYPTION_KEY): permanent. */
export class SecretDecryptError extends Error {
  constructor(cause?: unknown) {
    super("Unreadable encrypted secret", cause === undefined ? undefined : { cause });
    this.name = "SecretDecryptError";
  }
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretDecryptError();
  const key = env().encryptionKey;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch (error) {
    throw new SecretDecryptError(error);
  }
}
