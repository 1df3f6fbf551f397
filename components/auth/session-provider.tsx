"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { api, UNAUTHORIZED_EVENT } from "@/lib/client/api";
import type { SessionUser } from "@/lib/client/types";

interface SessionContextValue {
  user: SessionUser;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Holds the signed-in user for client components; any 401 signs the user out. */
export function SessionProvider({ initialUser, children }: { initialUser: SessionUser; children: React.ReactNode }) {
  const router = useRouter();
  const [user, setUser] = useState(initialUser);

  const refresh = useCallback(async () => {
    setUser(await api<SessionUser>("/api/auth/me"));
  }, []);

  const signOut = useCallback(async () => {
    await api("/api/auth/sign-out", { method: "POST", body: {} }).catch(() => undefined);
    router.replace("/login");
    router.refresh();
  }, [router]);

  useEffect(() => {
    const onUnauthorized = () => {
      router.replace("/login");
      router.refresh();
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [router]);

  const value = useMemo(() => ({ user, refresh, signOut }), [user, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
