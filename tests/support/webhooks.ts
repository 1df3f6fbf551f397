import { and, desc, eq } from "drizzle-orm";
import { GET as makeConfigGET, POST as makeConfigPOST } from "@/app/api/webhooks/config/route";
import { POST as makeSendPOST } from "@/app/api/webhooks/send/route";
import { POST as makeTestPOST } from "@/app/api/webhooks/test/route";
import { GET as zapierConfigGET, POST as zapierConfigPOST } from "@/app/api/zapier/config/route";
import { POST as zapierSendPOST } from "@/app/api/zapier/send/route";
import { POST as zapierTestPOST } from "@/app/api/zapier/test/route";
import { db } from "@/lib/db";
import { webhookConfigs, webhookDeliveries } from "@/lib/db/schema";
import { env, resetEnvForTests } from "@/lib/env";
import { startWebhookReceiver, trustReceiverCertificate, type WebhookReceiver } from "../fakes/webhook-receiver";
import type { TestUser } from "./ai";
import { callRoute } from "./http";

type Who = TestUser | null;
const auth = (u: Who) => u?.headers ?? {};

/** The Make (`/webhooks/*`) and Zapier (`/zapier/*`) routes, called the way Next would. */
export const hooksApi = {
  makeConfig: (u: Who) => callRoute(makeConfigGET, { url: "/api/webhooks/config", headers: auth(u) }),
  saveMake: (u: Who, body: unknown) =>
    callRoute(makeConfigPOST, { method: "POST", url: "/api/webhooks/config", headers: auth(u), body }),
  testMake: (u: Who) =>
    callRoute(makeTestPOST, { method: "POST", url: "/api/webhooks/test", headers: auth(u), body: {} }),
  sendMake: (u: Who, body: unknown) =>
    callRoute(makeSendPOST, { method: "POST", url: "/api/webhooks/send", headers: auth(u), body }),
  zapierConfig: (u: Who) => callRoute(zapierConfigGET, { url: "/api/zapier/config", headers: auth(u) }),
  saveZapier: (u: Who, body: unknown) =>
    callRoute(zapierConfigPOST, { method: "POST", url: "/api/zapier/config", headers: auth(u), body }),
  testZapier: (u: Who) =>
    callRoute(zapierTestPOST, { method: "POST", url: "/api/zapier/test", headers: auth(u), body: {} }),
  sendZapier: (u: Who, body: unknown) =>
    callRoute(zapierSendPOST, { method: "POST", url: "/api/zapier/send", headers: auth(u), body }),
};

/**
 * Sets ALLOW_PRIVATE_WEBHOOKS (and optionally ZAPIER_HOOK_PREFIX) and makes env() read them again.
 * `undefined` removes the variable (then the default applies: allowed only in local mode).
 */
export function setWebhookEnv(vars: { allowPrivate?: "0" | "1" | undefined; zapierPrefix?: string }): void {
  if (vars.allowPrivate === undefined) delete process.env.ALLOW_PRIVATE_WEBHOOKS;
  else process.env.ALLOW_PRIVATE_WEBHOOKS = vars.allowPrivate;
  if (vars.zapierPrefix !== undefined) process.env.ZAPIER_HOOK_PREFIX = vars.zapierPrefix;
  resetEnvForTests();
}

/**
 * A receiver the app can be configured with in the current mode. Local mode (no DATABASE_URL)
 * accepts http webhooks; with DATABASE_URL the app requires https://, so the receiver then serves
 * https with the test certificate, which this process is told to trust.
 */
export async function startReceiverForMode(): Promise<WebhookReceiver> {
  const tls = !env().localMode;
  if (tls) trustReceiverCertificate();
  return startWebhookReceiver({ tls });
}

export const rowsOf = (n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => ({
    "First Name": `Ann ${from + k}`,
    Email: `ann${from + k}@example.test`,
    Company: `Co ${from + k}`,
  }));

export async function storedConfig(userId: string, kind: "make" | "zapier") {
  const [row] = await db
    .select()
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.userId, userId), eq(webhookConfigs.kind, kind)));
  return row ?? null;
}

/** Recorded deliveries of a user, newest first. */
export function deliveriesOf(userId: string, kind: "make" | "zapier" = "make") {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.kind, kind)))
    .orderBy(desc(webhookDeliveries.createdAt));
}
