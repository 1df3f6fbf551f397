"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { FileSpreadsheet, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/client/api";
import { formatCount } from "@/lib/csv/limits";

interface CsvSummary {
  _id: string;
  fileName: string;
  rowCount: number;
  created: string;
}

/** Short US date, e.g. 11/22/2026. */
export function shortUsDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US");
}

export function RecentCsvFiles() {
  const [files, setFiles] = useState<CsvSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(async () => {
    setFailed(false);
    try {
      setFiles(await api<CsvSummary[]>("/api/csv/recent"));
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    api<CsvSummary[]>("/api/csv/recent")
      .then((list) => !cancelled && setFiles(list))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  async function remove(id: string) {
    setFiles((cur) => cur?.filter((f) => f._id !== id) ?? cur);
    // A failed deletion is silently ignored (spec): the list is simply read again.
    await api(`/api/csv/${id}`, { method: "DELETE" }).catch(() => void refresh());
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet className="size-5 text-primary" aria-hidden />
          Recent CSV Files
        </CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <div className="flex items-center gap-3 text-sm" role="alert">
            <span className="text-destructive">Failed to load data</span>
            <Button variant="outline" size="sm" onClick={() => void refresh()}>
              Try again
            </Button>
          </div>
        ) : files === null ? (
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
                    {formatCount(f.rowCount)} rows · {shortUsDate(f.created)}
                  </span>
                </Link>
                <Button variant="ghost" size="sm" className="text-destructive" onClick={() => remove(f._id)} aria-label={`Delete ${f.fileName}`}>
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
