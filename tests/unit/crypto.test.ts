import { afterEach, describe, expect, it } from "vitest";
import { maskSecret } from "@/lib/crypto/mask";
import { decryptSecret, encryptSecret, SecretDecryptError } from "@/lib/crypto/secrets";
import { resetEnvForTests } from "@/lib/env";

const ORIGINAL_KEY = process.env.ENCRYPTION_KEY;
afterEach(() => {
  process.env.ENCRYPTION_KEY = ORIGINAL_KEY;
  resetEnvForTests();
});

/** Replaces one part of "v1:<iv>:<tag>:<data>" with a changed copy (first character flipped). */
function tamper(stored: string, part: 1 | 2 | 3): string {
  const parts = stored.split(":");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(":");
}

describe("encryptSecret / decryptSecret", () => {
  it("round-trips text, including empty and non-ASCII", () => {
    for (const plain of ["sk-valid-abcdef0123456789", "", "clé 🔑 ключ", "x".repeat(5000)]) {
      const stored = encryptSecret(plain);
      expect(stored.startsWith("v1:")).toBe(true);
      expect(stored.split(":")).toHaveLength(4);
      expect(decryptSecret(stored)).toBe(plain);
    }
  });

  it("uses a random IV: the same secret encrypts differently each time", () => {
    const a = encryptSecret("sk-ant-valid-same-secret");
    const b = encryptSecret("sk-ant-valid-same-secret");
    expect(a).not.toBe(b);
    expect(a.split(":")[1]).not.toBe(b.split(":")[1]);
    expect(a).not.toContain("sk-ant-valid-same-secret");
    expect(decryptSecret(a)).toBe(decryptSecret(b));
  });

  it("refuses tampered or malformed values", () => {
    const stored = encryptSecret("sk-valid-tamper-me-123456");
    for (const part of [1, 2, 3] as const)
      expect(() => decryptSecret(tamper(stored, part))).toThrow(SecretDecryptError);
    expect(() => decryptSecret(stored.replace(/^v1:/, "v2:"))).toThrow();
    expect(() => decryptSecret("v1:onlyiv")).toThrow();
    expect(() => decryptSecret("not encrypted")).toThrow();
    expect(() => decryptSecret(stored.split(":").slice(0, 3).join(":") + ":")).toThrow();
  });

  it("cannot be read with another ENCRYPTION_KEY", () => {
    const stored = encryptSecret("sk-valid-key-rotation-0001");
    process.env.ENCRYPTION_KEY = "ff".repeat(32);
    resetEnvForTests();
    expect(() => decryptSecret(stored)).toThrow(SecretDecryptError);
    process.env.ENCRYPTION_KEY = ORIGINAL_KEY;
    resetEnvForTests();
    expect(decryptSecret(stored)).toBe("sk-valid-key-rotation-0001");
  });
});

describe("maskSecret", () => {
  it("shows the first and last 4 characters of secrets longer than 8", () => {
    expect(maskSecret("sk-valid-0123456789WXYZ")).toBe("sk-v••••••••WXYZ");
    expect(maskSecret("sk-ant-api03-abcdefgh")).toBe("sk-a••••••••efgh");
    expect(maskSecret("123456789")).toBe("1234••••••••6789");
  });

  it("shows only dots for 8 characters or fewer", () => {
    for (const s of ["12345678", "abc", "x", ""]) expect(maskSecret(s)).toBe("••••••••");
  });

  it("never reveals the middle and has a fixed length", () => {
    const secret = "sk-valid-" + "S".repeat(100) + "TAIL";
    const masked = maskSecret(secret);
    expect(masked).toHaveLength(16);
    expect(masked).not.toContain("SSSS");
  });
});
