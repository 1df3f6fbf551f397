/**
 * `ungrounded_claim` (pure, client-safe): the claims of a generated e-mail (see ./claims.ts: figures, web
 * addresses and domains, capitalised runs) that appear in none of the texts it was written from — the
 * row's values, the rendered prompt (approved examples included), the sources' URLs and titles.
 *
 * Matching is case-insensitive and ignores punctuation and spacing:
 * - a figure is grounded by any number of the same value: "$40M" by "40 M", "40m" or "40,000,000";
 *   "$40,000" by "40000"; "12%" by "12 percent";
 * - a web address by the same address without scheme and "www." ("acme.com" by "https://www.acme.com/",
 *   "blog.acme.com" or "anna@acme.com", not by "notacme.com");
 * - a name by the same words in that order ("Blue Harbor" by "blue-harbor capital"), or when each of its
 *   words is a word of the row's values ("Anna Smith" from First Name "Anna" and Last Name "Smith");
 * - any claim by the same words in that order anywhere.
 * `ignore` entries (case-insensitive, punctuation aside) drop a claim equal to one, or a name with a word
 * equal to one.
 */
import { findClaims, numbersIn, type Claim } from "./claims";

/** What a generated e-mail was written from. */
export interface GroundingSources {
  /** The row's own values (the generated columns left out). */
  values: readonly string[];
  /** Everything else the model was given: the rendered prompt with its examples, the sources' URLs and titles. */
  texts: readonly string[];
}

/** A message quotes at most this many claims. */
const MAX_QUOTED = 3;

interface Grounding {
  /** Every text as words: lower case, one space between words, padded with a space. */
  words: string;
  valueWords: ReadonlySet<string>;
  numbers: ReadonlySet<number>;
  /** Every text in lower case without "https://", "http://" and "www.". */
  web: string;
}

const wordsOf = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’]s(?![\p{L}\p{N}])/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const loose = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
const webForm = (text: string) =>
  text
    .toLowerCase()
    .replace(/https?:\/\//g, "")
    .replace(/(^|[^a-z0-9-])www\./g, "$1");
const roundValue = (n: number) => Math.round(n * 1e6) / 1e6;
const isHostChar = (ch: string | undefined) => ch !== undefined && /[a-z0-9-]/.test(ch);

function prepare(sources: GroundingSources): Grounding {
  const all = [...sources.values, ...sources.texts].join("\n");
  return {
    words: ` ${wordsOf(all)} `,
    valueWords: new Set(wordsOf(sources.values.join(" ")).split(" ")),
    numbers: new Set(numbersIn(all).map(roundValue)),
    web: webForm(all),
  };
}

/** `needle` inside `haystack` with no host character on either side ("acme.com" is not in "notacme.com"). */
function containsHost(haystack: string, needle: string): boolean {
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1))
    if (!isHostChar(haystack[i - 1]) && !isHostChar(haystack[i + needle.length])) return true;
  return false;
}

function isGrounded(claim: Claim, grounding: Grounding): boolean {
  const words = wordsOf(claim.text);
  if (words && grounding.words.includes(` ${words} `)) return true;
  if (claim.kind === "figure") return claim.value !== undefined && grounding.numbers.has(roundValue(claim.value));
  if (claim.kind === "web") return containsHost(grounding.web, webForm(claim.text).replace(/\/+$/, ""));
  return (claim.words ?? []).every((w) =>
    wordsOf(w)
      .split(" ")
      .every((part) => grounding.valueWords.has(part)),
  );
}

function isIgnored(claim: Claim, ignored: ReadonlySet<string>): boolean {
  if (ignored.size === 0) return false;
  return ignored.has(loose(claim.text)) || (claim.words ?? []).some((w) => ignored.has(loose(w)));
}

/**
 * The claims of `texts` (the subject and the body) found nowhere in `sources`, each once, in order of
 * appearance; `ignore` lists words and phrases that never count.
 */
export function ungroundedClaims(
  texts: readonly string[],
  sources: GroundingSources,
  ignore: readonly string[] = [],
): string[] {
  const grounding = prepare(sources);
  const ignored = new Set(ignore.map(loose).filter(Boolean));
  const seen = new Set<string>();
  const claims: string[] = [];
  for (const text of texts)
    for (const claim of findClaims(text)) {
      const key = `${claim.kind}:${loose(claim.text)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!isIgnored(claim, ignored) && !isGrounded(claim, grounding)) claims.push(claim.text);
    }
  return claims;
}

/** `Not found in the row, prompt or sources: "Series B", "$40M"` (at most 3 quoted, then "and N more"). */
export function ungroundedMessage(claims: readonly string[]): string {
  const quoted = claims
    .slice(0, MAX_QUOTED)
    .map((c) => `"${c}"`)
    .join(", ");
  const more = claims.length > MAX_QUOTED ? ` and ${claims.length - MAX_QUOTED} more` : "";
  return `Not found in the row, prompt or sources: ${quoted}${more}`;
}

/**
 * After a hand edit: the claims a previous `ungrounded_claim` message quoted that are still in the texts
 * (case-insensitive). The edited text is the user's own; only what the model invented and the user kept
 * stays flagged.
 */
export function claimsStillIn(message: string, texts: readonly string[]): string[] {
  const text = texts.join("\n").toLowerCase();
  return [...message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((claim) => text.includes(claim.toLowerCase()));
}
