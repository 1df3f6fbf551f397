/**
 * Text detectors of the quality rules (pure, client-safe). Every regular expression is compiled once
 * here: the rules run on every generated row of files with tens of thousands of rows.
 */
import { SPAM_TRIGGER_WORDS } from "@/lib/quality/spam-words";

// ---------------------------------------------------------------------------------------------------
// Placeholders
// ---------------------------------------------------------------------------------------------------

/** Tag names an e-mail body may legitimately contain as HTML (`<br>`, `<p>`, `<strong>` …). */
const HTML_TAGS = new Set(
  (
    "a abbr address article aside audio b bdi bdo big blockquote body br button canvas caption center cite code " +
    "col colgroup data dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer form " +
    "head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta meter nav " +
    "noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search " +
    "section select slot small source span strike strong style sub summary sup svg table tbody td template " +
    "textarea tfoot th thead time title tr track tt u ul var video wbr"
  ).split(" "),
);

const WORD_RUN = (maxExtraWords: number) => String.raw`\p{L}[\p{L}_'’-]*(?:[ \t]+[\p{L}_'’-]+){0,${maxExtraWords}}`;

/**
 * One pass finds all three kinds, in reading order:
 * - `{{…}}` on one line (`{{first_name}}`, `{{ Company }}`, even `{{}}`);
 * - `[…]` holding 1–5 words of letters, underscores, apostrophes or hyphens (`[First Name]`, `[X]`,
 *   `[Recipient's company]`), or starting with Insert / Add / Mention / Include / Enter / Your, which
 *   models use for longer instructions (`[Insert a compliment about their latest post]`). Not when a
 *   `(` follows (a markdown link) and not `[1]` (digits are no words);
 * - `<…>` holding 1–4 words (`<Company>`, `<your name>`), filtered by isAnglePlaceholder.
 */
const PLACEHOLDER = new RegExp(
  [
    String.raw`\{\{[^{}\n]{0,100}\}\}`,
    String.raw`\[[ \t]*(?:(?:insert|add|mention|include|enter|your)(?![\p{L}\p{N}])[^\[\]\n]{0,100}?|${WORD_RUN(4)})[ \t]*\](?!\()`,
    String.raw`<(${WORD_RUN(3)})>`,
  ].join("|"),
  "giu",
);

/**
 * `<…>` is a placeholder when it holds several words (`<First Name>`), a word that is no HTML tag
 * (`<Company>`, `<name>`), or a tag name in mixed case (`<Title>`, `<Address>`: HTML is written in
 * lower or upper case, so `<br>`, `<BR>`, `<p>`, `<strong>` are left alone).
 */
function isAnglePlaceholder(inner: string): boolean {
  if (/[ \t]/.test(inner) || !HTML_TAGS.has(inner.toLowerCase())) return true;
  return inner !== inner.toLowerCase() && inner !== inner.toUpperCase();
}

/** Placeholders left in a text, in order of appearance, each once. */
export function findPlaceholders(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m[1] !== undefined && !isAnglePlaceholder(m[1])) continue;
    found.add(m[0]);
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------------
// Model preamble and meta-talk
// ---------------------------------------------------------------------------------------------------

const APOS = "['’]";
// "As an AI language model / assistant", "As an AI, I …" — not "As an AI-first company, Acme …".
const AS_AN_AI = String.raw`as\s+an\s+ai(?:\s+(?:language\s+)?model|\s+assistant|,)`;

/**
 * How an answer that talks about itself begins (case-insensitive, after leading spaces, quotes and
 * markdown marks). Decisions, to keep real openers clean:
 * - "Sure" / "Certainly" / "Of course" / "Absolutely" only when followed by , ! . : or "here" (or
 *   alone on the line): "Sure thing, Anna —" or "Certainly worth a look" are not flagged, "Sure thing,
 *   here's…" is;
 * - "Here's / Here is …" only when an e-mail-ish noun follows within a few words ("Here's your
 *   email", "Here is a personalized…", "Here's the revised draft"); "Here's a quick idea" is fine;
 * - "I'd be happy to" only followed by ! . or a writing verb (help, write, draft, create …), so
 *   "I'd be happy to show you a demo" stays clean.
 */
const START_PATTERNS = [
  String.raw`sure(?:[!.,:]|\s+(?:thing[!.,]?\s+)?here\b|[ \t]*(?:\n|$))`,
  String.raw`(?:certainly|of course|absolutely)(?:[!.,:]|\s+here\b|[ \t]*(?:\n|$))`,
  String.raw`(?:great|perfect|got it|okay|ok|alright|all right)[!.,]?\s+(?:here|below)\b`,
  String.raw`here(?:${APOS}s|\s+is|\s+are)\s+(?:your|the|a|an|my)\s+(?:[\p{L}'’-]+\s+){0,3}?` +
    String.raw`(?:e-?mails?|drafts?|messages?|versions?|personali[sz]ed|cold|subject\s+lines?|templates?|rewrites?)(?!\p{L})`,
  String.raw`here\s+you\s+go\b`,
  AS_AN_AI,
  String.raw`i(?:${APOS}d|\s+would)\s+be\s+(?:happy|glad|delighted)\s+to` +
    String.raw`(?:[!.]|\s+(?:help|write|draft|create|assist|craft|compose|prepare|put\s+together)\b)`,
  String.raw`i(?:${APOS}ve|\s+have)\s+(?:written|drafted|created|crafted|composed|prepared|put\s+together)\s+(?:a|an|the|your)\b`,
  String.raw`below\s+(?:is|are|you(?:${APOS}ll|\s+will)\s+find)\b`,
];
const PREAMBLE_START = new RegExp(String.raw`^[\s*_#>"'“”]*(?:${START_PATTERNS.join("|")})`, "iu");

