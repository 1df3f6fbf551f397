import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { AppProviders } from "@/components/providers/app-providers";
import { TestModeBanner } from "@/components/shell/test-mode-banner";
import { env } from "@/lib/env";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "ColdMail AI", template: "%s · ColdMail AI" },
  description:
    "Personalised cold e-mails for every prospect in your CSV, written by AI with your own OpenAI or Anthropic key.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#4f46e5" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1120" },
  ],
};

/**
 * Rendered per request (it reads the request headers): the CSP nonce that proxy.ts put in the
 * request (Next applies it to its own scripts; next-themes gets it for its inline script) and the
 * runtime configuration for the test-mode banner (a deployment with ALLOW_TEST_DRIVERS=1).
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const testMode = env().testMode;
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {testMode ? <TestModeBanner /> : null}
        <AppProviders nonce={nonce}>{children}</AppProviders>
      </body>
    </html>
  );
}
