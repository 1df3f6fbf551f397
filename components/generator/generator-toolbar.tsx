"use client";

import { ChevronDown, Columns3, Download, FileUp, Plus, Settings2 } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

interface ExportTarget {
  id: string;
  label: string;
  configured: boolean;
  onSelect: () => void;
}

interface Props {
  hasTable: boolean;
  busy: boolean;
  onImport: (file: File) => void;
  onConfigure: () => void;
  onExportCsv: () => void;
  exportTargets: ExportTarget[];
  onAddRow: () => void;
  onAddColumn: () => void;
  /** More controls after the export menu ("Check addresses", the row filters and "Regenerate flagged rows"). */
  children?: React.ReactNode;
}

export function GeneratorToolbar({
  hasTable,
  busy,
  onImport,
  onConfigure,
  onExportCsv,
  exportTargets,
  onAddRow,
  onAddColumn,
  children,
}: Props) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Generator actions">
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid="csv-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onImport(file);
        }}
      />
      <Button onClick={() => fileRef.current?.click()} disabled={busy}>
        <FileUp aria-hidden /> Import CSV
      </Button>
      <Button variant="outline" onClick={onConfigure}>
        <Settings2 aria-hidden /> Configure AI
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <Download aria-hidden /> Export to <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={onExportCsv}>Export as CSV</DropdownMenuItem>
          {exportTargets.map((t) => (
            <DropdownMenuItem key={t.id} disabled={!t.configured} onSelect={t.onSelect}>
              {t.label}
              {t.configured ? "" : " (Not configured)"}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {children}
      <div className="ml-auto flex gap-2">
        <Button variant="outline" onClick={onAddRow} disabled={!hasTable}>
          <Plus aria-hidden /> Add Row
        </Button>
        <Button variant="outline" onClick={onAddColumn} disabled={!hasTable}>
          <Columns3 aria-hidden /> Add Column
        </Button>
      </div>
    </div>
  );
}
