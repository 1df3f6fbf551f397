import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import type { AdminDashboardJson } from "@/lib/responses/admin";

/** `GET /api/admin/dashboard`: counts done by the database. */
export async function adminDashboard(): Promise<AdminDashboardJson> {
  const result = await db.execute<{
    total: number;
    trial: number;
    lifetime: number;
    revenue_cents: number;
    open_tickets: number;
    active_promos: number;
  }>(sql`
    select
      (select count(*)::int from users) as total,
      (select count(*)::int from users where subscription = 'trial') as trial,
      (select count(*)::int from users where subscription = 'lifetime') as lifetime,
      (select coalesce(sum(amount_cents), 0)::bigint from payments) as revenue_cents,
      (select count(*)::int from tickets where status = 'open') as open_tickets,
      (select count(*)::int from promo_codes where is_active and expires_at > now()) as active_promos`);
  const r = result.rows[0]!;
  return {
    userStats: { total: Number(r.total), trial: Number(r.trial), lifetime: Number(r.lifetime) },
    revenue: Number(r.revenue_cents) / 100,
    openTickets: Number(r.open_tickets),
    activePromoCodes: Number(r.active_promos),
  };
}
