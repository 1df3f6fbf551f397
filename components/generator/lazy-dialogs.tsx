"use client";

import { onDemand } from "@/components/feedback/on-demand";

// The generator's dialogs, loaded when the user first opens one (on-demand.tsx): none of them is
// needed to show the page, and with their forms, zod schemas and Radix parts they are a large share
// of its JavaScript.

export const AiConfigDialog = onDemand(
  () => import("./ai-config-dialog").then((m) => m.AiConfigDialog),
  (p) => p.open,
);
export const AddRowDialog = onDemand(
  () => import("./add-row-dialog").then((m) => m.AddRowDialog),
  (p) => p.open,
);
export const AddColumnDialog = onDemand(
  () => import("./add-column-dialog").then((m) => m.AddColumnDialog),
  (p) => p.open,
);
export const EditEmailSheet = onDemand(
  () => import("./edit-email-sheet").then((m) => m.EditEmailSheet),
  (p) => p.row !== null,
);
export const AiResponseDialog = onDemand(
  () => import("./ai-response-dialog").then((m) => m.AiResponseDialog),
  (p) => p.response !== null,
);
export const ExportGateDialog = onDemand(
  () => import("./export-gate-dialog").then((m) => m.ExportGateDialog),
  (p) => p.action !== null,
);
export const CreditLimitDialog = onDemand(
  () => import("./credit-limit-dialog").then((m) => m.CreditLimitDialog),
  (p) => p.open,
);
export const RegenerateFlaggedDialog = onDemand(
  () => import("./quality-regenerate-dialog").then((m) => m.RegenerateFlaggedDialog),
  (p) => p.open,
);
export const ConfirmDialog = onDemand(
  () => import("@/components/feedback/confirm-dialog").then((m) => m.ConfirmDialog),
  (p) => p.open,
);
export const PushDialog = onDemand(
  () => import("@/components/push/push-dialog").then((m) => m.PushDialog),
  (p) => p.session.open,
);
export const EmailCheckDialog = onDemand(
  () => import("@/components/email-check/email-check-dialog").then((m) => m.EmailCheckDialog),
  (p) => p.session.open,
);
export const ReadingView = onDemand(
  () => import("./reading-view").then((m) => m.ReadingView),
  (p) => p.row !== null,
);
