"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";

/** How long a success stays on screen before the screen moves on by itself (spec: 3 seconds). */
const REDIRECT_MS = 3000;

/**
 * Once `done`, goes to `href` by itself after 3 seconds (a timer, not a fetch); `refresh` also
 * re-reads the server's view (the session changed). Returns the move, for a "go now" button.
 */
export function useRedirectAfter(done: boolean, href: string, { refresh = false } = {}) {
  const router = useRouter();
  const go = useCallback(() => {
    router.replace(href);
    if (refresh) router.refresh();
  }, [router, href, refresh]);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(go, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, go]);
  return go;
}
