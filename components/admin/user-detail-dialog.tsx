"use client";

import { useEffect, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { adminApi, adminError, day, usd } from "./admin-api";

export interface AdminUserJson {
  _id: string;
  name: string;
  email: string;
  subscription: "free" | "trial" | "lifetime";
  trialEnds: string | null;
  created: string;
  createdAt: string;
  purchaseDate: string | null;
  promoCodeUsed: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  licenseKey: string | null;
}

interface UserDetailJson extends AdminUserJson {
  ticketCount: number;
  payments: { _id: string; amount: number; promoCode: string; date: string }[];
}

const BADGE = { lifetime: "success", trial: "warning", free: "secondary" } as const;

export function SubscriptionBadge({ subscription }: { subscription: AdminUserJson["subscription"] }) {
  return (
    <Badge variant={BADGE[subscription] ?? "outline"} className="capitalize">
      {subscription}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function Details({ user }: { user: UserDetailJson }) {
  return (
    <div className="space-y-5" data-testid="user-detail">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="Name">{user.name || "—"}</Field>
        <Field label="E-mail">{user.email}</Field>
        <Field label="Subscription">
          <SubscriptionBadge subscription={user.subscription} />
        </Field>
        <Field label="Verified">{user.emailVerified ? "Yes" : "No"}</Field>
        <Field label="Admin">{user.isAdmin ? "Yes" : "No"}</Field>
        <Field label="Trial Ends">{day(user.trialEnds)}</Field>
        <Field label="Created">{day(user.created)}</Field>
        <Field label="Purchase Date">{day(user.purchaseDate)}</Field>
        <Field label="Promo Code">{user.promoCodeUsed || "—"}</Field>
        <Field label="Support Tickets">{user.ticketCount}</Field>
        <div className="sm:col-span-2">
          <Field label="License Key">{user.licenseKey ? <code className="font-mono text-xs">{user.licenseKey}</code> : "—"}</Field>
        </div>
      </dl>
      <section aria-labelledby="user-payments-heading" className="space-y-2">
        <h3 id="user-payments-heading" className="text-sm font-semibold">
          Payments
        </h3>
        {user.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments.</p>
        ) : (
          <ul className="divide-y rounded-lg border text-sm">
            {user.payments.map((p) => (
              <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>{day(p.date)}</span>
                <span className="text-muted-foreground">Promo: {p.promoCode}</span>
                <span className="font-medium">{usd(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The user's full record, ticket count and payments, fetched when opened. */
export function UserDetailDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const [result, setResult] = useState<{ id: string; user?: UserDetailJson; error?: string } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    adminApi<UserDetailJson>(`/api/admin/users/${encodeURIComponent(userId)}`)
      .then((user) => !cancelled && setResult({ id: userId, user }))
      .catch((err) => !cancelled && setResult({ id: userId, error: adminError(err, "Failed to load user details.") }));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const current = result && result.id === userId ? result : null;
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription>{current?.user ? current.user.email : "Account, subscription and payments."}</DialogDescription>
        </DialogHeader>
        {current?.error ? <FormAlert kind="error">{current.error}</FormAlert> : null}
        {current?.user ? <Details user={current.user} /> : null}
        {!current ? (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
