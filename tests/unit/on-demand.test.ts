// @vitest-environment happy-dom
import { act, Component, createElement, type ComponentType, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { onDemand } from "@/components/feedback/on-demand";
import { perTestRoot } from "../support/dom";

// The generator's dialogs load their code on first opening (components/feedback/on-demand.tsx).
// These render the loader in a DOM and resolve its import() by hand.

interface Props {
  open: boolean;
  label: string;
}

function Dialog({ open, label }: Props) {
  return createElement("div", { role: "dialog", "data-open": String(open) }, label);
}

/** An import() that the test settles: each call is one fetch of the dialog's code. */
function deferredImport() {
  const calls: { resolve: (c: ComponentType<Props>) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<ComponentType<Props>>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? createElement("p", { role: "alert" }, this.state.error) : this.props.children;
  }
}

const dom = perTestRoot();

const render = (node: ReactNode) => act(() => dom.root.render(createElement(Boundary, null, node)));
const settle = () => act(async () => {});
const placeholder = () => dom.container.querySelector('[data-slot="dialog-loading"]');
const dialog = () => dom.container.querySelector('[role="dialog"]');

describe("onDemand", () => {
  it("fetches nothing while closed, shows the placeholder while the code arrives, then the dialog", async () => {
    const { load, calls } = deferredImport();
    const Lazy = onDemand(load, (p: Props) => p.open);

    await render(createElement(Lazy, { open: false, label: "AI Configuration" }));
    await settle();
    expect(calls).toHaveLength(0);
    expect(dom.container.innerHTML).toBe("");

    await render(createElement(Lazy, { open: true, label: "AI Configuration" }));
    expect(calls).toHaveLength(1);
    expect(placeholder()?.textContent).toContain("Loading...");
    expect(dialog()).toBeNull();

    await act(async () => calls[0]!.resolve(Dialog));
    expect(placeholder()).toBeNull();
    expect(dialog()?.textContent).toBe("AI Configuration");
    expect(dialog()?.getAttribute("data-open")).toBe("true");
  });

  it("stays mounted when closed (the closing animation plays) and passes the new props", async () => {
    const { load, calls } = deferredImport();
    const Lazy = onDemand(load, (p: Props) => p.open);
    await render(createElement(Lazy, { open: true, label: "A" }));
    await act(async () => calls[0]!.resolve(Dialog));

    await render(createElement(Lazy, { open: false, label: "B" }));
    expect(dialog()?.getAttribute("data-open")).toBe("false");
    expect(dialog()?.textContent).toBe("B");
  });

  it("a dialog open at its first render (opened while the page hydrates) loads and shows", async () => {
    const { load, calls } = deferredImport();
    const Lazy = onDemand(load, (p: Props) => p.open);
    await render(createElement(Lazy, { open: true, label: "From ?template=" }));
    expect(placeholder()).not.toBeNull();
    await act(async () => calls[0]!.resolve(Dialog));
    expect(dialog()?.textContent).toBe("From ?template=");
  });

  it("fetches the code once for every copy and shows a later mount at once", async () => {
    const { load, calls } = deferredImport();
    const Lazy = onDemand(load, (p: Props) => p.open);
    await render(
      createElement("div", null, [
        createElement(Lazy, { key: 1, open: true, label: "one" }),
        createElement(Lazy, { key: 2, open: true, label: "two" }),
      ]),
    );
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve(Dialog));
    expect([...dom.container.querySelectorAll('[role="dialog"]')].map((d) => d.textContent)).toEqual(["one", "two"]);

    await render(null);
    await render(createElement(Lazy, { open: true, label: "again" }));
    expect(placeholder()).toBeNull();
    expect(dialog()?.textContent).toBe("again");
    expect(calls).toHaveLength(1);
  });

  it("a failed fetch reaches the error boundary; the next opening fetches again", async () => {
    const { load, calls } = deferredImport();
    const Lazy = onDemand(load, (p: Props) => p.open);
    await render(createElement(Lazy, { open: true, label: "x" }));
    const logged = console.error;
    console.error = () => {}; // React reports the caught error
    try {
      await act(async () => calls[0]!.reject(new Error("Failed to load chunk")));
    } finally {
      console.error = logged;
    }
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe("Failed to load chunk");

    await act(() => dom.root.unmount());
    dom.root = createRoot(dom.container);
    await render(createElement(Lazy, { open: true, label: "retried" }));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve(Dialog));
    expect(dialog()?.textContent).toBe("retried");
  });
});
