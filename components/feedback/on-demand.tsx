"use client";

import { useEffect, useState, type ComponentType } from "react";
import { DialogLoading } from "@/components/feedback/dialog-loading";

/**
 * A dialog whose code is fetched the first time it opens. It renders nothing until `isOpen` first
 * holds, then stays mounted (the closing animation plays, the next opening is instant); while its
 * code arrives, DialogLoading shows.
 *
 * The code is fetched by a plain dynamic import() and put into state when it arrives, not through
 * React.lazy and Suspense (next/dynamic): under load, a dialog opened while the page was still
 * hydrating (the generator's ?template=) was seen to stay on its placeholder after its chunks had
 * arrived. A failed fetch is thrown to the nearest error boundary, as next/dynamic did, and the next
 * opening fetches again.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // the next opening tries again
        throw error;
      },
    ));

  function OnDemand(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    // On the server and while hydrating, `loaded` is null: nothing is loaded before the first opening.
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);

    useEffect(() => {
      if (!opened || Dialog) return;
      let current = true;
      fetchCode().then(
        (component) => current && setDialog(() => component),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [opened, Dialog]);

    if (failure) throw failure.error;
    if (!opened) return null;
    return Dialog ? <Dialog {...props} /> : <DialogLoading />;
  }
  return OnDemand;
}
