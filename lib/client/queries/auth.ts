import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ResetTokenJson,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmailToken,
} from "@/lib/services/auth/account";
import type { LoginResult } from "@/lib/services/auth/login";
import type { UserJson } from "@/lib/services/users/serialize";
import { api } from "@/lib/client/api";

/** Query keys of the auth domain (one factory per domain: `lib/client/queries/<domain>.ts`). */
export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
  resetToken: (token: string) => [...authKeys.all, "reset-token", token] as const,
  verifyEmail: (token: string) => [...authKeys.all, "verify-email", token] as const,
};

/* Payload types: the server functions' return types are the contract (erased at build). */
type Payload<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
/** `{token, user}` of login and of a verified e-mail (the cookies stay on the server). */
export type SessionJson = Omit<LoginResult, "setCookies">;
export type VerifyEmailJson = Omit<Payload<typeof verifyEmailToken>, "setCookies">;
export type RegisterJson = Payload<typeof registerUser>;
export type MessageJson = Payload<typeof resendVerification>;

const path = (prefix: string, token: string) => `${prefix}/${encodeURIComponent(token)}`;

export const fetchMe = () => api<UserJson>("/api/auth/me");

/** The signed-in user; `initialUser` comes from the server layout. */
export function useMe(initialUser: UserJson) {
  return useQuery({ queryKey: authKeys.me(), queryFn: fetchMe, initialData: initialUser });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api<SessionJson>("/api/auth/login", { body, allow401: true }),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.me(), user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: { name: string; email: string; password: string }) =>
      api<RegisterJson>("/api/auth/register", { body }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api<MessageJson>("/api/auth/resend-verification", { body: { email } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<Payload<typeof requestPasswordReset>>("/api/auth/forgot-password", { body: { email } }),
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api<Payload<typeof resetPassword>>(path("/api/auth/reset-password", token), {
        body: { password },
        allow401: true,
      }),
  });
}

/**
 * Is the reset link still usable? Checked on load; a failure counts as "no" (spec §7). Not kept
 * after the screen unmounts: the link is single-use, a later visit asks again.
 */
export function useResetTokenValid(token: string) {
  return useQuery({
    queryKey: authKeys.resetToken(token),
    queryFn: () =>
      api<ResetTokenJson>(path("/api/auth/validate-reset-token", token), { allow401: true }).then(
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
      const result = await api<VerifyEmailJson>(path("/api/auth/verify-email", token), { allow401: true });
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

/** Ends the session; the caller clears the cache and leaves (see SessionProvider). */
export const signOutRequest = () => api("/api/auth/sign-out", { method: "POST", body: {}, allow401: true });
