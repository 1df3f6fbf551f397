import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, vi } from "vitest";

// The harness of the unit tests that render React components in a DOM (files marked
// `// @vitest-environment happy-dom`): a root per test, a fetch that answers as the API would, the
// events and look-ups they share, and `until`, which waits for a state rather than for a time.

// Updates are flushed by act(), and React warns about one made outside it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A QueryClient as the tests use it: a failed query is not tried again. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export interface TestRoot {
  /** This test's container, in document.body. */
  container: HTMLDivElement;
  /** Its React root. A test may unmount it and put a new one here: the one here is unmounted after the test. */
  root: Root;
  /** Renders `node` inside a QueryClientProvider: a fresh client (see testQueryClient) unless one is given. */
  render(node: ReactNode, client?: QueryClient): QueryClient;
}

/**
 * Registers a beforeEach that gives every test a container in document.body and a React root on it, and an
 * afterEach that unmounts it, empties document.body (the portals of dialogs and selects) and undoes
 * vi.stubGlobal (the fetch stubs). Call it at the top of the file; read the root through the returned object.
 */
export function perTestRoot(): TestRoot {
  const dom = {
    render(node: ReactNode, client = testQueryClient()) {
      act(() => dom.root.render(createElement(QueryClientProvider, { client }, node)));
      return client;
    },
  } as TestRoot;
  beforeEach(() => {
    dom.container = document.createElement("div");
    document.body.append(dom.container);
    dom.root = createRoot(dom.container);
  });
  afterEach(() => {
    act(() => dom.root.unmount());
    dom.container.remove();
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });
  return dom;
}

/** One request the page made to the stubbed fetch. */
export interface Call {
  method: string;
  /** The URL's path, without its query. */
  path: string;
  /** The JSON body, parsed; null without one. */
  body: Record<string, unknown> | null;
}

/** How the stubbed API answers a request: its status and its JSON. */
export type Answer = (method: string, path: string, body: Record<string, unknown> | null) => [number, unknown];

/**
 * Stubs the global fetch (undone after the test by perTestRoot): every request is recorded in the returned list
 * and answered by `answer`, as JSON.
 */
export function stubFetch(answer: Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      const path = new URL(url, "http://app.test").pathname;
      calls.push({ method, path, body });
      const [status, data] = answer(method, path, body);
      return new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

/** Clicks `el` under act; fails when there is nothing to click. */
export const click = (el: HTMLElement | null | undefined) =>
  act(() => {
    if (!el) throw new Error("nothing to click");
    el.click();
  });

/** Presses key `k` on `el` (a keydown that bubbles and can be cancelled), under act. */
export const key = (el: HTMLElement, k: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  });

/** The button, option, paragraph or h3 whose trimmed text is `text`. */
export const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>("button, [role=option], p, h3")].find(
    (el) => el.textContent?.trim() === text,
  );

/** The open dialog (its portal is in document.body), or null. */
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** The element with this data-testid, or null. */
export const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** How long `until` lets the page run between two looks (inside act: its fetches, timers and renders). */
const LOOK_EVERY_MS = 10;

/**
 * Waits for a state, not for a time: looks with `find` until it returns something truthy (returned), letting the
 * page run under act between looks, so that every update is flushed before the next look. A look that throws
 * counts as not yet. After `timeoutMs` it fails with "waiting for <what>".
 *
 * (Not vi.waitFor: its retries are timers outside act, and the page's own timers — a poll, a query's
 * notification — would then update React outside act.)
 */
export async function until<T>(find: () => T, what: string, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await act(async () => {});
    let lookFailed: unknown;
    try {
      const found = find();
      if (found) return found;
    } catch (error) {
      lookFailed = error;
    }
    if (Date.now() > deadline)
      throw new Error(`waiting for ${what}`, lookFailed === undefined ? undefined : { cause: lookFailed });
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, LOOK_EVERY_MS)));
  }
}
