/** Jinja2's HTML, URL and JSON filters: escaping, `striptags`, `urlize`, `xmlattr`, `urlencode`, `tojson`. */

import { LimitError, TemplateRuntimeError, typeError, valueError } from '../errors';
import { type Budget, spend, spendRunning } from '../limits';
import { dictViewKind } from '../runtime/dict-views';
import { ATTRIBUTE_NAME_END, escapedText, floatRepr, intText, repr, str } from '../runtime/format';
import { dictEntries, dictKeys, iterate } from '../runtime/iterate';
import { escapeText } from '../runtime/markup';
import { markupTextMethods } from '../runtime/methods';
import { gt, lt, truthy, typeName } from '../runtime/operators';
import type { FilterSpec, RenderState } from '../runtime/state';
import {
  cpLength,
  hasSurrogate,
  isHighSurrogate,
  isLowSurrogate,
  isPySpaceCode,
  isSurrogateUnit,
  PY_WHITESPACE,
} from '../runtime/strings';
import { undefinedError } from '../runtime/undefined';
import { isDict, isInt, iteratorKind, Markup, PyFloat, rangeOf, Undefined } from '../runtime/values';
import {
  attributeError,
  checkSize,
  escapeValue,
  filterArgumentError,
  indexArg,
  type Prepared,
  preparedFilter,
  sliceIndexError,
  textOf,
} from './args';
import { htmlEntities } from './html-entities';
import { pySorted, timsortLite } from './ordering';
import { joinWords, PY_SPACE_RUN, pySlice } from './text';

function doEscape(_state: RenderState, value: unknown): Markup {
  return escapeValue(value);
}

function doForceescape(_state: RenderState, value: unknown): Markup {
  return new Markup(escapeText(str(value)));
}

function doSafe(_state: RenderState, value: unknown): Markup {
  return value instanceof Markup ? value : new Markup(str(value));
}

// html.unescape's numeric references that HTML5 maps to other characters (Windows-1252 leftovers).
const INVALID_CHARREFS = new Map<number, string>([
  [0x00, '\ufffd'],
  [0x0d, '\r'],
  [0x80, '\u20ac'],
  [0x81, '\x81'],
  [0x82, '\u201a'],
  [0x83, '\u0192'],
  [0x84, '\u201e'],
  [0x85, '\u2026'],
  [0x86, '\u2020'],
  [0x87, '\u2021'],
  [0x88, '\u02c6'],
  [0x89, '\u2030'],
  [0x8a, '\u0160'],
  [0x8b, '\u2039'],
  [0x8c, '\u0152'],
  [0x8d, '\x8d'],
  [0x8e, '\u017d'],
  [0x8f, '\x8f'],
  [0x90, '\x90'],
  [0x91, '\u2018'],
  [0x92, '\u2019'],
  [0x93, '\u201c'],
  [0x94, '\u201d'],
  [0x95, '\u2022'],
  [0x96, '\u2013'],
  [0x97, '\u2014'],
  [0x98, '\u02dc'],
  [0x99, '\u2122'],
  [0x9a, '\u0161'],
  [0x9b, '\u203a'],
  [0x9c, '\u0153'],
  [0x9d, '\x9d'],
  [0x9e, '\u017e'],
  [0x9f, '\u0178'],
]);

/** Code points html.unescape drops: controls, noncharacters. */
function isInvalidCodepoint(cp: number): boolean {
  return (
    (cp >= 0x1 && cp <= 0x8) ||
    cp === 0xb ||
    (cp >= 0xe && cp <= 0x1f) ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0xfdd0 && cp <= 0xfdef) ||
    (cp & 0xfffe) === 0xfffe
  );
}

/** One character reference, matched where an `&` is (sticky). */
const CHARREF = /&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)/y;

