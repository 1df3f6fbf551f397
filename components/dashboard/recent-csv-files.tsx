"use client";

import Link from "next/link";
import { FileSpreadsheet, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatShortDate } from "@/lib/client/format";
import { useDeleteCsvFile, useRecentCsvFiles } from "@/lib/client/queries/csv";

/**
 * Recent CSV Files: read on every visit; a deletion removes the entry at once (back silently if the server refuses:
 * spec).
 */
export function RecentCsvFiles() {
  const { data: files, isError, refetch } = useRecentCsvFiles();
  const remove = useDeleteCsvFile();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet className="size-5 text-primary" aria-hidden />
          Recent CSV Files
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isError && !files ? (
          <div className="flex items-center gap-3 text-sm" role="alert">
            <span className="text-destructive">Failed to load data</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : !files ? (
          <div className="space-y-2" role="status" aria-label="Loading CSV files...">
            <span className="sr-only">Loading CSV files...</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : files.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <p className="font-medium">No CSV files found</p>
            <p className="text-sm text-muted-foreground">Import a CSV file in the Email Generator to get started.</p>
            <Button asChild variant="outline" size="sm">
              <Link href="/email-generator">Go to Email Generator</Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y" data-testid="recent-csv-files">
            {files.map((f) => (
              <li key={f._id} className="flex items-center gap-3 py-2">
                <Link href={`/email-generator?csvId=${f._id}`} className="min-w-0 flex-1 hover:underline">
                  <span className="block truncate font-medium">{f.fileName}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatNumber(f.rowCount)} rows · {formatShortDate(f.created)}
                  </span>
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => remove.mutate(f._id)}
                  aria-label={`Delete ${f.fileName}`}
                >
                  <Trash2 aria-hidden /> Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
