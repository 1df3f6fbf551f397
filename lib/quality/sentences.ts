/**
 * Sentence helpers of the quality rules (pure, client-safe): word counting, the normalised form of a
 * sentence, and the opening sentence of an e-mail body after its greeting (for `duplicate_opening`).
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

/**
 * Words of a text: whitespace-separated runs holding at least one letter or digit ("—" alone is
 * none). Scripts written without spaces (Chinese, Japanese) count one word per run. A plain loop:
 * it runs on every generated body.
 */
export function countWords(text: string): number {
  let words = 0;
  let counted = false; // the current run is already counted
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c === 32 || (c >= 9 && c <= 13)) counted = false;
      else if (!counted && ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122))) {
        words++;
        counted = true;
      }
    } else if (SPACE.test(text[i])) counted = false;
    else if (!counted && LETTER_OR_DIGIT.test(c >= 0xd800 && c <= 0xdbff ? text.slice(i, i + 2) : text[i])) {
      words++;
      counted = true;
    }
  }
  return words;
}

const TRAILING_PUNCTUATION = /[\s.!?…,;:—–\-"'”’»)]/u;
const LEADING_QUOTES = /^[\s"'“”‘’«»*_>]+/u;

/** Lower case, ’ as ', whitespace collapsed, leading quotes and trailing punctuation or quotes cut. */
export function normalizeSentence(sentence: string): string {
  const text = sentence
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, " ")
    .replace(LEADING_QUOTES, "");
  return trimTrailingPunctuation(text);
}

/** `text` without trailing punctuation and spaces (a loop: a `[…]+$` regex is quadratic on long runs). */
function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.test(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Openings with fewer words are too generic ("Quick question.") to call two rows the same. */
const MIN_OPENING_WORDS = 4;

// A period after one of these does not end a sentence ("Hello Mr. Smith", "Acme Inc. raised …").
const ABBREVIATIONS = new Set("mr mrs ms dr prof sr jr st inc ltd co corp vs etc e.g i.e approx dept u.s".split(" "));
const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|dear|greetings|good\s+(?:morning|afternoon|evening|day))(?![\p{L}\p{N}])/iu;
// Courtesy sentences every e-mail may share; the opening that matters is the next sentence.
const PLEASANTRY =
  /^(?:(?:i )?(?:hope|trust)\b[^.!?]{0,60}\b(?:well|great|good health|week|weekend|day|holidays?|break)|how are you(?: doing)?(?: today)?|how(?:'s| is) your (?:week|day)(?: going)?)$/u;
const GREETING_BREAKS = ",;:—–!";
const SENTENCE_ENDS = ".!?…";

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

/**
 * Index just after the end of the unit that starts at `from`: a sentence ends at . ! ? … followed by
 * whitespace (or the text's end) unless the period closes a known abbreviation, and always at a line
 * break. A greeting (`greeting` true) also ends at , ; : — – or a spaced hyphen ("Hey there - ").
 */
function unitEnd(text: string, from: number, greeting: boolean): number {
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n" || ch === "\r") return i;
    if (greeting && (GREETING_BREAKS.includes(ch) || (ch === "-" && text[i - 1] === " " && isSpace(text[i + 1]))))
      return i + 1;
    if (!SENTENCE_ENDS.includes(ch)) continue;
    let end = i + 1;
    while (end < text.length && SENTENCE_ENDS.includes(text[end])) end++;
    if (!isSpace(text[end])) {
      i = end - 1; // skip the whole run ("...x"), or long runs would be rescanned from every dot
      continue;
    }
    if (ch === ".") {
      const word = /[\p{L}.]+$/u.exec(text.slice(Math.max(from, i - 12), i))?.[0].toLowerCase();
      if (word && ABBREVIATIONS.has(word)) continue;
    }
    return end;
  }
  return text.length;
}

function skipSpace(text: string, from: number): number {
  while (from < text.length && /\s/.test(text[from])) from++;
  return from;
}

/**
 * The normalised first sentence of a body after its greeting, or null when there is none or it is
 * shorter than MIN_OPENING_WORDS words.
 *
 * - A greeting is a first line or clause starting with Hi / Hello / Hey / Dear / Greetings / Good
 *   morning…; it ends at its first , ; : — – ! or line break ("Hi Anna," / "Hello Mr. Smith," /
 *   "Dear team," / "Hey there —" / "Hi Anna" alone on its line).
 * - Up to three courtesy sentences after it are skipped too ("I hope this email finds you well.",
 *   "Hope you had a great weekend!", "How are you?"): otherwise nearly every row of a file would share
 *   its "opening" and the warning would mean nothing.
 */
export function openingSentence(body: string): string | null {
  const text = body.trim();
  let pos = 0;
  if (GREETING.test(text)) pos = unitEnd(text, 0, true);
  // At most three courtesy (or punctuation-only) sentences are skipped.
  for (let sentences = 0; sentences < 4; sentences++) {
    pos = skipSpace(text, pos);
    if (pos >= text.length) return null;
    const end = unitEnd(text, pos, false);
    const sentence = normalizeSentence(text.slice(pos, end));
    pos = end;
    if (sentence === "" || (PLEASANTRY.test(sentence) && sentences < 3)) continue;
    return countWords(sentence) >= MIN_OPENING_WORDS ? sentence : null;
  }
  return null;
}