/** The text of the character reference `match` (`ref` is what follows its `&`). */
function charref(match: string, ref: string, entities: ReadonlyMap<string, string>): string {
  if (ref[0] === '#') {
    const hex = ref[1] === 'x' || ref[1] === 'X';
    const digits = ref
      .slice(hex ? 2 : 1)
      .replace(/;$/, '')
      .replace(/^0+(?=.)/, '');
    // Past 0x10FFFF the exact value no longer matters: it becomes U+FFFD.
    const num = digits.length > 8 ? 0x110000 : Number.parseInt(digits, hex ? 16 : 10);
    const replaced = INVALID_CHARREFS.get(num);
    if (replaced !== undefined) return replaced;
    if ((num >= 0xd800 && num <= 0xdfff) || num > 0x10ffff) return '\ufffd';
    if (isInvalidCodepoint(num)) return '';
    return String.fromCodePoint(num);
  }
  const whole = entities.get(ref);
  if (whole !== undefined) return whole;
  // The longest known prefix wins, as the HTML5 spec's legacy rule (`&ampx` is `&x`).
  for (let x = ref.length - 1; x > 1; x--) {
    const prefix = entities.get(ref.slice(0, x));
    if (prefix !== undefined) return prefix + ref.slice(x);
  }
  return match;
}

/**
 * Python's `html.unescape`: numeric and HTML5 named references, including legacy names without `;`. Each `&`
 * spends the render's time (a replace with a callback would match the whole text before the first call).
 */
