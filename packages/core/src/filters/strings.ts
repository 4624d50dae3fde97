/** Jinja2's text filters: case, padding, trimming, replacing, truncating, wrapping and `%` formatting. */

import { TemplateRuntimeError, typeError, valueError } from '../errors';
import { spend, spendRunning, spendRunningOnText } from '../limits';
import { slice } from '../runtime/access';
import { markupPercentFormat, percentFormat, repr, str } from '../runtime/format';
import { length } from '../runtime/iterate';
import { escapeText } from '../runtime/markup';
import { replaceText, splitlines, strip } from '../runtime/methods';
import { add, ge, isPlainSequence, le, sub, truthy, typeName } from '../runtime/operators';
import type { FilterSpec, RenderState } from '../runtime/state';
import {
  bmpTest,
  cpLength,
  hasSurrogate,
  isCaseIgnorableUnit,
  isHighSurrogate,
  isLowSurrogate,
  isPySpaceChar,
  isPySpaceCode,
  pyCapitalize,
} from '../runtime/strings';
import { undefinedError } from '../runtime/undefined';
import {
  isInt,
  isTuple,
  type Kwargs,
  Markup,
  NO_KWARGS,
  PyFloat,
  rangeOf,
  Undefined,
} from '../runtime/values';
import {
  attributeError,
  checkSize,
  filterArgumentError,
  indexArg,
  sameKind,
  sliceIndexError,
  softStr,
  textOf,
} from './args';
import { pformat } from './pretty-print';
import { beforeLast, isBlank, pySlice } from './text';

function doUpper(_state: RenderState, value: unknown): string | Markup {
  const s = softStr(value);
  return sameKind(s, textOf(s).toUpperCase());
}

function doLower(_state: RenderState, value: unknown): string | Markup {
  const s = softStr(value);
  return sameKind(s, textOf(s).toLowerCase());
}

function doCapitalize(_state: RenderState, value: unknown): string | Markup {
  const s = softStr(value);
  return sameKind(s, pyCapitalize(textOf(s)));
}

/** A character that starts a new word for `title` in ASCII text: Python's whitespace, `-`, `(`, `{`, `[`, `<`. */
function isAsciiWordBreak(c: number): boolean {
  return (
    c === 32 ||
    c === 45 ||
    c === 40 ||
    c === 123 ||
    c === 91 ||
    c === 60 ||
    (c >= 9 && c <= 13) ||
    (c >= 28 && c <= 31)
  );
}

/** The upper-case form of each ASCII character, as a one-character string. */
const ASCII_UPPER = Array.from({ length: 128 }, (_, c) =>
  String.fromCharCode(c >= 97 && c <= 122 ? c - 32 : c),
);

/** What `title` makes of each ASCII character. */
const WORD_CHAR = 0;
const LETTER = 1;
const WORD_BREAK = 2;
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, c) =>
  isAsciiWordBreak(c) ? WORD_BREAK : (c | 32) >= 97 && (c | 32) <= 122 ? LETTER : WORD_CHAR,
);

/**
 * `title` as Jinja2 words it (see `unicodeTitle`), the usual way: the text lower-cased once and only the letters
 * that start a word replaced, so a word costs one slice. ASCII letters are upper-cased from a table; at the first
 * other character the text is upper-cased once too, by the native mapping, and each word's first character taken
 * from that, where mapping word by word cost two calls a word (2x-2.5x the time on `maría josé`). That needs the
 * mappings to keep every character's length (no `ß` to `SS`, no `İ` to `i̇`): otherwise `unicodeTitle` words it,
 * as it does a capital sigma after a case-ignorable character (whose lower case depends on the word around it).
 */
export function titleText(text: string): string {
  // Text already in title case (a product's name, a label) is returned as it is, found without making anything:
  // `Trail Running Shoes` 75 -> 40 ns. The pass is charged as one over the text.
  spendRunningOnText(text);
  let wordStart = true;
  let same = 0;
  for (; same < text.length; same++) {
    const c = text.charCodeAt(same);
    if (c >= 128) break;
    const kind = ASCII_KIND[c];
    if (kind === WORD_BREAK) wordStart = true;
    else if (kind === LETTER && wordStart === c >= 97) break;
    else wordStart = false;
  }
  return same === text.length ? text : titleFrom(text);
}

