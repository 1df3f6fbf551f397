"use client";

import { useState } from "react";
import { Tooltip as TooltipPrimitive } from "radix-ui";

/**
 * A tooltip over a small button of the table: shown on hover and on focus like any tooltip, and
 * toggled by a click (or a tap, where there is no hover); Escape closes it. `trigger` is the button.
 */
export function TapTooltip({
  trigger,
  children,
  side = "left",
}: {
  trigger: React.ReactElement<React.ComponentProps<"button">>;
  children: React.ReactNode;
  side?: "left" | "right" | "top" | "bottom";
}) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Provider delayDuration={150}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger
          asChild
          onClick={(e) => {
            e.preventDefault(); // Radix closes a tooltip on click; here a click (or tap) toggles it
            setOpen((o) => !o);
          }}
        >
          {trigger}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
          >
            {children}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
