"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { BadgePercent, DollarSign, LayoutDashboard, LifeBuoy, LogOut, Menu, Users } from "lucide-react";
import { useSession } from "@/components/auth/session-provider";
import { Logo } from "@/components/shell/logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";

const NAV = [
  { href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/users", label: "Users", icon: Users },
  { href: "/admin/income", label: "Income", icon: DollarSign },
  { href: "/admin/tickets", label: "Support Tickets", icon: LifeBuoy },
  { href: "/admin/promo-codes", label: "Promo Codes", icon: BadgePercent },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav className="space-y-1" aria-label="Admin">
      {NAV.map(({ href, label, icon: Icon }) => {
        const active = href === "/admin" ? pathname === "/admin" : pathname.startsWith(href);
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
              active
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden /> {label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Admin layout: sidebar (a drawer on phones) and a header with the admin's name and Sign out. */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const { user, signOut } = useSession();
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="flex min-h-dvh">
      <aside className="hidden w-60 shrink-0 border-r bg-card p-4 md:block">
        <Logo href="/admin" className="mb-6" />
        <NavLinks />
      </aside>
      <Sheet open={drawer} onOpenChange={setDrawer}>
        <SheetContent side="left" className="w-64 p-4">
          <SheetTitle className="mb-4">
            <Logo href="/admin" />
          </SheetTitle>
          <NavLinks onNavigate={() => setDrawer(false)} />
        </SheetContent>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-3 border-b bg-background px-4 sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            onClick={() => setDrawer(true)}
          >
            <Menu />
          </Button>
          <span className="font-semibold md:hidden">Admin</span>
          <div className="ml-auto flex items-center gap-3">
            <ThemeToggle />
            <span className="max-w-32 truncate text-sm text-muted-foreground sm:max-w-56" data-testid="current-user">
              {user.name || user.email}
            </span>
            <Button variant="outline" size="sm" onClick={() => void signOut()}>
              <LogOut aria-hidden /> Sign out
            </Button>
          </div>
        </header>
        <main className="w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
