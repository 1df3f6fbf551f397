import type { Metadata } from "next";
import { AdminPromoCodes } from "@/components/admin/admin-promo-codes";

export const metadata: Metadata = { title: "Promo Codes" };

export default function AdminPromoCodesPage() {
  return <AdminPromoCodes />;
}
