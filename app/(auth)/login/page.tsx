import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { homeFor } from "@/lib/auth/guards";
import { getCurrentUser } from "@/lib/auth/server-user";
import { isAdminUser } from "@/lib/auth/session";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  const user = await getCurrentUser();
  if (user) redirect(homeFor({ isAdmin: isAdminUser(user) }));
  // The card is static: rendered here, it adds nothing to the page's JavaScript.
  return (
    <AuthCard title="Sign in to your account" description="Welcome back! Enter your details to continue.">
      <LoginForm />
    </AuthCard>
  );
}
