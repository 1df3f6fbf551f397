/**
 * The claims of a generated e-mail that `ungrounded_claim` checks (pure, client-safe): figures, web
 * addresses and domains, and runs of capitalised words (placeholders left to `unresolved_placeholder`).
 * Every regular expression is compiled once.
 *
 * - A **figure** is a number with 2+ digits ("48", "2024", "1,200", "3.5"), a percentage ("5%", "12
 *   percent"), an amount of money ("$4", "€2.5 million", "40 USD") or a number with a multiplier ("5M",
 *   "3x"). Times of day and minutes ("10:30", "3 pm", "a 15-minute call") and "24/7" are no figures: they
 *   say when to talk, not what is true.
 * - A **web address or domain**: "https://…", "www.…", a bare "acme.com" (its top-level domain in lower
 *   case: not "done.Next", and not a file name such as "deck.pdf" or "Next.js"), or an e-mail address
 *   (its domain is the claim).
 * - A **capitalised run**: two or more words starting with a capital letter, separated by spaces (or
 *   joined by "of" / "&": "Bank of America"), not counting the first word of a sentence or line
 *   ("Acme Robotics grew" → none: "Acme" starts the sentence; "Congrats to Blue Harbor Capital" → "Blue
 *   Harbor Capital"). Common words never count and split runs: weekdays, months, greetings, sign-offs,
 *   the pronoun I and short function words capitalised by Title Case ("For", "Your"). Lines in Title
 *   Case (every word of 4+ letters capitalised: a subject like "Quick Idea for Acme Robotics") give no
 *   runs at all: their capitals mean nothing.
 */
import { findPlaceholders } from "./detectors";

type ClaimKind = "figure" | "web" | "name";

export interface Claim {
  kind: ClaimKind;
  /** As written in the e-mail (a possessive "'s" cut from a name, trailing punctuation from a URL). */
  text: string;
  /** A figure's value (money, percentages and multipliers resolved): "$40M" and "40,000,000" agree. */
  value?: number;
  /** A name's words, for grounding word by word in the row's values. */
  words?: string[];
}

// ---- Word lists (lower case) ----

const COMMON = new Set(
  (
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun " +
    "january february march april may june july august september october november december " +
    "jan feb mar apr jun jul aug sep sept oct nov dec " +
    "hi hello hey hiya howdy dear greetings good morning afternoon evening day " +
    "best regards kind warm warmest warmly cheers thanks thank sincerely yours truly respectfully faithfully " +
    "talk soon all many looking forward ps"
  ).split(" "),
);
/** Function words: capitalised by Title Case or a sentence start, never part of a name. */
const STOP = new Set(
  (
    "a an the and or but for nor so yet to in on at by with from about as into like over after before than " +
    "that this these those it its i i'm i'd i've i'll we we're our us you you're your he she they their them " +
    "his her my me is are was were be been am do does did have has had will would can could should may might " +
    "must not no yes if when where why how what who which just also here there let let's quick re fwd"
  ).split(" "),
);

/** Endings of file and language names ("deck.pdf", "app.js"), not top-level domains. */
const NOT_TLDS = new Set(
  (
    "pdf doc docx xls xlsx csv ppt pptx txt rtf png jpg jpeg gif svg webp mp3 mp4 mov avi zip rar exe dmg " +
    "js ts jsx tsx py rb md sh cs rs go java php html htm json xml yaml yml css sql"
  ).split(" "),
);
const ABBREVIATIONS = new Set("mr mrs ms dr prof sr jr st vs etc".split(" "));

// ---- Patterns ----

