"use client";

import dynamic from "next/dynamic";
import { useState, type ComponentType } from "react";
import { DialogLoading } from "@/components/feedback/dialog-loading";

/*
 * The generator's dialogs, loaded when the user first opens one: none of them is needed to show
 * the page, and with their forms, zod schemas and Radix parts they are a large share of its
 * JavaScript. Each renders nothing until its `open` condition first holds, then stays mounted (the
 * closing animation plays, the next opening is instant); while its code arrives, DialogLoading shows.
 */
function onDemand<P extends object>(Dialog: ComponentType<P>, isOpen: (props: P) => boolean) {
  function OnDemand(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    return opened ? <Dialog {...props} /> : null;
  }
  return OnDemand;
}

const loading = () => <DialogLoading />;

export const AiConfigDialog = onDemand(
  dynamic(() => import("./ai-config-dialog").then((m) => m.AiConfigDialog), { ssr: false, loading }),
  (p) => p.open,
);
export const AddRowDialog = onDemand(
  dynamic(() => import("./add-row-dialog").then((m) => m.AddRowDialog), { ssr: false, loading }),
  (p) => p.open,
);
export const AddColumnDialog = onDemand(
  dynamic(() => import("./add-column-dialog").then((m) => m.AddColumnDialog), { ssr: false, loading }),
  (p) => p.open,
);
export const EditEmailSheet = onDemand(
  dynamic(() => import("./edit-email-sheet").then((m) => m.EditEmailSheet), { ssr: false, loading }),
  (p) => p.row !== null,
);
export const AiResponseDialog = onDemand(
  dynamic(() => import("./ai-response-dialog").then((m) => m.AiResponseDialog), { ssr: false, loading }),
  (p) => p.response !== null,
);
export const ExportGateDialog = onDemand(
  dynamic(() => import("./export-gate-dialog").then((m) => m.ExportGateDialog), { ssr: false, loading }),
  (p) => p.action !== null,
);
export const CreditLimitDialog = onDemand(
  dynamic(() => import("./credit-limit-dialog").then((m) => m.CreditLimitDialog), { ssr: false, loading }),
  (p) => p.open,
);
export const RegenerateFlaggedDialog = onDemand(
  dynamic(() => import("./quality-regenerate-dialog").then((m) => m.RegenerateFlaggedDialog), { ssr: false, loading }),
  (p) => p.open,
);
export const ConfirmDialog = onDemand(
  dynamic(() => import("@/components/feedback/confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false, loading }),
  (p) => p.open,
);
