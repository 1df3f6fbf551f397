import { describe, expect, it } from "vitest";
import { cellsForError, cellsFromOutput, isFailedRow, PLACEHOLDERS } from "@/lib/ai/result";

const S = "Subject Line";
const B = "Email Body";
const R = "AI Response";

describe("cellsFromOutput", () => {
  it("subject_line + email_body fill both columns; AI Response holds the JSON text", () => {
    const output = { subject_line: "Quick idea for Acme", email_body: "Hi Ada,\n\nShort note.", extra: 1 };
    const { cells, answer } = cellsFromOutput(output);
    expect(cells).toEqual({ [S]: "Quick idea for Acme", [B]: "Hi Ada,\n\nShort note.", [R]: JSON.stringify(output) });
    expect(JSON.parse(cells[R])).toEqual(output);
    expect(answer).toEqual({ subject_line: "Quick idea for Acme", email_body: "Hi Ada,\n\nShort note." });
  });

  it("only content: body = content, subject '(No subject_line field)'", () => {
    const { cells, answer } = cellsFromOutput({ content: "The whole email" });
    expect(cells).toEqual({
      [S]: "(No subject_line field)",
      [B]: "The whole email",
      [R]: '{"content":"The whole email"}',
    });
    expect(answer).toEqual({ content: "The whole email" });
  });

  it("non-string content is stored as JSON text", () => {
    const { cells } = cellsFromOutput({ content: { paragraphs: ["a", "b"] } });
    expect(cells[B]).toBe('{"paragraphs":["a","b"]}');
    expect(cells[S]).toBe(PLACEHOLDERS.noSubjectField);
  });

  it("neither: '(No subject returned)' / '(No body returned)', response kept", () => {
    const { cells, answer } = cellsFromOutput({ greeting: "hello" });
    expect(cells).toEqual({ [S]: "(No subject returned)", [B]: "(No body returned)", [R]: '{"greeting":"hello"}' });
    expect(answer).toEqual({ subject_line: "(No subject returned)", email_body: "(No body returned)" });
  });

  it("a missing, empty or non-string half gets its own placeholder", () => {
    expect(cellsFromOutput({ subject_line: "Hi" }).cells).toMatchObject({ [S]: "Hi", [B]: PLACEHOLDERS.noBody });
    expect(cellsFromOutput({ email_body: "Body", subject_line: "  " }).cells).toMatchObject({
      [S]: PLACEHOLDERS.noSubject,
      [B]: "Body",
    });
    expect(cellsFromOutput({ subject_line: 42, email_body: "Body" }).cells).toMatchObject({
      [S]: PLACEHOLDERS.noSubject,
      [B]: "Body",
    });
  });

  it("subject_line + email_body win over content", () => {
    const { answer } = cellsFromOutput({ subject_line: "S", email_body: "B", content: "C" });
    expect(answer).toEqual({ subject_line: "S", email_body: "B" });
  });

  it("anything that is not a JSON object is a '(Parse Error)' in all three cells", () => {
    for (const output of [null, undefined, "text", 12, ["a"], true]) {
      const { cells, answer } = cellsFromOutput(output);
      expect(cells, String(output)).toEqual({ [S]: "(Parse Error)", [B]: "(Parse Error)", [R]: "(Parse Error)" });
      expect(answer).toEqual({ subject_line: "(Parse Error)", email_body: "(Parse Error)" });
    }
  });
});

describe("cellsForError / isFailedRow", () => {
  it("an error row shows 'Error: …' and counts as failed", () => {
    const cells = cellsForError("The OpenAI API key is invalid");
    expect(cells).toEqual({ [S]: "Error: The OpenAI API key is invalid", [B]: "", [R]: "" });
    expect(isFailedRow(cells)).toBe(true);
  });

  it("follows the product's failed-row rule", () => {
    expect(isFailedRow({ [S]: "(No subject returned)", [B]: "fine" })).toBe(true);
    expect(isFailedRow({ [S]: "fine", [B]: "(No body returned)" })).toBe(true);
    expect(isFailedRow({ [S]: "(Parse Error)", [B]: "(Parse Error)" })).toBe(true);
    expect(isFailedRow({ [S]: "fine", [B]: "fine", [R]: "(Parse Error)" })).toBe(true);
    expect(isFailedRow({ [S]: "fine", [B]: "Something Error happened" })).toBe(true);
  });

  it("good rows, content-only rows and never-generated rows are not failed", () => {
    expect(isFailedRow({ [S]: "Hello", [B]: "World", [R]: "{}" })).toBe(false);
    expect(isFailedRow(cellsFromOutput({ content: "Body" }).cells)).toBe(false);
    expect(isFailedRow({ Name: "Ada" })).toBe(false);
    expect(isFailedRow({ [S]: "", [B]: "" })).toBe(false);
  });
});
