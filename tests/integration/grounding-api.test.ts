import { beforeEach, describe, expect, it } from "vitest";
import { withFakeProviderAndDatabase } from "../support/ai";
import { csvApi } from "../support/csv";
import {
  answerPerName,
  cleanAnswer,
  qualityApi as api,
  qualitySetup,
  runBulk,
  type CleanEmail,
} from "../support/quality";

// The quality rule ungrounded_claim (docs/api.md "Grounding") through the API: bulk, single, preview, edits.

const fake = withFakeProviderAndDatabase({ respond: cleanAnswer });
beforeEach(() => fake.reset());

/** The clean e-mail with a funding round the row, prompt and sources never mention. */
const invented = (e: CleanEmail) => ({
  ...e,
  email_body: e.email_body.replace("and wanted to reach out.", "and saw you raised $40M in your Series B."),
});
const MESSAGE = 'Not found in the row, prompt or sources: "$40M", "Series B"';
const UNGROUNDED = { rule: "ungrounded_claim", severity: "warn", message: MESSAGE };
const flagsOfRows = async (user: Parameters<typeof api.quality>[0], csvId: string) =>
  (await api.quality(user, csvId)).json.rows.map((r: { flags: unknown[] }) => r.flags);

describe("ungrounded_claim", () => {
  it("a bulk run flags the invented figure and name in GET /csv/{id}/quality; grounded rows stay clean", async () => {
    const c = await qualitySetup(3, "grounding");
    answerPerName(fake, { Ada: invented });
    await runBulk(c.user, c.input());
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[UNGROUNDED], [], []]);
    const { counts } = (await api.quality(c.user, c.csvId)).json;
    expect(counts).toEqual({ block: 0, warn: 1, clean: 2 });
  });

  it("qualityRules make it block, switch it off or ignore words; a domain from the row is grounded", async () => {
    const c = await qualitySetup(3, "grounding-rules");
    answerPerName(fake, {
      Ada: invented,
      Grace: (e) => ({
        ...e,
        email_body: e.email_body.replace("wanted to reach out", "saw example.test, so I wrote to p1@example.test"),
      }),
    });
    await runBulk(c.user, c.input({ qualityRules: { ungrounded_claim: { severity: "block" } } }));
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[{ ...UNGROUNDED, severity: "block" }], [], []]);

    await runBulk(c.user, c.input({ qualityRules: { ungrounded_claim: { ignore: ["series", "$40m"] } } }));
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[], [], []]);
    await runBulk(c.user, c.input({ qualityRules: { ungrounded_claim: { enabled: false } } }));
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[], [], []]);

    const refused = await api.bulk(c.user, c.input({ qualityRules: { ungrounded_claim: { ignore: "Series B" } } }));
    expect(refused.status).toBe(400);
  });

  it("single generation and the preview carry the flag; a claim in the prompt is grounded", async () => {
    const c = await qualitySetup(2, "grounding-single");
    answerPerName(fake, { Ada: invented });
    expect((await api.generate(c.user, c.single(0))).json.flags).toEqual([UNGROUNDED]);
    const preview = await api.preview(c.user, c.input({ rowsToProcess: [0, 1] }));
    expect(preview.json.results.map((r: { flags: unknown[] }) => r.flags)).toEqual([[UNGROUNDED], []]);
    const told = "Write a cold email to {{First Name}} at {{Company}}. Mention our $40M Series B.";
    const grounded = await api.preview(c.user, c.input({ rowsToProcess: [0], prompt: told }));
    expect(grounded.status, grounded.text).toBe(200);
    expect(grounded.json.results[0].flags).toEqual([]);
  });

  it("the approved examples ground a claim", async () => {
    const c = await qualitySetup(2, "grounding-examples");
    answerPerName(fake, { Ada: invented });
    await runBulk(c.user, c.input({ rowsToProcess: [0] }));
    const file = await api.file(c.user, c.csvId);
    expect((await api.approve(c.user, c.csvId, file.rowIds[0]!)).status).toBe(200);
    answerPerName(fake, { Grace: invented });
    await runBulk(c.user, c.input({ rowsToProcess: [1], useApprovedExamples: true }));
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[UNGROUNDED], []]);
  });

  it("a hand edit keeps only the claims still in the text", async () => {
    const c = await qualitySetup(1, "grounding-edit");
    answerPerName(fake, { Ada: invented });
    await runBulk(c.user, c.input());
    const file = await api.file(c.user, c.csvId);
    const body = file.rows[0]!["Email Body"]!;
    await csvApi.patchRow(c.user, c.csvId, file.rowIds[0]!, { data: { "Email Body": body.replace("$40M", "funds") } });
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([
      [{ ...UNGROUNDED, message: 'Not found in the row, prompt or sources: "Series B"' }],
    ]);
    const fixed = body.replace("raised $40M in your Series B", "are growing");
    await csvApi.patchRow(c.user, c.csvId, file.rowIds[0]!, { data: { "Email Body": fixed } });
    expect(await flagsOfRows(c.user, c.csvId)).toEqual([[]]);
  });
});
