// @vitest-environment happy-dom
import { createElement } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { PushDialog } from "@/components/push/push-dialog";
import { usePushSession } from "@/components/push/use-push-session";
import type { PushDryRunJson, PushJson } from "@/lib/responses/sending";
import { byText, click, dialog, key, perTestRoot, stubFetch, testId, until, type Call } from "../support/dom";

// The generator's "Push to a campaign" dialog in a DOM, over a fetch that answers as the API would: choose a
// campaign, see the default mapping, dry run, push, follow the progress to the summary.

const COLUMNS = ["First Name", "Last Name", "Email", "Company", "Subject Line", "Email Body"];
const MAPPING = {
  email: "Email",
  firstName: "First Name",
  lastName: "Last Name",
  companyName: "Company",
  variables: { subject_line: "Subject Line", email_body: "Email Body" },
};
const SAMPLE = { email: "ada@example.test", first_name: "Ada", custom_variables: { subject_line: "Hi Ada" } };
const dryRun = (willPush: number, skipped: Record<string, number>): PushDryRunJson => ({
  total: willPush + Object.values(skipped).reduce((a, b) => a + b, 0),
  willPush,
  skipped,
  rows: [],
  sample: [SAMPLE],
  mapping: MAPPING,
});
const push = (over: Partial<PushJson>): PushJson => ({
  id: "p1",
  csvId: "c1",
  connectionId: "k1",
  service: "instantly",
  campaignId: "camp1",
  campaignName: "Spring launch",
  status: "running",
  total: 25,
  pushed: 0,
  skipped: 0,
  failed: 0,
  providerSkipped: 0,
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  ...over,
});

let calls: Call[];
let pushStates: PushJson[];

function answer(method: string, path: string, body: Record<string, unknown> | null): [number, unknown] {
  if (path === "/api/integrations/connections")
    return [
      200,
      {
        connections: [
          { id: "z1", service: "zerobounce", name: "Checks", apiKey: "zb••••1234", createdAt: "2026-01-01" },
          { id: "k1", service: "instantly", name: "Main", apiKey: "in••••5678", createdAt: "2026-01-01" },
        ],
      },
    ];
  if (path === "/api/csv/c1/pushes") return [200, { pushes: [] }];
  if (path === "/api/integrations/connections/k1/campaigns")
    return [200, { campaigns: [{ id: "camp1", name: "Spring launch", status: 1 }] }];
  if (path === "/api/csv/c1/push" && body?.dryRun) {
    if (!body.mapping) return [200, dryRun(10, { not_generated: 15 })];
    return body.includeFlagged ? [200, dryRun(11, { not_generated: 14 })] : [200, dryRun(10, { not_generated: 15 })];
  }
  if (path === "/api/csv/c1/push") return [202, { pushId: "p1" }];
  if (path === "/api/pushes/p1") return [200, pushStates.length > 1 ? pushStates.shift() : pushStates[0]];
  return [404, { msg: `no route ${method} ${path}`, code: "not_found" }];
}

const dom = perTestRoot();

beforeEach(() => {
  pushStates = [];
  calls = stubFetch(answer);
});

function Harness() {
  const session = usePushSession("c1");
  return createElement(
    "div",
    null,
    createElement("button", { type: "button", onClick: () => session.setOpen(true) }, "Open push"),
    createElement("span", { "data-testid": "configured" }, String(session.configured)),
    createElement(PushDialog, { session, csvId: "c1", columns: COLUMNS }),
  );
}

const enabled = (el: HTMLElement | undefined) => (el as HTMLButtonElement | undefined)?.disabled === false;
/** The dialog's close has been handled: the page behind it is no longer hidden from assistive technology. */
const pageBack = () => !dialog() && !dom.container.hasAttribute("aria-hidden");
/** The push's progress: its first state has been read. */
const progress = () => document.querySelector('[role="progressbar"]');

async function pickCampaign() {
  const trigger = document.getElementById("push-campaign")!;
  expect(trigger).toBeTruthy();
  trigger.focus();
  await key(trigger, "Enter");
  await until(() => document.querySelector("[role=option]"), "the campaigns' options");
  const option = [...document.querySelectorAll<HTMLElement>("[role=option]")].find(
    (o) => o.textContent === "Spring launch",
  )!;
  expect(option).toBeTruthy();
  await key(option, "Enter");
  // The campaign's defaults fill the mapping.
  await until(() => document.getElementById("push-map-email"), "the mapping");
}

