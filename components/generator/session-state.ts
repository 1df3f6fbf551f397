"use client";

import { useSyncExternalStore } from "react";

/** Session-storage keys of the generator. */
export const CSV_ID_KEY = "currentCsvId";
export const ACTIVE_BATCH_KEY = "activeBatch";

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A session-storage entry read as React state (an external store): `undefined` on the server
 * and while hydrating, then the stored text or null. Writes go through `writeSessionItem`.
 */
export function useSessionItem(key: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(key),
    () => undefined,
  );
}

/** Stores (or, with null, removes) an entry and re-renders its readers. */
export function writeSessionItem(key: string, value: string | null): void {
  if (value === null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, value);
  listeners.forEach((listener) => listener());
}