/** `titleText` of text not in title case already. */
function titleFrom(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let copied = 0;
  let wordStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return mappedTitleFrom(text, lower, i, out, copied, wordStart);
    const kind = ASCII_KIND[c];
    if (kind === WORD_BREAK) {
      wordStart = true;
    } else if (wordStart) {
      wordStart = false;
      // Each word is work the time limit must see: millions of one-letter words ran 0.6 s past a 100 ms limit.
      spendRunning(1);
      if (kind === LETTER) {
        out += lower.slice(copied, i) + ASCII_UPPER[c | 32];
        copied = i + 1;
      }
    }
  }
  return copied === 0 ? lower : out + lower.slice(copied);
}

/**
 * `titleText` from the text's first character past ASCII, at `from`: `out` holds the title of `lower` up to
 * `copied`, and `wordStart` says whether the character at `from` starts a word. (A loop of its own keeps the
 * ASCII one as quick as it was.)
 */
function mappedTitleFrom(
  text: string,
  lower: string,
  from: number,
  out: string,
  copied: number,
  wordStart: boolean,
): string {
  spendRunningOnText(text);
  const upper = text.toUpperCase();
  // No mapping shortens a character, so equal lengths mean each character kept its own.
  if (upper.length !== text.length || lower.length !== text.length) return unicodeTitle(text);
  // Where the current word's characters after its first start: `from` itself may be one of them.
  let wordRest = !wordStart && isWordStartAt(text, from - 1) ? from : -1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isTitleBreak(c)) {
      wordStart = true;
    } else if (!wordStart) {
      if (c === 0x3a3) {
        // Jinja2 lower-cases each word but its first character, so a capital sigma there sees no letter before
        // it when only its word's first one does: it is `σ`, not the final `ς` the whole text's mapping may give.
        if (i === wordRest) {
          out += `${lower.slice(copied, i)}σ`;
          copied = i + 1;
        } else if (isCaseIgnorableUnit(text.charCodeAt(i - 1)) || isLowSurrogate(text.charCodeAt(i - 1))) {
          return unicodeTitle(text);
        }
      }
    } else {
      wordStart = false;
      spendRunning(1);
      const width = isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
      if (width === 2 || upper.charCodeAt(i) !== lower.charCodeAt(i)) {
        out += lower.slice(copied, i) + upper.slice(i, i + width);
        copied = i + width;
      }
      i += width - 1;
      wordRest = i + 1;
    }
  }
  return copied === 0 ? lower : out + lower.slice(copied);
}

/** Whether the character at `i` of `text` starts a word for `title`: not a break, and first or after one. */
function isWordStartAt(text: string, i: number): boolean {
  return !isTitleBreak(text.charCodeAt(i)) && (i === 0 || isTitleBreak(text.charCodeAt(i - 1)));
}

function doTitle(_state: RenderState, value: unknown): string {
  return titleText(textOf(softStr(value)));
}

/**
 * `title` of any text, as Jinja2 words it: the text cut before and after each run of word breaks (Python's
 * whitespace, `-` and opening brackets), and each piece capitalized. The runs are found by a loop, not by
 * Jinja's split on a regex: a split on a RegExp takes V8's slow path, several times the cost of the loop.
 */
export function unicodeTitle(text: string): string {
  let out = '';
  let start = 0;
  while (start < text.length) {
    const breaks = isTitleBreak(text.charCodeAt(start));
    let end = start + 1;
    while (end < text.length && isTitleBreak(text.charCodeAt(end)) === breaks) end++;
    spendRunning(1);
    if (breaks) {
      // Whitespace and brackets have no case.
      out += text.slice(start, end);
    } else {
      const first = String.fromCodePoint(text.codePointAt(start) as number);
      out += first.toUpperCase() + text.slice(start + first.length, end).toLowerCase();
    }
    start = end;
  }
  return out;
}

/** A code unit that breaks words for `title`: Python's whitespace, `-`, `(`, `{`, `[` or `<`. */
function isTitleBreak(c: number): boolean {
  return c === 45 || c === 40 || c === 123 || c === 91 || c === 60 || isPySpaceCode(c);
}

