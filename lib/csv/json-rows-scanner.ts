/**
 * Reads a JSON body `{ …, "rows": [ {…}, {…}, … ], … }` as it arrives, without parsing it whole:
 * each element of the top-level `rows` array comes out as its own JSON text (the caller parses and
 * stores it while the rest of the body is still arriving); every other top-level member is kept as
 * text for `members()`. Bodies of another shape (not an object, `rows` not an array) are left to the
 * caller (`simple` turns false before any row comes out); broken JSON throws `MalformedJson`.
 */
export class MalformedJson extends Error {}

const enum State {
  BeforeObject,
  ExpectKey,
  Key,
  ExpectColon,
  ExpectValue,
  Value,
  AfterValue,
  ExpectElement,
  Element,
  AfterElement,
  Done,
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

export class JsonRowsScanner {
  /** false once the body turned out not to be `{ …, "rows": [ … ] }` (no row has come out then). */
  simple = true;
  /** true from the `[` of `rows` on. */
  inRows = false;
  private state = State.BeforeObject;
  private key = "";
  private readonly other = new Map<string, string>();
  private sawRows = false;
  // The value being captured: its text so far (from earlier pieces), nesting depth, string state.
  private held = "";
  private depth = 0;
  private inString = false;
  private escaped = false;
  private primitive = false;
  private needElement = false;

  /** The next piece of the body; answers the texts of the rows it completed. */
  push(piece: string): string[] {
    const rows: string[] = [];
    let start = -1; // where the current capture starts in this piece
    let backslash = -1; // the next backslash at or after i (cached: indexOf from each string would be quadratic)
    if (this.state === State.Key || this.state === State.Value || this.state === State.Element) start = 0;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      switch (this.state) {
        case State.BeforeObject:
          if (isSpace(c)) break;
          if (c !== 123 /* { */) return this.notSimple();
          this.state = State.ExpectKey;
          break;
        case State.ExpectKey:
          if (isSpace(c)) break;
          if (c === 125 /* } */ && this.other.size === 0 && !this.sawRows) this.state = State.Done;
          else if (c === 34 /* " */) {
            this.state = State.Key;
            start = i;
            this.inString = true;
            this.escaped = false;
          } else throw new MalformedJson();
          break;
        case State.ExpectColon:
          if (isSpace(c)) break;
          if (c !== 58 /* : */) throw new MalformedJson();
          this.state = State.ExpectValue;
          break;
        case State.ExpectValue:
          if (isSpace(c)) break;
          if (this.key === "rows") {
            if (this.sawRows) throw new MalformedJson("rows is given twice");
            if (c !== 91 /* [ */) return this.notSimple();
            this.sawRows = true;
            this.inRows = true;
            this.state = State.ExpectElement;
            this.needElement = false;
            break;
          }
          this.state = State.Value;
          start = i;
          this.begin(c);
          if (this.primitive) i--; // the first character is looked at again as part of the value
          break;
        case State.ExpectElement:
          if (isSpace(c)) break;
          if (c === 93 /* ] */ && !this.needElement) {
            this.state = State.AfterValue;
            break;
          }
          if (c === 44 || c === 93 || c === 125) throw new MalformedJson();
          this.state = State.Element;
          start = i;
          this.begin(c);
          if (this.primitive) i--;
          break;
        case State.AfterElement:
          if (isSpace(c)) break;
          if (c === 44 /* , */) {
            this.state = State.ExpectElement;
            this.needElement = true;
          } else if (c === 93 /* ] */) this.state = State.AfterValue;
          else throw new MalformedJson();
          break;
        case State.AfterValue:
          if (isSpace(c)) break;
          if (c === 44) this.state = State.ExpectKey;
          else if (c === 125) this.state = State.Done;
          else throw new MalformedJson();
          break;
        case State.Done:
          if (!isSpace(c)) throw new MalformedJson();
          break;
        default: {
          // Key, Value or Element: find where the captured text ends.
          if (this.inString && !this.escaped && c !== 34 && c !== 92) {
            // Inside a string only a quote or a backslash matters: jump to the next one.
            if (backslash < i) backslash = piece.indexOf("\\", i) >>> 0; // none: 2^32 - 1
            const quote = piece.indexOf('"', i) >>> 0;
            const next = Math.min(quote, backslash);
            i = next >= piece.length ? piece.length - 1 : next - 1;
            break;
          }
          const end = this.scan(c);
          if (end === 0) break;
          // end 1: the character belongs to the value; end 2: it does not (a primitive's delimiter).
          const text = this.held + piece.slice(start, end === 1 ? i + 1 : i);
          this.held = "";
          if (end === 2) i--;
          if (this.state === State.Key) {
            this.key = parseJson(text) as string;
            this.state = State.ExpectColon;
          } else if (this.state === State.Value) {
            this.other.set(this.key, text);
            this.state = State.AfterValue;
          } else {
            rows.push(text);
            this.state = State.AfterElement;
            this.needElement = false;
          }
        }
      }
    }
    if (this.state === State.Key || this.state === State.Value || this.state === State.Element) {
      this.held += piece.slice(start);
    }
    return rows;
  }

  /** The top-level members other than `rows`, parsed; throws when the body ended early. */
  members(): Record<string, unknown> {
    if (this.state === State.BeforeObject) return {};
    if (this.state !== State.Done) throw new MalformedJson();
    const out: Record<string, unknown> = {};
    for (const [key, text] of this.other) {
      const value = parseJson(text);
      if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true });
      else out[key] = value;
    }
    return out;
  }

  private notSimple(): string[] {
    this.simple = false;
    return [];
  }

  private begin(c: number): void {
    this.depth = 0;
    this.escaped = false;
    this.primitive = false;
    this.inString = false;
    if (c === 34) this.inString = true;
    else if (c === 123 || c === 91) this.depth = 1;
    else this.primitive = true;
  }

  /** 0: the value goes on; 1: this character ends it; 2: the value ended just before this character. */
  private scan(c: number): 0 | 1 | 2 {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === 92 /* \ */) this.escaped = true;
      else if (c === 34) {
        this.inString = false;
        if (this.depth === 0) return 1;
      }
      return 0;
    }
    if (this.primitive) return isSpace(c) || c === 44 || c === 125 || c === 93 ? 2 : 0;
    if (c === 34) this.inString = true;
    else if (c === 123 || c === 91) this.depth++;
    else if (c === 125 || c === 93) {
      this.depth--;
      if (this.depth === 0) return 1;
    }
    return 0;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedJson();
  }
}
