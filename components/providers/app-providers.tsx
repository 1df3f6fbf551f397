"use client";

import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { makeQueryClient } from "@/lib/client/query-client";

/**
 * The one QueryClientProvider and the theme (system by default, class `dark` on <html>). `nonce` is
 * the request's CSP nonce (root layout), for next-themes' inline script.
 */
export function AppProviders({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  const [client] = useState(makeQueryClient);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