function doCenter(state: RenderState, value: unknown, width: unknown = 80): string | Markup {
  const s = softStr(value);
  const text = textOf(s);
  // Markup's center escapes a text argument to Markup first, which the error then names.
  const w = indexArg(s instanceof Markup && typeof width === 'string' ? new Markup(width) : width);
  const margin = w - cpLength(text);
  if (margin <= 0) return s;
  checkSize(state, w, 'center');
  // CPython's str.center puts the odd space on the left only when the width is odd too.
  const left = Math.floor(margin / 2) + (margin & w & 1);
  return sameKind(s, ' '.repeat(left) + text + ' '.repeat(margin - left));
}

function doTrim(_state: RenderState, value: unknown, chars: unknown = null): string | Markup {
  const s = softStr(value);
  // Markup's `strip` escapes a text argument, as markupsafe's methods do.
  const set = s instanceof Markup && typeof chars === 'string' ? escapeText(chars) : chars;
  return sameKind(s, strip(textOf(s), set, true, true));
}

function doString(_state: RenderState, value: unknown): string | Markup {
  return softStr(value);
}

function doReplace(
  state: RenderState,
  value: unknown,
  old: unknown,
  replacement: unknown,
  count: unknown = null,
): string {
  const s = str(value);
  const from = str(old);
  const to = str(replacement);
  return replaceText(state, s, from, to, count === null ? -1 : indexArg(count), 'replace');
}

function doTruncate(
  state: RenderState,
  value: unknown,
  maxLength: unknown = 255,
  killwords: unknown = false,
  end: unknown = '...',
  leeway: unknown = null,
): unknown {
  // The usual call (`truncate(28)` on text): UTF-16 units are at least as many as code points, so text that fits
  // by units fits, and is kept without counting its code points.
  if (
    typeof value === 'string' &&
    typeof maxLength === 'number' &&
    Number.isInteger(maxLength) &&
    maxLength >= 3 &&
    end === '...' &&
    leeway === null
  ) {
    if (value.length <= maxLength + 5) return value;
    // Longer text without surrogate pairs has as many code points as units: it is cut by units, at the last
    // space of what is kept unless `killwords`.
    if (!hasSurrogate(value)) {
      const head = value.slice(0, maxLength - 3);
      return `${truthy(killwords) ? head : beforeLast(head, ' ')}...`;
    }
  }
  const slack = leeway === null ? 5 : leeway;
  const endLength = length(end);
  if (!ge(maxLength, endLength)) {
    throw new TemplateRuntimeError(
      'AssertionError',
      `expected length >= ${endLength}, got ${str(maxLength)}`,
    );
  }
  if (!ge(slack, 0))
    throw new TemplateRuntimeError('AssertionError', `expected leeway >= 0, got ${str(slack)}`);
  if (le(length(value), add(state, maxLength, slack))) return value;
  const keep = sub(state, maxLength, endLength);
  if (!isInt(keep) && typeof keep !== 'boolean') throw sliceIndexError();
  if (typeof value === 'string' || value instanceof Markup) {
    const head = pySlice(textOf(value), 0, Number(keep));
    const kept = truthy(killwords) ? head : beforeLast(head, ' ');
    if (value instanceof Markup) {
      // Markup + text escapes the text; Markup + anything else is Python's TypeError.
      if (end instanceof Markup) return new Markup(kept + end.value);
      if (typeof end === 'string') return new Markup(kept + escapeText(end));
      return add(state, new Markup(kept), end);
    }
    return add(state, kept, end);
  }
  const head = slice(value, null, keep, null);
  if (truthy(killwords)) return add(state, head, end);
  throw attributeError(head, 'rsplit');
}

const UNICODE_WORD_CHAR = /^[\p{L}\p{N}_]$/u;
const isWordUnit = bmpTest(UNICODE_WORD_CHAR);

/** ASCII word characters of `wordcount` (`\w`): letters, digits and `_`. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => (/\w/.test(String.fromCharCode(c)) ? 1 : 0));

/**
 * Runs of word characters (`[\p{L}\p{N}_]`, Python's `\w`), counted by character code: ASCII by a table, the
 * rest of the BMP by the answers `bmpTest` keeps, others one regex test each (no array of matches).
 */
