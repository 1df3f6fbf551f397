import type { Metadata } from "next";
import { AdminTickets } from "@/components/admin/admin-tickets";

export const metadata: Metadata = { title: "Support Tickets" };

export default function AdminTicketsPage() {
  return <AdminTickets />;
}
