/**
 * The lexer: template source to tokens, following Jinja2 3.1's `lexer.py` with its default settings
 * (`{{ }}`, `{% %}`, `{# #}`; trim_blocks, lstrip_blocks and keep_trailing_newline off). It scans with
 * sticky regular expressions, so it runs in time linear in the source.
 */
import { TemplateSyntaxError } from '../errors';
import { spendRunning } from '../limits';
import { repr } from '../runtime/format';
import { PY_WHITESPACE, pyIsIdentifier } from '../runtime/strings';
import { floatValue, integerValue, NumberLiteralError } from './numbers';
import { decodeStringLiteral, EscapeError } from './string-literal';
import { OPERATORS, type OperatorType, type Token, type TokenType, type TokenValue } from './tokens';

const WS = `[${PY_WHITESPACE}]`;
const sticky = (pattern: string, flags = '') => new RegExp(pattern, `y${flags}`);

// The rules inside tags, tried in this order as in Jinja2: the first that matches wins, not the longest.
const WHITESPACE = sticky(`${WS}+`);
const DIGITS = String.raw`(?:\p{Nd}+_)*\p{Nd}+`;
const FLOAT = sticky(String.raw`${DIGITS}(?:(?:\.${DIGITS})?[eE][+\-]?${DIGITS}|\.${DIGITS})`, 'u');
const INTEGER = sticky(
  String.raw`0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[\p{Nd}a-fA-F])+|[1-9](?:_?\p{Nd})*|0(?:_?0)*`,
  'u',
);
// Python's `\w` plus the identifier characters it lacks; `pyIsIdentifier` then rejects names such as `x²`.
const NAME = sticky(String.raw`[\p{L}\p{N}_\p{XID_Continue}]+`, 'u');
const STRING = sticky(String.raw`'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*"`, 's');
const OPERATOR = sticky(String.raw`\*\*|//|==|!=|>=|<=|[-+/*%~\[\](){}<>=.:|,;]`);