function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let word: boolean;
    if (c < 128) word = ASCII_WORD[c] === 1;
    else if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      word = UNICODE_WORD_CHAR.test(text.slice(i, i + 2));
      i++;
    } else word = isWordUnit(c);
    if (word && !inWord) words++;
    inWord = word;
  }
  return words;
}

function doWordcount(state: RenderState, value: unknown): number {
  const text = textOf(softStr(value));
  spend(state, text.length);
  return wordCount(text);
}

function doIndent(
  state: RenderState,
  value: unknown,
  width: unknown = 4,
  first: unknown = false,
  blank: unknown = false,
): string | Markup {
  let indention: string;
  if (typeof width === 'string' || width instanceof Markup) indention = textOf(width);
  else if (typeof width === 'boolean' || isInt(width)) {
    checkSize(state, Number(width), 'indent');
    indention = ' '.repeat(Math.max(0, Number(width)));
  } else {
    if (width instanceof Undefined) throw undefinedError(width);
    throw typeError(`can't multiply sequence by non-int of type '${typeName(width)}'`);
  }
  if (value instanceof Undefined) throw undefinedError(value);
  if (typeof value !== 'string' && !(value instanceof Markup)) {
    // `value += '\n'` extends a list, and fails for a tuple or anything else.
    if (isTuple(value)) throw typeError('can only concatenate tuple (not "str") to tuple');
    if (isPlainSequence(value) && rangeOf(value) === undefined) throw attributeError(value, 'splitlines');
    throw typeError(`unsupported operand type(s) for +=: '${typeName(value)}' and 'str'`);
  }
  const text = `${textOf(value)}\n`;
  const lines = splitlines(text, false);
  checkSize(state, text.length + lines.length * indention.length, 'indent');
  let rv: string;
  if (truthy(blank)) {
    rv = lines.join(`\n${indention}`);
  } else {
    rv = lines.shift() ?? '';
    if (lines.length > 0) rv += `\n${lines.map((line) => (line ? indention + line : line)).join('\n')}`;
  }
  if (truthy(first)) rv = indention + rv;
  return sameKind(value, rv);
}

function doFormat(_state: RenderState, value: unknown, args: unknown[], kwargs: Kwargs): string | Markup {
  const hasKwargs = kwargs !== NO_KWARGS && Object.keys(kwargs).length > 0;
  if (args.length > 0 && hasKwargs) {
    throw filterArgumentError("can't handle positional and keyword arguments at the same time");
  }
  const fmt = softStr(value);
  // Positional arguments go as the tuple's items, without making the tuple.
  const values = hasKwargs ? { ...kwargs } : undefined;
  const positional = hasKwargs ? undefined : args;
  // Markup's `%` escapes the arguments' text.
  return fmt instanceof Markup
    ? markupPercentFormat(fmt.value, values, positional)
    : percentFormat(fmt, values, positional);
}

const WRAP_SPACE = '[\\t\\n\\v\\f\\r ]';
const WRAP_WORD_PUNCT = '[\\p{L}\\p{N}_!"\'&.,?]';
const WRAP_LETTER = '[\\p{L}\\p{Nl}\\p{No}_]';
const WRAP_WORD_CHAR = '[\\p{L}\\p{N}_]';
// textwrap's wordsep_re: whitespace runs, em-dashes between words, and words split after their hyphens.
const WORD_SEPARATOR = new RegExp(
  `(${WRAP_SPACE}+` +
    `|(?<=${WRAP_WORD_PUNCT})-{2,}(?=${WRAP_WORD_CHAR})` +
    `|[^\\t\\n\\v\\f\\r ]+?(?:-(?:(?<=${WRAP_LETTER}{2}-)|(?<=${WRAP_LETTER}-${WRAP_LETTER}-))(?=${WRAP_LETTER}-?${WRAP_LETTER})` +
    `|(?=${WRAP_SPACE}|$)` +
    `|(?<=${WRAP_WORD_PUNCT})(?=-{2,}${WRAP_WORD_CHAR})))`,
  'gu',
);

