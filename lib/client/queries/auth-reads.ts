import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { authKeys, fetchMe, tokenPath, type VerifyEmailJson } from "./auth";
import type { ResetTokenJson, UserJson } from "@/lib/responses/account";

/*
 * The auth domain's reads (keys, mutations and payload types: ./auth.ts). A module of their own so
 * that the sign-in, register and forgot-password screens, which only send mutations, do not load
 * TanStack's query observer.
 */

/** The signed-in user; `initialUser` comes from the server layout. */
export function useMe(initialUser: UserJson) {
  return useQuery({ queryKey: authKeys.me(), queryFn: fetchMe, initialData: initialUser });
}

/**
 * Is the reset link still usable? Checked on load; a failure counts as "no". Not kept
 * after the screen unmounts: the link is single-use, a later visit asks again.
 */
export function useResetTokenValid(token: string) {
  return useQuery({
    queryKey: authKeys.resetToken(token),
    queryFn: () =>
      api<ResetTokenJson>(tokenPath("/api/auth/validate-reset-token", token), { allow401: true }).then(
        (r) => r.valid === true,
        () => false,
      ),
    retry: false,
    gcTime: 0,
  });
}

/**
 * Confirms the address on load. The call has a side effect (the token is used up and a session
 * starts), so it runs once per token: never retried nor refetched, kept in the cache for long,
 * and deduplicated by its key — a second mount (React strict mode, a remount) joins the same
 * request. It deliberately ignores the query's abort signal, so an unmount mid-flight never
 * cancels it into a second call. On success the session's user becomes the `me` query.
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: async () => {
      const result = await api<VerifyEmailJson>(tokenPath("/api/auth/verify-email", token), { allow401: true });
      queryClient.setQueryData(authKeys.me(), result.user);
      return result;
    },
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: 60 * 60_000,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
