import { describe, expect, it } from "vitest";
import {
  findModel,
  isAliasOf,
  mergeModelLists,
  modelLifecycle,
  modelQuirks,
  modelRefusal,
  pickDefaultModel,
  providerOfModelId,
  replacementFor,
} from "@/lib/ai/models";
import { MODEL_TABLE, PREFERRED_DEFAULTS } from "@/lib/ai/model-table";
import { openAiChatParams, temperatureParam } from "@/lib/ai/request-quirks";

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const NOW = day("2026-11-24");

describe("model table", () => {
  it("has one entry per id, ISO dates, replacements of the same provider, and known preferred defaults", () => {
    const ids = MODEL_TABLE.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of MODEL_TABLE) {
      for (const d of [m.retiredOn, m.shutdownOn]) if (d) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (m.replacement) expect(findModel(m.replacement)?.provider).toBe(m.provider);
      if (m.price) expect(m.price.batchDiscount).toBe(0.5);
    }
    for (const list of Object.values(PREFERRED_DEFAULTS)) for (const id of list) expect(findModel(id)).toBeDefined();
  });
});

describe("aliases", () => {
  it("matches a dated id and its alias both ways, but not a different model", () => {
    expect(isAliasOf("claude-sonnet-4-5", "claude-sonnet-4-5-20250929")).toBe(true);
    expect(isAliasOf("claude-sonnet-4-5-20250929", "claude-sonnet-4-5")).toBe(true);
    expect(isAliasOf("gpt-4o-mini-2024-07-18", "gpt-4o-mini")).toBe(true);
    expect(isAliasOf("gpt-4o", "gpt-4o-mini")).toBe(false);
    expect(isAliasOf("claude-sonnet-5", "claude-sonnet-5-5")).toBe(false);
    expect(findModel("claude-sonnet-4-5")?.id).toBe("claude-sonnet-4-5-20250929");
    expect(findModel("gpt-4o-mini-2024-07-18")?.id).toBe("gpt-4o-mini");
  });

  it("accepts an alias when the live list holds the dated id, and the dated id when the list holds the alias", () => {
    const live = ["claude-sonnet-4-5-20250929", "claude-sonnet-5-5"];
    expect(modelRefusal("claude-sonnet-4-5", { provider: "Anthropic", live, now: NOW })).toBeNull();
    expect(modelRefusal("claude-sonnet-5-5-20260928", { provider: "Anthropic", live, now: NOW })).toBeNull();
    // The alias is listed once, under the table's id.
    const ids = mergeModelLists("Anthropic", [...live, "claude-sonnet-4-5"], NOW).map((m) => m.id);
    expect(ids.filter((id) => id.startsWith("claude-sonnet-4-5"))).toEqual(["claude-sonnet-4-5-20250929"]);
  });
});

describe("merge with the live list", () => {
  it("lists unknown live chat ids with label = id and no price; hides non-chat ids and withdrawn table models", () => {
    const merged = mergeModelLists(
      "OpenAI",
      ["gpt-6.1-terra", "gpt-7-preview", "whisper-1", "gpt-4.1-2025-04-14"],
      NOW,
    );
    expect(merged.find((m) => m.id === "gpt-7-preview")).toEqual({
      id: "gpt-7-preview",
      provider: "OpenAI",
      label: "gpt-7-preview",
      retired: false,
      retiredOn: null,
      shutdownOn: null,
      replacement: null,
      price: null,
    });
    expect(merged.find((m) => m.id === "gpt-6.1-terra")).toMatchObject({
      label: "GPT-6.1 Terra",
      price: { inputPerMTok: 1 },
    });
    const ids = merged.map((m) => m.id);
    expect(ids).not.toContain("whisper-1");
    expect(ids).not.toContain("gpt-4o"); // the table knows it, the key does not list it
    // A dated snapshot stands for its table model (listed under the table's id, once).
    expect(ids.filter((id) => id.startsWith("gpt-4.1"))).toEqual(["gpt-4.1"]);
  });

  it("without a live list shows the table's models of that provider", () => {
    const merged = mergeModelLists("Anthropic", null, NOW);
    expect(merged.every((m) => m.provider === "Anthropic")).toBe(true);
    expect(merged.map((m) => m.id)).toContain("claude-sonnet-5-5");
  });

  it("any live id is usable even when the table does not know it", () => {
    expect(
      modelRefusal("claude-fable-5-1", { provider: "Anthropic", live: ["claude-fable-5-1"], now: NOW }),
    ).toBeNull();
  });
});

