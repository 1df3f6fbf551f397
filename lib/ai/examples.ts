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
    "never reuse their facts, names or claims.\n\n" +
    `${shown}\n\n---\n\nNow the e-mail to write:\n${prompt}`
  );
}
