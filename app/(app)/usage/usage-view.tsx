"use client";

import Link from "next/link";
import { Download } from "lucide-react";
import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { messageOf } from "@/lib/client/api";
import { downloadText } from "@/lib/client/download";
import { formatUsd } from "@/lib/client/estimate-format";
import { formatNumber } from "@/lib/client/format";
import { useUsage } from "@/lib/client/queries/usage";
import { dayLabel, StackedDayChart } from "./usage-charts";
import { breakdown, stackedSeries, usageCsv, usageTotals } from "./usage-data";
import { BreakdownTable, DailyTable } from "./usage-tables";
import type { UsageDayJson } from "@/lib/responses/usage";

const PERIODS = [7, 30, 90] as const;
const tokens = (n: number) => formatNumber(n, "en-US");

/** "highest on Nov 24 ($0.42)": the peak day of a metric, for the charts' text equivalents. */
function peak(days: UsageDayJson[], value: (d: UsageDayJson) => number, format: (n: number) => string): string {
  const top = days.reduce((best, d) => (value(d) > value(best) ? d : best), days[0]!);
  return `highest on ${dayLabel(top.date)} (${format(value(top))})`;
}

/** The usage page: provider spend, tokens and rows per UTC day, per model and per connection. */
export function UsageView() {
  const [period, setPeriod] = useState<number>(30);
  const usage = useUsage(period);
  const days = usage.data?.days ?? [];
  const totals = usageTotals(days);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Usage</h1>
          <p className="mt-1 text-muted-foreground">
            What your AI provider keys were billed for, per UTC day: spend, tokens and rows.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Period" className="flex gap-1">
            {PERIODS.map((p) => (
              <Button
                key={p}
                type="button"
                size="sm"
                variant={p === period ? "default" : "outline"}
                aria-pressed={p === period}
                onClick={() => setPeriod(p)}
              >
                {p} days
              </Button>
            ))}
          </div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!usage.data}
            onClick={() => downloadText(`usage-last-${period}-days.csv`, usageCsv(days))}
          >
            <Download aria-hidden /> Download CSV
          </Button>
        </div>
      </header>

      {usage.isPending ? (
        <UsageSkeleton />
      ) : usage.isError ? (
        <FormAlert kind="error">{messageOf(usage.error, "Failed to load usage. Please try again.")}</FormAlert>
      ) : totals.rows === 0 ? (
        <Card>
          <CardContent className="py-10 text-center">
            <p className="font-medium">No usage in the last {period} days</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Rows you generate with your API keys show up here with their tokens and cost.{" "}
              <Link href="/email-generator" className="font-medium text-primary underline underline-offset-4">
                Open the e-mail generator
              </Link>
            </p>
          </CardContent>
        </Card>
      ) : (
        <UsageReport days={days} period={period} />
      )}
    </div>
  );
}

function UsageReport({ days, period }: { days: UsageDayJson[]; period: number }) {
  const totals = usageTotals(days);
  const spend = stackedSeries(days, "model", "costUsd");
  const rows = stackedSeries(days, "connection", "rows");
  const tokenData = days.map((d) => ({ date: d.date, Input: d.inputTokens, Output: d.outputTokens }));
  const span = `the last ${period} days`;
  return (
    <>
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Total label="Spend" value={formatUsd(totals.costUsd)} testId="usage-total-spend" />
        <Total label="Rows" value={tokens(totals.rows)} testId="usage-total-rows" />
        <Total label="Input tokens" value={tokens(totals.inputTokens)} />
        <Total label="Output tokens" value={tokens(totals.outputTokens)} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <StackedDayChart
          title="Spend per day"
          description="USD, by model"
          summary={`Spend per day over ${span}, by model: ${formatUsd(totals.costUsd)} in total, ${peak(days, (d) => d.costUsd, formatUsd)}.`}
          testId="chart-spend"
          {...spend}
          format={formatUsd}
        />
        <StackedDayChart
          title="Tokens per day"
          description="Input and output tokens"
          summary={`Tokens per day over ${span}: ${tokens(totals.inputTokens)} input and ${tokens(totals.outputTokens)} output, ${peak(days, (d) => d.inputTokens + d.outputTokens, tokens)}.`}
          testId="chart-tokens"
          data={tokenData}
          series={["Input", "Output"]}
          format={tokens}
        />
        <StackedDayChart
          title="Rows per day"
          description="Billed provider calls, by connection"
          summary={`Rows per day over ${span}, by connection: ${tokens(totals.rows)} in total, ${peak(days, (d) => d.rows, tokens)}.`}
          testId="chart-rows"
          {...rows}
          format={tokens}
        />
        <Card>
          <CardContent className="space-y-6">
            <BreakdownTable caption="Per model" label="Model" items={breakdown(days, "model")} />
            <BreakdownTable caption="Per connection" label="Connection" items={breakdown(days, "connection")} />
          </CardContent>
        </Card>
      </div>
      <details className="rounded-xl border bg-card p-4">
        <summary className="cursor-pointer font-medium">Usage per day (table)</summary>
        <div className="mt-4">
          <DailyTable days={days} />
        </div>
      </details>
    </>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

function UsageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading usage">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-80" />
        ))}
      </div>
    </div>
  );
}
