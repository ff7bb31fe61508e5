/**
 * Splits a JSON object's text, fed in pieces, into its top-level fields, and the fields that are
 * lists into their items, each as JSON text of its own (decision 045): a reader then parses and
 * checks one item at a time and never holds the whole text. Only the top level's structure is
 * checked here; every piece handed on goes through JSON.parse, which checks the rest.
 */

export interface SplitSink {
  /** Whether the field `key` is a list to hand on item by item. */
  isList(key: string): boolean;
  /** A list field begins: its items follow. */
  listStart(key: string): void;
  item(key: string, index: number, text: string): void;
  /** A field that is not handed on item by item (a list field whose value is not an array too). */
  field(key: string, text: string): void;
}

export class JsonSyntaxError extends SyntaxError {}

type State =
  | 'start'
  | 'keyOrEnd'
  | 'key'
  | 'colon'
  | 'value'
  | 'afterValue'
  | 'itemOrEnd'
  | 'item'
  | 'afterItem'
  | 'end';

/** What a captured piece of text is. */
type Piece = 'key' | 'value' | 'item';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isOpen = (c: number) => c === 0x7b || c === 0x5b; // { [
const isClose = (c: number) => c === 0x7d || c === 0x5d; // } ]

export class JsonSplitter {
  private state: State = 'start';
  private key = '';
  private index = 0;
  // The piece being captured: its kind, the text of earlier pieces of input, and where it stands.
  private piece: Piece | null = null;
  private parts: string[] = [];
  private depth = 0;
  private isInString = false;
  private isEscaped = false;
  private isPrimitive = false;

  constructor(private readonly sink: SplitSink) {}

  write(text: string): void {
    let from = 0; // where the piece being captured starts in `text`
    let i = 0;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (this.piece) {
        const end = this.scan(c, i);
        if (end === null) {
          i += 1;
          continue;
        }
        this.complete(this.parts.join('') + text.slice(from, end));
        i = end;
        continue;
      }
      if (isSpace(c)) {
        i += 1;
        continue;
      }
      const begins = this.step(c);
      if (begins) {
        from = i;
        this.begin(c);
      }
      i += 1;
    }
    if (this.piece) this.parts.push(text.slice(from));
  }

  /** The input is over: a number or literal still open ends here; anything else open is an error. */
  end(): void {
    if (this.piece && this.isPrimitive) this.complete(this.parts.join(''));
    if (this.state !== 'end') throw new JsonSyntaxError('The JSON text ends too early.');
  }

  /** A structural character outside any piece; true when it begins a piece. */
  private step(c: number): boolean {
    switch (this.state) {
      case 'start':
        if (c !== 0x7b) break;
        this.state = 'keyOrEnd';
        return false;
      case 'keyOrEnd':
      case 'key':
        if (c === 0x7d && this.state === 'keyOrEnd') {
          this.state = 'end';
          return false;
        }
        if (c !== QUOTE) break;
        this.piece = 'key';
        return true;
      case 'colon':
        if (c !== 0x3a) break;
        this.state = 'value';
        return false;
      case 'value':
        if (c === 0x5b && this.sink.isList(this.key)) {
          this.sink.listStart(this.key);
          this.index = 0;
          this.state = 'itemOrEnd';
          return false;
        }
        this.piece = 'value';
        return true;
      case 'afterValue':
        if (c === 0x2c) this.state = 'key';
        else if (c === 0x7d) this.state = 'end';
        else break;
        return false;
      case 'itemOrEnd':
      case 'item':
        if (c === 0x5d && this.state === 'itemOrEnd') {
          this.state = 'afterValue';
          return false;
        }
        this.piece = 'item';
        return true;
      case 'afterItem':
        if (c === 0x2c) this.state = 'item';
        else if (c === 0x5d) this.state = 'afterValue';
        else break;
        return false;
      case 'end':
        break;
    }
    throw new JsonSyntaxError(`Unexpected character ${JSON.stringify(String.fromCharCode(c))}.`);
  }

  private begin(c: number): void {
    this.parts = [];
    this.depth = isOpen(c) ? 1 : 0;
    this.isInString = c === QUOTE;
    this.isEscaped = false;
    this.isPrimitive = !isOpen(c) && c !== QUOTE;
    if (this.piece === 'key' && c !== QUOTE) throw new JsonSyntaxError('Expected a field name.');
  }

  /** Scans one character of a piece (its first already taken); the end index once it is whole. */
  private scan(c: number, i: number): number | null {
    if (this.isPrimitive) {
      return isSpace(c) || c === 0x2c || isClose(c) ? i : null;
    }
    if (this.isInString) {
      if (this.isEscaped) this.isEscaped = false;
      else if (c === BACKSLASH) this.isEscaped = true;
      else if (c === QUOTE) {
        this.isInString = false;
        if (this.depth === 0) return i + 1;
      }
      return null;
    }
    if (c === QUOTE) this.isInString = true;
    else if (isOpen(c)) this.depth += 1;
    else if (isClose(c)) {
      this.depth -= 1;
      if (this.depth === 0) return i + 1;
    }
    return null;
  }

  private complete(text: string): void {
    const piece = this.piece;
    this.piece = null;
    this.parts = [];
    if (piece === 'key') {
      this.key = JSON.parse(text) as string;
      this.state = 'colon';
    } else if (piece === 'value') {
      this.sink.field(this.key, text);
      this.state = 'afterValue';
    } else {
      this.sink.item(this.key, this.index, text);
      this.index += 1;
      this.state = 'afterItem';
    }
  }
}
