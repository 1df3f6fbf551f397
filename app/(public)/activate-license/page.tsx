import type { Metadata } from "next";
import { getCurrentUser } from "@/lib/auth/server-user";
import { ActivateLicenseForm } from "./activate-license-form";

export const metadata: Metadata = { title: "Activate license" };

export default async function ActivateLicensePage() {
  const user = await getCurrentUser();
  return <ActivateLicenseForm signedIn={Boolean(user)} />;
}
