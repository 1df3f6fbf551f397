import type { AiSettings } from "./defaults";
import type { UseCase } from "./providers";

/**
 * Starter templates offered on the generator's empty state, in the AI Configuration dialog and on the
 * dashboard. Client-safe data: choosing one fills the prompt, the JSON schema and the use case. Every
 * schema is strict-compatible (each property a required string, no additional properties), and every
 * prompt variable has a fallback, so a starter runs on any CSV.
 */
export interface StarterTemplate {
  id: "single-email" | "email-follow-ups" | "subject-lines-ab";
  name: string;
  /** One line on what it writes, shown next to its name. */
  description: string;
  prompt: string;
  jsonSchema: string;
  useCase: UseCase;
}

type StringFields = Record<string, string>;

/** A strict-compatible object schema of string fields, all required, pretty-printed as the dialog shows it. */
function schemaOf(fields: StringFields): string {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, description]) => [name, { type: "string", description }]),
  );
  return JSON.stringify(
    { type: "object", properties, required: Object.keys(fields), additionalProperties: false },
    null,
    2,
  );
}

const STYLE =
  "Write like a person, not a marketer: plain words, no buzzwords, no hype, no exclamation marks. " +
  "Never invent facts, and never leave placeholders or brackets in the text. " +
  "Return only the requested fields, with no preamble such as 'Here is'.";

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    id: "single-email",
    name: "Single e-mail",
    description: "One researched cold e-mail with its subject line.",
    useCase: "web_research",
    prompt:
      "Write a short cold e-mail to {{First Name|there}} at {{Company|their company}}.\n\n" +
      "First look up {{Company|the company}} online. Open with one specific, recent observation about it " +
      "(a launch, a hire, a customer story); if you find nothing specific, open with an observation about " +
      "their industry instead. Then say in one sentence how we help similar teams book more qualified " +
      "meetings, and end with a low-pressure question.\n\n" +
      "Start the body with 'Hi {{First Name|there}},'. Keep the body between 60 and 120 words. " +
      "The subject line has at most 8 words and does not sound like an advertisement.\n\n" +
      STYLE,
    jsonSchema: schemaOf({
      subject_line: "The e-mail's subject line, at most 8 words",
      email_body: "The e-mail's body, starting with the greeting",
    }),
  },
  {
    id: "email-follow-ups",
    name: "E-mail + 2 follow-ups",
    description: "A first e-mail and two shorter follow-ups for the days after.",
    useCase: "content_creation",
    prompt:
      "Write a three-step cold e-mail sequence to {{First Name|there}} at {{Company|your team}}.\n\n" +
      "email_body: the first e-mail, 60 to 120 words. Open with something relevant to {{Company|their team}}, " +
      "say in one sentence how we help similar teams book more qualified meetings, and end with a " +
      "low-pressure question.\n" +
      "follow_up_1: sent three days later if there is no reply, 40 to 70 words. Add one new piece of value " +
      "(a short example or a result) instead of repeating the first e-mail, and never write 'just bumping this'.\n" +
      "follow_up_2: sent a week after that, 30 to 50 words. A polite last note that makes it easy to say " +
      "'not now' and leaves the door open.\n\n" +
      "Start every e-mail with 'Hi {{First Name|there}},'. The subject line belongs to the first e-mail and " +
      "has at most 8 words; the follow-ups reply in the same thread.\n\n" +
      STYLE,
    jsonSchema: schemaOf({
      subject_line: "The first e-mail's subject line, at most 8 words",
      email_body: "The first e-mail's body, starting with the greeting",
      follow_up_1: "The first follow-up's body (three days later), starting with the greeting",
      follow_up_2: "The second follow-up's body (a week later), starting with the greeting",
    }),
  },
  {
    id: "subject-lines-ab",
    name: "3 subject lines to A/B test",
    description: "One e-mail with three different subject lines to test against each other.",
    useCase: "content_creation",
    prompt:
      "Write one short cold e-mail to {{First Name|there}} at {{Company|your team}} and three different " +
      "subject lines for it, to A/B test.\n\n" +
      "The e-mail opens with something relevant to {{Company|their team}}, says in one sentence how we help " +
      "similar teams book more qualified meetings, and ends with a low-pressure question. Start the body " +
      "with 'Hi {{First Name|there}},' and keep it between 60 and 120 words.\n\n" +
      "subject_line: sparks curiosity. subject_line_b: names a concrete benefit for {{Company|their team}}. " +
      "subject_line_c: a short question. Each has at most 8 words and 60 characters, and no two share an " +
      "opening word.\n\n" +
      STYLE,
    jsonSchema: schemaOf({
      subject_line: "Subject line A: sparks curiosity, at most 8 words",
      subject_line_b: "Subject line B: a concrete benefit, at most 8 words",
      subject_line_c: "Subject line C: a short question, at most 8 words",
      email_body: "The e-mail's body, starting with the greeting",
    }),
  },
];

/** The settings a starter fills in (the rest of the configuration stays as it is). */
export function starterSettings(starter: StarterTemplate): Pick<AiSettings, "prompt" | "jsonSchema" | "useCase"> {
  return { prompt: starter.prompt, jsonSchema: starter.jsonSchema, useCase: starter.useCase };
}

export function findStarterTemplate(id: string): StarterTemplate | undefined {
  return STARTER_TEMPLATES.find((s) => s.id === id);
}
