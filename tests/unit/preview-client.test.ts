import { describe, expect, it } from "vitest";
import { safeHttpUrl, sourcesOfCell } from "@/components/generator/preview-sources";
import { previewPayloadOf, runOptionFields } from "@/components/generator/save-run-menu";
import { DEFAULT_SETTINGS } from "@/lib/ai/defaults";

describe("sources of a row", () => {
  it("keeps only http(s) URLs, one per line, each once", () => {
    expect(
      sourcesOfCell(
        "https://example.com/a\n javascript:alert(1)\nhttp://news.example.org/b \r\nnot a url\n\nhttps://example.com/a\ndata:text/html,hi",
      ),
    ).toEqual(["https://example.com/a", "http://news.example.org/b"]);
    expect(sourcesOfCell(undefined)).toEqual([]);
    expect(sourcesOfCell("")).toEqual([]);
  });

  it("refuses other protocols", () => {
    expect(safeHttpUrl("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHttpUrl("ftp://example.com/x")).toBeNull();
    expect(safeHttpUrl("HTTPS://Example.com/x")).toBe("https://example.com/x");
  });
});

describe("run options in payloads", () => {
  it("sends an option only when it is on", () => {
    expect(runOptionFields(undefined)).toEqual({});
    expect(runOptionFields({ useApprovedExamples: false, overwriteApproved: false })).toEqual({});
    expect(runOptionFields({ useApprovedExamples: true, overwriteApproved: true })).toEqual({
      useApprovedExamples: true,
      overwriteApproved: true,
    });
  });

  it("builds the preview payload from the unsaved settings, without rowsToProcess", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      connectionId: "c0ffee00-0000-4000-8000-000000000000",
      onlyRunIf: "!{{Email Body}}",
    };
    expect(previewPayloadOf(settings, "file-1", { useApprovedExamples: true, overwriteApproved: false })).toEqual({
      prompt: settings.prompt,
      jsonSchema: settings.jsonSchema,
      model: settings.selectedModel,
      useCase: settings.useCase,
      connectionId: settings.connectionId,
      csvId: "file-1",
      onlyRunIf: "!{{Email Body}}",
      useApprovedExamples: true,
    });
    expect(previewPayloadOf(settings, undefined, { useApprovedExamples: false, overwriteApproved: false })).toBeNull();
    expect(
      previewPayloadOf({ ...settings, connectionId: null }, "f", {
        useApprovedExamples: false,
        overwriteApproved: false,
      }),
    ).toBeNull();
    expect(
      previewPayloadOf({ ...settings, prompt: "  " }, "f", { useApprovedExamples: false, overwriteApproved: false }),
    ).toBeNull();
  });
});
