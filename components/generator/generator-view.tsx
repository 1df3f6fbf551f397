"use client";

import { useCallback, useRef, useState } from "react";
import { CheckAddressesButton, checkAddressesBlocked } from "@/components/email-check/check-addresses-button";
import { useEmailCheckSession } from "@/components/email-check/use-email-check-session";
import { ModelWarnings } from "@/components/models/model-warnings";
import { usePushSession } from "@/components/push/use-push-session";
import { starterSettings } from "@/lib/ai/starter-templates";
import { messageOf } from "@/lib/client/api";
import { useAiConfig, useCredits, useModels, useTemplates } from "@/lib/client/queries/ai";
import { useDeliveryRecorded, useIntegrations } from "@/lib/client/queries/integrations";
import { useGeneratorView } from "@/lib/client/queries/preferences";
import type { ModelOption } from "@/lib/ai/models";
import { CreditsMeter } from "./credits-meter";
import { GeneratorEmptyState } from "./generator-empty-state";
import { GeneratorHeader } from "./generator-header";
import { FileLoading, GeneratorAlerts } from "./generator-status";
import { GeneratorTable, rowsInView } from "./generator-table";
import { GeneratorToolbar } from "./generator-toolbar";
// The dialogs load their code when first opened (lazy-dialogs.tsx).
import { AiConfigDialog, CreditLimitDialog, EmailCheckDialog, ExportGateDialog, PushDialog } from "./lazy-dialogs";
import { ProgressPanel } from "./progress-panel";
import { QualityControls } from "./quality-controls";
import { useQualityView } from "./quality-view";
import { RunMessage } from "./run-message";
import { TableDialogs, useTableDialogs } from "./table-dialogs";
import { useConfigDialog } from "./use-config-dialog";
import { useExport } from "./use-export";
import { useGeneration } from "./use-generation";
import { useGeneratorFile } from "./use-generator-file";
import { useTimedMessage } from "./use-timed-message";
import type { TableRow } from "./csv-store";
import type { CreditsJson, TemplateJson, UserAiConfigJson } from "@/lib/responses/ai";
import type { PreferencesJson } from "@/lib/responses/preferences";

interface Props {
  initialCsvId: string | null;
  templateId: string | null;
  initialConfig: UserAiConfigJson;
  initialCredits: CreditsJson | null;
  /** The user's saved table view (read by the page; the client keeps it current). */
  initialPreferences?: PreferencesJson;
}

const NO_MODELS: ModelOption[] = [];
const NO_TEMPLATES: TemplateJson[] = [];
const NO_ROWS: TableRow[] = [];

