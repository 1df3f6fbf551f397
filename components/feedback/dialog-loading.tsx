import { Spinner } from "@/components/ui/spinner";

/**
 * What a dialog loaded on demand shows while its code arrives (lazy-dialogs.tsx): the
 * dialog's backdrop and a small card with a spinner. It takes no focus, so the dialog that
 * replaces it still returns the focus to the control that opened it.
 */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50" data-slot="dialog-loading">
      <div className="flex items-center gap-3 rounded-lg border bg-background px-5 py-4 text-sm shadow-lg">
        <Spinner className="size-5 text-primary" aria-label="Loading the dialog" />
        <span>Loading...</span>
      </div>
    </div>
  );
}
