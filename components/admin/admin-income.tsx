"use client";

import { useState } from "react";
import { CalendarDays, Crown, DollarSign, Receipt } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, formatShortDate } from "@/lib/client/format";
import { useAdminIncome } from "@/lib/client/queries/admin";
import { cn } from "@/lib/utils";
import { adminError } from "./admin-errors";
import { Pager } from "./pager";
import { StatCard } from "./stat-card";
import type { IncomePaymentJson } from "@/lib/responses/admin";

interface MonthRow {
  month: string;
  sales: number;
  total: number;
}

/** Average payment; 0 when there are none. */
function averageValue(totalIncome: number, count: number): number {
  return count > 0 ? totalIncome / count : 0;
}

/** The month label the product's breakdown (and its e2e test) shows: en-US "Nov 2026". */
const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric" });

/** Sales per calendar month (local time) of the given payments, in their order (newest first); sums in cents. */
function monthlyBreakdown(payments: Pick<IncomePaymentJson, "date" | "amount">[]): MonthRow[] {
  const months = new Map<string, { month: string; sales: number; cents: number }>();
  for (const p of payments) {
    const d = new Date(p.date);
    if (Number.isNaN(d.getTime())) continue;
    const key = `${d.getFullYear()}-${d.getMonth()}`;
    const row = months.get(key) ?? { month: monthLabel.format(d), sales: 0, cents: 0 };
    row.sales += 1;
    row.cents += Math.round(p.amount * 100);
    months.set(key, row);
  }
  return [...months.values()].map(({ month, sales, cents }) => ({ month, sales, total: cents / 100 }));
}

function MonthlyBreakdown({ payments }: { payments: IncomePaymentJson[] }) {
  const months = monthlyBreakdown(payments);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5 text-primary" aria-hidden /> Monthly Breakdown
        </CardTitle>
        <CardDescription>Computed from the payments on this page only.</CardDescription>
      </CardHeader>
      <CardContent>
        {months.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments on this page.</p>
        ) : (
          <Table data-testid="monthly-breakdown">
            <TableHeader>
              <TableRow>
                <TableHead>Month</TableHead>
                <TableHead className="text-right">Sales</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {months.map((m) => (
                <TableRow key={m.month}>
                  <TableCell className="font-medium">{m.month}</TableCell>
                  <TableCell className="text-right">{m.sales}</TableCell>
                  <TableCell className="text-right">{formatMoney(m.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentHistory({ payments }: { payments: IncomePaymentJson[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden /> Payment History
        </CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            No payments yet.
          </p>
        ) : (
          <Table data-testid="payment-history">
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Date</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Promo Code</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.map((p) => (
                <TableRow key={p._id}>
                  <TableCell>
                    <div className="font-medium">{p.userName}</div>
                    {p.userEmail ? <div className="text-xs text-muted-foreground">{p.userEmail}</div> : null}
                  </TableCell>
                  <TableCell>{formatShortDate(p.date)}</TableCell>
                  <TableCell className="text-right font-medium">{formatMoney(p.amount)}</TableCell>
                  <TableCell className={p.promoCode && p.promoCode !== "None" ? "" : "text-muted-foreground"}>
                    {p.promoCode || "None"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export function AdminIncome() {
  const [page, setPage] = useState(1);
  const { data, error: failure, isPlaceholderData } = useAdminIncome(page);
  const error = failure ? adminError(failure, "Failed to load income data. Please try again.") : "";

  const icon = (I: typeof DollarSign) => <I className="size-5 text-primary" aria-hidden />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Income</h1>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {!data && !error ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading income">
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32" />
            ))}
          </div>
          <Skeleton className="h-40" />
          <Skeleton className="h-72" />
        </div>
      ) : null}
      {data ? (
        <div
          className={cn("space-y-6 transition-opacity", isPlaceholderData && "opacity-60")}
          aria-busy={isPlaceholderData}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              title="Total Income"
              value={formatMoney(data.totalIncome)}
              note="USD, all time"
              icon={icon(DollarSign)}
            />
            <StatCard
              title="Lifetime Customers"
              value={String(data.pagination.total)}
              note="Lifetime purchases"
              icon={icon(Crown)}
            />
            <StatCard
              title="Average Value"
              value={formatMoney(averageValue(data.totalIncome, data.pagination.total))}
              note="Per purchase"
              icon={icon(Receipt)}
            />
          </div>
          {data.payments.length > 0 ? <MonthlyBreakdown payments={data.payments} /> : null}
          <PaymentHistory payments={data.payments} />
          <Pager pagination={data.pagination} onPage={setPage} />
        </div>
      ) : null}
    </div>
  );
}
