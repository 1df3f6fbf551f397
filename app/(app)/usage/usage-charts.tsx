"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OTHER } from "./usage-data";

const COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];
const colorOf = (name: string, index: number) => (name === OTHER ? "var(--chart-6)" : COLORS[index % COLORS.length]);

/** "Nov 24" of a UTC day "2026-11-24". */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
const tooltipStyle = {
  backgroundColor: "var(--popover)",
  color: "var(--popover-foreground)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  fontSize: 12,
};

interface Props {
  title: string;
  description: string;
  /** What the chart shows, in words: the chart's text equivalent (the tables below have the figures). */
  summary: string;
  data: Record<string, number | string>[];
  series: string[];
  format: (value: number) => string;
  testId: string;
}

/** A stacked bar chart per UTC day in a card; screen readers get `summary` (the figures are in the tables). */
export function StackedDayChart({ title, description, summary, data, series, format, testId }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="img" aria-label={summary} className="h-64 w-full" data-testid={testId}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="date" tickFormatter={dayLabel} tick={tick} stroke="var(--border)" minTickGap={16} />
              <YAxis tickFormatter={(v: number) => format(v)} tick={tick} stroke="var(--border)" width={72} />
              <Tooltip
                contentStyle={tooltipStyle}
                cursor={{ fill: "var(--muted)" }}
                labelFormatter={(label) => dayLabel(String(label))}
                formatter={(value) => format(Number(value))}
              />
              {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
              {series.map((name, i) => (
                <Bar key={name} dataKey={name} stackId="day" fill={colorOf(name, i)} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
