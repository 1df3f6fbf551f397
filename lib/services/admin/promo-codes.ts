import "server-only";
import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { promoCodes } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { pagination } from "./pagination";
import type { PromoCodeJson, PromoCodesJson } from "@/lib/responses/admin";

type PromoRow = typeof promoCodes.$inferSelect;

function toPromoJson(p: PromoRow): PromoCodeJson {
  return {
    _id: p.id,
    code: p.code,
    discountPercentage: p.discountPercentage,
    maxUses: p.maxUses,
    currentUses: p.currentUses,
    expiresAt: p.expiresAt.toISOString(),
    isActive: p.isActive,
    isInfluencerCode: p.isInfluencerCode,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "Active" means isActive and not expired (the product's display status), done in SQL. */
export async function listPromoCodes(query: {
  page: number;
  limit: number;
  isActive?: string;
  search?: string;
}): Promise<PromoCodesJson> {
  const filters: SQL[] = [];
  if (query.isActive === "true")
    filters.push(and(eq(promoCodes.isActive, true), gt(promoCodes.expiresAt, sql`now()`))!);
  if (query.isActive === "false")
    filters.push(or(eq(promoCodes.isActive, false), lte(promoCodes.expiresAt, sql`now()`))!);
  if (query.search) filters.push(ilike(promoCodes.code, likePattern(query.search)));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted] = await db.select({ total: count() }).from(promoCodes).where(where);
  return {
    promoCodes: rows.map(toPromoJson),
    pagination: pagination(query.page, query.limit, Number(counted?.total ?? 0)),
  };
}

export async function getPromoCode(id: string): Promise<PromoCodeJson> {
  if (!isUuid(id)) throw notFound("Promo code not found");
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound("Promo code not found");
  return toPromoJson(row);
}

export async function createPromoCode(input: {
  code: string;
  discountPercentage: number;
  maxUses: number;
  expiresAt: Date;
  isInfluencerCode: boolean;
}): Promise<PromoCodeJson> {
  const [row] = await db.insert(promoCodes).values(input).onConflictDoNothing({ target: promoCodes.code }).returning();
  if (!row) throw new AppError("conflict", `A promo code named ${input.code} already exists`);
  return toPromoJson(row);
}

export async function updatePromoCode(
  id: string,
  input: {
    discountPercentage?: number;
    maxUses?: number;
    expiresAt?: Date;
    isActive?: boolean;
    isInfluencerCode?: boolean;
  },
): Promise<PromoCodeJson> {
  if (!isUuid(id)) throw notFound("Promo code not found");
  const { discountPercentage, maxUses, expiresAt, isActive, isInfluencerCode } = input;
  const [row] = await db
    .update(promoCodes)
    .set({ discountPercentage, maxUses, expiresAt, isActive, isInfluencerCode })
    .where(eq(promoCodes.id, id))
    .returning();
  if (!row) throw notFound("Promo code not found");
  return toPromoJson(row);
}