/**
 * Where textwrap's `wordsep_re` ends a chunk inside a run of non-whitespace: after a hyphen between letters
 * (`check-in` is `check-` and `in`), and before and after a run of two or more hyphens between words (an em-dash).
 * The chunks of `WORD_SEPARATOR` are the runs of whitespace and of anything else, cut at these places: a hyphen
 * it splits after is never a chunk's first character, and an em-dash is a chunk of its own.
 */
const HYPHEN_SPLIT = new RegExp(
  // The hyphen first and what comes before it looked back at after it: a search for the hyphen, where looking
  // back from every character ran 10x longer.
  `-(?<=${WRAP_LETTER}{2}-|${WRAP_LETTER}-${WRAP_LETTER}-)(?=${WRAP_LETTER}-?${WRAP_LETTER})` +
    // An em-dash: a hyphen after a word's last character, then more (a look back of fixed length: one of any
    // length went back over the whole run from each of its hyphens).
    `|-(?<=${WRAP_WORD_PUNCT}-)-+(?=${WRAP_WORD_CHAR})`,
  'gu',
);

/** The places `HYPHEN_SPLIT` cuts `text` at, in order: one native scan (wrapping by chunks from the separator's matches took 3x as long). */
function hyphenSplits(text: string): number[] {
  const splits: number[] = [];
  for (const match of text.matchAll(HYPHEN_SPLIT)) {
    // Each place is work the time limit must see as the search goes: millions of hyphenated parts are.
    spendRunning(1);
    const end = match.index + match[0].length;
    if (match[0].length > 1) splits.push(match.index);
    splits.push(end);
  }
  return splits;
}

/**
 * textwrap's `wordsep_simple_re` split (`(\s+)`, with textwrap's six whitespace characters): runs of whitespace
 * and runs of anything else, one chunk at a time, by character codes.
 */
function* splitSpaceRuns(text: string): Generator<string> {
  let from = 0;
  while (from < text.length) {
    const space = isWrapSpace(text.charCodeAt(from));
    let end = from + 1;
    while (end < text.length && isWrapSpace(text.charCodeAt(end)) === space) end++;
    yield text.slice(from, end);
    from = end;
  }
}

/** One of `\t\n\v\f\r` and the space. */
function isWrapSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** `separator.split(text)` without the empty strings, one chunk at a time (no match of `separator` is empty). */
function* splitChunks(text: string, separator: RegExp): Generator<string> {
  let from = 0;
  for (const match of text.matchAll(separator)) {
    if (match.index > from) yield text.slice(from, match.index);
    yield match[0];
    from = match.index + match[0].length;
  }
  if (from < text.length) yield text.slice(from);
}

/**
 * The offset in `text` at which each of its code points starts, then its length. A surrogate pair is one code
 * point, a lone surrogate another, as Python (and `for...of`) count them.
 */
function codePointStarts(text: string): Uint32Array {
  const starts = new Uint32Array(cpLength(text) + 1);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    starts[n++] = i;
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
  }
  starts[n] = text.length;
  return starts;
}

/**
 * One chunk of textwrap's split, with the part at its front that earlier lines took off. Lengths and positions
 * count code points, as Python's do; the text is only cut, never copied per line, so wrapping stays linear.
 */
class WrapChunk {
  /**
   * Where each code point starts in the text, and the text's length last, for text with astral characters (else
   * the text is indexed directly): offsets, not a string per code point, which on millions of characters cost
   * the collector more than the wrapping.
   */
  private readonly starts: Uint32Array | null;
  private readonly total: number;
  /** Code points already taken by earlier lines. */
  private from = 0;
  /** The last code point that is not whitespace, or -1: what is left is blank once `from` passes it. */
  private readonly lastNonBlank: number;

  /** `maybeAstral` is false when the text the chunk comes from has no astral character (nor has the chunk). */
  constructor(
    private readonly text: string,
    maybeAstral: boolean,
  ) {
    this.starts = maybeAstral && hasSurrogate(text) ? codePointStarts(text) : null;
    this.total = this.starts === null ? text.length : this.starts.length - 1;
    let last = this.total - 1;
    while (last >= 0 && isPySpaceChar(this.at(last))) last--;
    this.lastNonBlank = last;
  }