describe("Push to a campaign", () => {
  it("is configured with a sending-tool key; dry run, push and the summary", async () => {
    dom.render(createElement(Harness));
    await until(() => testId("configured")?.textContent === "true", "the sending keys");
    expect(document.querySelector('[data-testid="configured"]')!.textContent).toBe("true");
    await click(byText("Open push"));
    await until(() => document.getElementById("push-campaign"), "the campaigns");
    expect(dialog()?.textContent).toContain("Push to a campaign");
    // The first sending key is chosen (not ZeroBounce's); its campaigns are read live.
    expect(document.getElementById("push-connection")!.textContent).toBe("Instantly · Main");
    await pickCampaign();
    expect(document.getElementById("push-campaign")!.textContent).toBe("Spring launch");

    // The defaults' dry run (no mapping) fills the mapping.
    const defaults = calls.find((c) => c.path === "/api/csv/c1/push")!;
    expect(defaults.body).toEqual({ connectionId: "k1", campaignId: "camp1", dryRun: true });
    expect(document.getElementById("push-map-email")!.textContent).toBe("Email");
    expect(document.getElementById("push-map-company")!.textContent).toBe("Company");
    expect(dialog()!.textContent).toContain("{{subject_line}}");
    expect(dialog()!.textContent).toContain("Use these variables in your campaign's template");

    const pushButton = () => byText("Push 10 rows") ?? byText("Push rows");
    expect(pushButton()).toHaveProperty("disabled", true);
    await click(byText("Dry run"));
    await until(() => testId("dry-run-summary"), "the dry run's summary");
    expect(document.querySelector('[data-testid="dry-run-summary"]')!.textContent).toBe(
      "Will push 10 · skip 15: 15 not generated",
    );
    expect(document.querySelector('[data-testid="push-sample-lead"]')!.textContent).toContain("ada@example.test");
    const sent = calls.filter((c) => c.path === "/api/csv/c1/push").at(-1)!;
    expect(sent.body).toEqual({
      connectionId: "k1",
      campaignId: "camp1",
      mapping: MAPPING,
      includeFlagged: false,
      repush: false,
      dryRun: true,
    });
    expect(byText("Push 10 rows")).toHaveProperty("disabled", false);

    // A changed choice asks for a new dry run.
    await click(document.querySelector<HTMLElement>('[role="checkbox"]'));
    expect(byText("Push rows")).toHaveProperty("disabled", true);
    expect(dialog()!.textContent).toContain("Your choices changed: run the dry run again.");
    await click(byText("Dry run"));
    await until(() => byText("Push 11 rows"), "the new dry run");
    expect(byText("Push 11 rows")).toHaveProperty("disabled", false);

    pushStates = [push({ pushed: 5 }), push({ status: "completed", pushed: 11, skipped: 14 })];
    await click(byText("Push 11 rows"));
    await until(progress, "the push's progress");
    const started = calls.filter((c) => c.path === "/api/csv/c1/push").at(-1)!;
    expect(started.body).toMatchObject({ includeFlagged: true, repush: false });
    expect(started.body).not.toHaveProperty("dryRun");
    expect(started.body).not.toHaveProperty("rowIds");
    const bar = document.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-valuenow")).toBe("5");
    expect(bar.getAttribute("aria-valuemax")).toBe("25");
    expect(dialog()!.textContent).toContain("Pushed 5 of 25");

    await until(() => testId("push-summary"), "the push's summary");
    expect(document.querySelector('[data-testid="push-summary"]')!.textContent).toBe(
      "Pushed 11 · skipped 14 · failed 0",
    );
    const report = [...document.querySelectorAll("a")].find((a) => a.textContent?.includes("Download skipped"));
    expect(report?.getAttribute("href")).toBe("/api/pushes/p1/report");
  });

  it("keeps the push when the dialog is closed and opened again while it runs", async () => {
    pushStates = [push({ pushed: 3 })];
    dom.render(createElement(Harness));
    await until(() => testId("configured")?.textContent === "true", "the sending keys");
    await click(byText("Open push"));
    await until(() => document.getElementById("push-campaign"), "the campaigns");
    await pickCampaign();
    await until(() => enabled(byText("Dry run")), "the Dry run button");
    await click(byText("Dry run"));
    await until(() => byText("Push 10 rows"), "the dry run");
    await click(byText("Push 10 rows"));
    await until(progress, "the push's progress");
    expect(dialog()!.textContent).toContain("Pushed 3 of 25");
    await click(byText("Close"));
    await until(pageBack, "the page behind the dialog");
    expect(dialog()).toBeNull();
    await click(byText("Open push"));
    await until(progress, "the push's progress");
    expect(dialog()!.textContent).toContain("Pushed 3 of 25");
    expect(byText("Cancel push")).toBeTruthy();
  });
});