export function unescapeHtml(state: RenderState, s: string): string {
  let at = s.indexOf('&');
  if (at < 0) return s;
  const entities = htmlEntities();
  let out = '';
  let from = 0;
  for (; at >= 0; at = s.indexOf('&', Math.max(at + 1, from))) {
    spend(state, 1);
    CHARREF.lastIndex = at;
    const match = CHARREF.exec(s);
    if (match === null) continue;
    out += s.slice(from, at) + charref(match[0], match[1], entities);
    from = at + match[0].length;
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * `text` without the spans markupsafe's lazy patterns remove: each from the first `open` left to the first
 * `close` after it (`<!--.*?-->`, `<.*?>`). Found with `indexOf`, which stays linear where the pattern would try
 * every unclosed `open` to the end of the text.
 */
function withoutSpans(text: string, open: string, close: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
    // An `open` with no `close` after it: no later one has one either.
    if (end < 0) return from === 0 ? text : out + text.slice(from);
    out += text.slice(from, start);
    from = end + close.length;
  }
}

function doStriptags(state: RenderState, value: unknown): string {
  const markup = str(value);
  spend(state, markup.length);
  const text = withoutSpans(withoutSpans(markup, '<!--', '-->'), '<', '>');
  return unescapeHtml(state, joinWords(text));
}

// `Markup.striptags()` is the filter (Jinja2's filter calls it), and `Markup.unescape()` html.unescape.
markupTextMethods.striptags = doStriptags;
markupTextMethods.unescape = unescapeHtml;

function doXmlattr(_state: RenderState, value: unknown, autospace: unknown = true): string {
  if (value instanceof Undefined) throw undefinedError(value);
  if (!isDict(value)) throw attributeError(value, 'items');
  let rv = '';
  for (const [key, item] of dictEntries(value)) {
    if (item === null || item instanceof Undefined) continue;
    if (typeof key !== 'string' && !(key instanceof Markup)) {
      throw typeError(`expected string or bytes-like object, got '${typeName(key)}'`);
    }
    if (ATTRIBUTE_NAME_END.test(textOf(key) as string)) {
      throw valueError(`Invalid character in attribute name: ${repr(key)}`);
    }
    rv += `${rv === '' ? '' : ' '}${escapedText(key)}="${escapedText(item)}"`;
  }
  return truthy(autospace) && rv ? ` ${rv}` : rv;
}

/** The ASCII characters `quote` leaves as they are: letters, digits and `_.-~`. */
const URL_SAFE = Uint8Array.from({ length: 128 }, (_, c) =>
  /[A-Za-z0-9_.~-]/.test(String.fromCharCode(c)) ? 1 : 0,
);
/** `%XX` for each byte. */
const BYTE_ESCAPES = Array.from(
  { length: 256 },
  (_, b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
);

/**
 * The UTF-8 bytes of the non-ASCII run `whole.slice(start, end)`, each as `%XX`: a short run (a name's accented
 * letters) from a table, where a call to `encodeURIComponent` cost 4x as much (about 290 ns a run); a long one
 * by that call. A lone surrogate has no UTF-8: the error names it and its place, as Python's does.
 */
function quoteNonAscii(whole: string, start: number, end: number): string {
  // Each character is an escape, as each of an ASCII run's is (see `urlQuote`).
  spendRunning(end - start);
  // A long run natively: a string per byte made a text of thousands of pieces, 10x slower past a few dozen.
  if (end - start > 32) {
    try {
      return encodeURIComponent(whole.slice(start, end));
    } catch {
      // A lone surrogate: found and named below.
    }
  }
  let out = '';
  for (let at = start; at < end; at++) {
    const c = whole.charCodeAt(at);
    if (c < 0x800) {
      out += BYTE_ESCAPES[0xc0 | (c >> 6)] + BYTE_ESCAPES[0x80 | (c & 0x3f)];
    } else if (!isSurrogateUnit(c)) {
      out +=
        BYTE_ESCAPES[0xe0 | (c >> 12)] +
        BYTE_ESCAPES[0x80 | ((c >> 6) & 0x3f)] +
        BYTE_ESCAPES[0x80 | (c & 0x3f)];
    } else if (isHighSurrogate(c) && isLowSurrogate(whole.charCodeAt(at + 1))) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (whole.charCodeAt(at + 1) - 0xdc00);
      out +=
        BYTE_ESCAPES[0xf0 | (cp >> 18)] +
        BYTE_ESCAPES[0x80 | ((cp >> 12) & 0x3f)] +
        BYTE_ESCAPES[0x80 | ((cp >> 6) & 0x3f)] +
        BYTE_ESCAPES[0x80 | (cp & 0x3f)];
      at++;
    } else {
      throw new TemplateRuntimeError(
        'UnicodeEncodeError',
        `'utf-8' codec can't encode character '\\u${c.toString(16)}' in position ${cpLength(whole.slice(0, at))}: surrogates not allowed`,
      );
    }
  }
  return out;
}

/**
 * Python's `urllib.parse.quote` of the UTF-8 bytes: letters, digits and `_.-~` stay, `/` too unless `forQuery`
 * (then a space is `+`, as `quote_plus` gives). Text that needs no quoting is returned as it is. (Measured
 * slower: `encodeURIComponent` of the whole text with its differences from `quote` replaced after, 0.5x-0.7x.)
 */
function urlQuote(state: RenderState, value: unknown, forQuery: boolean): string {
  const text = typeof value === 'string' ? value : str(value);
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && (URL_SAFE[c] === 1 || (c === 47 && !forQuery))) continue;
    // Each escape spends the render's time, and the text grows up to nine times its length: both limits hold
    // while it is made.
    spend(state, 1);
    if (out.length > state.limits.maxOutputSize) checkSize(state, out.length, 'urlencode');
    out += text.slice(copied, i);
    if (c < 128) out += c === 32 && forQuery ? '+' : BYTE_ESCAPES[c];
    else {
      // A run of at most 4,096 characters (a pair kept whole) at a time, so both limits are checked between runs.
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) >= 128 && end - i < 4096) end++;
      if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end++;
      out += quoteNonAscii(text, i, end);
      i = end - 1;
    }
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Python's unpacking of one `(key, value)` pair in `for k, v in items`. */
function unpackPair(pair: unknown): [unknown, unknown] {
  const kind = iteratorKind(pair);
  const isIterable =
    kind !== undefined ||
    typeof pair === 'string' ||
    pair instanceof Markup ||
    Array.isArray(pair) ||
    isDict(pair);
  if (pair instanceof Undefined) throw undefinedError(pair);
  if (!isIterable) throw typeError(`cannot unpack non-iterable ${typeName(pair)} object`);
  const items = iterate(pair);
  if (items.length < 2) throw valueError(`not enough values to unpack (expected 2, got ${items.length})`);
  if (items.length > 2) throw valueError('too many values to unpack (expected 2)');
  return [items[0], items[1]];
}

function doUrlencode(state: RenderState, value: unknown): string {
  if (typeof value === 'string') return urlQuote(state, value, false);
  const iterable =
    Array.isArray(value) || isDict(value) || value instanceof Undefined || iteratorKind(value) !== undefined;
  if (value instanceof Markup || !iterable) {
    return urlQuote(state, value instanceof Markup ? value.value : value, false);
  }
  const pairs = isDict(value) ? dictEntries(value) : iterate(value).map(unpackPair);
  return pairs.map(([k, v]) => `${urlQuote(state, k, true)}=${urlQuote(state, v, true)}`).join('&');
}

