import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resendDriver, resetResendClientForTests } from "@/lib/mail/resend-driver";
import { MailBatchError, type MailMessage } from "@/lib/mail/types";
import { startFakeResend, type FakeResend } from "../fakes/resend-api";

// The Resend driver's batch call against a fake of Resend's HTTP API (RESEND_BASE_URL, read by the SDK).

let resend: FakeResend;
const saved = { ...process.env };
beforeAll(async () => {
  resend = await startFakeResend();
  Object.assign(process.env, {
    RESEND_BASE_URL: resend.url,
    RESEND_API_KEY: "re_test_key",
    MAIL_FROM: "ColdMail AI <news@example.test>",
  });
  resetEnvForTests();
  resetResendClientForTests();
});
beforeEach(() => resend.reset());
afterAll(async () => {
  for (const key of ["RESEND_BASE_URL", "RESEND_API_KEY", "MAIL_FROM"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvForTests();
  resetResendClientForTests();
  await resend.close();
});

const message = (i: number): MailMessage => ({
  to: `user${i}@example.test`,
  subject: `Subject ${i}`,
  text: `Text ${i}\n`,
  html: `<p>Html ${i}</p>`,
});

describe("resendDriver.sendBatch", () => {
  it("POSTs /emails/batch with a JSON array of e-mails, the API key, permissive validation and the idempotency key", async () => {
    const messages = [message(1), message(2), message(3)];
    expect(await resendDriver.sendBatch(messages, { idempotencyKey: "bulk-email/job-1/0" })).toEqual({ refused: [] });

    expect(resend.calls).toHaveLength(1);
    const call = resend.calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/emails/batch");
    expect(call.headers.authorization).toBe("Bearer re_test_key");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers["idempotency-key"]).toBe("bulk-email/job-1/0");
    expect(call.headers["x-batch-validation"]).toBe("permissive");
    expect(call.body).toEqual(
      messages.map((m) => ({
        from: "ColdMail AI <news@example.test>",
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      })),
    );
    expect(resend.sent.map((e) => e.to)).toEqual(messages.map((m) => m.to));
  });

  it("takes 100 e-mails in one call and refuses more", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => message(i));
    await resendDriver.sendBatch(hundred);
    expect(resend.calls).toHaveLength(1);
    expect(resend.calls[0]!.body).toHaveLength(100);
    await expect(resendDriver.sendBatch([...hundred, message(100)])).rejects.toThrow("at most 100");
    expect(resend.calls).toHaveLength(1);
  });

  it("lists the addresses Resend refused (by index) while the others are sent", async () => {
    resend.refuse("user2@example.test");
    const result = await resendDriver.sendBatch([message(1), message(2), message(3)]);
    expect(result.refused).toEqual([{ to: "user2@example.test", reason: "Invalid `to` field." }]);
    expect(resend.sent.map((e) => e.to)).toEqual(["user1@example.test", "user3@example.test"]);
  });

  it("a repeated idempotency key does not send twice", async () => {
    await resendDriver.sendBatch([message(1)], { idempotencyKey: "same" });
    await resendDriver.sendBatch([message(1)], { idempotencyKey: "same" });
    expect(resend.calls).toHaveLength(2);
    expect(resend.sent).toHaveLength(1);
  });

  it("throws MailBatchError: retryable for 429 and 5xx, not for a refused key", async () => {
    for (const [status, retryable] of [
      [429, true],
      [503, true],
      [422, false],
    ] as const) {
      resend.failNext(status);
      const error = await resendDriver.sendBatch([message(1)]).catch((e: unknown) => e);
      expect(error, String(status)).toBeInstanceOf(MailBatchError);
      expect((error as MailBatchError).retryable, String(status)).toBe(retryable);
      expect((error as MailBatchError).message).toContain(`fake failure ${status}`);
    }
    process.env.RESEND_API_KEY = "re_wrong";
    resetEnvForTests();
    resetResendClientForTests();
    try {
      const error = await resendDriver.sendBatch([message(1)]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailBatchError);
      expect((error as MailBatchError).retryable).toBe(false);
      expect((error as MailBatchError).message).toBe("Resend refused the batch: API key is invalid");
    } finally {
      process.env.RESEND_API_KEY = "re_test_key";
      resetEnvForTests();
      resetResendClientForTests();
    }
    expect(resend.sent).toHaveLength(0);
  });
});
