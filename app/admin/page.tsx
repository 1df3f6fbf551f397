import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Admin" };

export default function AdminHomePage() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
      <p className="text-muted-foreground">
        Operator area. <Link className="text-primary underline-offset-4 hover:underline" href="/dashboard">Open your user dashboard</Link>
      </p>
    </div>
  );
}
