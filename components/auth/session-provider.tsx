"use client";

import { createContext, useContext, useEffect, useMemo } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { UNAUTHORIZED_EVENT } from "@/lib/client/api";
import { authKeys, signOutRequest } from "@/lib/client/queries/auth";
import { useMe } from "@/lib/client/queries/auth-reads";
import type { UserJson } from "@/lib/responses/account";

interface SessionContextValue {
  user: UserJson;
  /** Signs out (the cache is cleared, then /login); resolves when the request has settled. */
  signOut: () => Promise<void>;
  signingOut: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds the signed-in user for client components as the `me` query (the server layout's user
 * as its initial data); signing out and any 401 clear every cached answer before /login, so the
 * next account never sees the previous one's data. To re-read the user, invalidate
 * `authKeys.me()` (no refresh callback).
 */
export function SessionProvider({ initialUser, children }: { initialUser: UserJson; children: React.ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: user } = useMe(initialUser);

  // A newer server render of the layout (navigation into the area, router.refresh) brings the
  // freshest user: it replaces a cached one (e.g. a plan bought on /pricing meanwhile).
  useEffect(() => {
    queryClient.setQueryData(authKeys.me(), initialUser);
  }, [queryClient, initialUser]);

  const { mutateAsync, isPending, isSuccess } = useMutation({
    // Leaving happens whatever the server answered: the session is gone for this browser either way.
    mutationFn: () =>
      signOutRequest().then(
        () => undefined,
        () => undefined,
      ),
    onSettled: () => {
      queryClient.clear();
      router.replace("/login");
      router.refresh();
    },
  });

  useEffect(() => {
    const onUnauthorized = () => {
      queryClient.clear();
      router.replace("/login");
      router.refresh();
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [queryClient, router]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      signOut: () => mutateAsync(),
      signingOut: isPending || isSuccess,
    }),
    [user, mutateAsync, isPending, isSuccess],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
