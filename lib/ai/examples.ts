/** Approved rows shown to the model as examples of the e-mails the user wants ("Use my approved rows as examples"). */
export interface ApprovedExample {
  subject: string;
  body: string;
}

/** At most this many approved rows go into a prompt. */
export const MAX_EXAMPLES = 3;

/**
 * The prompt with the examples in front of it: what is the same for every row comes first, the
 * row's own instructions last. The model is told to copy the style, never the facts.
 */
export function promptWithExamples(prompt: string, examples: readonly ApprovedExample[] | undefined): string {
  if (!examples || examples.length === 0) return prompt;
  const shown = examples
    .slice(0, MAX_EXAMPLES)
    .map((e, i) => `Example ${i + 1}\nSubject: ${e.subject}\n\n${e.body}`)
    .join("\n\n---\n\n");
  return (
    "Here are e-mails I approved for other prospects. Match their tone, length and structure; " +
    `never reuse their facts, names or claims.\n\n${shown}${EXAMPLES_END}${prompt}`
  );
}

/** Where the examples (the same for every row of a run) end and the row's own prompt begins. */
const EXAMPLES_END = "\n\n---\n\nNow the e-mail to write:\n";

/**
 * The part of a prompt that is the same for every row of a run (the examples block), and the rest:
 * providers cache a request's stable prefix (prompt caching), so it is sent as a block of its own.
 */
export function splitStaticPrefix(prompt: string): { prefix: string; rest: string } | null {
  const at = prompt.indexOf(EXAMPLES_END);
  if (at < 0) return null;
  const end = at + EXAMPLES_END.length;
  return { prefix: prompt.slice(0, end), rest: prompt.slice(end) };
}
