import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { homeFor } from "@/lib/auth/guards";
import { getCurrentUser } from "@/lib/auth/server-user";
import { isAdminUser } from "@/lib/auth/session";
import { RegisterForm } from "./register-form";

export const metadata: Metadata = { title: "Create account" };

export default async function RegisterPage() {
  const user = await getCurrentUser();
  if (user) redirect(homeFor({ isAdmin: isAdminUser(user) }));
  return <RegisterForm />;
}