const URI_SCHEME = /^[\p{L}\p{N}_.+-]{2,}:\/{0,2}$/u;
const HTTP_URL = new RegExp(
  '^(' +
    '(https?://|www\\.)(([\\p{L}\\p{N}_%-]+\\.)+)?([a-z]{2,63}|xn--[\\p{L}\\p{N}_%]{2,59})' +
    '|([\\p{L}\\p{N}_%-]{2,63}\\.)+(com|net|int|edu|gov|org|info|mil)' +
    '|(https?://)(((\\p{Nd}{1,3})(\\.\\p{Nd}{1,3}){3})|(\\[([\\p{Nd}a-f]{0,4}:){2}([\\p{Nd}a-f]{0,4}:?){1,6}\\]))' +
    // Python's `\S`: whitespace is what `str.isspace()` says, where JS's `\s` differs (U+FEFF, U+001C...).
    `)(?::\\p{Nd}{1,5})?(?:[/?#][^${PY_WHITESPACE}]*)?$`,
  'iu',
);
const EMAIL = new RegExp(`^[^${PY_WHITESPACE}]+@[\\p{L}\\p{N}_][\\p{L}\\p{N}_.-]*\\.[\\p{L}\\p{N}_]+$`, 'u');

/** `s.count(sub)` for a non-empty `sub`. */
function countOf(s: string, sub: string): number {
  let count = 0;
  for (let at = s.indexOf(sub); at >= 0; at = s.indexOf(sub, at + sub.length)) count++;
  return count;
}

/**
 * Where the tail `([)>.,\n]|&gt;)+$` of a word starts: its end when there is none. Read from the end, which
 * stays linear where the pattern would retry every run of those characters inside the word.
 */
function tailStart(word: string): number {
  let start = word.length;
  for (;;) {
    if (start >= 4 && word.startsWith('&gt;', start - 4)) start -= 4;
    else if (start > 0 && ').>,\n'.includes(word[start - 1])) start--;
    else return start;
  }
}

