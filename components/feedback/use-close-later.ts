"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * Closes a dialog some time after a success; the pending close is dropped when the dialog is
 * closed or opened again meanwhile, or unmounted.
 */
export function useCloseLater(open: boolean, onOpenChange: (open: boolean) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [open, cancel]);
  return useCallback(
    (ms: number) => {
      cancel();
      timer.current = setTimeout(() => onOpenChange(false), ms);
    },
    [cancel, onOpenChange],
  );
}
