"use client";

import Link from "next/link";
import { BadgePercent, Crown, DollarSign, LifeBuoy, Users } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/client/format";
import { useAdminDashboard } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { StatCard } from "./stat-card";

/** Lifetime share of all users, rounded; 0 when there are no users. */
function conversionRate(lifetime: number, total: number): number {
  return total > 0 ? Math.round((lifetime / total) * 100) : 0;
}

export function AdminDashboard() {
  const { data, error: failure } = useAdminDashboard();
  const error = failure ? adminError(failure, "Failed to load dashboard data. Please try again.") : "";

  const icon = (I: typeof Users) => <I className="size-5 text-primary" aria-hidden />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {!data && !error ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : null}
      {data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard
              title="Total Users"
              value={String(data.userStats.total)}
              note={`${data.userStats.trial} in trial`}
              icon={icon(Users)}
            />
            <StatCard
              title="Lifetime Users"
              value={String(data.userStats.lifetime)}
              note={`${conversionRate(data.userStats.lifetime, data.userStats.total)}% conversion`}
              icon={icon(Crown)}
            />
            <StatCard
              title="Total Revenue"
              value={formatMoney(data.revenue)}
              note="USD, all time"
              icon={icon(DollarSign)}
            />
            <StatCard
              title="Open Tickets"
              value={String(data.openTickets)}
              note="Waiting for an answer"
              icon={icon(LifeBuoy)}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <BadgePercent className="size-5 text-primary" aria-hidden /> Active Promotions
              </CardTitle>
            </CardHeader>
            <CardContent>
              {data.activePromoCodes > 0 ? (
                <p>
                  <span className="text-2xl font-bold">{data.activePromoCodes}</span> active promo code
                  {data.activePromoCodes === 1 ? "" : "s"}.{" "}
                  <Link href="/admin/promo-codes" className="text-primary underline underline-offset-4">
                    Manage promo codes
                  </Link>
                </p>
              ) : (
                <p className="text-muted-foreground">
                  No active promotions.{" "}
                  <Link href="/admin/promo-codes" className="text-primary underline underline-offset-4">
                    Create a promo code
                  </Link>
                </p>
              )}
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
