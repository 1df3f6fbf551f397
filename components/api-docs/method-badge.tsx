import { cn } from "@/lib/utils";

const TONE: Record<string, string> = {
  get: "bg-success text-success-foreground",
  post: "bg-primary text-primary-foreground",
  put: "bg-warning text-warning-foreground",
  patch: "border border-border bg-accent text-accent-foreground",
  delete: "bg-destructive text-destructive-foreground",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-16 shrink-0 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-bold uppercase",
        TONE[method] ?? "bg-muted text-foreground",
        className,
      )}
    >
      {method}
    </span>
  );
}

/** A status code, toned by class (2xx / 4xx / 5xx). */
export function StatusBadge({ status }: { status: string }) {
  const tone = status.startsWith("2")
    ? "border-success text-success"
    : status.startsWith("5")
      ? "border-destructive text-destructive"
      : "border-warning-strong text-warning-strong";
  return (
    <span
      className={cn(
        "inline-flex w-12 shrink-0 justify-center rounded-md border px-1.5 py-0.5 font-mono text-xs font-semibold",
        tone,
      )}
    >
      {status}
    </span>
  );
}
