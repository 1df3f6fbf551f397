import { describe, expect, it } from "vitest";
import { progressText, type BatchProgress } from "@/components/generator/progress-panel";
import { BATCH_MODE_REASONS, batchModeBlocker, capOfText } from "@/components/generator/run-mode-field";
import { bulkPayloadOf, previewPayloadOf, runOptionFields } from "@/components/generator/save-run-menu";
import { DEFAULT_SETTINGS } from "@/lib/ai/defaults";
import { runEstimateSuffix } from "@/lib/client/estimate-format";
import type { EstimateJson } from "@/lib/responses/usage";

const settings = { ...DEFAULT_SETTINGS, connectionId: "c1" };
const options = { useApprovedExamples: false, overwriteApproved: false };

describe("run mode in the dialog", () => {
  it("refuses batch mode for web research first, then for a spending cap (as the server does)", () => {
    expect(batchModeBlocker("web_research", "")).toBe(BATCH_MODE_REASONS.research);
    expect(batchModeBlocker("web_research", "5")).toBe(BATCH_MODE_REASONS.research);
    expect(batchModeBlocker("content_creation", " 5 ")).toBe(BATCH_MODE_REASONS.cap);
    expect(batchModeBlocker("content_creation", "  ")).toBeNull();
  });

  it("reads the typed cap: empty is none, text not (yet) a number is left out", () => {
    expect(capOfText("")).toBeNull();
    expect(capOfText("2.5")).toBe(2.5);
    expect(capOfText("abc")).toBeUndefined();
  });

  it("sends mode only for batch, and never in a preview", () => {
    expect(runOptionFields({ ...options, mode: "batch" })).toEqual({ mode: "batch" });
    expect(runOptionFields({ ...options, mode: "standard" })).toEqual({});
    expect(previewPayloadOf(settings, "f1", { ...options, mode: "batch" })).not.toHaveProperty("mode");
    const payload = bulkPayloadOf(settings, "f1", [11, 12], { ...options, mode: "batch" }, null);
    expect(payload).toMatchObject({ mode: "batch", maxCostUsd: null, rowIds: [11, 12] });
    expect(bulkPayloadOf(settings, "f1", [0], options)).not.toHaveProperty("maxCostUsd");
  });
});

describe("estimates per mode", () => {
  const estimate = {
    costUsd: { low: 0.3, expected: 0.42, high: 0.6 },
    durationSeconds: 170,
    modes: {
      standard: { costUsd: { low: 0.3, expected: 0.42, high: 0.6 }, durationSeconds: 170 },
      batch: { costUsd: { low: 0.15, expected: 0.21, high: 0.3 }, durationSeconds: null },
    },
  } as EstimateJson;

  it("standard: cost and duration; batch: its cost and within 24 h; nothing when batch is refused", () => {
    expect(runEstimateSuffix(estimate, "standard")).toBe(" · ≈ $0.42 · ≈ 3 min");
    expect(runEstimateSuffix(estimate, "batch")).toBe(" · ≈ $0.21 · within 24 h");
    expect(runEstimateSuffix({ ...estimate, modes: { ...estimate.modes, batch: null } }, "batch")).toBe("");
  });
});

describe("progress in batch mode", () => {
  const base: BatchProgress = { id: "b", status: "running", processed: 0, total: 5000, costUsd: null, etaSeconds: 90 };

  it("names the provider and counts what came back, with thousands separators and no time left", () => {
    expect(progressText({ ...base, provider: { name: "OpenAI", submitted: 0, returned: 0 } })).toBe(
      "Submitting to OpenAI…",
    );
    const running = { ...base, costUsd: 0.83, provider: { name: "OpenAI", submitted: 5000, returned: 1240 } };
    expect(progressText(running)).toBe("Submitted to OpenAI · 1,240 of 5,000 back · $0.83 so far");
  });

  it("keeps the standard text otherwise", () => {
    expect(progressText({ ...base, processed: 412, total: 600, costUsd: 0.83, etaSeconds: 120 })).toBe(
      "412 of 600 · $0.83 so far · about 2 min left",
    );
  });
});