  private at(index: number): string {
    const starts = this.starts;
    return starts === null ? this.text[index] : this.text.slice(starts[index], starts[index + 1]);
  }

  /** Code points left. */
  get length(): number {
    return this.total - this.from;
  }

  /** Python's `chunk.strip() == ''` for what is left. */
  isBlank(): boolean {
    return this.lastNonBlank < this.from;
  }

  /** `chunk.rfind('-', 0, end)` on what is left, and whether a non-hyphen comes before that hyphen. */
  breakHyphen(end: number): { hyphen: number; afterWord: boolean } {
    let hyphen = Math.min(end, this.length) - 1;
    while (hyphen >= 0 && this.at(this.from + hyphen) !== '-') hyphen--;
    let afterWord = false;
    for (let i = 0; i < hyphen && !afterWord; i++) afterWord = this.at(this.from + i) !== '-';
    return { hyphen, afterWord };
  }

  /** Takes the first `count` code points of what is left. */
  take(count: number): string {
    const start = this.from;
    this.from += count;
    const starts = this.starts;
    return starts === null
      ? this.text.slice(start, this.from)
      : this.text.slice(starts[start], starts[this.from]);
  }
}

/** Python's `textwrap.wrap(text, width, expand_tabs=False, replace_whitespace=False, ...)`, lines of code points. */
export function wrapParagraph(
  state: RenderState,
  text: string,
  width: number,
  breakLongWords: boolean,
  breakOnHyphens: boolean,
  fractional = false,
): string[] {
  // An empty paragraph has no chunk to spend for, but wrapping it is still work.
  spend(state, 1);
  if (width <= 0) throw valueError(`invalid width ${width} (must be > 0)`);
  // Every part of textwrap's separator but the whitespace runs needs a hyphen: a text without one splits on
  // whitespace alone (5x faster than trying the lookbehinds at every character).
  const hyphens = breakOnHyphens && text.includes('-');
  const astral = hasSurrogate(text);
  if (!astral) {
    const splits = hyphens ? hyphenSplits(text) : null;
    return wrapSpaceRuns(state, text, width, breakLongWords, fractional, splits);
  }
  return wrapChunks(state, text, width, breakLongWords, hyphens, fractional, astral);
}

/**
 * `wrapParagraph` chunk by chunk, for text with astral characters (lengths count code points, not positions);
 * `breakOnHyphens` splits it at hyphens too.
 */
export function wrapChunks(
  state: RenderState,
  text: string,
  width: number,
  breakLongWords: boolean,
  breakOnHyphens: boolean,
  fractional: boolean,
  astral: boolean,
): string[] {
  // Chunks are split off as the lines need them, so a long text spends its time as it goes.
  const source = breakOnHyphens ? splitChunks(text, WORD_SEPARATOR) : splitSpaceRuns(text);
  const advance = (): WrapChunk | undefined => {
    const next = source.next();
    if (next.done) return undefined;
    spend(state, next.value.length);
    return new WrapChunk(next.value, astral);
  };
  const lines: string[] = [];
  let chunk = advance();
  while (chunk !== undefined) {
    const line: string[] = [];
    let lineLength = 0;
    if (chunk.isBlank() && lines.length > 0) chunk = advance();
    while (chunk !== undefined && lineLength + chunk.length <= width) {
      lineLength += chunk.length;
      line.push(chunk.take(chunk.length));
      chunk = advance();
    }
    if (chunk !== undefined && chunk.length > width) {
      spend(state, width);
      if (breakLongWords) {
        // textwrap cuts a long word by slicing, which a float width fails.
        if (fractional) throw sliceIndexError();
        const spaceLeft = width - lineLength;
        let end = spaceLeft;
        if (breakOnHyphens && chunk.length > spaceLeft) {
          const { hyphen, afterWord } = chunk.breakHyphen(spaceLeft);
          if (hyphen > 0 && afterWord) end = hyphen + 1;
        }
        line.push(chunk.take(end));
      } else if (line.length === 0) {
        line.push(chunk.take(chunk.length));
        chunk = advance();
      }
    }
    if (line.length > 0 && isBlank(line[line.length - 1])) line.pop();
    if (line.length > 0) lines.push(line.join(''));
  }
  return lines;
}