export function GeneratorView({ initialCsvId, templateId, initialConfig, initialCredits, initialPreferences }: Props) {
  const { table, edits, importer, importFile, loading, loadError } = useGeneratorFile(initialCsvId);
  const [opError, setOpError] = useState("");

  // The AI set-up (credit-fetch failures are silently ignored: the last known credits stay).
  const config = useAiConfig(initialConfig).data ?? initialConfig;
  const models = useModels().data?.models ?? NO_MODELS;
  const templates = useTemplates().data ?? NO_TEMPLATES;
  const credits = useCredits(initialCredits).data ?? null;
  const integrations = useIntegrations();
  const deliveryRecorded = useDeliveryRecorded();
  const remainingCredits = credits?.unlimited ? Infinity : (credits?.credits.remaining ?? Infinity);
  const active = config.connections.find((c) => c._id === config.aiConfig.connectionId);

  const [message, showMessage] = useTimedMessage();
  const [limitOpen, setLimitOpen] = useState(false);
  const openLimit = useCallback(() => setLimitOpen(true), []);
  const gen = useGeneration({ table, config: config.aiConfig, credits, edits, show: showMessage, openLimit });
  const quality = useQualityView(table, setOpError);
  const exporter = useExport(table, (target) => void deliveryRecorded(target), quality.blockedRowIds);
  const pushSession = usePushSession(table?.id ?? null);
  const checkSession = useEmailCheckSession(table?.id ?? null);

  const tableView = useGeneratorView(initialPreferences);
  const tableDialogs = useTableDialogs();
  const dialog = useConfigDialog(templateId);
  const scrollRef = useRef<HTMLDivElement>(null);

  const fail = (fallback: string) => (err: unknown) => setOpError(messageOf(err, fallback));
  const saveCell = (rowId: number, column: string, value: string) => {
    if (table)
      edits.updateCell(table.id, rowId, column, value).catch(fail("Failed to save the cell. Please try again."));
  };

  const visibleRowIndices = () => (table ? rowsInView(scrollRef.current, quality) : []);

  const errors = [importer.error, opError, loadError, dialog.templateError, gen.pollError].filter(Boolean);

  return (
    <div className="space-y-4">
      <GeneratorHeader
        rowCount={table ? table.rows.length : null}
        fileName={table?.fileName}
        connectionLabel={active ? `${active.provider} > ${active.name}` : null}
      >
        <CreditsMeter credits={credits} />
      </GeneratorHeader>
      <ModelWarnings kinds={["config", "batch"]} />
      <GeneratorToolbar
        hasTable={Boolean(table)}
        busy={Boolean(loading)}
        onImport={(picked) => {
          setOpError("");
          importFile(picked);
        }}
        onConfigure={() => dialog.openWith(null)}
        onExportCsv={exporter.exportCsv}
        exportTargets={[
          {
            id: "make",
            label: "Export to Make",
            configured: integrations.make.isConfigured,
            onSelect: () => exporter.exportTo("make"),
          },
          {
            id: "zapier",
            label: "Export to Zapier",
            configured: integrations.zapier.isConfigured,
            onSelect: () => exporter.exportTo("zapier"),
          },
          {
            id: "push",
            label: "Push to a campaign…",
            configured: pushSession.configured,
            onSelect: () => pushSession.setOpen(true),
          },
        ]}
        onAddRow={() => tableDialogs.setAddRowOpen(true)}
        onAddColumn={() => tableDialogs.setAddColumnOpen(true)}
      >
        <CheckAddressesButton
          blocked={checkAddressesBlocked(table?.columns ?? null, checkSession.checkId !== null)}
          running={checkSession.running}
          onOpen={() => checkSession.setOpen(true)}
        />
        {table ? (
          <QualityControls
            quality={quality}
            busy={Boolean(gen.batch)}
            remainingCredits={remainingCredits}
            config={config.aiConfig}
            onRun={gen.startRun}
          />
        ) : null}
      </GeneratorToolbar>
      <GeneratorAlerts errors={errors} notice={importer.notice} />
      <RunMessage message={message} failedRows={gen.failedRows} onRerunFailed={gen.rerunFailed} />
      {gen.batch ? (
        <ProgressPanel
          batch={gen.batch}
          stopping={gen.stopping}
          onStop={gen.stop}
          controlling={gen.controlling}
          onControl={gen.control}
        />
      ) : null}
      {loading ? <FileLoading loading={loading} /> : null}
      {table ? (
        <GeneratorTable
          table={table}
          quality={quality}
          scrollRef={scrollRef}
          isGenerating={gen.isGenerating}
          generateOne={gen.generateOne}
          onSaveCell={saveCell}
          dialogs={tableDialogs}
          jsonSchema={config.aiConfig.jsonSchema}
          view={tableView.view}
          onViewChange={tableView.setView}
        />
      ) : !loading ? (
        <GeneratorEmptyState
          onStarter={(starter) => dialog.openWith({ ...config.aiConfig, ...starterSettings(starter) })}
        />
      ) : null}
      <AiConfigDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        initial={dialog.initial ?? config.aiConfig}
        models={models}
        connections={config.connections}
        templates={templates}
        remainingCredits={remainingCredits}
        csvId={table?.id}
        columns={table?.columns ?? []}
        rows={table?.rows ?? []}
        visibleRowIndices={visibleRowIndices}
        onRun={gen.runAfterSave}
      />
      <ExportGateDialog {...exporter.gate} />
      <PushDialog session={pushSession} csvId={table?.id ?? null} columns={table?.columns ?? []} />
      <EmailCheckDialog
        session={checkSession}
        csvId={table?.id ?? null}
        columns={table?.columns ?? []}
        rows={table?.rows ?? NO_ROWS}
      />
      <CreditLimitDialog open={limitOpen} onOpenChange={setLimitOpen} daily={credits?.credits.daily ?? 100} />
      <TableDialogs dialogs={tableDialogs} table={table} edits={edits} fail={fail} />
    </div>
  );
}
