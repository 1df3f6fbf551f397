import "server-only";
import { and, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { payments, tickets, users, type UserRow } from "@/lib/db/schema";
import { notFound } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail/send";
import { layoutHtml } from "@/lib/mail/templates";
import { toUserJson } from "@/lib/services/users/serialize";
import { pagination } from "./pagination";
import { likePattern } from "./promo-codes";

export function toAdminUserJson(u: UserRow) {
  return { ...toUserJson(u), createdAt: u.createdAt.toISOString() };
}

/** Users with search (e-mail or name), subscription and trial filters, paginated in SQL. */
export async function listUsers(q: { page: number; limit: number; search?: string; subscription?: string; inTrial?: string }) {
  const filters: SQL[] = [];
  if (q.search) filters.push(or(ilike(users.email, likePattern(q.search)), ilike(users.name, likePattern(q.search)))!);
  if (q.subscription) filters.push(eq(users.subscription, q.subscription as UserRow["subscription"]));
  if (q.inTrial === "true") filters.push(and(eq(users.subscription, "trial"), gt(users.trialEnds, sql`now()`))!);
  if (q.inTrial === "false") filters.push(or(sql`${users.subscription} <> 'trial'`, lte(users.trialEnds, sql`now()`), sql`${users.trialEnds} is null`)!);
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { users: rows.map(toAdminUserJson), pagination: pagination(q.page, q.limit, Number(counted?.total ?? 0)) };
}

export async function getUserDetail(id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound("User not found");
  const [[ticketCount], userPayments] = await Promise.all([
    db.select({ n: count() }).from(tickets).where(eq(tickets.userId, id)),
    db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)),
  ]);
  return {
    ...toAdminUserJson(user),
    ticketCount: Number(ticketCount?.n ?? 0),
    payments: userPayments.map((p) => ({ _id: p.id, amount: p.amountCents / 100, promoCode: p.promoCode ?? "None", date: p.createdAt.toISOString() })),
  };
}

/** One e-mail per selected user through the mail driver. */
export async function bulkEmail(input: { userIds: string[]; subject: string; message: string }) {
  const recipients = await db.select({ name: users.name, email: users.email }).from(users).where(inArray(users.id, [...new Set(input.userIds)]));
  let sent = 0;
  const failed: string[] = [];
  for (const r of recipients) {
    const paragraphs = [`Hi ${r.name || "there"},`, ...input.message.split(/\n{2,}/)];
    try {
      await sendMail({ to: r.email, subject: input.subject, text: `${paragraphs.join("\n\n")}\n`, html: layoutHtml(input.subject, paragraphs) });
      sent++;
    } catch (error) {
      console.error(`[admin] bulk e-mail to ${r.email} failed`, error);
      failed.push(r.email);
    }
  }
  return { msg: failed.length ? `Sent ${sent} of ${recipients.length} emails.` : "Your email has been sent successfully.", sent, failed };
}