const BLOCK_END = sticky(String.raw`\+%\}|-%\}${WS}*|%\}`);
const VARIABLE_END = sticky(String.raw`-\}\}${WS}*|\}\}`);
const RAW_BEGIN = sticky(String.raw`\{%([-+]?)${WS}*raw${WS}*(?:-%\}${WS}*|%\})`);
const RAW_END = sticky(String.raw`\{%([-+]?)${WS}*endraw${WS}*(?:\+%\}|-%\}${WS}*|%\})`);
const TRAILING_WS = sticky(`${WS}*`);
const TAG_START = /\{[{%#]/g;
const SPACE_CHAR = new RegExp(`^${WS}$`);

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The lexer's output: the tokens it produced and, when it stopped early, the error it stopped at. */
export interface LexResult {
  /** The tokens in order; they end with an `eof` token unless `error` is set. */
  tokens: Token[];
  /** The syntax error found after the last token, if any. The parser raises it only when it reaches it. */
  error: TemplateSyntaxError | null;
}

/** `\r\n` and `\r` become `\n`, and one trailing newline is dropped, as Jinja2 does before lexing. */
export function normalizeSource(source: string): string {
  const text = source.indexOf('\r') >= 0 ? source.replace(/\r\n?/g, '\n') : source;
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** Splits a template into tokens; throws the first `TemplateSyntaxError` the lexer meets. */
export function tokenize(source: string): Token[] {
  const { tokens, error } = scan(source);
  if (error) throw error;
  return tokens;
}

/**
 * Splits a template into tokens, stopping at the first lexical error and returning it rather than
 * throwing: Jinja2 lexes lazily, so a parse error earlier in the template must win over it.
 */
export function scan(source: string): LexResult {
  return new Scanner(source).run();
}

/** Raised inside the scanner to stop at a lexical error. */
class LexFailure {
  constructor(readonly error: TemplateSyntaxError) {}
}

class Scanner {
  private readonly src: string;
  private readonly tokens: Token[] = [];
  private readonly balance: string[] = [];
  // Where the line/column cursor is: it only moves forward, which keeps column counting linear.
  private cursor = 0;
  private line = 1;
  private col = 1;

  constructor(private readonly original: string) {
    this.src = normalizeSource(original);
  }

  run(): LexResult {
    try {
      this.root();
    } catch (e) {
      if (e instanceof LexFailure) return { tokens: this.tokens, error: e.error };
      throw e;
    }
    const last = this.tokens[this.tokens.length - 1];
    // Jinja2's end-of-template token carries the line of the token before it.
    this.tokens.push({ type: 'eof', value: '', line: last?.line ?? 1, col: last?.col ?? 1 });
    return { tokens: this.tokens, error: null };
  }

  /** Template data, and the tags that interrupt it. */
  private root(): void {
    const src = this.src;
    let pos = 0;
    while (pos < src.length) {
      TAG_START.lastIndex = pos;
      const start = TAG_START.exec(src);
      if (start === null) {
        this.emit('data', src.slice(pos), pos);
        return;
      }
      const at = start.index;
      const kind = src[at + 1];
      let sign = src[at + 2] === '-' || src[at + 2] === '+' ? src[at + 2] : '';
      let rawEnd = -1;
      if (kind === '%') {
        RAW_BEGIN.lastIndex = at;
        const raw = RAW_BEGIN.exec(src);
        if (raw !== null) {
          rawEnd = RAW_BEGIN.lastIndex;
          sign = raw[1];
        }
      }
      const textEnd = sign === '-' ? this.stripRight(pos, at) : at;
      if (textEnd > pos) this.emit('data', src.slice(pos, textEnd), pos);
      const inner = at + 2 + sign.length;
      if (rawEnd >= 0) pos = this.raw(rawEnd);
      else if (kind === '#') pos = this.comment(inner);
      else if (kind === '{') {
        this.emit('variable_begin', src.slice(at, inner), at);
        pos = this.tag(inner, VARIABLE_END, 'variable_end');
      } else {
        this.emit('block_begin', src.slice(at, inner), at);
        pos = this.tag(inner, BLOCK_END, 'block_end');
      }
    }
  }

  /** The end of `src[from, to)` once trailing Python whitespace is removed (a `-` on the next tag). */
  private stripRight(from: number, to: number): number {
    let end = to;
    while (end > from && SPACE_CHAR.test(this.src[end - 1])) end--;
    return end;
  }

  /** The inside of `{{ }}` or `{% %}`, up to and including its end; returns the position after it. */
  private tag(start: number, end: RegExp, endType: 'variable_end' | 'block_end'): number {
    const src = this.src;
    let pos = start;
    while (pos < src.length) {
      // An end delimiter only counts when brackets are balanced: `{{ {'a': 1}}}` ends at the last `}}`.
      if (this.balance.length === 0) {
        end.lastIndex = pos;
        if (end.test(src)) {
          this.emit(endType, src.slice(pos, end.lastIndex), pos);
          return end.lastIndex;
        }
      }
      WHITESPACE.lastIndex = pos;
      if (WHITESPACE.test(src)) {
        pos = WHITESPACE.lastIndex;
        continue;
      }
      pos = this.tagToken(pos);
    }
    return pos;
  }

  /** One token inside a tag at `pos`; returns the position after it. */
  private tagToken(pos: number): number {
    const src = this.src;
    // Jinja2's float rule has a `(?<!\.)` lookbehind: in `x.0.1` the `0` and `1` are integers.
    if (src[pos - 1] !== '.') {
      FLOAT.lastIndex = pos;
      if (FLOAT.test(src)) return this.convert('float', pos, FLOAT.lastIndex, floatValue);
    }
    INTEGER.lastIndex = pos;
    if (INTEGER.test(src)) return this.convert('integer', pos, INTEGER.lastIndex, integerValue);
    NAME.lastIndex = pos;
    if (NAME.test(src)) {
      const name = src.slice(pos, NAME.lastIndex);
      if (!pyIsIdentifier(name)) this.fail('Invalid character in identifier', pos);
      this.emit('name', name, pos);
      return NAME.lastIndex;
    }
    STRING.lastIndex = pos;
    if (STRING.test(src))
      return this.convert('string', pos, STRING.lastIndex, (text) => decodeStringLiteral(text.slice(1, -1)));
    OPERATOR.lastIndex = pos;
    if (OPERATOR.test(src)) {
      const op = src.slice(pos, OPERATOR.lastIndex);
      this.checkBalance(op, pos);
      this.emit(OPERATORS[op as keyof typeof OPERATORS] as OperatorType, op, pos);
      return OPERATOR.lastIndex;
    }
    const char = String.fromCodePoint(src.codePointAt(pos) as number);
    return this.fail(`unexpected char ${repr(char)} at ${codePointIndex(src, pos)}`, pos);
  }

  /** Emits a literal token whose value `toValue` computes, turning its Python error into a syntax error. */
  private convert(type: TokenType, from: number, to: number, toValue: (text: string) => TokenValue): number {
    let value: TokenValue;
    try {
      value = toValue(this.src.slice(from, to));
    } catch (e) {
      if (e instanceof EscapeError || e instanceof NumberLiteralError) return this.fail(e.message, from);
      throw e;
    }
    this.emit(type, value, from);
    return to;
  }

  private checkBalance(op: string, pos: number): void {
    const closing = CLOSING[op];
    if (closing !== undefined) {
      this.balance.push(closing);
    } else if (op === ')' || op === ']' || op === '}') {
      const expected = this.balance.pop();
      if (expected === undefined) this.fail(`unexpected '${op}'`, pos);
      if (expected !== op) this.fail(`unexpected '${op}', expected '${expected}'`, pos);
    }
  }

  /** A comment after its opening delimiter; returns the position after its end. */
  private comment(start: number): number {
    const src = this.src;
    // Past the end of the text Jinja2 has nothing left to complain about: a bare trailing `{#` is ignored.
    if (start >= src.length) return start;
    const close = src.indexOf('#}', start);
    if (close < 0) return this.fail('Missing end of comment tag', start);
    const signed = close > start && (src[close - 1] === '-' || src[close - 1] === '+');
    const after = close + 2;
    return signed && src[close - 1] === '-' ? this.skipSpace(after) : after;
  }

  /** The text of a raw block after `{% raw %}`; returns the position after `{% endraw %}`. */
  private raw(start: number): number {
    const src = this.src;
    if (start >= src.length) return start;
    for (let at = src.indexOf('{%', start); at >= 0; at = src.indexOf('{%', at + 1)) {
      RAW_END.lastIndex = at;
      const end = RAW_END.exec(src);
      if (end === null) continue;
      const textEnd = end[1] === '-' ? this.stripRight(start, at) : at;
      if (textEnd > start) this.emit('data', src.slice(start, textEnd), start);
      return RAW_END.lastIndex;
    }
    return this.fail('Missing end of raw directive', start);
  }

  private skipSpace(pos: number): number {
    TRAILING_WS.lastIndex = pos;
    TRAILING_WS.test(this.src);
    return TRAILING_WS.lastIndex;
  }

  private emit(type: TokenType, value: TokenValue, pos: number): void {
    // A template compiled on a request's time budget stops when the budget is spent.
    spendRunning(1);
    this.moveTo(pos);
    this.tokens.push({ type, value, line: this.line, col: this.col });
  }

  private fail(message: string, pos: number): never {
    this.moveTo(pos);
    throw new LexFailure(
      new TemplateSyntaxError(message, this.line, this.col).locate(this.line, this.col, this.original),
    );
  }

  private moveTo(pos: number): void {
    const src = this.src;
    for (let i = this.cursor; i < pos; i++) {
      const c = src.charCodeAt(i);
      if (c === 10) {
        this.line++;
        this.col = 1;
      } else if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && isHighSurrogate(src.charCodeAt(i - 1)))) {
        this.col++;
      }
    }
    if (pos > this.cursor) this.cursor = pos;
  }
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** The index Python would give `pos`: code points, not UTF-16 units. */
function codePointIndex(src: string, pos: number): number {
  let index = pos;
  for (let i = 1; i < pos; i++) {
    const c = src.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && isHighSurrogate(src.charCodeAt(i - 1))) index--;
  }
  return index;
}
