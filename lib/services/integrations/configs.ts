import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { webhookConfigs, webhookDeliveries } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { maskSecret } from "@/lib/crypto/mask";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { assertAllowedUrl, WebhookTargetError } from "@/lib/webhooks/http-post";
import type {
  LastDeliveryJson,
  MakeConfigJson,
  MakeConfigSavedJson,
  ZapierConfigJson,
  ZapierConfigSavedJson,
} from "@/lib/responses/integrations";

export type WebhookKind = "make" | "zapier";

type ConfigRow = typeof webhookConfigs.$inferSelect;

export async function readWebhookConfig(userId: string, kind: WebhookKind): Promise<ConfigRow | null> {
  const [row] = await db
    .select()
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.userId, userId), eq(webhookConfigs.kind, kind)));
  return row ?? null;
}

async function lastDelivery(userId: string, kind: WebhookKind): Promise<LastDeliveryJson | null> {
  const [d] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.kind, kind)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  return d
    ? {
        status: d.status,
        statusCode: d.statusCode,
        rows: d.rowCount,
        attempts: d.attempts,
        error: d.error,
        at: d.createdAt.toISOString(),
      }
    : null;
}

/**
 * Outbound policy: private targets only in local mode or with ALLOW_PRIVATE_WEBHOOKS; https outside
 * local mode, unless ALLOW_PRIVATE_WEBHOOKS (an explicit opt-in for test and intranet set-ups) is on.
 */
export function webhookPolicy() {
  const config = env();
  return { allowPrivate: config.allowPrivateWebhooks, requireHttps: !config.localMode && !config.allowPrivateWebhooks };
}

function checkTarget(url: string): void {
  try {
    assertAllowedUrl(url, webhookPolicy());
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new AppError("invalid_input", error.message);
    throw error;
  }
}

/** `GET /webhooks/config`: the scenario webhook (Make), secret masked. */
export async function getMakeConfig(userId: string): Promise<MakeConfigJson> {
  const row = await readWebhookConfig(userId, "make");
  return {
    webhookUrl: row?.url ?? "",
    webhookSecret: row?.secretEncrypted ? maskSecret(decryptSecret(row.secretEncrypted)) : undefined,
    hasSecret: Boolean(row?.secretEncrypted),
    isConfigured: Boolean(row),
    lastUpdated: row?.updatedAt.toISOString() ?? null,
    lastDelivery: await lastDelivery(userId, "make"),
  };
}

export async function saveMakeConfig(
  userId: string,
  input: { webhookUrl: string; webhookSecret?: string | null },
): Promise<MakeConfigSavedJson> {
  checkTarget(input.webhookUrl);
  const secret =
    input.webhookSecret === null
      ? null
      : input.webhookSecret?.trim()
        ? encryptSecret(input.webhookSecret.trim())
        : undefined;
  await db
    .insert(webhookConfigs)
    .values({ userId, kind: "make", url: input.webhookUrl, secretEncrypted: secret ?? null })
    .onConflictDoUpdate({
      target: [webhookConfigs.userId, webhookConfigs.kind],
      set: {
        url: input.webhookUrl,
        updatedAt: sql`now()`,
        ...(secret !== undefined ? { secretEncrypted: secret } : {}),
      },
    });
  const makeWebhook = await getMakeConfig(userId);
  return { msg: "Configuration saved successfully", ...makeWebhook, makeWebhook };
}

/** `GET /zapier/config`. */
export async function getZapierConfig(userId: string): Promise<ZapierConfigJson> {
  const row = await readWebhookConfig(userId, "zapier");
  return {
    isConfigured: Boolean(row),
    webhookUrl: row?.url ?? "",
    lastUpdated: row?.updatedAt.toISOString() ?? null,
    lastDelivery: await lastDelivery(userId, "zapier"),
  };
}

export async function saveZapierConfig(userId: string, webhookUrl: string): Promise<ZapierConfigSavedJson> {
  const prefix = env().zapierHookPrefix;
  if (!webhookUrl || !webhookUrl.startsWith(prefix)) {
    throw new AppError("invalid_input", "Please enter a valid Zapier webhook URL");
  }
  checkTarget(webhookUrl);
  await db
    .insert(webhookConfigs)
    .values({ userId, kind: "zapier", url: webhookUrl })
    .onConflictDoUpdate({
      target: [webhookConfigs.userId, webhookConfigs.kind],
      set: { url: webhookUrl, updatedAt: sql`now()` },
    });
  return { msg: "Zapier webhook saved successfully", ...(await getZapierConfig(userId)) };
}