/**
 * `wrapParagraph` for text of one code unit per code point, split on whitespace runs alone: the chunks of a line
 * are next to each other in the text, so each line is one slice of it, found by positions (1.5x-2.1x on outputs
 * of `wordwrap` against taking the chunks one by one). The same steps as textwrap's `_wrap_chunks`, on positions.
 */
function wrapSpaceRuns(
  state: RenderState,
  text: string,
  width: number,
  breakLongWords: boolean,
  fractional: boolean,
  splits: readonly number[] | null = null,
): string[] {
  const n = text.length;
  spend(state, n);
  // The end of the run of whitespace or of anything else being read, and the next of `splits` after the chunk
  // being read: positions only move forward, so each is found once (finding the run's end again for each chunk a
  // split cuts it into made a long hyphenated run quadratic).
  let runStop = 0;
  let split = 0;
  const runEnd = (from: number): number => {
    if (from >= runStop) runStop = spaceRunEnd(text, from);
    const end = runStop;
    if (splits === null) return end;
    while (split < splits.length && splits[split] <= from) split++;
    return split < splits.length && splits[split] < end ? splits[split] : end;
  };
  const lines: string[] = [];
  let pos = 0;
  // The end of the chunk `pos` is in (a long chunk is taken a line at a time).
  let chunkEnd = 0;
  // Where the blank part at the end of the chunk ending at `blankEnd` starts: what is left of that chunk is blank
  // once `pos` reaches it. Found once per chunk; scanning what is left at each line instead made a long chunk
  // quadratic (a word of 200,000 no-break spaces took seconds).
  let blankEnd = -1;
  let blankFrom = 0;
  while (pos < n) {
    // A line a unit besides the text's, so that the time limit is read while a long text wraps, not only before.
    spend(state, 1);
    if (pos >= chunkEnd) chunkEnd = runEnd(pos);
    if (lines.length > 0) {
      if (blankEnd !== chunkEnd) {
        blankEnd = chunkEnd;
        blankFrom = chunkEnd;
        while (blankFrom > pos && isPySpaceCode(text.charCodeAt(blankFrom - 1))) blankFrom--;
      }
      if (pos >= blankFrom) {
        pos = chunkEnd;
        if (pos >= n) break;
        chunkEnd = runEnd(pos);
      }
    }
    const start = pos;
    let length = 0;
    // Where the line's last chunk (or part of one) starts: -1 while it has none.
    let last = -1;
    while (pos < n) {
      if (pos >= chunkEnd) chunkEnd = runEnd(pos);
      if (length + chunkEnd - pos > width) break;
      last = pos;
      length += chunkEnd - pos;
      pos = chunkEnd;
    }
    if (pos < n && chunkEnd - pos > width) {
      spend(state, width);
      if (breakLongWords) {
        if (fractional) throw sliceIndexError();
        last = pos;
        let end = width - length;
        // Breaking on hyphens, the word is cut after its last hyphen that fits, if a non-hyphen comes before it.
        if (splits !== null) {
          const hyphen = text.lastIndexOf('-', pos + end - 1) - pos;
          if (hyphen > 0 && !isHyphenRun(text, pos, pos + hyphen)) end = hyphen + 1;
        }
        pos += end;
      } else if (last < 0) {
        last = pos;
        pos = chunkEnd;
      }
    }
    const end = last >= 0 && isBlankRange(text, last, pos) ? last : pos;
    if (end > start) lines.push(text.slice(start, end));
  }
  return lines;
}

/** Whether `text[from:to]` is all hyphens. */
function isHyphenRun(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 45) return false;
  return true;
}

/** The end of the run of whitespace, or of anything else, that starts at `from`. */
function spaceRunEnd(text: string, from: number): number {
  const space = isWrapSpace(text.charCodeAt(from));
  let end = from + 1;
  while (end < text.length && isWrapSpace(text.charCodeAt(end)) === space) end++;
  return end;
}