/** What may open a word before its link (`urlize`). */
const LEAD = /^(?:[(<]|&lt;)+/;
/** The brackets `urlize` balances, opening and closing. */
const BRACKETS: readonly (readonly [string, string])[] = [
  ['(', ')'],
  ['<', '>'],
  ['&lt;', '&gt;'],
];

/**
 * Jinja's `utils.urlize` of one word (a run without whitespace) that has a link sign (`urlizeText` finds only
 * those): the word, or it with its link made.
 */
function urlizeWord(
  word: string,
  trim: (x: string) => string,
  relAttr: string,
  targetAttr: string,
  extraSchemes: string[],
): string {
  let head = '';
  let middle = word;
  let tail = '';
  const first = middle.charCodeAt(0);
  // A head starts with `(`, `<` (in Markup) or `&lt;`.
  const lead = first === 40 || first === 38 || first === 60 ? LEAD.exec(middle) : null;
  if (lead) {
    head = lead[0];
    middle = middle.slice(head.length);
  }
  const trail = tailStart(middle);
  tail = middle.slice(trail);
  middle = middle.slice(0, trail);
  // Balance brackets by taking closing ones back from the tail.
  for (const [open, close] of BRACKETS) {
    const opens = countOf(middle, open);
    if (opens <= countOf(middle, close)) continue;
    const moves = Math.min(opens, countOf(tail, close));
    for (let i = 0; i < moves; i++) {
      const end = tail.indexOf(close) + close.length;
      middle += tail.slice(0, end);
      tail = tail.slice(end);
    }
  }
  if (HTTP_URL.test(middle)) {
    const href = middle.startsWith('https://') || middle.startsWith('http://') ? middle : `https://${middle}`;
    middle = `<a href="${href}"${relAttr}${targetAttr}>${trim(middle)}</a>`;
  } else if (middle.startsWith('mailto:') && EMAIL.test(middle.slice(7))) {
    middle = `<a href="${middle}">${middle.slice(7)}</a>`;
  } else if (
    middle.includes('@') &&
    !middle.startsWith('www.') &&
    !middle.includes(':') &&
    EMAIL.test(middle)
  ) {
    middle = `<a href="mailto:${middle}">${middle}</a>`;
  } else {
    for (const scheme of extraSchemes) {
      if (middle !== scheme && middle.startsWith(scheme)) {
        middle = `<a href="${middle}"${relAttr}${targetAttr}>${middle}</a>`;
      }
    }
  }
  return head + middle + tail;
}

/** The characters a link has one of: a domain's dot, a scheme's colon, an address's at sign. */
const LINK_SIGN = /[.:@]/g;
/** The next whitespace (Python's, which ends a word for `urlize`). */
const PY_SPACE = new RegExp(`[${PY_WHITESPACE}]`, 'g');

/**
 * Jinja's `utils.urlize` on already-escaped text. Only a word with a link sign can change, so the words are
 * found from the signs by native searches (a loop over every character measured 2.4x slower on a sentence with
 * a link), and the text between the words that change is copied in slices.
 */
function urlizeText(
  state: RenderState,
  text: string,
  trim: (x: string) => string,
  relAttr: string,
  targetAttr: string,
  extraSchemes: string[],
): string {
  spend(state, text.length + 1);
  let out = '';
  let copied = 0;
  let scanned = 0;
  LINK_SIGN.lastIndex = 0;
  for (let sign = LINK_SIGN.exec(text); sign !== null; sign = LINK_SIGN.exec(text)) {
    let start = sign.index;
    while (start > scanned && !isPySpaceCode(text.charCodeAt(start - 1))) start--;
    PY_SPACE.lastIndex = sign.index;
    const space = PY_SPACE.exec(text);
    const end = space === null ? text.length : space.index;
    spend(state, 1);
    const word = text.slice(start, end);
    const made = urlizeWord(word, trim, relAttr, targetAttr, extraSchemes);
    if (made !== word) {
      out += text.slice(copied, start) + made;
      copied = end;
    }
    scanned = end;
    LINK_SIGN.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `urlize` with its arguments: the `rel` list sorted and the schemes checked once, for every value. */
function urlizeWith(
  trimUrlLimit: unknown = null,
  nofollow: unknown = false,
  target: unknown = null,
  rel: unknown = null,
  extraSchemes: unknown = null,
): Prepared {
  const relParts = new Set((truthy(rel) ? str(rel) : '').split(PY_SPACE_RUN));
  relParts.delete('');
  if (truthy(nofollow)) relParts.add('nofollow');
  relParts.add('noopener');
  const relText = [...relParts].sort().join(' ');
  const schemes: string[] = [];
  for (const scheme of extraSchemes === null ? [] : iterate(extraSchemes)) {
    // Jinja2 matches each with a regex, which takes only text (an Undefined too is refused by its type).
    const text = typeof scheme === 'string' ? scheme : scheme instanceof Markup ? scheme.value : undefined;
    if (text === undefined)
      throw typeError(`expected string or bytes-like object, got '${typeName(scheme)}'`);
    if (!URI_SCHEME.test(text)) {
      throw filterArgumentError(`${repr(scheme)} is not a valid URI scheme prefix.`);
    }
    schemes.push(text);
  }
  const trim = (x: string) => {
    if (trimUrlLimit === null || !gt(cpLength(x), trimUrlLimit)) return x;
    if (!isInt(trimUrlLimit) && typeof trimUrlLimit !== 'boolean') throw sliceIndexError();
    return `${pySlice(x, 0, Number(trimUrlLimit))}...`;
  };
  const relAttr = relText ? ` rel="${escapeText(relText)}"` : '';
  const targetText = target === null ? '' : str(target);
  const targetAttr = targetText ? ` target="${escapeText(targetText)}"` : '';
  return (state, value) => {
    const out = urlizeText(state, escapeValue(value).value, trim, relAttr, targetAttr, schemes);
    checkSize(state, out.length, 'urlize');
    return out;
  };
}

/**
 * Python's `json.dumps` string literal with `ensure_ascii` (`\\uXXXX`, lower-case hex, for all but printable
 * ASCII), and with `<`, `>`, `&` and `'` as `\\u003c`... as `htmlsafe_json_dumps` makes them after: those four
 * appear in JSON only inside strings, so escaping them here spares a pass over the whole JSON text.
 */
function jsonString(s: string): string {
  // Most texts (names, labels) have nothing to escape, found by one native scan.
  if (!JSON_ESCAPED.test(s)) return `"${s}"`;
  // Runs of characters printed as they are go in whole slices; only the escaped ones are added one by one.
  const parts: string[] = ['"'];
  let at = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && JSON_PLAIN[c] === 1) continue;
    if (i > at) parts.push(s.slice(at, i));
    spendRunning(1);
    parts.push(c < 0x100 ? LATIN1_JSON_ESCAPES[c] : jsonEscape(c));
    at = i + 1;
  }
  if (at === 0) return `"${s}"`;
  if (at < s.length) parts.push(s.slice(at));
  parts.push('"');
  return parts.join('');
}

/** A character `tojson` escapes: any but printable ASCII, and `"`, `\\` and `<>&'`. */
const JSON_ESCAPED = /[^\x20-\x7e]|["\\<>&']/;

/** The printable ASCII characters a JSON string of `tojson` keeps as they are: all but `"`, `\\` and `<>&'`. */
const JSON_PLAIN = Uint8Array.from({ length: 0x7f }, (_, c) =>
  c >= 0x20 && !'"\\<>&\''.includes(String.fromCharCode(c)) ? 1 : 0,
);

/** `jsonEscape` of each code below 256 (controls, Latin-1 letters), made once. */
const LATIN1_JSON_ESCAPES: readonly string[] = Array.from({ length: 0x100 }, (_, c) => jsonEscape(c));

/** How `json.dumps` writes the character of code unit `c`, one it escapes. */
function jsonEscape(c: number): string {
  switch (c) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    default:
      return `\\u${c.toString(16).padStart(4, '0')}`;
  }
}

function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(x);
}

