"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/client/format";
import { cn } from "@/lib/utils";
import { useAdminUser } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { shortDateOrDash } from "./display";
import type { AdminUserDetailJson, AdminUserJson } from "@/lib/responses/admin";

const BADGE = { lifetime: "success", trial: "warning", free: "secondary" } as const;

export function SubscriptionBadge({ subscription }: { subscription: AdminUserJson["subscription"] }) {
  return (
    <Badge variant={BADGE[subscription] ?? "outline"} className="capitalize">
      {subscription}
    </Badge>
  );
}

function Field({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function Details({ user }: { user: AdminUserDetailJson }) {
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
        <Field label="Trial Ends">{shortDateOrDash(user.trialEnds)}</Field>
        <Field label="Created">{shortDateOrDash(user.created)}</Field>
        <Field label="Purchase Date">{shortDateOrDash(user.purchaseDate)}</Field>
        <Field label="Promo Code">{user.promoCodeUsed || "—"}</Field>
        <Field label="Support Tickets">{user.ticketCount}</Field>
        <Field label="License Key" className="sm:col-span-2">
          {user.licenseKey ? <code className="font-mono text-xs">{user.licenseKey}</code> : "—"}
        </Field>
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
                <span>{shortDateOrDash(p.date)}</span>
                <span className="text-muted-foreground">Promo: {p.promoCode}</span>
                <span className="font-medium">{formatMoney(p.amount)}</span>
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
  const { data: user, error: failure, isPending } = useAdminUser(userId);
  const error = failure ? adminError(failure, "Failed to load user details.") : "";

  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription>{user ? user.email : "Account, subscription and payments."}</DialogDescription>
        </DialogHeader>
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        {user ? <Details user={user} /> : null}
        {isPending && !error ? (
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