const EDITS = "(?:changes|adjustments|tweaks|revisions|modifications|edits)";
const EDIT_VERBS = "(?:adjust|modify|tweak|customi[sz]e|edit|personali[sz]e|tailor|change)";
/**
 * Meta-talk that betrays a model anywhere, at the start of a line. Narrow on purpose: "Let me know if
 * you'd like a demo" and "Feel free to adjust the time" are normal e-mail lines; "Let me know if
 * you'd like any changes" and "Feel free to adjust the tone" are not. "I hope this helps" counts only
 * as a whole line.
 */
const LINE_PATTERNS = [
  AS_AN_AI,
  String.raw`i\s+hope\s+(?:this|that)\s+helps[!.]*[ \t]*$`,
  String.raw`let\s+me\s+know\s+if\s+you(?:${APOS}d|\s+would)\s+like\s+(?:me\s+to\s+(?:${EDIT_VERBS}|rewrite|revise|shorten|lengthen|expand)` +
    String.raw`|(?:(?:any|some|further)\s+)?${EDITS}|(?:a|another)\s+(?:different|shorter|longer|more\s+\w+)\s+(?:version|tone|draft))\b`,
  String.raw`let\s+me\s+know\s+if\s+(?:you\s+need|there\s+are)\s+any\s+${EDITS}\b`,
  String.raw`feel\s+free\s+to\s+${EDIT_VERBS}\s+(?:(?:it|this|anything)\s+)?(?:as\s+(?:needed|necessary|you\s+see\s+fit)|to\s+(?:fit|suit|match)\s+your)\b`,
  String.raw`feel\s+free\s+to\s+${EDIT_VERBS}\s+(?:the|this|any(?:\s+part\s+of\s+the)?)\s+` +
    String.raw`(?:e-?mail|draft|template|tone|wording|copy|subject\s+line|placeholders|message)\b`,
];
const PREAMBLE_LINE = new RegExp(String.raw`^[ \t*_>"“•-]*(?:${LINE_PATTERNS.join("|")})`, "imu");

/** The line of `text` holding position `index`, trimmed. */
function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf("\n", index - 1) + 1;
  const end = text.indexOf("\n", index);
  return text.slice(start, end === -1 ? text.length : end).trim();
}

/** Where a text shows model meta-talk: at its start, or on a later line; null if nowhere. */
export function findPreamble(text: string): { at: "start" | "line"; line: string } | null {
  if (PREAMBLE_START.test(text)) return { at: "start", line: lineAt(text, text.search(/\S/)) };
  const m = PREAMBLE_LINE.exec(text);
  return m ? { at: "line", line: lineAt(text, m.index + m[0].length - 1) } : null;
}

// ---------------------------------------------------------------------------------------------------
// Spam-trigger words
// ---------------------------------------------------------------------------------------------------

const SEPARATORS = /[\s\-‐‑–]+/gu;
const canonical = (phrase: string) => phrase.toLowerCase().replace(/’/g, "'").replace(SEPARATORS, " ").trim();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Canonical form of a match → the list's spelling ("risk free" → "risk-free"). */
const SPAM_ENTRIES = new Map(SPAM_TRIGGER_WORDS.map((entry) => [canonical(entry), entry]));
/**
 * All entries in one regex, longest first so "satisfaction guaranteed" wins over "guaranteed". The
 * lookahead on the entries' first characters rejects most positions before the (slower) Unicode
 * word-boundary lookbehind runs: about a third faster on typical bodies.
 */
const SPAM = new RegExp(
  `(?=[${[...new Set(SPAM_TRIGGER_WORDS.map((entry) => entry[0]))].join("")}])` +
    String.raw`(?<![\p{L}\p{N}_])(?:` +
    [...SPAM_TRIGGER_WORDS]
      .sort((a, b) => b.length - a.length)
      .map((entry) =>
        canonical(entry)
          .split(" ")
          .map((word) => escapeRegExp(word).replace(/'/g, APOS))
          .join(String.raw`[\s\-‐‑–]+`),
      )
      .join("|") +
    String.raw`)(?![\p{L}\p{N}_])`,
  "giu",
);

/** Spam-trigger entries found in the texts, in order of appearance, each once, at most `limit`. */
export function findSpamWords(texts: readonly string[], limit = 5): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(SPAM)) {
      found.add(SPAM_ENTRIES.get(canonical(m[0])) ?? canonical(m[0]));
      if (found.size >= limit) return [...found];
    }
  }
  return [...found];
}
