import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { homeFor } from "@/lib/auth/guards";
import { getCurrentUser } from "@/lib/auth/server-user";
import { isAdminUser } from "@/lib/auth/session";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  const user = await getCurrentUser();
  if (user) redirect(homeFor({ isAdmin: isAdminUser(user) }));
  return <LoginForm />;
}
