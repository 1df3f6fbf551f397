import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { registerUser, requestPasswordReset, resetPassword, verifyEmailToken } from "@/lib/services/auth/account";
import { api } from "@/lib/client/api";
import type { MessageJson } from "@/lib/responses/common";
import type { SessionJson, UserJson } from "@/lib/responses/account";

/** Query keys of the auth domain (one factory per domain: `lib/client/queries/<domain>.ts`). */
export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
  resetToken: (token: string) => [...authKeys.all, "reset-token", token] as const,
  verifyEmail: (token: string) => [...authKeys.all, "verify-email", token] as const,
};

/* Payload types: the server functions' return types are the contract (erased at build). */
type Payload<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
/** `{token, user}` of login and of a verified e-mail, and `{msg}`: the server's own types. */
export type { MessageJson, SessionJson };
export type VerifyEmailJson = Omit<Payload<typeof verifyEmailToken>, "setCookies">;
export type RegisterJson = Payload<typeof registerUser>;

export const tokenPath = (prefix: string, token: string) => `${prefix}/${encodeURIComponent(token)}`;

export const fetchMe = () => api<UserJson>("/api/auth/me");

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
      api<Payload<typeof resetPassword>>(tokenPath("/api/auth/reset-password", token), {
        body: { password },
        allow401: true,
      }),
  });
}

/** Ends the session; the caller clears the cache and leaves (see SessionProvider). */
export const signOutRequest = () => api("/api/auth/sign-out", { method: "POST", body: {}, allow401: true });