function jsonKey(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key instanceof Markup) return key.value;
  if (key === true) return 'true';
  if (key === false) return 'false';
  if (key === null) return 'null';
  if (isInt(key)) return intText(key);
  if (typeof key === 'number') return jsonFloat(key);
  if (key instanceof PyFloat) return jsonFloat(key.value);
  throw typeError(`keys must be str, int, float, bool or None, not ${typeName(key)}`);
}

/**
 * Lists and dicts nested deeper than this are not written as JSON: Python's encoder stops sooner, at its recursion
 * limit (1,000 frames). Past a few thousand levels the JS stack runs out inside `Array.prototype.map`, where V8
 * reports it as a TypeError, not the RangeError a render turns into a LimitError.
 */
const JSON_MAX_DEPTH = 1_000;

/** The lists and dicts `dumpJson` is inside of: one met again holds itself, which json.dumps refuses. */
const writing = new Set<object>();

/**
 * Below this depth no container is tracked: a value that holds itself nests without end, so it meets a container
 * again past here all the same (and fails with json.dumps's error), while the usual shallow value costs nothing.
 */
const CYCLE_CHECK_DEPTH = 32;

/**
 * Marks `container` as being written (deep enough to be tracked), or fails as json.dumps does when it already is.
 * True when it was marked: the caller unmarks it when done.
 */
function enterJson(container: object, level: number): boolean {
  if (level < CYCLE_CHECK_DEPTH) return false;
  if (writing.has(container)) throw valueError('Circular reference detected');
  writing.add(container);
  return true;
}

