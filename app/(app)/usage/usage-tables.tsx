import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatUsd } from "@/lib/client/estimate-format";
import { formatNumber } from "@/lib/client/format";
import { dayLabel } from "./usage-charts";
import type { Breakdown } from "./usage-data";
import type { UsageDayJson } from "@/lib/responses/usage";

/** Rows and spend per model or per connection over the period. */
export function BreakdownTable({ caption, label, items }: { caption: string; label: string; items: Breakdown[] }) {
  return (
    <Table>
      <TableCaption className="caption-top mt-0 mb-2 text-left font-medium text-foreground">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{label}</TableHead>
          <TableHead scope="col" className="text-right">
            Rows
          </TableHead>
          <TableHead scope="col" className="text-right">
            Spend
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((b) => (
          <TableRow key={b.key}>
            <TableCell className="max-w-56 truncate">{b.name}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(b.rows, "en-US")}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(b.costUsd)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Every day's figures: the charts' data as a table. */
export function DailyTable({ days }: { days: UsageDayJson[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">Usage per day</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Day (UTC)</TableHead>
          <TableHead scope="col" className="text-right">
            Rows
          </TableHead>
          <TableHead scope="col" className="text-right">
            Input tokens
          </TableHead>
          <TableHead scope="col" className="text-right">
            Output tokens
          </TableHead>
          <TableHead scope="col" className="text-right">
            Spend
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...days].reverse().map((d) => (
          <TableRow key={d.date}>
            <TableCell>
              <time dateTime={d.date}>{dayLabel(d.date)}</time>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(d.rows, "en-US")}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(d.inputTokens, "en-US")}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(d.outputTokens, "en-US")}</TableCell>
            <TableCell className="text-right tabular-nums">{formatUsd(d.costUsd)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