describe("lifecycle with an injected clock", () => {
  it("a model is retired from its shutdown date on, and warned about 30 days before", () => {
    expect(modelLifecycle("gpt-5", day("2026-11-10"))).toMatchObject({
      retired: false,
      warn: false,
      shutdownOn: "2026-12-11",
    });
    expect(modelLifecycle("gpt-5", day("2026-11-12"))).toMatchObject({ retired: false, warn: true });
    expect(modelLifecycle("gpt-5", day("2026-12-11"))).toMatchObject({ retired: true, warn: true });
    expect(modelLifecycle("claude-opus-4-1-20250805", NOW)).toMatchObject({ retired: true, retiredOn: null });
    expect(modelLifecycle("some-unknown", NOW)).toMatchObject({ retired: false, warn: false });
  });

  it("refuses a retired model naming the date and the replacement", () => {
    const msg = modelRefusal("gpt-5", { provider: "OpenAI", live: ["gpt-5", "gpt-6.1-sol"], now: day("2026-12-12") });
    expect(msg).toContain("gpt-5");
    expect(msg).toContain("2026-12-11");
    expect(msg).toContain("gpt-6.1-sol");
    expect(modelRefusal("gpt-5", { provider: "OpenAI", live: ["gpt-5"], now: NOW })).toBeNull();
  });
});

describe("refusals", () => {
  it("refuses a model of the other provider, an id absent from a known list, and an implausible id without one", () => {
    expect(modelRefusal("gpt-4o", { provider: "Anthropic", live: null, now: NOW })).toMatch(/OpenAI model.*Anthropic/);
    expect(modelRefusal("claude-haiku-5-5", { provider: "Anthropic", live: ["claude-sonnet-5-5"], now: NOW })).toMatch(
      /claude-haiku-5-5.*not offered/,
    );
    expect(modelRefusal("claude-brand-new", { provider: "Anthropic", live: null, now: NOW })).toBeNull();
    expect(modelRefusal("llama-3", { provider: "OpenAI", live: null, now: NOW })).toMatch(/Unknown model: llama-3/);
    expect(providerOfModelId("o9-mini")).toBe("OpenAI");
  });
});

describe("quirks", () => {
  it("reasoning models take no temperature and need max_completion_tokens; others get both parameters", () => {
    expect(modelQuirks("gpt-5")).toEqual({ fixedTemperature: true, maxCompletionTokens: true });
    expect(modelQuirks("gpt-5-mini-2025-08-07")).toEqual({ fixedTemperature: true, maxCompletionTokens: true });
    expect(modelQuirks("gpt-7-unknown")).toEqual({ fixedTemperature: true, maxCompletionTokens: true });
    expect(modelQuirks("gpt-4o-mini")).toEqual({});
    expect(modelQuirks("claude-sonnet-5")).toEqual({ fixedTemperature: true });
    expect(openAiChatParams("gpt-6.1-terra")).toEqual({ max_completion_tokens: 16_000 });
    expect(openAiChatParams("gpt-4o")).toEqual({ temperature: 0.7, max_tokens: 4096 });
    expect(temperatureParam("claude-sonnet-5-5")).toEqual({});
    expect(temperatureParam("claude-haiku-4-5-20251001")).toEqual({ temperature: 0.7 });
  });

  it("a model the table does not know gets the provider's default temperature", () => {
    expect(modelQuirks("claude-next-1")).toEqual({ fixedTemperature: true });
    expect(temperatureParam("claude-next-1")).toEqual({});
    expect(openAiChatParams("gpt-4.5-unknown")).toEqual({ max_tokens: 4096 });
  });
});

describe("defaults", () => {
  it("picks the first preferred default the key offers", () => {
    expect(pickDefaultModel("Anthropic", ["claude-sonnet-5-5", "claude-sonnet-5"], NOW)).toBe("claude-sonnet-5-5");
    expect(pickDefaultModel("OpenAI", null, NOW)).toBe("gpt-6.1-terra");
  });

  it("skips a preferred default the key no longer lists", () => {
    expect(pickDefaultModel("Anthropic", ["claude-sonnet-5", "claude-haiku-4-5-20251001"], NOW)).toBe(
      "claude-sonnet-5",
    );
    expect(pickDefaultModel("OpenAI", ["gpt-6-luna", "gpt-4o-mini"], NOW)).toBe("gpt-6-luna");
  });

  it("skips a model shutting down within 30 days and falls back to the newest offered model", () => {
    // Only a model shutting down in 6 days and an unknown one: the unknown one wins.
    expect(pickDefaultModel("Anthropic", ["claude-sonnet-4-5-20250929", "claude-next-1"], NOW)).toBe("claude-next-1");
    // gpt-4o-mini shuts down 2027-01-14: fine on 2026-11-24, not from 2026-12-15 on.
    expect(pickDefaultModel("OpenAI", ["gpt-4o-mini", "gpt-4.1"], NOW)).toBe("gpt-4.1");
    expect(pickDefaultModel("OpenAI", ["gpt-4o-mini", "gpt-8"], day("2026-12-20"))).toBe("gpt-8");
  });

  it("switches a model to its replacement, or to the provider's default when it names none", () => {
    expect(replacementFor("claude-sonnet-4-5", null, NOW)).toBe("claude-sonnet-5-5");
    expect(replacementFor("claude-opus-4-1-20250805", ["claude-sonnet-5"], NOW)).toBe("claude-sonnet-5");
  });
});
