"use client";

import { useSyncExternalStore } from "react";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SunIcon } from "@/components/icons/line-icons";
import { Button } from "@/components/ui/button";

const ORDER = ["system", "light", "dark"] as const;
type Choice = (typeof ORDER)[number];
const LABEL = { system: "System theme", light: "Light theme", dark: "Dark theme" } as const;
const subscribe = () => () => undefined;

/**
 * Cycles system → light → dark; the icon shows the current choice. A native button: reachable
 * with Tab, activated with Enter or Space, focus ring from the Button styles; its accessible
 * name says the current theme and what a press does.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The stored choice is only known in the browser: render the neutral choice on the server.
  const mounted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const current: Choice = mounted && ORDER.includes(theme as Choice) ? (theme as Choice) : "system";
  const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length];
  const Icon = current === "dark" ? MoonIcon : current === "light" ? SunIcon : MonitorIcon;
  const label = `${LABEL[current]} (switch to ${LABEL[next].toLowerCase()})`;
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} title={label} onClick={() => setTheme(next)}>
      <Icon aria-hidden />
    </Button>
  );
}
