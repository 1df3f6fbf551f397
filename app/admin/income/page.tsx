import type { Metadata } from "next";
import { AdminIncome } from "@/components/admin/admin-income";

export const metadata: Metadata = { title: "Income" };

export default function AdminIncomePage() {
  return <AdminIncome />;
}
