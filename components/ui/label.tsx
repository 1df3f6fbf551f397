import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A native <label>: `select-none` already keeps a double click from selecting its text, which is all
 * Radix's Label primitive added (and it cost every form screen, the sign-in page included, its code).
 */
function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

export { Label };
