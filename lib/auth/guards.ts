import "server-only";
import { redirect } from "next/navigation";
import type { UserRow } from "@/lib/db/schema";
import { toUserJson } from "@/lib/services/users/serialize";
import { isAdminUser } from "./session";
import { getCurrentUser } from "./server-user";
import type { UserJson } from "@/lib/responses/account";

/** Signed-in pages: anonymous visitors go to /login. */
export async function requirePageUser(): Promise<{ user: UserRow; json: UserJson }> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return { user, json: toUserJson(user) };
}

/** Admin pages: anonymous visitors go to /login, non-admins to /dashboard. */
export async function requirePageAdmin(): Promise<{ user: UserRow; json: UserJson }> {
  const result = await requirePageUser();
  if (!isAdminUser(result.user)) redirect("/dashboard");
  return result;
}

/** Where a user lands after signing in. */
export function homeFor(user: { isAdmin: boolean }): string {
  return user.isAdmin ? "/admin" : "/dashboard";
}