/** Python's `json.dumps(value, sort_keys=True, indent=indent)`; each value and character spends the render's time. */
function dumpJson(work: Budget, value: unknown, indent: string | null, level: number): string {
  spend(work, 1);
  if (level > JSON_MAX_DEPTH) {
    throw new LimitError(
      'maxCallDepth',
      `the value nests more than ${JSON_MAX_DEPTH} levels deep to write as JSON`,
    );
  }
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string' || value instanceof Markup) {
    const text = textOf(value);
    spend(work, text.length);
    return jsonString(text);
  }
  // An int's digits as Python writes them, with its limit of 4,300 digits.
  if (isInt(value)) return intText(value);
  if (typeof value === 'number') return jsonFloat(value);
  if (value instanceof PyFloat) return jsonFloat(value.value);
  if (indent !== null) checkSize(work, indent.length * (level + 1), 'tojson');
  const open = indent === null ? '' : `\n${indent.repeat(level + 1)}`;
  const close = indent === null ? '' : `\n${indent.repeat(level)}`;
  const separator = indent === null ? ', ' : `,${open}`;
  // A list or tuple; not a range, an iterator or a dict view, which json.dumps does not write.
  if (
    Array.isArray(value) &&
    !iteratorKind(value) &&
    rangeOf(value) === undefined &&
    dictViewKind(value) === undefined
  ) {
    if (value.length === 0) return '[]';
    const tracked = enterJson(value, level);
    try {
      return `[${open}${value.map((v) => dumpJson(work, v, indent, level + 1)).join(separator)}${close}]`;
    } finally {
      if (tracked) writing.delete(value);
    }
  }
  if (isDict(value) && !(value instanceof Map)) {
    // A plain object's keys are text: compared by `<`, whose order of UTF-16 units is Python's order of code
    // points where no key has a surrogate pair (the general sort compared pairs of keys through `lt`, 5x slower).
    const keys = dictKeys(value) as string[];
    if (keys.length === 0) return '{}';
    // Past a few thousand keys, the general sort, which charges each comparison to the render's time.
    if (keys.length <= 4096 && !keys.some(hasSurrogate)) {
      const tracked = enterJson(value, level);
      try {
        spend(work, keys.length * Math.ceil(Math.log2(keys.length + 1)));
        timsortLite(keys, (a, b) => a < b);
        let body = '';
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          body += `${i === 0 ? '' : separator}${jsonString(key)}: ${dumpJson(work, value[key], indent, level + 1)}`;
        }
        return `{${open}${body}${close}}`;
      } finally {
        if (tracked) writing.delete(value);
      }
    }
  }
  if (isDict(value)) {
    const entries = dictEntries(value);
    if (entries.length === 0) return '{}';
    const tracked = enterJson(value, level);
    try {
      const sorted = pySorted(work, entries, (entry) => entry[0], false, lt);
      const body = sorted.map(
        ([k, v]) => `${jsonString(jsonKey(k))}: ${dumpJson(work, v, indent, level + 1)}`,
      );
      return `{${open}${body.join(separator)}${close}}`;
    } finally {
      if (tracked) writing.delete(value);
    }
  }
  const kind = iteratorKind(value);
  throw typeError(`Object of type ${kind ? kind.type : typeName(value)} is not JSON serializable`);
}

/** json.dumps's `indent`: text as it is, a count of spaces (`' ' * indent`, with Python's errors), or none. */
function jsonIndent(indent: unknown): string | null {
  if (indent === null) return null;
  if (typeof indent === 'string' || indent instanceof Markup) return textOf(indent);
  if (indent instanceof Undefined) throw undefinedError(indent);
  if (!isInt(indent) && typeof indent !== 'boolean') {
    throw typeError(`can't multiply sequence by non-int of type '${typeName(indent)}'`);
  }
  return ' '.repeat(Math.max(0, indexArg(indent)));
}

/** The characters `htmlsafe_json_dumps` writes as `\\uXXXX` so the JSON is safe in HTML and its attributes. */
const HTML_UNSAFE = /[<>&']/;
const HTML_UNSAFE_ALL = /[<>&']/g;
const htmlSafeEscape = (c: string): string => `\\u00${c.charCodeAt(0).toString(16)}`;

function doTojson(state: RenderState, value: unknown, indent: unknown = null): Markup {
  // json.dumps writes a string without looking at `indent`.
  if (typeof value === 'string' || value instanceof Markup) {
    const json = jsonString(textOf(value));
    checkSize(state, json.length, 'tojson');
    return new Markup(json);
  }
  const space = jsonIndent(indent);
  const json = dumpJson(state, value, space, 0);
  checkSize(state, json.length, 'tojson');
  // Strings are written HTML-safe already (`jsonString`); an indent may bring `<>&'` of its own.
  return new Markup(
    space !== null && HTML_UNSAFE.test(space) ? json.replace(HTML_UNSAFE_ALL, htmlSafeEscape) : json,
  );
}

/** The HTML, URL and JSON filters, by name. */
export const htmlFilters: Readonly<Record<string, FilterSpec>> = {
  escape: { params: [], fn: doEscape },
  e: { params: [], fn: doEscape },
  forceescape: { params: [], fn: doForceescape },
  safe: { params: [], fn: doSafe },
  striptags: { params: [], fn: doStriptags },
  xmlattr: { params: ['autospace'], fn: doXmlattr },
  urlencode: { params: [], fn: doUrlencode },
  urlize: preparedFilter(['trim_url_limit', 'nofollow', 'target', 'rel', 'extra_schemes'], urlizeWith),
  tojson: { params: ['indent'], fn: doTojson },
};