/** Python's `text[from:to].strip() == ''`. */
function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isPySpaceCode(text.charCodeAt(i))) return false;
  return true;
}

function doWordwrap(
  state: RenderState,
  value: unknown,
  width: unknown = 79,
  breakLongWords: unknown = true,
  wrapstring: unknown = null,
  breakOnHyphens: unknown = true,
): string | Markup {
  // Jinja2 reads `wrapstring.join` before anything else: only a text has it.
  if (wrapstring instanceof Undefined) throw undefinedError(wrapstring);
  if (wrapstring !== null && typeof wrapstring !== 'string' && !(wrapstring instanceof Markup)) {
    throw attributeError(wrapstring, 'join');
  }
  if (value instanceof Undefined) throw undefinedError(value);
  if (typeof value !== 'string' && !(value instanceof Markup)) throw attributeError(value, 'splitlines');
  const paragraphTexts = splitlines(textOf(value), false);
  // textwrap checks the width once per paragraph: a text with none never looks at it.
  if (paragraphTexts.length === 0) return wrapstring instanceof Markup ? new Markup('') : '';
  const w = wrapWidth(width);
  // A width that is a float works until a long word is cut: slicing by a float fails.
  const fractional = !isInt(width) && typeof width !== 'boolean';
  const separator = wrapstring === null ? '\n' : textOf(wrapstring);
  // `break_on_hyphens is True` in textwrap: another true value does not count.
  const hyphens = breakOnHyphens === true;
  const paragraphs = paragraphTexts.map((line) =>
    wrapParagraph(state, line, w, truthy(breakLongWords), hyphens, fractional),
  );
  let size = Math.max(0, paragraphs.length - 1) * separator.length;
  for (const lines of paragraphs) {
    size += lines.reduce((n, line) => n + line.length, 0) + Math.max(0, lines.length - 1) * separator.length;
  }
  checkSize(state, size, 'wordwrap');
  // A Markup `wrapstring` joins escaped lines, as `Markup.join` does.
  if (wrapstring instanceof Markup) {
    return new Markup(paragraphs.map((lines) => lines.map(escapeText).join(separator)).join(separator));
  }
  return paragraphs.map((lines) => lines.join(separator)).join(separator);
}

/**
 * The width `wordwrap` wraps at, as textwrap's `width <= 0` check sees it: an int (or bool), or a float (whose
 * whole part decides where lines end, since lengths are whole); anything else fails that comparison.
 */
function wrapWidth(width: unknown): number {
  if (typeof width === 'boolean') {
    if (!width) throw valueError('invalid width False (must be > 0)');
    return 1;
  }
  if (typeof width === 'number' || width instanceof PyFloat) {
    const x: number = typeof width === 'number' ? width : (width as PyFloat).value;
    if (x <= 0 || Number.isNaN(x)) throw valueError(`invalid width ${repr(width)} (must be > 0)`);
    return Math.max(1, Math.floor(x));
  }
  if (typeof width === 'bigint') return width > 0n ? Number.MAX_SAFE_INTEGER : 0;
  if (width instanceof Undefined) throw undefinedError(width);
  throw typeError(`'<=' not supported between instances of '${typeName(width)}' and 'int'`);
}

/** The text filters, by name. */
export const stringFilters: Readonly<Record<string, FilterSpec>> = {
  upper: { params: [], fn: doUpper },
  lower: { params: [], fn: doLower },
  capitalize: { params: [], fn: doCapitalize },
  title: { params: [], fn: doTitle },
  center: { params: ['width'], fn: doCenter },
  trim: { params: ['chars'], fn: doTrim },
  string: { params: [], fn: doString },
  replace: { params: ['old', 'new', 'count'], required: 2, fn: doReplace },
  truncate: { params: ['length', 'killwords', 'end', 'leeway'], fn: doTruncate },
  wordcount: { params: [], fn: doWordcount },
  indent: { params: ['width', 'first', 'blank'], fn: doIndent },
  format: { params: [], varargs: true, kwargs: true, fn: doFormat },
  wordwrap: { params: ['width', 'break_long_words', 'wrapstring', 'break_on_hyphens'], fn: doWordwrap },
  pprint: { params: [], fn: (state, value) => pformat(state, value) },
};
