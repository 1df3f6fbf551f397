import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";

/**
 * The form of every auth screen: its messages first, then its fields, then one full-width submit
 * button that says what it is doing while the request runs, then the links under it.
 * Validation is the server's schema (useZodForm), so the browser's own checks are off.
 */
export function AuthForm({
  onSubmit,
  alert,
  busy,
  submitLabel,
  busyLabel,
  footer,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  alert: React.ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {alert}
      {children}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/** "Already have an account? Sign in": the line under a form that leads to the other auth screen. */
export function AuthSwitchLink({ question, href, children }: { question: string; href: string; children: string }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{" "}
      <RouterLink href={href} className="font-medium text-primary underline-offset-4 hover:underline">
        {children}
      </RouterLink>
    </p>
  );
}
