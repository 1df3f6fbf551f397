// @vitest-environment happy-dom
import { act, createElement } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { ToolConnectionCards } from "@/components/integrations/tool-connections";
import { click, key, perTestRoot, stubFetch, until, type Call } from "../support/dom";

// The dashboard's sending-tool cards in a DOM, over a fetch that answers as the API would: keys listed masked,
// added through the dialog (the server's refusal shown, the typed values kept), renamed inline (Enter saves, Escape
// cancels), deleted after a question.

let calls: Call[];
let names: Record<string, string>;

function answer(method: string, path: string, body: Record<string, unknown> | null): [number, unknown] {
  if (path === "/api/integrations/connections" && method === "GET")
    return [
      200,
      {
        connections: Object.entries(names).map(([id, name]) => ({
          id,
          service: "instantly",
          name,
          apiKey: "inst••••5678",
          createdAt: "2026-01-01T00:00:00.000Z",
        })),
      },
    ];
  if (path === "/api/integrations/connections" && method === "POST")
    return [400, { msg: "Smartlead refused this API key.", code: "invalid_input" }];
  if (path === "/api/integrations/connections/k1" && method === "PATCH") {
    names.k1 = String(body?.name);
    return [200, { id: "k1", service: "instantly", name: names.k1, apiKey: "inst••••5678", createdAt: "2026" }];
  }
  if (path === "/api/integrations/connections/k1" && method === "DELETE") {
    delete names.k1;
    return [200, { msg: "Deleted" }];
  }
  return [404, { msg: "no route", code: "not_found" }];
}

const dom = perTestRoot();

beforeEach(() => {
  names = { k1: "Main" };
  calls = stubFetch(answer);
  dom.render(createElement(ToolConnectionCards));
});

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="integration-${id}"]`)!;
const named = (scope: ParentNode, label: string) =>
  [...scope.querySelectorAll<HTMLElement>("button, input")].find(
    (el) => el.getAttribute("aria-label") === label || (el.tagName === "BUTTON" && el.textContent?.trim() === label),
  );
/** The keys have been read: the Instantly card lists its key. */
const keysRead = () => until(() => named(card("instantly"), "Rename Instantly key Main"), "the keys");
/** Types into a React-controlled input (the value setter React listens behind, then an input event). */
const type = (input: HTMLInputElement, value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

describe("Integrations: sending-tool cards", () => {
  it("lists the keys masked and marks the cards that have one as connected", async () => {
    await keysRead();
    expect(card("instantly").textContent).toContain("Connected");
    expect(card("instantly").textContent).toContain("Main");
    expect(card("instantly").textContent).toContain("inst••••5678");
    for (const id of ["smartlead", "lemlist", "zerobounce"]) {
      expect(card(id).textContent).not.toContain("Connected");
      expect(card(id).textContent).toContain("No key yet.");
    }
    expect(card("zerobounce").textContent).toContain("Check addresses before you send");
  });

  it("shows the server's refusal in the Add key dialog and keeps what was typed", async () => {
    await keysRead();
    await click(named(card("smartlead"), "Add key"));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain("Add Smartlead key");
    const name = document.getElementById("tool-key-name") as HTMLInputElement;
    const apiKey = document.getElementById("tool-key-value") as HTMLInputElement;
    expect(apiKey.type).toBe("password");
    expect(named(dialog, "Save")).toHaveProperty("disabled", true);
    await type(name, "Outbound");
    await type(apiKey, "sl-secret");
    await click(named(dialog, "Save"));
    await until(() => dialog.querySelector('[role="alert"]'), "the server's refusal");
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: { service: "smartlead", name: "Outbound", apiKey: "sl-secret" },
    });
    expect(dialog.querySelector('[role="alert"]')!.textContent).toBe("Smartlead refused this API key.");
    expect(name.value).toBe("Outbound");
    expect(apiKey.value).toBe("sl-secret");
  });

  it("renames inline: Escape cancels, Enter saves", async () => {
    await keysRead();
    await click(named(card("instantly"), "Rename Instantly key Main"));
    let input = named(card("instantly"), "New name for Instantly key Main") as HTMLInputElement;
    await type(input, "Ignored");
    await key(input, "Escape");
    expect(named(card("instantly"), "New name for Instantly key Main")).toBeUndefined();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await click(named(card("instantly"), "Rename Instantly key Main"));
    input = named(card("instantly"), "New name for Instantly key Main") as HTMLInputElement;
    expect(input.value).toBe("Main");
    await type(input, "Renamed");
    await key(input, "Enter");
    await until(() => named(card("instantly"), "Rename Instantly key Renamed"), "the renamed key");
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      path: "/api/integrations/connections/k1",
      body: { name: "Renamed" },
    });
    expect(card("instantly").textContent).toContain("Renamed");
    expect(named(card("instantly"), "Rename Instantly key Renamed")).toBeTruthy();
  });

  it("deletes a key after the question", async () => {
    await keysRead();
    await click(named(card("instantly"), "Delete Instantly key Main"));
    const question = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(question.textContent).toContain("Delete this key?");
    expect(question.textContent).toContain("Pushes that used it keep their receipts.");
    await click(named(question, "Delete"));
    await until(() => card("instantly").textContent?.includes("No key yet."), "the key's removal");
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe("/api/integrations/connections/k1");
    expect(card("instantly").textContent).toContain("No key yet.");
    expect(card("instantly").textContent).not.toContain("Connected");
  });
});
