import "server-only";
import { and, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { payments, tickets, users, type UserRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { BULK_EMAIL_SENT, type BulkEmailPayload } from "@/lib/services/background-jobs/bulk-email-job";
import { createJob } from "@/lib/services/background-jobs/jobs";
import { toUserJson } from "@/lib/services/users/serialize";
import { pagination } from "./pagination";
import { likePattern } from "./promo-codes";
import type { AdminUserDetailJson, AdminUserJson, AdminUsersJson, JobStartedJson } from "@/lib/responses/admin";

function toAdminUserJson(u: UserRow): AdminUserJson {
  return { ...toUserJson(u), createdAt: u.createdAt.toISOString() };
}

/** Users with search (e-mail or name), subscription and trial filters, paginated in SQL. */
export async function listUsers(q: {
  page: number;
  limit: number;
  search?: string;
  subscription?: string;
  inTrial?: string;
}): Promise<AdminUsersJson> {
  const filters: SQL[] = [];
  if (q.search) filters.push(or(ilike(users.email, likePattern(q.search)), ilike(users.name, likePattern(q.search)))!);
  if (q.subscription) filters.push(eq(users.subscription, q.subscription as UserRow["subscription"]));
  if (q.inTrial === "true") filters.push(and(eq(users.subscription, "trial"), gt(users.trialEnds, sql`now()`))!);
  if (q.inTrial === "false")
    filters.push(
      or(sql`${users.subscription} <> 'trial'`, lte(users.trialEnds, sql`now()`), sql`${users.trialEnds} is null`)!,
    );
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { users: rows.map(toAdminUserJson), pagination: pagination(q.page, q.limit, Number(counted?.total ?? 0)) };
}

export async function getUserDetail(id: string): Promise<AdminUserDetailJson> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound("User not found");
  const [[ticketCount], userPayments] = await Promise.all([
    db.select({ n: count() }).from(tickets).where(eq(tickets.userId, id)),
    db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)),
  ]);
  return {
    ...toAdminUserJson(user),
    ticketCount: Number(ticketCount?.n ?? 0),
    payments: userPayments.map((p) => ({
      _id: p.id,
      amount: p.amountCents / 100,
      promoCode: p.promoCode ?? "None",
      date: p.createdAt.toISOString(),
    })),
  };
}

/**
 * One e-mail per selected user, sent by a background job in batches of 100 (the mail provider's
 * batch API). Answered at once (202) with the job to follow at `GET /api/jobs/{jobId}`; unknown
 * and repeated ids are ignored. With no recipient left the job is stored as already done.
 */
export async function bulkEmail(
  adminId: string,
  input: { userIds: string[]; subject: string; message: string },
): Promise<JobStartedJson> {
  const recipients = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(input.userIds)]))
    .orderBy(users.createdAt, users.id);
  const payload: BulkEmailPayload = { subject: input.subject, message: input.message, recipients };
  const n = recipients.length;
  const job = await createJob({
    userId: adminId,
    kind: "bulk_email",
    total: n,
    payload,
    ...(n === 0 ? { finished: { msg: BULK_EMAIL_SENT } } : {}),
  });
  return { jobId: job.id, msg: `Sending your email to ${n} user${n === 1 ? "" : "s"}.`, total: n };
}
