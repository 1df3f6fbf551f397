import { createElement, createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "@/components/ui/slot";
import { Button } from "@/components/ui/button";

type Props = Record<string, unknown>;
/** The element Slot renders (its merged props), without a DOM. */
const slotted = (slotProps: Props, child: ReturnType<typeof createElement>) =>
  Slot({ ...slotProps, children: child }) as { type: unknown; props: Props };

describe("Slot (Button asChild)", () => {
  it("renders the child element with the slot's props; the child's own props win", () => {
    const out = slotted({ "data-slot": "button", title: "slot", id: "a" }, createElement("a", { href: "/x", id: "b" }));
    expect(out.type).toBe("a");
    expect(out.props).toMatchObject({ "data-slot": "button", title: "slot", href: "/x", id: "b" });
  });

  it("joins classNames and merges styles", () => {
    const out = slotted(
      { className: "btn", style: { color: "red", margin: 1 } },
      createElement("a", { className: "link", style: { margin: 2 } }),
    );
    expect(out.props.className).toBe("btn link");
    expect(out.props.style).toEqual({ color: "red", margin: 2 });
  });

  it("runs both event handlers, the child's first", () => {
    const calls: string[] = [];
    const out = slotted(
      { onClick: () => calls.push("slot") },
      createElement("a", { onClick: () => calls.push("child") }),
    );
    (out.props.onClick as (e: unknown) => void)({});
    expect(calls).toEqual(["child", "slot"]);
  });

  it("fills both refs", () => {
    const slotRef = createRef<unknown>();
    const childRef = vi.fn();
    const out = slotted({ ref: slotRef }, createElement("a", { ref: childRef }));
    const node = { tag: "a" };
    (out.props.ref as (n: unknown) => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });

  it("Button asChild renders a link with the button's classes, and a plain Button a button", () => {
    const link = renderToStaticMarkup(
      createElement(Button, { asChild: true, variant: "outline" }, createElement("a", { href: "/pricing" }, "Upgrade")),
    );
    expect(link).toMatch(/^<a [^>]*>Upgrade<\/a>$/);
    expect(link).toContain('href="/pricing"');
    expect(link).toContain('data-slot="button"');
    expect(link).toMatch(/class="inline-flex [^"]*border-input[^"]*"/);
    expect(renderToStaticMarkup(createElement(Button, { type: "submit" }, "Go"))).toMatch(
      /^<button data-slot="button"/,
    );
  });
});
