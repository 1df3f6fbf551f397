"use client";

import { useRouter } from "next/navigation";
import type { ComponentProps, MouseEvent } from "react";

type RouterLinkProps = Omit<ComponentProps<"a">, "href"> & { href: string };

/** A click the browser should handle itself: another button, a modifier key (new tab/window), a target. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>) {
  const target = event.currentTarget.getAttribute("target");
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== "_self")
  );
}

/**
 * An in-app link for the screens whose first load must stay small (the logo and the auth screens,
 * /login's budget is 150 KB): a real `<a href>` that navigates through the app router on a plain
 * click and prefetches the route when pointed at or focused. next/link does the same with more
 * (viewport prefetching, link status) and brings about 3.5 KB of its own code; everywhere else
 * uses next/link.
 */
export function RouterLink({ href, onClick, onMouseEnter, onFocus, onTouchStart, ...props }: RouterLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        router.push(href);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}
