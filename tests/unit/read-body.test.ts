import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { BODY_LIMITS, parseBody, readBodyText } from "@/lib/http/parse";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * A request whose body is `total` bytes of JSON-ish text in `chunk`-byte pieces, counting how many pieces were pulled.
 */
function streamedRequest(total: number, chunk: number, headers: Record<string, string> = {}) {
  const stats = { pulled: 0, bytes: 0, cancelled: false };
  const piece = new TextEncoder().encode("a".repeat(chunk));
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stats.bytes >= total) return controller.close();
        stats.pulled++;
        stats.bytes += piece.byteLength;
        controller.enqueue(piece);
      },
      cancel() {
        stats.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request("http://localhost/api/x", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
  return { req, stats };
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("request bodies are capped while streaming", () => {
  it("a chunked 2 MiB body to a 1 MiB route is a 413 read no further than the cap", async () => {
    const { req, stats } = streamedRequest(2 * MiB, 64 * KiB);
    const error = await caught(parseBody(req, z.unknown()));
    expect(error.status).toBe(413);
    expect(error.code).toBe("payload_too_large");
    expect(error.msg).toBe("Request body is too large (at most 1 MB)");
    expect(stats.bytes).toBeLessThanOrEqual(1 * MiB + 64 * KiB);
    expect(stats.pulled).toBeLessThanOrEqual(17);
    expect(stats.cancelled).toBe(true);
  });

  it("a 40 MiB stream against the 32 MiB cap stops at the cap", async () => {
    const { req, stats } = streamedRequest(40 * MiB, 1 * MiB);
    const error = await caught(readBodyText(req, BODY_LIMITS.rows));
    expect(error.status).toBe(413);
    expect(stats.bytes).toBeLessThanOrEqual(33 * MiB);
    expect(stats.cancelled).toBe(true);
  });

  it("a larger Content-Length is refused before the body is read", async () => {
    const { req, stats } = streamedRequest(2 * MiB, 64 * KiB, { "content-length": String(2 * MiB) });
    const error = await caught(parseBody(req, z.unknown()));
    expect(error.status).toBe(413);
    expect(stats.pulled).toBe(0);
  });

  it("bodies within the cap are read whole; an explicit cap raises it", async () => {
    const small = streamedRequest(MiB - 64 * KiB, 64 * KiB);
    expect((await readBodyText(small.req)).length).toBe(MiB - 64 * KiB);
    const big = streamedRequest(3 * MiB, 256 * KiB);
    expect((await readBodyText(big.req, BODY_LIMITS.rows)).length).toBe(3 * MiB);
    expect(BODY_LIMITS).toEqual({ default: 1 * MiB, rows: 32 * MiB });
  });

  it("parses JSON with NUL escapes and invalid UTF-8 without throwing anything but AppErrors", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"a":"x'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('\\u0000"}'),
    ]);
    const req = new Request("http://localhost/api/x", { method: "POST", body: bytes });
    expect(await parseBody(req, z.object({ a: z.string() }).passthrough()).catch((e: AppError) => e.msg)).toMatch(
      /not allowed/,
    );
    const malformed = new Request("http://localhost/api/x", { method: "POST", body: "{" });
    expect((await caught(parseBody(malformed, z.unknown()))).msg).toBe("Malformed JSON in request body");
    const empty = new Request("http://localhost/api/x", { method: "POST" });
    expect(await parseBody(empty, z.object({}))).toEqual({});
  });
});