const URL = /\b(?:https?:\/\/|www\.)[^\s<>()"'“”\]]+/giu;
const EMAIL = /[\p{L}\p{N}._%+-]+@((?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,})/gu;
const DOMAIN =
  /(?<![\p{L}\p{N}@._-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,24})(?:\/[^\s<>()"'“”]*)?(?![\p{L}\p{N}-])/giu;
/** Times, minutes and 24/7: blanked before figures are looked for. */
const NOT_FIGURES =
  /(?<![\p{L}\p{N}])(?:\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?(?![\p{L}])|\d+(?:\s?-\s?|\s)?(?:min|mins|minutes?)(?![\p{L}])|24\/7)/giu;
const MULTIPLIER = String.raw`(?:\s?(?:million|billion|thousand|trillion|bn|mn)(?![\p{L}])|(?:mm|MM|[kmbKMBxX]|\s[KMB])(?![\p{L}\p{N}]))`;
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])((?:US|CA|AU)?[$€£¥]\s?)?(\d+(?:[.,]\d+)*)(${MULTIPLIER})?` +
    String.raw`(\s?(?:%|percent(?![\p{L}])|per cent(?![\p{L}])))?(\s?(?:USD|EUR|GBP|dollars|euros|pounds)(?![\p{L}]))?`,
  "gu",
);
/** Candidate runs: capitalised words separated by spaces, or joined by "of" / "&". */
const RUN = /\p{Lu}[\p{L}\p{N}'’-]*(?:(?:[ \t]+(?:of|&)[ \t]+|[ \t]+)\p{Lu}[\p{L}\p{N}'’-]*)*/gu;
const RUN_TOKEN = /\p{Lu}[\p{L}\p{N}'’-]*|(?<=\s)(?:of|&)(?=\s)/gu;
const LINE_WORD = /\p{L}[\p{L}'’-]*/gu;
const OPENERS = new Set([..." \t\"'“‘(*_>#•-–—"]);

const blank = (text: string, from: number, length: number) =>
  text.slice(0, from) + " ".repeat(length) + text.slice(from + length);

// ---- Figures ----

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, mn: 1e6, b: 1e9, bn: 1e9 };
const WORD_SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };

/** "1,200" → 1200, "1.200,5" → 1200.5, "3,5" → 3.5, "3.5" → 3.5. */
function parseNumber(digits: string): number {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits)) return Number(digits.replace(/,/g, ""));
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(digits)) return Number(digits.replace(/\./g, "").replace(",", "."));
  if (/^\d+,\d{1,2}$/.test(digits)) return Number(digits.replace(",", "."));
  return Number(digits.replace(/,/g, ""));
}

function scaleOf(multiplier: string | undefined): number {
  const m = (multiplier ?? "").trim().toLowerCase();
  return WORD_SCALE[m] ?? SCALE[m] ?? 1;
}

interface Found extends Claim {
  at: number;
}

/** Every number of a text with its value (single digits included): what grounds a figure. */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(FIGURE)].map((m) => parseNumber(m[2]!) * scaleOf(m[3]));
}

function findFigures(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const [, currency, digits, multiplier, percent, unit] = m;
    const figure = Boolean(currency || multiplier || percent || unit) || /\d.*\d/.test(digits!);
    if (!figure) continue;
    found.push({ kind: "figure", text: m[0].trim(), value: parseNumber(digits!) * scaleOf(multiplier), at: m.index });
  }
  return found;
}

// ---- Web addresses ----

/** A top-level domain as written in running text: lower case, no file ending ("Next.js", "deck.pdf"). */
const isDomainEnd = (tld: string) => /^[a-z]+$/.test(tld) && !NOT_TLDS.has(tld);

/** Web claims, and the text with them blanked (so that their digits and capitals are not read again). */
function findWeb(text: string): { found: Found[]; rest: string } {
  const found: Found[] = [];
  let rest = text;
  for (const m of text.matchAll(URL)) {
    const url = m[0].replace(/[.,;:!?]+$/, "");
    found.push({ kind: "web", text: url, at: m.index });
    rest = blank(rest, m.index, m[0].length);
  }
  for (const m of rest.matchAll(EMAIL)) {
    found.push({ kind: "web", text: m[1]!, at: m.index + m[0].length - m[1]!.length });
    rest = blank(rest, m.index, m[0].length);
  }
  for (const m of rest.matchAll(DOMAIN)) {
    if (!isDomainEnd(m[1]!)) continue;
    found.push({ kind: "web", text: m[0].replace(/[.,;:!?]+$/, ""), at: m.index });
    rest = blank(rest, m.index, m[0].length);
  }
  return { found, rest };
}

// ---- Capitalised runs ----

/** Whether position `at` starts a sentence or a line (after quotes, bullets or markdown marks). */
function isSentenceStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && OPENERS.has(text[i]!)) i--;
  if (i < 0 || text[i] === "\n" || text[i] === "\r" || text[i] === ":") return true;
  if (!".!?…".includes(text[i]!)) return false;
  const word = /[\p{L}.]+$/u.exec(text.slice(Math.max(0, i - 6), i))?.[0].toLowerCase();
  return !(text[i] === "." && word !== undefined && ABBREVIATIONS.has(word));
}

/**
 * Lines in Title Case: 3 or more words of 4+ letters, every one capitalised (title styles lower-case only
 * short words: "Quick Idea for Acme Robotics"). Their capitals say nothing about names.
 */
function isTitleCase(line: string): boolean {
  const words = (line.match(LINE_WORD) ?? []).filter((w) => w.length >= 4);
  return words.length >= 3 && words.every((w) => /^\p{Lu}/u.test(w));
}

const isNameWord = (word: string) => {
  const lower = word.toLowerCase().replace(/’/g, "'");
  return !COMMON.has(lower) && !STOP.has(lower);
};
const withoutPossessive = (word: string) => word.replace(/['’]s$/u, "");

type RunToken = { word: string; at: number; connector: boolean };

/** The names inside one candidate run: split at common and function words, a sentence's first word left out. */
function namesInRun(text: string, run: string, at: number): Found[] {
  const names: Found[] = [];
  let part: RunToken[] = [];
  const close = () => {
    if (part.length > 0 && isSentenceStart(text, part[0]!.at)) part.shift();
    while (part[0]?.connector) part.shift();
    while (part.at(-1)?.connector) part.pop();
    const words = part.filter((t) => !t.connector).map((t) => withoutPossessive(t.word));
    if (words.length >= 2) {
      const last = part.at(-1)!;
      const raw = text.slice(part[0]!.at, last.at + last.word.length);
      names.push({ kind: "name", text: withoutPossessive(raw), words, at: part[0]!.at });
    }
    part = [];
  };
  for (const m of run.matchAll(RUN_TOKEN)) {
    const word = m[0];
    if (word === "of" || word === "&") {
      if (part.length > 0) part.push({ word, at: at + m.index, connector: true });
    } else if (isNameWord(word)) part.push({ word, at: at + m.index, connector: false });
    else close();
  }
  close();
  return names;
}

function findNames(text: string): Found[] {
  const found: Found[] = [];
  let lineStart = 0;
  for (const line of text.split("\n")) {
    if (!isTitleCase(line))
      for (const m of line.matchAll(RUN)) found.push(...namesInRun(text, m[0], lineStart + m.index));
    lineStart += line.length + 1;
  }
  return found;
}

/** The claims of one text (a subject or a body), in order of appearance. */
export function findClaims(text: string): Claim[] {
  // Placeholders ("[First Name]") are unresolved_placeholder's: their words claim nothing.
  let unfilled = text;
  for (const placeholder of findPlaceholders(text))
    unfilled = unfilled.split(placeholder).join(" ".repeat(placeholder.length));
  const { found: web, rest: withoutWeb } = findWeb(unfilled);
  let rest = withoutWeb;
  for (const m of withoutWeb.matchAll(NOT_FIGURES)) rest = blank(rest, m.index, m[0].length);
  const figures = findFigures(rest);
  for (const f of figures) rest = blank(rest, f.at, f.text.length);
  return [...web, ...figures, ...findNames(rest)]
    .sort((a, b) => a.at - b.at)
    .map(({ kind, text, value, words }) => ({
      kind,
      text,
      ...(value !== undefined ? { value } : {}),
      ...(words ? { words } : {}),
    }));
}
