"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type TimedMessage = { kind: "success" | "error" | "info"; text: string } | null;

/** A message that clears itself after `ms` (status and export messages clear after 3 s). */
export function useTimedMessage(ms = 3000) {
  const [message, setMessage] = useState<TimedMessage>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(
    (next: TimedMessage, persist = false) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(next);
      if (next && !persist) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return [message, show] as const;
}
