import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const { user } = await requirePageUser();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {user.name || user.email}!</h1>
        <p className="mt-1 text-muted-foreground">Generate personalised cold e-mails for every prospect in your list.</p>
      </header>
    </div>
  );
}
