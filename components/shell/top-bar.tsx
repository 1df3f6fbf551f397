"use client";

import Link from "next/link";
import { ChartColumn, HelpCircle, KeyRound, LogOut } from "lucide-react";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/**
 * The signed-in top bar: logo, Usage (provider spend), API Keys (for external programs), Help, the theme, the user's
 * name or e-mail, Sign out.
 */
export function TopBar() {
  const { user, signOut, signingOut } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav className="ml-auto flex items-center gap-1 sm:gap-3" aria-label="Account">
          <Button asChild variant="ghost" size="sm">
            <Link href="/usage">
              <ChartColumn aria-hidden />
              <span className="sr-only sm:not-sr-only">Usage</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/settings/api-keys">
              <KeyRound aria-hidden />
              <span className="sr-only sm:not-sr-only">API Keys</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/help">
              <HelpCircle aria-hidden />
              <span>Help</span>
            </Link>
          </Button>
          <ThemeToggle />
          <span className="max-w-28 truncate text-sm text-muted-foreground sm:max-w-48" data-testid="current-user">
            {user.name || user.email}
          </span>
          <Button variant="outline" size="sm" disabled={signingOut} onClick={() => void signOut()}>
            <LogOut aria-hidden />
            <span>Sign out</span>
          </Button>
        </nav>
      </div>
    </header>
  );
}
