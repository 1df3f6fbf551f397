import { Spinner } from "@/components/ui/spinner";

/** Full-area spinner shown while the session or a page loads. */
export function PageSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" aria-label={label} />
      <span className="text-sm">{label}</span>
    </div>
  );
}
