/**
 * Bound Python methods of `str`, `list`, `tuple`, `dict`, `int` and `float`, as templates call them
 * (`name.upper()`, `d.items()`, `'{:,}'.format(n)`). Arguments bind as CPython binds them: most
 * methods take positional arguments only, and errors carry CPython's messages.
 */

import { TemplateRuntimeError, typeError, valueError } from '../errors';
import { pySorted } from '../filters/ordering';
import { checkSize, spend, spendRunning, spendRunningOnItems, spendRunningOnText } from '../limits';
import {
  ALL_KEYS,
  callValue,
  copiedDict,
  dictItem,
  equalKey,
  forgetKey,
  hasSimpleKeys,
  keyIndex,
  NO_ITEM,
  newDict,
  noteKey,
} from './access';
import { marksOf } from './array-marks';
import { dictView, dictViewKind } from './dict-views';
import { markupFormat, repr, str, strFormat, strFormatMap } from './format';
import { hashKey } from './hash-key';
import {
  dictEntries,
  dictItemTuples,
  dictKeys,
  dictValues,
  isVisible,
  iterate,
  length,
  ownKeys,
} from './iterate';
import { escapeText } from './markup';
import { noteDictResize, noteListEdit } from './member-sets';
import { eq, requireHashable } from './operators';
import type { RenderState } from './state';
import {
  codePoints,
  codePointsBefore,
  cpLength,
  hasSurrogate,
  isHighSurrogate,
  isLowSurrogate,
  isPySpaceCode,
  pyCapitalize,
  pyCasefold,
  pyIsAlnum,
  pyIsAlpha,
  pyIsAscii,
  pyIsDecimal,
  pyIsDigit,
  pyIsIdentifier,
  pyIsLower,
  pyIsNumeric,
  pyIsPrintable,
  pyIsSpace,
  pyIsTitle,
  pyIsUpper,
  pyLower,
  pySwapcase,
  pyTitle,
  pyUpper,
} from './strings';
import { typeName } from './type-name';
import { undefinedError } from './undefined';
import {
  ADDRESS,
  bigOf,
  float,
  int,
  isDict,
  isInt,
  isNumber,
  isTuple,
  iteratorKind,
  type Kwargs,
  keywordNames,
  Markup,
  NO_KWARGS,
  noteAddedKey,
  noteDeletedKey,
  PyCallable,
  PyFloat,
  rangeOf,
  textOf,
  toJsNumber,
  tuple,
  Undefined,
} from './values';

type Dict = Record<string, unknown> | Map<unknown, unknown>;

/**
 * How CPython words argument-count errors, which depends on how the method is implemented in C:
 * `classic` (`find() takes at most 3 arguments (5 given)`), `clinic` (`replace expected at least 2
 * arguments, got 0`), `one` (`str.join() takes exactly one argument (0 given)`).
 */
type ArgStyle = 'classic' | 'clinic' | 'one';

/** One method: its positional parameters (those past `required` optional) and how it binds keywords. */
export interface Method<S> {
  readonly params: readonly string[];
  readonly required?: number;
  /** Defaults to `one` for a single required parameter, else `clinic`. */
  readonly style?: ArgStyle;
  /** Parameters may be given by keyword (CPython's methods are mostly positional-only). */
  readonly keywords?: boolean;
  /** Any number of positional arguments (`str.format`). */
  readonly varargs?: boolean;
  /** Any keyword arguments (`str.format`, `dict.update`), passed as the last argument. */
  readonly anyKwargs?: boolean;
  readonly fn: (state: RenderState, self: S, args: unknown[], kwargs: Kwargs) => unknown;
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

function countError(
  owner: string,
  name: string,
  method: Method<unknown>,
  n: number,
): TemplateRuntimeError | undefined {
  const max = method.params.length;
  const min = method.required ?? 0;
  if (max === 0) return n > 0 ? typeError(`${owner}.${name}() takes no arguments (${n} given)`) : undefined;
  const style = method.style ?? (max === 1 && min === 1 ? 'one' : 'clinic');
  if (style === 'one')
    return n !== 1 ? typeError(`${owner}.${name}() takes exactly one argument (${n} given)`) : undefined;
  if (n >= min && n <= max) return undefined;
  const bound = n > max ? max : min;
  if (style === 'classic') {
    return typeError(
      `${name}() takes ${n > max ? 'at most' : 'at least'} ${bound} argument${plural(bound)} (${n} given)`,
    );
  }
  const how = min === max ? '' : n > max ? 'at most ' : 'at least ';
  return typeError(`${name} expected ${how}${bound} argument${plural(bound)}, got ${n}`);
}

/** True when a keyword-argument record has no keys. */
function noKeys(kwargs: Kwargs): boolean {
  // Most calls pass the shared empty record: no enumeration for it.
  if (kwargs === NO_KWARGS) return true;
  for (const _ in kwargs) return false;
  return true;
}

/**
 * Binds call arguments to a method's parameters; a parameter not given is JS `undefined`. Positional
 * arguments within the method's count are its parameters as they are, so the common call binds nothing.
 */
function bind<S>(owner: string, name: string, method: Method<S>, args: unknown[], kwargs: Kwargs): unknown[] {
  if (noKeys(kwargs)) {
    if (method.varargs) return args;
    const n = args.length;
    if (n >= (method.required ?? 0) && n <= method.params.length) return args;
  }
  const { params } = method;
  if (!method.keywords && !method.anyKwargs && !noKeys(kwargs)) {
    throw typeError(`${method.style === 'classic' ? '' : `${owner}.`}${name}() takes no keyword arguments`);
  }
  if (method.varargs) return args;
  const bound: unknown[] = params.map((_, i) => args[i]);
  if (method.keywords) {
    if (args.length > params.length) {
      throw typeError(
        `${name}() takes at most ${params.length} argument${plural(params.length)} (${args.length} given)`,
      );
    }
    for (const key of keywordNames(kwargs)) {
      const index = params.indexOf(key);
      if (index < 0) throw typeError(`'${key}' is an invalid keyword argument for ${name}()`);
      if (index < args.length) {
        throw typeError(`argument for ${name}() given by name ('${key}') and position (${index + 1})`);
      }
      bound[index] = kwargs[key];
    }
    return bound;
  }
  const error = countError(owner, name, method as Method<unknown>, args.length);
  if (error) throw error;
  return bound;
}

/** An int argument (bools count); anything else is Python's "cannot be interpreted as an integer". */
function intArg(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
}

/** A `start`/`end` argument of `find`, `count`, `startswith`...: None or an int. */
function indexArg(v: unknown): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint')
    return intArg(v);
  throw typeError('slice indices must be integers or None or have an __index__ method');
}

/** A str argument: `what(v)` names the message when it is not one. */
function strArg(v: unknown, message: (type: string) => string): string {
  const text = textOf(v);
  if (text === undefined) throw typeError(message(typeName(v)));
  return text;
}

const mustBeStr = (type: string) => `must be str, not ${type}`;

/** A str argument checked by an Argument Clinic converter, whose message names None as `None`. */
function clinicStrArg(v: unknown, message: (type: string) => string): string {
  return strArg(v, (type) => message(v === null ? 'None' : type));
}

/** Python's ADJUST_INDICES: `start`/`end` clamped into `[0, n]` (start may stay past `n`). */
function adjust(n: number, start: number | null, end: number | null): [number, number] {
  let s = start ?? 0;
  let e = end ?? n;
  if (e > n) e = n;
  else if (e < 0) e = Math.max(0, e + n);
  if (s < 0) s = Math.max(0, s + n);
  return [s, e];
}

/** The UTF-16 offset of code point `cp` in `s`. */
function unitOffset(s: string, cp: number): number {
  let unit = 0;
  for (let i = 0; i < cp && unit < s.length; i++) unit += (s.codePointAt(unit) as number) > 0xffff ? 2 : 1;
  return unit;
}

/** Code-point view of `s` for index arithmetic: its length, and offset conversions both ways. */
interface Indexed {
  n: number;
  toUnit(cp: number): number;
  toCp(unit: number): number;
}

function indexed(s: string): Indexed {
  if (!hasSurrogate(s)) return { n: s.length, toUnit: (cp) => cp, toCp: (unit) => unit };
  return { n: cpLength(s), toUnit: (cp) => unitOffset(s, cp), toCp: (unit) => cpLength(s.slice(0, unit)) };
}

/** `s.find(sub, start, end)` (or `rfind`), in code points. CPython reads the bounds before `sub`. */
function find(s: string, subArg: unknown, start: unknown, end: unknown, fromRight: boolean): number {
  if (start === undefined && end === undefined && typeof subArg === 'string' && !hasSurrogate(subArg)) {
    // The usual call, `s.find(',')`: a text with no surrogate matches only whole characters, and only the units
    // before the match need counting in code points.
    return codePointsBefore(s, fromRight ? s.lastIndexOf(subArg) : s.indexOf(subArg));
  }
  const ix = indexed(s);
  const [a, b] = adjust(ix.n, indexArg(start), indexArg(end));
  const sub = strArg(subArg, mustBeStr);
  if (b - a < cpLength(sub)) return -1;
  const lo = ix.toUnit(a);
  const hi = ix.toUnit(b);
  const window = s.slice(lo, hi);
  const at = fromRight ? window.lastIndexOf(sub) : window.indexOf(sub);
  return at < 0 ? -1 : ix.toCp(lo + at);
}

function count(s: string, subArg: unknown, start: unknown, end: unknown): number {
  const ix = indexed(s);
  const [a, b] = adjust(ix.n, indexArg(start), indexArg(end));
  const sub = strArg(subArg, mustBeStr);
  if (a > ix.n) return 0;
  if (sub === '') return b >= a ? b - a + 1 : 0;
  if (b < a) return 0;
  const window = s.slice(ix.toUnit(a), ix.toUnit(b));
  let found = 0;
  for (let at = window.indexOf(sub); at >= 0; at = window.indexOf(sub, at + sub.length)) found++;
  return found;
}

/** `startswith`/`endswith` with a str or a tuple of str. */
/**
 * Whether `s` starts (or ends, `atEnd`) with `text` as Python finds it, code point by code point: a match of
 * UTF-16 units that splits a surrogate pair of `s` (a lone low surrogate at the end of `'😀'`) is none.
 */
function hasAffix(s: string, text: string, atEnd: boolean): boolean {
  const n = text.length;
  if (atEnd) {
    if (!s.endsWith(text)) return false;
    const at = s.length - n;
    return !(n > 0 && at > 0 && isLowSurrogate(text.charCodeAt(0)) && isHighSurrogate(s.charCodeAt(at - 1)));
  }
  if (!s.startsWith(text)) return false;
  return !(
    n > 0 &&
    n < s.length &&
    isHighSurrogate(text.charCodeAt(n - 1)) &&
    isLowSurrogate(s.charCodeAt(n))
  );
}

function affix(
  s: string,
  what: unknown,
  start: unknown,
  end: unknown,
  atEnd: boolean,
  name: string,
): boolean {
  if (start === undefined && end === undefined) {
    if (typeof what === 'string') return hasAffix(s, what, atEnd);
    if (isTuple(what) && what.every((option) => typeof option === 'string')) {
      // `email.endswith(('.edu', '.org'))`: each text as one would be.
      for (const option of what as string[]) if (hasAffix(s, option, atEnd)) return true;
      return false;
    }
  }
  const options = isTuple(what) ? what : [what];
  const ix = indexed(s);
  const [a, b] = adjust(ix.n, indexArg(start), indexArg(end));
  // A start past the end matches nothing, but each option is still checked to be a str, in order.
  const past = a > ix.n;
  const window = !past && b > a ? s.slice(ix.toUnit(a), ix.toUnit(b)) : '';
  for (const option of options) {
    const text = textOf(option);
    if (text === undefined) {
      const message = isTuple(what)
        ? `tuple for ${name} must only contain str, not ${typeName(option)}`
        : `${name} first arg must be str or a tuple of str, not ${typeName(option)}`;
      throw typeError(message);
    }
    if (!past && hasAffix(window, text, atEnd)) return true;
  }
  return false;
}

/** Python's `str.strip`/`lstrip`/`rstrip(chars)`: whitespace when `chars` is None, else any of its code points. */
export function strip(s: string, chars: unknown, left: boolean, right: boolean): string {
  let a = 0;
  let b = s.length;
  if (chars === undefined || chars === null) {
    if (left) while (a < b && isPySpaceCode(s.charCodeAt(a))) a++;
    if (right) while (b > a && isPySpaceCode(s.charCodeAt(b - 1))) b--;
    return a === 0 && b === s.length ? s : s.slice(a, b);
  }
  const set = textOf(chars);
  if (set === undefined)
    throw typeError(`${left && right ? 'strip' : left ? 'lstrip' : 'rstrip'} arg must be None or str`);
  if (hasSurrogate(set) || hasSurrogate(s)) {
    // By code point: a pair must never be split, nor one of its halves match. Walked on the text itself from
    // each end (a list of its code points costs a string each: 177 ms on 2,000,000 characters).
    const members = new Set<number>();
    for (const ch of set) members.add(ch.codePointAt(0) as number);
    if (left) {
      while (a < b) {
        const cp = s.codePointAt(a) as number;
        if (!members.has(cp)) break;
        a += cp > 0xffff ? 2 : 1;
      }
    }
    if (right) {
      while (b > a) {
        const low = s.charCodeAt(b - 1);
        const paired = isLowSurrogate(low) && b - 2 >= a && isHighSurrogate(s.charCodeAt(b - 2));
        if (!members.has(paired ? (s.codePointAt(b - 2) as number) : low)) break;
        b -= paired ? 2 : 1;
      }
    }
    return a === 0 && b === s.length ? s : s.slice(a, b);
  }
  if (set.length > 16) {
    // A long set is looked up, not scanned: millions of characters against half a million took 5.9 s.
    const members = new Set<number>();
    for (let i = 0; i < set.length; i++) members.add(set.charCodeAt(i));
    if (left) while (a < b && members.has(s.charCodeAt(a))) a++;
    if (right) while (b > a && members.has(s.charCodeAt(b - 1))) b--;
  } else {
    if (left) while (a < b && set.includes(s[a])) a++;
    if (right) while (b > a && set.includes(s[b - 1])) b--;
  }
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function splitWhitespace(s: string, maxsplit: number): string[] {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  for (;;) {
    while (i < n && isPySpaceCode(s.charCodeAt(i))) i++;
    if (i >= n) return out;
    if (maxsplit >= 0 && out.length >= maxsplit) {
      out.push(s.slice(i));
      return out;
    }
    const start = i;
    while (i < n && !isPySpaceCode(s.charCodeAt(i))) i++;
    spendRunning(1);
    out.push(s.slice(start, i));
  }
}

function rsplitWhitespace(s: string, maxsplit: number): string[] {
  const out: string[] = [];
  let i = s.length;
  for (;;) {
    while (i > 0 && isPySpaceCode(s.charCodeAt(i - 1))) i--;
    if (i <= 0) return out.reverse();
    if (maxsplit >= 0 && out.length >= maxsplit) {
      out.push(s.slice(0, i));
      return out.reverse();
    }
    const end = i;
    while (i > 0 && !isPySpaceCode(s.charCodeAt(i - 1))) i--;
    spendRunning(1);
    out.push(s.slice(i, end));
  }
}

function splitArgs(sep: unknown, maxsplit: unknown): [string | null, number] {
  const limit = maxsplit === undefined ? -1 : intArg(maxsplit);
  if (sep === undefined || sep === null) return [null, limit];
  const text = textOf(sep);
  if (text === undefined) throw typeError(`must be str or None, not ${typeName(sep)}`);
  if (text === '') throw valueError('empty separator');
  return [text, limit];
}

function split(s: string, sep: unknown, maxsplit: unknown): string[] {
  const [by, limit] = splitArgs(sep, maxsplit);
  return by === null ? splitWhitespace(s, limit) : splitOn(s, by, limit);
}

/**
 * `s.split(by, limit)` for a separator (a negative limit splits at every one). The parts are found by indexOf:
 * the native split costs about 250 ns on text V8 has not cached (any text but a literal), this loop about 100 ns.
 * Each part spends the render's time: millions of separators are work.
 */
function splitOn(s: string, by: string, limit: number): string[] {
  const out: string[] = [];
  let from = 0;
  for (let at = s.indexOf(by); at >= 0 && out.length !== limit; at = s.indexOf(by, from)) {
    spendRunning(1);
    out.push(s.slice(from, at));
    from = at + by.length;
  }
  out.push(s.slice(from));
  return out;
}

function rsplit(s: string, sep: unknown, maxsplit: unknown): string[] {
  const [by, limit] = splitArgs(sep, maxsplit);
  if (by === null) return rsplitWhitespace(s, limit);
  if (limit < 0) return splitOn(s, by, -1);
  const out: string[] = [];
  let to = s.length;
  while (out.length < limit) {
    const at = to - by.length < 0 ? -1 : s.lastIndexOf(by, to - by.length);
    if (at < 0) break;
    out.push(s.slice(at + by.length, to));
    to = at;
  }
  out.push(s.slice(0, to));
  return out.reverse();
}

/**
 * Python's `s.replace(old, by, limit)` (a negative limit replaces every occurrence), shared by `str.replace` and
 * the `replace` filter. An empty `old` inserts `by` before every code point and at the end.
 */
export function replaceText(
  state: RenderState,
  s: string,
  old: string,
  by: string,
  limit: number,
  what: string,
): string {
  if (old === '') {
    const cps = codePoints(s);
    const slots = limit < 0 ? cps.length + 1 : Math.min(limit, cps.length + 1);
    checkSize(state, s.length + slots * by.length, what);
    let out = '';
    for (let i = 0; i < cps.length; i++) out += (i < slots ? by : '') + cps[i];
    return slots > cps.length ? out + by : out;
  }
  // Occurrences by indexOf: faster than the native replaceAll or split and join on a template's short strings
  // (and far faster when nothing matches). A result that grows is measured before it is built.
  let at = s.indexOf(old);
  if (at < 0 || limit === 0) return s;
  if (by.length > old.length) {
    let count = 0;
    for (let i = at; i >= 0 && count !== limit; i = s.indexOf(old, i + old.length)) {
      spend(state, 1);
      count++;
    }
    checkSize(state, s.length + count * (by.length - old.length), what);
  }
  let out = '';
  let from = 0;
  for (let n = 0; at >= 0 && n !== limit; n++) {
    spend(state, 1);
    out += s.slice(from, at) + by;
    from = at + old.length;
    at = s.indexOf(old, from);
  }
  return out + s.slice(from);
}

function replace(state: RenderState, s: string, old: string, by: string, countArg: unknown): string {
  return replaceText(
    state,
    s,
    old,
    by,
    countArg === undefined ? -1 : intArg(countArg),
    'str.replace() result',
  );
}

/** A line break as `str.splitlines` knows them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: \x1c-\x1e are line breaks to Python
const LINE_BREAK = /[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/;

/** Python's `str.splitlines(keepends)`: every line boundary Python knows; no empty line after a final break. */
export function splitlines(s: string, keepends: unknown): string[] {
  const keep = keepends !== undefined && intArg(keepends) !== 0;
  spendRunningOnText(s);
  // Most text has no line break (a `wordwrap` of a paragraph): found by a native scan, 5x quicker on 180
  // characters than the loop below.
  if (!LINE_BREAK.test(s)) return s === '' ? [] : [s];
  const out: string[] = [];
  let from = 0;
  // Line breaks found by character code (\n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, \u2028, \u2029): an iterator of
  // regex matches cost about 4x as much on a template's short texts.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 13 ? (c < 28 || c > 30) && c !== 0x85 && c !== 0x2028 && c !== 0x2029 : c < 10) continue;
    // Each line spends: text of millions of empty lines is work no character count shows.
    spendRunning(1);
    const end = c === 13 && s.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
    out.push(s.slice(from, keep ? end : i));
    from = end;
    i = end - 1;
  }
  if (from < s.length) out.push(s.slice(from));
  return out;
}

function fillChar(v: unknown): string {
  if (v === undefined) return ' ';
  const text = textOf(v);
  if (text === undefined)
    throw typeError(`The fill character must be a unicode character, not ${typeName(v)}`);
  if (cpLength(text) !== 1) throw typeError('The fill character must be exactly one character long');
  return text;
}

function justify(
  state: RenderState,
  s: string,
  widthArg: unknown,
  fillArg: unknown,
  how: 'left' | 'right' | 'center',
): string {
  const width = intArg(widthArg);
  const fill = fillChar(fillArg);
  const margin = width - cpLength(s);
  if (margin <= 0) return s;
  checkSize(state, width, `str.${how === 'left' ? 'ljust' : how === 'right' ? 'rjust' : 'center'}() result`);
  if (how === 'left') return s + fill.repeat(margin);
  if (how === 'right') return fill.repeat(margin) + s;
  // CPython's centring rounds the odd extra column by the parity of the width, not of the margin.
  const left = Math.floor(margin / 2) + (margin & width & 1);
  return fill.repeat(left) + s + fill.repeat(margin - left);
}

function zfill(state: RenderState, s: string, widthArg: unknown): string {
  const width = intArg(widthArg);
  const margin = width - cpLength(s);
  if (margin <= 0) return s;
  checkSize(state, width, 'str.zfill() result');
  const zeros = '0'.repeat(margin);
  return s[0] === '+' || s[0] === '-' ? s[0] + zeros + s.slice(1) : zeros + s;
}

function expandtabs(state: RenderState, s: string, tabsizeArg: unknown): string {
  const tabsize = tabsizeArg === undefined ? 8 : intArg(tabsizeArg);
  const astral = hasSurrogate(s);
  // The text between tabs and line ends in slices, joined once: a string built a character at a time costs a
  // string object each.
  const parts: string[] = [];
  let size = 0;
  let column = 0;
  let at = 0;
  for (;;) {
    let next = at;
    while (next < s.length) {
      const c = s.charCodeAt(next);
      if (c === 0x09 || c === 0x0a || c === 0x0d) break;
      next++;
    }
    if (next > at) {
      const run = s.slice(at, next);
      parts.push(run);
      size += run.length;
      column += astral ? cpLength(run) : run.length;
    }
    if (next === s.length) break;
    spend(state, 1);
    if (s[next] === '\t') {
      if (tabsize > 0) {
        const spaces = tabsize - (column % tabsize);
        size += spaces;
        checkSize(state, size, 'str.expandtabs() result');
        parts.push(' '.repeat(spaces));
        column += spaces;
      }
    } else {
      parts.push(s[next]);
      size++;
      column = 0;
    }
    at = next + 1;
  }
  checkSize(state, size, 'str.expandtabs() result');
  return parts.join('');
}

function join(state: RenderState, s: string, iterable: unknown): string {
  let items: unknown[];
  try {
    items = iterate(iterable);
  } catch {
    throw typeError('can only join an iterable');
  }
  const parts: string[] = [];
  let size = 0;
  items.forEach((item, i) => {
    const text = textOf(item);
    if (text === undefined)
      throw typeError(`sequence item ${i}: expected str instance, ${typeName(item)} found`);
    parts.push(text);
    size += text.length + s.length;
    // As it goes: joined with a long separator, a text of millions of characters is far past the limit early.
    if (size > state.limits.maxOutputSize) checkSize(state, size, 'str.join() result');
  });
  checkSize(state, size, 'str.join() result');
  return parts.join(s);
}

function partition(s: string, sepArg: unknown, fromRight: boolean): unknown[] {
  const sep = strArg(sepArg, mustBeStr);
  if (sep === '') throw valueError('empty separator');
  const at = fromRight ? s.lastIndexOf(sep) : s.indexOf(sep);
  if (at < 0) return tuple(fromRight ? ['', '', s] : [s, '', '']);
  // CPython gives back the separator it was passed, a Markup one included.
  return tuple([s.slice(0, at), sepArg, s.slice(at + sep.length)]);
}

/**
 * `table[code]` as `str.translate` reads it, prepared once per call: JS `undefined` where Python's lookup raises
 * LookupError. A dict's number keys go into a `Map` by code point (the first key equal to it wins, as the scan
 * in insertion order would find it), and a str table is split into code points once, so each character is one
 * lookup however long the table.
 */
function translation(table: unknown): (code: number) => unknown {
  if (table instanceof Map) {
    const byCode = new Map<number, unknown>();
    for (const [key, value] of table) {
      if (typeof key === 'string' || !isNumber(key)) continue;
      const n = toJsNumber(key);
      if (Number.isInteger(n) && n >= 0 && n <= 0x10ffff && !byCode.has(n)) byCode.set(n, value);
    }
    return (code) => byCode.get(code);
  }
  if (isDict(table)) return () => undefined;
  if (table instanceof Undefined) throw undefinedError(table);
  const text = textOf(table);
  if (
    text !== undefined ||
    (Array.isArray(table) && dictViewKind(table) === undefined && iteratorKind(table) === undefined)
  ) {
    const items = text === undefined ? (table as unknown[]) : codePoints(text);
    const markup = text !== undefined && table instanceof Markup;
    return (code) => {
      const item = items[code];
      return item === undefined || !markup ? item : new Markup(item as string);
    };
  }
  throw typeError(`'${typeName(table)}' object is not subscriptable`);
}

/** `s.translate(table)`: each code point mapped through `table` to a str, a code point, or nothing (None). */
function translate(state: RenderState, s: string, table: unknown): string {
  // Python looks at the table only for a first character (`''.translate(5)` is `''`).
  if (s === '') return s;
  const lookup = translation(table);
  let out = '';
  for (const ch of s) {
    spend(state, 1);
    const mapped = lookup(ch.codePointAt(0) as number);
    if (mapped === undefined) out += ch;
    else if (mapped === null) continue;
    else if (isInt(mapped) || typeof mapped === 'boolean') {
      const code = Number(mapped);
      if (code < 0 || code > 0x10ffff) throw valueError('character mapping must be in range(0x110000)');
      out += String.fromCodePoint(code);
    } else {
      const text = textOf(mapped);
      if (text === undefined) throw typeError('character mapping must return integer, None or str');
      out += text;
    }
    checkSize(state, out.length, 'str.translate() result');
  }
  return out;
}

/** `str.maketrans(x[, y[, z]])`: the table `translate` takes, keyed by code point. */
function maketrans(x: unknown, y: unknown, z: unknown): Map<unknown, unknown> {
  const table = new Map<unknown, unknown>();
  if (y === undefined) {
    if (!isDict(x)) throw typeError('if you give only one argument to maketrans it must be a dict');
    for (const [key, value] of dictEntries(x)) {
      const text = textOf(key);
      if (text !== undefined) {
        if (cpLength(text) !== 1) throw valueError('string keys in translate table must be of length 1');
        dictSet(table, text.codePointAt(0), value);
      } else if (isInt(key) || typeof key === 'boolean') dictSet(table, key, value);
      else throw typeError('keys in translate table must be strings or integers');
    }
    return table;
  }
  const to = clinicStrArg(y, (t) => `maketrans() argument 2 must be str, not ${t}`);
  const drop = z === undefined ? '' : clinicStrArg(z, (t) => `maketrans() argument 3 must be str, not ${t}`);
  const from = textOf(x);
  if (from === undefined)
    throw typeError('first maketrans argument must be a string if there is a second argument');
  const fromChars = codePoints(from);
  const toChars = codePoints(to);
  if (fromChars.length !== toChars.length)
    throw valueError('the first two maketrans arguments must have equal length');
  fromChars.forEach((ch, i) => {
    table.set(ch.codePointAt(0), toChars[i].codePointAt(0));
  });
  for (const ch of drop) table.set(ch.codePointAt(0), null);
  return table;
}

const noArgs = <S>(fn: (self: S) => unknown): Method<S> => ({ params: [], fn: (_state, self) => fn(self) });

const STR_METHODS: Record<string, Method<string>> = {
  upper: noArgs(pyUpper),
  lower: noArgs(pyLower),
  title: noArgs(pyTitle),
  capitalize: noArgs(pyCapitalize),
  swapcase: noArgs(pySwapcase),
  casefold: noArgs(pyCasefold),
  isdigit: noArgs(pyIsDigit),
  isdecimal: noArgs(pyIsDecimal),
  isnumeric: noArgs(pyIsNumeric),
  isalpha: noArgs(pyIsAlpha),
  isalnum: noArgs(pyIsAlnum),
  isspace: noArgs(pyIsSpace),
  islower: noArgs(pyIsLower),
  isupper: noArgs(pyIsUpper),
  istitle: noArgs(pyIsTitle),
  isascii: noArgs(pyIsAscii),
  isidentifier: noArgs(pyIsIdentifier),
  isprintable: noArgs(pyIsPrintable),
  strip: { params: ['chars'], fn: (_state, s, [chars]) => strip(s, chars, true, true) },
  lstrip: { params: ['chars'], fn: (_state, s, [chars]) => strip(s, chars, true, false) },
  rstrip: { params: ['chars'], fn: (_state, s, [chars]) => strip(s, chars, false, true) },
  split: { params: ['sep', 'maxsplit'], keywords: true, fn: (_state, s, [sep, max]) => split(s, sep, max) },
  rsplit: { params: ['sep', 'maxsplit'], keywords: true, fn: (_state, s, [sep, max]) => rsplit(s, sep, max) },
  splitlines: { params: ['keepends'], keywords: true, fn: (_state, s, [keep]) => splitlines(s, keep) },
  replace: {
    params: ['old', 'new', 'count'],
    required: 2,
    fn: (state, s, [old, by, n]) =>
      replace(
        state,
        s,
        clinicStrArg(old, (t) => `replace() argument 1 must be str, not ${t}`),
        clinicStrArg(by, (t) => `replace() argument 2 must be str, not ${t}`),
        n,
      ),
  },
  startswith: {
    params: ['prefix', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [what, a, b]) => affix(s, what, a, b, false, 'startswith'),
  },
  endswith: {
    params: ['suffix', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [what, a, b]) => affix(s, what, a, b, true, 'endswith'),
  },
  find: {
    params: ['sub', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [sub, a, b]) => find(s, sub, a, b, false),
  },
  rfind: {
    params: ['sub', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [sub, a, b]) => find(s, sub, a, b, true),
  },
  index: {
    params: ['sub', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [sub, a, b]) => found(find(s, sub, a, b, false)),
  },
  rindex: {
    params: ['sub', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [sub, a, b]) => found(find(s, sub, a, b, true)),
  },
  count: {
    params: ['sub', 'start', 'end'],
    style: 'classic',
    required: 1,
    fn: (_state, s, [sub, a, b]) => count(s, sub, a, b),
  },
  join: { params: ['iterable'], required: 1, fn: (state, s, [items]) => join(state, s, items) },
  zfill: { params: ['width'], required: 1, fn: (state, s, [w]) => zfill(state, s, w) },
  center: {
    params: ['width', 'fillchar'],
    required: 1,
    fn: (state, s, [w, f]) => justify(state, s, w, f, 'center'),
  },
  ljust: {
    params: ['width', 'fillchar'],
    required: 1,
    fn: (state, s, [w, f]) => justify(state, s, w, f, 'left'),
  },
  rjust: {
    params: ['width', 'fillchar'],
    required: 1,
    fn: (state, s, [w, f]) => justify(state, s, w, f, 'right'),
  },
  expandtabs: { params: ['tabsize'], keywords: true, fn: (state, s, [t]) => expandtabs(state, s, t) },
  partition: { params: ['sep'], required: 1, fn: (_state, s, [sep]) => partition(s, sep, false) },
  rpartition: { params: ['sep'], required: 1, fn: (_state, s, [sep]) => partition(s, sep, true) },
  removeprefix: {
    params: ['prefix'],
    required: 1,
    fn: (_state, s, [p]) => {
      const prefix = clinicStrArg(p, (t) => `removeprefix() argument must be str, not ${t}`);
      return prefix && s.startsWith(prefix) ? s.slice(prefix.length) : s;
    },
  },
  translate: { params: ['table'], required: 1, fn: (state, s, [table]) => translate(state, s, table) },
  maketrans: { params: ['x', 'y', 'z'], required: 1, fn: (_state, _s, [x, y, z]) => maketrans(x, y, z) },
  removesuffix: {
    params: ['suffix'],
    required: 1,
    fn: (_state, s, [p]) => {
      const suffix = clinicStrArg(p, (t) => `removesuffix() argument must be str, not ${t}`);
      return suffix && s.endsWith(suffix) ? s.slice(0, -suffix.length) : s;
    },
  },
  format: {
    params: [],
    varargs: true,
    anyKwargs: true,
    fn: (state, s, args, kwargs) => strFormat(state, s, args, kwargs),
  },
  // Exists (so `'a'.encode is defined` holds, as in Python), but templates have no bytes type to return.
  encode: {
    params: ['encoding', 'errors'],
    keywords: true,
    fn: () => {
      throw typeError('str.encode() is not supported: templates have no bytes values');
    },
  },
  format_map: { params: [], varargs: true, anyKwargs: true, fn: formatMap },
};

/** `s.format_map(mapping)`, which Jinja2's sandbox wraps itself, with its own messages. */
function formatMap(state: RenderState, s: string | Markup, args: unknown[], kwargs: Kwargs): string | Markup {
  if (!noKeys(kwargs)) throw typeError('format_map() takes no keyword arguments');
  if (args.length !== 1) throw typeError(`format_map() takes exactly one argument (${args.length} given)`);
  return strFormatMap(state, s, args[0]);
}

function found(index: number): number {
  if (index < 0) throw valueError('substring not found');
  return index;
}

// ---------------------------------------------------------------------------------------------
// list and tuple

function mutable(list: unknown[]): unknown[] {
  if (Object.isFrozen(list)) throw typeError('this list is read-only data and cannot be changed');
  noteListEdit();
  return list;
}

/** `list.index(x)` and its kin; `missing` words the ValueError, and is called only when `x` is not found. */
function sequenceIndex(
  list: unknown[],
  x: unknown,
  start: unknown,
  end: unknown,
  missing: (x: unknown) => string,
): number {
  let a = 0;
  let b = list.length;
  if (start !== undefined || end !== undefined)
    [a, b] = adjust(list.length, indexBound(start), indexBound(end));
  // The same value is found at once, as Python's `is` finds it before `==`; two different texts are not equal,
  // without `eq`.
  const text = typeof x === 'string';
  for (let i = a; i < b; i++) {
    const item = list[i];
    if (item === x || (!(text && typeof item === 'string') && eq(item, x))) return i;
  }
  throw valueError(missing(x));
}

/** What `index` says of a value a tuple, a range or a list has not (CPython's words). */
const notInTuple = (): string => 'tuple.index(x): x not in tuple';
// CPython's range answers an int (or bool) itself; any other value it searches for as a sequence does.
const notInRange = (x: unknown): string =>
  isInt(x) || typeof x === 'boolean' ? `${repr(x)} is not in range` : 'sequence.index(x): x not in sequence';
const notInList = (x: unknown): string => `${repr(x)} is not in list`;

/** A start or stop of `index`: none, or an int (a bool counts). */
function indexBound(v: unknown): number | null {
  if (v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))
    return intArg(v);
  throw typeError('slice indices must be integers or have an __index__ method');
}

/**
 * Python's list.sort: the keys computed first, then CPython's own sort of them (`timsortLite`: the same
 * comparisons, so a list of mixed types fails on the same pair), `reverse` keeping equal items in their order. As
 * in CPython the list is empty while it sorts (a key function reading it sees no items), and a list changed by a
 * key function in that time fails once it is sorted.
 */
function sortList(state: RenderState, list: unknown[], key: unknown, reverse: unknown): null {
  mutable(list);
  const descending = reverse === undefined ? false : sortFlag(reverse);
  const items = list.slice();
  list.length = 0;
  let sorted: unknown[];
  try {
    const keyOf =
      key === undefined || key === null
        ? (item: unknown) => item
        : (item: unknown) => callValue(state, key, [item], {});
    sorted = pySorted(state, items, keyOf, descending);
  } catch (error) {
    list.length = 0;
    for (const item of items) list.push(item);
    throw error;
  }
  const modified = list.length !== 0;
  list.length = 0;
  for (const item of sorted) list.push(item);
  if (modified) throw valueError('list modified during sort');
  return null;
}

/** `sort`'s `reverse`, which CPython reads as an int. */
function sortFlag(reverse: unknown): boolean {
  if (typeof reverse === 'boolean') return reverse;
  if (typeof reverse === 'bigint') return reverse !== 0n;
  if (typeof reverse === 'number' && Number.isInteger(reverse)) return reverse !== 0;
  throw typeError(`'${typeName(reverse)}' object cannot be interpreted as an integer`);
}

const TUPLE_METHODS: Record<string, Method<unknown[]>> = {
  count: {
    params: ['value'],
    required: 1,
    fn: (_state, list, [x]) => {
      // As `index` compares: the same value at once, two texts without `eq`.
      const text = typeof x === 'string';
      let n = 0;
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        if (item === x || (!(text && typeof item === 'string') && eq(item, x))) n++;
      }
      return n;
    },
  },
  index: {
    params: ['value', 'start', 'stop'],
    required: 1,
    fn: (_state, list, [x, a, b]) => sequenceIndex(list, x, a, b, notInTuple),
  },
};

const RANGE_METHODS: Record<string, Method<unknown[]>> = {
  count: TUPLE_METHODS.count,
  index: {
    params: ['value'],
    required: 1,
    // CPython's range answers an int (or bool) itself; any other value it searches for as a sequence does.
    fn: (_state, items, [x]) => sequenceIndex(items, x, undefined, undefined, notInRange),
  },
};

const LIST_METHODS: Record<string, Method<unknown[]>> = {
  count: TUPLE_METHODS.count,
  index: {
    params: ['value', 'start', 'stop'],
    required: 1,
    fn: (_state, list, [x, a, b]) => sequenceIndex(list, x, a, b, notInList),
  },
  append: {
    params: ['object'],
    required: 1,
    fn: (_state, list, [x]) => {
      mutable(list).push(x);
      return null;
    },
  },
  extend: {
    params: ['iterable'],
    required: 1,
    fn: (_state, list, [items]) => {
      mutable(list).push(...iterate(items));
      return null;
    },
  },
  insert: {
    params: ['index', 'object'],
    required: 2,
    fn: (_state, list, [i, x]) => {
      const n = list.length;
      let at = intArg(i);
      if (at < 0) at = Math.max(0, at + n);
      mutable(list).splice(Math.min(at, n), 0, x);
      return null;
    },
  },
  pop: {
    params: ['index'],
    fn: (_state, list, [i]) => {
      // The index is read before the list is found empty.
      const at = i === undefined ? list.length - 1 : intArg(i);
      if (list.length === 0) throw new TemplateRuntimeError('IndexError', 'pop from empty list');
      const p = at < 0 ? at + list.length : at;
      if (p < 0 || p >= list.length) throw new TemplateRuntimeError('IndexError', 'pop index out of range');
      return mutable(list).splice(p, 1)[0];
    },
  },
  remove: {
    params: ['value'],
    required: 1,
    fn: (_state, list, [x]) => {
      const at = list.findIndex((item) => eq(item, x));
      if (at < 0) throw valueError('list.remove(x): x not in list');
      mutable(list).splice(at, 1);
      return null;
    },
  },
  reverse: noArgs((list: unknown[]) => {
    mutable(list).reverse();
    return null;
  }),
  sort: {
    params: [],
    varargs: true,
    anyKwargs: true,
    fn: (state, list, args, kwargs) => {
      const given = args.length + keywordNames(kwargs).length;
      if (given > 2) {
        const which = args.length > 0 ? 'arguments' : 'keyword arguments';
        throw typeError(`sort() takes at most 2 ${which} (${given} given)`);
      }
      if (args.length > 0) throw typeError('sort() takes no positional arguments');
      for (const key of keywordNames(kwargs)) {
        if (key !== 'key' && key !== 'reverse')
          throw typeError(`'${key}' is an invalid keyword argument for sort()`);
      }
      return sortList(state, list, kwargs.key, kwargs.reverse);
    },
  },
  copy: noArgs((list: unknown[]) => list.slice()),
  clear: noArgs((list: unknown[]) => {
    mutable(list).length = 0;
    return null;
  }),
};

// ---------------------------------------------------------------------------------------------
// dict

function writable(d: Dict): Dict {
  if (Object.isFrozen(d)) throw typeError('this dict is read-only data and cannot be changed');
  return d;
}

/**
 * `d[key] = value`: a `Map` finds an equal key (`1`, `1.0`, `True`) and refuses unhashable ones; a plain object
 * stores a data property, so that `__proto__` and friends stay plain keys.
 */
export function dictSet(d: Dict, key: unknown, value: unknown): void {
  if (d instanceof Map) {
    // A key the dict holds, or a text where no Markup key may equal it, is set at once; any other key is looked
    // for among the keys that may equal it (`1`, `1.0`, `True`).
    if ((typeof key === 'string' && hasSimpleKeys(d)) || d.has(key)) {
      const size = d.size;
      d.set(key, value);
      if (d.size !== size) noteDictResize();
      return;
    }
    requireHashable(key);
    const equal = equalKey(d, key);
    if (equal !== NO_ITEM) d.set(equal, value);
    else {
      d.set(key, value);
      noteKey(d, key);
    }
    return;
  }
  const name = typeof key === 'string' ? key : key instanceof Markup ? key.value : undefined;
  if (name === undefined) throw typeError(`this dict only takes str keys, not ${typeName(key)}`);
  // A key the dict holds, or one nothing it inherits has (all but `__proto__` and `Object.prototype`'s names),
  // is stored by assignment, which makes or changes the same data property as defining it (5x faster).
  if (Object.hasOwn(d, name)) {
    (d as Record<string, unknown>)[name] = value;
    return;
  }
  if (!(name in d)) (d as Record<string, unknown>)[name] = value;
  else Object.defineProperty(d, name, { value, writable: true, enumerable: true, configurable: true });
  // A number-like key comes last in Python's order, where JS lists it first.
  noteAddedKey(d, name);
  noteDictResize();
}

/**
 * One pair of `d.update({key: value})` set in `d`, as `update` sets a pair of the dict it is given: a key the
 * literal could not hold fails as the literal would.
 */
export function updateWithPair(state: RenderState, d: Dict, key: unknown, value: unknown): void {
  writable(d);
  spend(state, 1);
  // A Map's `dictSet` asks itself; a plain object's refuses any key but text, after the literal would have.
  if (typeof key !== 'string' && !(d instanceof Map)) requireHashable(key);
  dictSet(d, key, value);
}

/**
 * `dictSet` for many keys (`update`, `fromkeys`): a `Map`'s keys equal to the new ones are found by their hash,
 * not by comparing each new key with every key.
 */
export function dictSetter(d: Dict): (key: unknown, value: unknown) => void {
  // A dict whose keys `dictSet` finds without a pass over them needs no index.
  if (!(d instanceof Map) || hasSimpleKeys(d)) return (key, value) => dictSet(d, key, value);
  const keys = keyIndex(d);
  return (key, value) => {
    // A text too may equal a key (Markup) of a dict of other keys.
    const known = keys.get(hashKey(key));
    if (known !== undefined) d.set(known, value);
    else {
      d.set(key, value);
      noteKey(d, key);
    }
  };
}

function dictDelete(d: Dict, key: unknown): void {
  if (d instanceof Map) {
    const found = d.has(key) ? key : equalKey(d, key);
    if (found !== NO_ITEM) {
      d.delete(found);
      forgetKey(d, found);
      noteDictResize();
    }
    return;
  }
  const name = typeof key === 'string' ? key : String(key);
  if (!Object.hasOwn(d, name)) return;
  delete d[name];
  noteDeletedKey(d, name);
  noteDictResize();
}

/** `d[key]` as a template sees it, or `NO_ITEM`: one lookup, no allocation; an unhashable key fails. */
function dictGet(d: Dict, key: unknown): unknown {
  requireHashable(key);
  return dictItem(d, key);
}

function update(state: RenderState, d: Dict, other: unknown, kwargs: Kwargs): null {
  writable(d);
  // Python asks `other` for `keys` first, which an Undefined refuses.
  if (other instanceof Undefined) throw undefinedError(other);
  if (other !== undefined && isDict(other) && !(other instanceof Map)) {
    // A plain object (`d.update({key: value})`): its text keys as they are, with no list of pairs and no setter
    // (a Map sets a text key at once).
    const keys = ownKeys(other);
    for (let i = 0; i < keys.length; i++) {
      const value = other[keys[i]];
      if (!isVisible(value)) continue;
      spend(state, 1);
      dictSet(d, keys[i], value);
    }
    if (kwargs !== NO_KWARGS) for (const k of keywordNames(kwargs)) dictSet(d, k, kwargs[k]);
    return null;
  }
  const set = dictSetter(d);
  if (other !== undefined) {
    if (isDict(other)) {
      for (const [k, v] of dictEntries(other)) {
        spend(state, 1);
        set(k, v);
      }
    } else {
      iterate(other).forEach((pair, i) => {
        const items = Array.isArray(pair) || typeof pair === 'string' ? iterate(pair) : null;
        if (items === null)
          throw typeError(`cannot convert dictionary update sequence element #${i} to a sequence`);
        if (items.length !== 2) {
          throw valueError(
            `dictionary update sequence element #${i} has length ${items.length}; 2 is required`,
          );
        }
        spend(state, 1);
        set(items[0], items[1]);
      });
    }
  }
  if (kwargs !== NO_KWARGS) for (const k of keywordNames(kwargs)) set(k, kwargs[k]);
  return null;
}

function keyError(key: unknown): TemplateRuntimeError {
  return new TemplateRuntimeError('KeyError', repr(key));
}

/** The attributes of Python's dict: `d.items` is the bound method, never the key `'items'`. */
export const DICT_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'clear',
  'copy',
  'fromkeys',
  'get',
  'items',
  'keys',
  'pop',
  'popitem',
  'setdefault',
  'update',
  'values',
]);

const DICT_METHODS: Record<string, Method<Dict>> = {
  keys: noArgs((d: Dict) => dictView('dict_keys', dictKeys(d), d)),
  values: noArgs((d: Dict) => dictView('dict_values', dictValues(d), d)),
  items: noArgs((d: Dict) => dictView('dict_items', dictItemTuples(d), d)),
  get: {
    params: ['key', 'default'],
    required: 1,
    fn: (_state, d, [key, fallback]) => {
      const value = dictGet(d, key);
      return value !== NO_ITEM ? value : (fallback ?? null);
    },
  },
  pop: {
    params: ['key', 'default'],
    required: 1,
    fn: (_state, d, [key, fallback]) => {
      // An empty dict answers without hashing the key.
      if (length(d) === 0) {
        if (fallback === undefined) throw keyError(key);
        return fallback;
      }
      const value = dictGet(d, key);
      if (value === NO_ITEM) {
        if (fallback === undefined) throw keyError(key);
        return fallback;
      }
      dictDelete(writable(d), key);
      return value;
    },
  },
  popitem: noArgs((d: Dict) => {
    const entries = dictEntries(d);
    if (entries.length === 0) throw new TemplateRuntimeError('KeyError', "'popitem(): dictionary is empty'");
    const [key, value] = entries[entries.length - 1];
    dictDelete(writable(d), key);
    return tuple([key, value]);
  }),
  setdefault: {
    params: ['key', 'default'],
    required: 1,
    fn: (_state, d, [key, fallback]) => {
      const found = dictGet(d, key);
      if (found !== NO_ITEM) return found;
      const value = fallback ?? null;
      dictSet(writable(d), key, value);
      return value;
    },
  },
  update: {
    params: ['other'],
    anyKwargs: true,
    fn: (state, d, args, kwargs) => {
      if (args.length > 1) throw typeError(`update expected at most 1 argument, got ${args.length}`);
      return update(state, d, args[0], kwargs);
    },
  },
  // A copy is a Map whatever it copies, as a dict a template makes is (it may be filled with keys of any type).
  copy: noArgs((d: Dict) => {
    if (d instanceof Map) return copiedDict(d, d);
    const out = newDict();
    for (const [key, value] of dictEntries(d)) out.set(key, value);
    return out;
  }),
  clear: noArgs((d: Dict) => {
    writable(d);
    noteDictResize();
    if (d instanceof Map) {
      d.clear();
      forgetKey(d, ALL_KEYS);
    } else {
      for (const key of Object.keys(d)) delete d[key];
      noteDeletedKey(d, null);
    }
    return null;
  }),
  fromkeys: {
    params: ['iterable', 'value'],
    required: 1,
    fn: (state, _d, [items, value]) => {
      const keys = iterate(items);
      const fill = value ?? null;
      const out = newDict();
      const set = dictSetter(out);
      for (const k of keys) {
        spend(state, 1);
        set(k, fill);
      }
      return out;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// int and float

function bitLength(n: bigint): number {
  const abs = n < 0n ? -n : n;
  return abs === 0n ? 0 : abs.toString(2).length;
}

const INT_METHODS: Record<string, Method<number | bigint | boolean>> = {
  bit_length: noArgs((n: number | bigint | boolean) => bitLength(bigOf(n))),
  bit_count: noArgs((n: number | bigint | boolean) => {
    const big = bigOf(n);
    return (big < 0n ? -big : big).toString(2).replaceAll('0', '').length;
  }),
  conjugate: noArgs((n: number | bigint | boolean) => (typeof n === 'boolean' ? Number(n) : n)),
  as_integer_ratio: noArgs((n: number | bigint | boolean) =>
    tuple([typeof n === 'boolean' ? Number(n) : n, 1]),
  ),
};

const view = new DataView(new ArrayBuffer(8));

/** `float.hex()`: `0x1.8000000000000p+3`. */
function floatHex(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0x0.0p+0`;
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fraction = ((BigInt(hi & 0xfffff) << 32n) | BigInt(lo)).toString(16).padStart(13, '0');
  const exp = biased === 0 ? -1022 : biased - 1023;
  return `${sign}0x${biased === 0 ? '0' : '1'}.${fraction}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
}

/** Python's ASCII whitespace (`Py_ISSPACE`), which `float.fromhex` skips around its text and nothing else. */
function isAsciiSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** The value of an ASCII hex digit's code, or -1. */
function hexDigitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The end of the run of hex digits in `text` from `i` (before `end`). */
function hexDigitsEnd(text: string, i: number, end: number): number {
  while (i < end && hexDigitValue(text.charCodeAt(i)) >= 0) i++;
  return i;
}

function invalidHexFloat(): TemplateRuntimeError {
  return valueError('invalid hexadecimal floating-point string');
}

/**
 * `float.fromhex(s)`, read as CPython reads it: ASCII whitespace around, a sign, `inf`/`infinity`/`nan`, or an
 * optional `0x`, hex digits with an optional fraction and an optional `p` exponent. One pass over the
 * characters, without a regex or a string made of the digits (2x on short texts).
 */
function floatFromHex(s: unknown): number | PyFloat {
  const text = textOf(s);
  if (text === undefined) throw typeError('bad argument type for built-in operation');
  // A long text is read (and its digits made a BigInt) in one call: its length is charged first.
  spendRunningOnText(text);
  let i = 0;
  let end = text.length;
  while (i < end && isAsciiSpace(text.charCodeAt(i))) i++;
  while (end > i && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  const sign = text.charCodeAt(i);
  const negative = sign === 45;
  if (negative || sign === 43) i++;
  const first = text.charCodeAt(i) | 32;
  if (first === 105 || first === 110) {
    // `inf`, `infinity` or `nan`, in any case.
    const word = text.slice(i, end).toLowerCase();
    if (word === 'nan') return Number.NaN;
    if (word === 'inf' || word === 'infinity')
      return negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    throw invalidHexFloat();
  }
  if (text.charCodeAt(i) === 48 && (text.charCodeAt(i + 1) | 32) === 120) i += 2;
  const wholeStart = i;
  const wholeEnd = hexDigitsEnd(text, i, end);
  let fractionStart = wholeEnd;
  let fractionEnd = wholeEnd;
  if (text.charCodeAt(wholeEnd) === 46 && wholeEnd < end) {
    fractionStart = wholeEnd + 1;
    fractionEnd = hexDigitsEnd(text, fractionStart, end);
  }
  if (wholeEnd === wholeStart && fractionEnd === fractionStart) throw invalidHexFloat();
  i = fractionEnd;
  let exp = 0;
  if (i < end && (text.charCodeAt(i) | 32) === 112) {
    i++;
    const expSign = text.charCodeAt(i);
    if (expSign === 43 || expSign === 45) i++;
    const digitsStart = i;
    while (i < end && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i === digitsStart) throw invalidHexFloat();
    exp = Number(text.slice(digitsStart, i));
    if (expSign === 45) exp = -exp;
  }
  if (i !== end) throw invalidHexFloat();
  exp -= 4 * (fractionEnd - fractionStart);
  const digitCount = wholeEnd - wholeStart + (fractionEnd - fractionStart);
  let value: number;
  if (digitCount <= 13 && exp >= -1022 && exp <= 1023) {
    // Up to 52 bits are an exact double, and so is a power of two in the normal range: the product rounds once
    // (to a subnormal or to infinity), as the exact value would.
    let mantissa = 0;
    for (let k = wholeStart; k < wholeEnd; k++) mantissa = mantissa * 16 + hexDigitValue(text.charCodeAt(k));
    for (let k = fractionStart; k < fractionEnd; k++)
      mantissa = mantissa * 16 + hexDigitValue(text.charCodeAt(k));
    value = mantissa * powerOfTwo(exp);
  } else {
    const mantissa = BigInt(
      `0x0${text.slice(wholeStart, wholeEnd)}${text.slice(fractionStart, fractionEnd)}`,
    );
    value = mantissa === 0n ? 0 : scaleBig(mantissa, exp);
  }
  if (!Number.isFinite(value)) {
    throw new TemplateRuntimeError('OverflowError', 'hexadecimal value too large to represent as a float');
  }
  return float(negative ? -value : value);
}

/** 2^e for -1022 <= e <= 1023, each exact; filled on first use. */
let powersOfTwo: Float64Array | undefined;

/** `2 ** e` for an exponent of the normal range, read from a table: `**` measured 20 ns a call. */
function powerOfTwo(e: number): number {
  if (powersOfTwo === undefined) {
    powersOfTwo = new Float64Array(2046);
    for (let k = 0, v = 1; k <= 1023; k++, v *= 2) powersOfTwo[k + 1022] = v;
    for (let k = 0, v = 1; k >= -1022; k--, v /= 2) powersOfTwo[k + 1022] = v;
  }
  return powersOfTwo[e + 1022];
}

/** `m * 2^exp` as the nearest double. */
function scaleBig(m: bigint, exp: number): number {
  // Keep 64 significant bits (with a sticky bit) so that a single rounding happens in Number().
  const bits = m.toString(2).length;
  let mantissa = m;
  let e = exp;
  if (bits > 64) {
    const drop = BigInt(bits - 64);
    const sticky = (mantissa & ((1n << drop) - 1n)) !== 0n ? 1n : 0n;
    mantissa = (mantissa >> drop) | sticky;
    e += bits - 64;
  }
  let value = Number(mantissa);
  while (e > 0 && Number.isFinite(value)) {
    const step = Math.min(e, 1000);
    value *= 2 ** step;
    e -= step;
  }
  while (e < 0 && value !== 0) {
    const step = Math.min(-e, 1000);
    value /= 2 ** step;
    e += step;
  }
  return value;
}

function floatRatio(x: number): unknown[] {
  if (Number.isNaN(x)) throw valueError('cannot convert NaN to integer ratio');
  if (!Number.isFinite(x))
    throw new TemplateRuntimeError('OverflowError', 'cannot convert Infinity to integer ratio');
  if (x === 0) return tuple([0, 1]);
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp = biased === 0 ? -1074 : biased - 1075;
  if (biased !== 0) mantissa |= 1n << 52n;
  while ((mantissa & 1n) === 0n && exp < 0) {
    mantissa >>= 1n;
    exp++;
  }
  const numerator = exp >= 0 ? mantissa << BigInt(exp) : mantissa;
  const denominator = exp >= 0 ? 1n : 1n << BigInt(-exp);
  return tuple([int(x < 0 ? -numerator : numerator), int(denominator)]);
}

const FLOAT_METHODS: Record<string, Method<number>> = {
  is_integer: noArgs((x: number) => Number.isInteger(x)),
  conjugate: noArgs((x: number) => float(x)),
  as_integer_ratio: noArgs(floatRatio),
  hex: noArgs(floatHex),
  fromhex: { params: ['string'], required: 1, fn: (_state, _x, [s]) => floatFromHex(s) },
};

/** The method names of each Python type templates call methods on, for tests that call every one. @internal */
export const METHOD_NAMES: Readonly<
  Record<'str' | 'list' | 'tuple' | 'dict' | 'int' | 'float', readonly string[]>
> = {
  str: Object.keys(STR_METHODS),
  list: Object.keys(LIST_METHODS),
  tuple: Object.keys(TUPLE_METHODS),
  dict: Object.keys(DICT_METHODS),
  int: Object.keys(INT_METHODS),
  float: Object.keys(FLOAT_METHODS),
};

/** The value-like attributes of numbers: `real`, `imag`, `numerator`, `denominator`. */
export function numberProperty(obj: unknown, name: string): unknown {
  const isIntValue =
    typeof obj === 'boolean' || typeof obj === 'bigint' || (typeof obj === 'number' && Number.isInteger(obj));
  if (isIntValue) {
    const n = typeof obj === 'boolean' ? Number(obj) : (obj as number | bigint);
    if (name === 'real' || name === 'numerator') return n;
    if (name === 'imag') return 0;
    if (name === 'denominator') return 1;
    return undefined;
  }
  const x = typeof obj === 'number' ? obj : obj instanceof PyFloat ? obj.value : undefined;
  if (x === undefined) return undefined;
  if (name === 'real') return float(x);
  if (name === 'imag') return new PyFloat(0);
  return undefined;
}

/** A method of one type as a bound method shows it: made once for each table and name, not for each bound method. */
interface BoundKind<S> {
  readonly owner: string;
  readonly name: string;
  readonly method: Method<S>;
  readonly pyType: string;
  /** What it prints (`<built-in method upper of str object at 0x7f0000000000>`). */
  readonly text: string;
}

/**
 * The methods of one table as bound methods show them, by name (tables share entries: `count` is the list's, the
 * tuple's and the range's).
 */
function boundKinds<S>(owner: string, table: Record<string, Method<S>>): ReadonlyMap<string, BoundKind<S>> {
  const kinds = new Map<string, BoundKind<S>>();
  for (const [name, method] of Object.entries(table)) {
    // Jinja2's sandbox replaces str.format and format_map with functions of its own.
    const sandboxed = owner === 'str' && (name === 'format' || name === 'format_map');
    // `fromkeys` and `maketrans` are the type's methods (class and static methods), bound to the type.
    const ofType = name === 'fromkeys' || name === 'maketrans';
    kinds.set(name, {
      owner,
      name,
      method,
      pyType: sandboxed ? 'function' : 'builtin_function_or_method',
      text: sandboxed
        ? `<function str.${name}${ADDRESS}>`
        : `<built-in method ${name} of ${ofType ? 'type' : owner} object${ADDRESS}>`,
    });
  }
  return kinds;
}

/** `self.name` as a bound method, when `name` is one of `kinds`. */
function bound<S>(kinds: ReadonlyMap<string, BoundKind<S>>, name: string, self: S): PyCallable | undefined {
  const kind = kinds.get(name);
  if (kind === undefined) return undefined;
  const { owner, method } = kind;
  return new PyCallable(
    name,
    (state, args, kwargs) => method.fn(state, self, bind(owner, name, method, args, kwargs), kwargs),
    undefined,
    kind.pyType,
    kind.text,
  );
}

/** A method found for a call `obj.name(...)`, run on `self` without making a bound method first. */
export interface ResolvedMethod {
  readonly owner: string;
  readonly name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each table's methods take their own type of `self`
  readonly method: Method<any>;
  /** The call's arguments are the method's as they are: positional only, as many as it takes. */
  readonly bindFree: boolean;
}

/** Calls a resolved method of `self`, binding the arguments as CPython does. */
export function callResolved(
  state: RenderState,
  resolved: ResolvedMethod,
  self: unknown,
  args: unknown[],
  kwargs: Kwargs,
): unknown {
  const { owner, name, method } = resolved;
  // An integral float's methods are a float's, on its number.
  const on = self instanceof PyFloat ? self.value : self;
  // A method's native pass over a long text or list (`.upper()`, `.count()`) is charged to the render's time.
  if (typeof on === 'string') spendRunningOnText(on);
  else if (Array.isArray(on)) spendRunningOnItems(on);
  return method.fn(state, on, resolved.bindFree ? args : bind(owner, name, method, args, kwargs), kwargs);
}

function resolved<S>(
  owner: string,
  table: Record<string, Method<S>>,
  name: string,
  count: number | null,
): ResolvedMethod | null {
  if (!Object.hasOwn(table, name)) return null;
  const method = table[name];
  const bindFree =
    count !== null &&
    (method.varargs === true || (count >= (method.required ?? 0) && count <= method.params.length));
  return { owner, name, method, bindFree };
}

/** The methods named `name` of each receiver type, for a call with `count` positional arguments (null: more). */
export interface MethodsNamed {
  readonly str: ResolvedMethod | null;
  readonly list: ResolvedMethod | null;
  readonly dict: ResolvedMethod | null;
  /**
   * The method for a receiver: strings, numbers, lists and dicts (the receivers templates call methods on);
   * null for any other (tuples, which may be named, Markup, engine objects), which `getattr` serves.
   */
  readonly find: (obj: unknown) => ResolvedMethod | null;
}

/**
 * For a call `obj.name(...)` known when the template is compiled: the methods of that name, found once, so a
 * call runs one directly; the str and dict ones a compiled call may run without the search.
 */
export function methodsNamed(name: string, count: number | null): MethodsNamed {
  const ofStr = resolved('str', STR_METHODS, name, count);
  const ofList = resolved('list', LIST_METHODS, name, count);
  const ofDict = resolved('dict', DICT_METHODS, name, count);
  const ofInt = resolved('int', INT_METHODS, name, count);
  const ofFloat = resolved('float', FLOAT_METHODS, name, count);
  const find = (obj: unknown): ResolvedMethod | null => {
    if (typeof obj === 'string') return ofStr;
    if (typeof obj === 'number') return Number.isInteger(obj) ? ofInt : ofFloat;
    if (typeof obj === 'boolean' || typeof obj === 'bigint') return ofInt;
    if (typeof obj !== 'object' || obj === null) return null;
    // A list's methods are a plain list's only: no tuple, view, iterator or range (one read of its marks).
    if (Array.isArray(obj)) return marksOf(obj) === undefined ? ofList : null;
    if (obj instanceof PyFloat) return ofFloat;
    return isDict(obj) ? ofDict : null;
  };
  return { str: ofStr, list: ofList, dict: ofDict, find };
}

// ---------------------------------------------------------------------------------------------
// Markup

/** `markupsafe.escape` of an argument: text becomes escaped Markup, Markup stays, anything else is kept. */
function escapeArgument(v: unknown): unknown {
  return typeof v === 'string' ? new Markup(escapeText(v)) : v;
}

/** `markupsafe.escape(v)` of any value: Markup of its escaped text (`str()` first), Markup itself kept. */
function escapeValue(v: unknown): Markup {
  return v instanceof Markup ? v : new Markup(escapeText(str(v)));
}

/** `Markup.<name>` of the str methods markupsafe wraps: text arguments escaped, the result Markup again. */
const ESCAPING_WRAPPERS: ReadonlySet<string> = new Set(
  'capitalize title lower upper replace ljust rjust lstrip rstrip center strip translate expandtabs swapcase zfill'.split(
    ' ',
  ),
);

/**
 * Binds arguments as CPython binds them to a `def` method of Python code (markupsafe's `split`, `join`, ...):
 * `qualname` names it in messages, `params` are its parameters after `self`, the first `required` of them
 * without a default. A parameter not given is JS `undefined`.
 */
function bindDef(
  qualname: string,
  params: readonly string[],
  required: number,
  args: unknown[],
  kwargs: Kwargs,
): unknown[] {
  const bound: unknown[] = params.map((_, i) => args[i]);
  for (const key of keywordNames(kwargs)) {
    const index = params.indexOf(key);
    if (index < 0) throw typeError(`${qualname}() got an unexpected keyword argument '${key}'`);
    if (index < args.length) throw typeError(`${qualname}() got multiple values for argument '${key}'`);
    bound[index] = kwargs[key];
  }
  if (args.length > params.length) {
    const least = required + 1;
    const most = params.length + 1;
    const takes = least === most ? `${most}` : `from ${least} to ${most}`;
    throw typeError(
      `${qualname}() takes ${takes} positional argument${most === 1 ? '' : 's'} but ${args.length + 1} were given`,
    );
  }
  const missing = params.slice(0, required).filter((_, i) => bound[i] === undefined);
  if (missing.length > 0) {
    const names = missing.map((p) => `'${p}'`).join(' and ');
    throw typeError(
      `${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${names}`,
    );
  }
  return bound;
}

/** A str method's result for a Markup receiver: texts wrapped as Markup, lists and tuples of them too. */
function asMarkup(result: unknown): unknown {
  if (typeof result === 'string') return new Markup(result);
  if (Array.isArray(result)) {
    const items = result.map(asMarkup);
    return isTuple(result) ? tuple(items) : items;
  }
  return result;
}

/**
 * `Markup.striptags()` and `Markup.unescape()`, which give plain text: set by the HTML filters' module, whose
 * `striptags` filter they are (it imports this module, so this one cannot import it).
 */
export const markupTextMethods: {
  striptags: (state: RenderState, s: string) => string;
  unescape: (state: RenderState, s: string) => string;
} = {
  striptags: () => {
    throw new TemplateRuntimeError('TypeError', 'the HTML filters are not loaded');
  },
  unescape: () => {
    throw new TemplateRuntimeError('TypeError', 'the HTML filters are not loaded');
  },
};

/** The methods markupsafe's `Markup` defines in Python: each binds as a `def` and returns Markup (but two). */
const MARKUP_METHODS: Record<
  string,
  {
    params: readonly string[];
    required: number;
    fn: (state: RenderState, m: Markup, args: unknown[]) => unknown;
  }
> = {
  split: {
    params: ['sep', 'maxsplit'],
    required: 0,
    fn: (_state, m, [sep, max]) => asMarkup(split(m.value, sep, max)),
  },
  rsplit: {
    params: ['sep', 'maxsplit'],
    required: 0,
    fn: (_state, m, [sep, max]) => asMarkup(rsplit(m.value, sep, max)),
  },
  splitlines: {
    params: ['keepends'],
    required: 0,
    fn: (_state, m, [keep]) => asMarkup(splitlines(m.value, keep)),
  },
  join: {
    params: ['seq'],
    required: 1,
    fn: (state, m, [seq]) => new Markup(join(state, m.value, iterate(seq).map(escapeValue))),
  },
  partition: {
    params: ['sep'],
    required: 1,
    fn: (_state, m, [sep]) => asMarkup(partition(m.value, escapeValue(sep), false)),
  },
  rpartition: {
    params: ['sep'],
    required: 1,
    fn: (_state, m, [sep]) => asMarkup(partition(m.value, escapeValue(sep), true)),
  },
  escape: { params: ['s'], required: 1, fn: (_state, _m, [v]) => escapeValue(v) },
  striptags: { params: [], required: 0, fn: (state, m) => markupTextMethods.striptags(state, m.value) },
  unescape: { params: [], required: 0, fn: (state, m) => markupTextMethods.unescape(state, m.value) },
};

/**
 * The bound method `m.name` of a `Markup`, as markupsafe 2.1 defines it: `format` and `format_map` escape their
 * fields (Jinja2's sandbox formats them); the wrapped str methods escape their text arguments and return
 * Markup; `split`, `join`, `partition` and the like return Markup; the other str methods return plain values.
 */
function markupMethod(m: Markup, name: string): PyCallable | undefined {
  const text = (owner: string) => `<bound method ${owner}.${name} of ${repr(m)}>`;
  if (name === 'format' || name === 'format_map') {
    return new PyCallable(
      name,
      (state, args, kwargs) =>
        name === 'format' ? markupFormat(state, m.value, args, kwargs) : formatMap(state, m, args, kwargs),
      undefined,
      'function',
      `<function Markup.${name}${ADDRESS}>`,
    );
  }
  if (Object.hasOwn(MARKUP_METHODS, name)) {
    const method = MARKUP_METHODS[name];
    return new PyCallable(
      name,
      (state, args, kwargs) =>
        method.fn(state, m, bindDef(`Markup.${name}`, method.params, method.required, args, kwargs)),
      undefined,
      'method',
      text('Markup'),
    );
  }
  if (!Object.hasOwn(STR_METHODS, name)) return undefined;
  const method = STR_METHODS[name];
  if (ESCAPING_WRAPPERS.has(name)) {
    return new PyCallable(
      name,
      (state, args, kwargs) => {
        const escapedKwargs: Kwargs = {};
        for (const key in kwargs) escapedKwargs[key] = escapeArgument(kwargs[key]);
        const escaped = args.map(escapeArgument);
        return asMarkup(
          method.fn(state, m.value, bind('str', name, method, escaped, escapedKwargs), escapedKwargs),
        );
      },
      undefined,
      'method',
      text('str'),
    );
  }
  return new PyCallable(
    name,
    // `maketrans` is a static method of str, whatever it is called on.
    (state, args, kwargs) =>
      method.fn(
        state,
        m.value,
        bind(name === 'maketrans' ? 'str' : 'Markup', name, method, args, kwargs),
        kwargs,
      ),
    undefined,
    'builtin_function_or_method',
    `<built-in method ${name} of Markup object${ADDRESS}>`,
  );
}

const STR_BOUND = boundKinds('str', STR_METHODS);
const INT_BOUND = boundKinds('int', INT_METHODS);
const FLOAT_BOUND = boundKinds('float', FLOAT_METHODS);
const TUPLE_BOUND = boundKinds('tuple', TUPLE_METHODS);
const LIST_BOUND = boundKinds('list', LIST_METHODS);
const RANGE_BOUND = boundKinds('range', RANGE_METHODS);
const DICT_BOUND = boundKinds('dict', DICT_METHODS);

/** The bound method `obj.name` of a Python value (`'a'.upper`, `d.items`, `(5).bit_length`), if it has one. */
export function getMethod(obj: unknown, name: string): PyCallable | undefined {
  switch (typeof obj) {
    case 'string':
      return bound(STR_BOUND, name, obj);
    case 'number':
      return Number.isInteger(obj) ? bound(INT_BOUND, name, obj) : bound(FLOAT_BOUND, name, obj);
    case 'bigint':
    case 'boolean':
      return bound(INT_BOUND, name, obj);
    case 'object':
      break;
    default:
      return undefined;
  }
  if (obj === null) return undefined;
  if (Array.isArray(obj)) {
    if (dictViewKind(obj) !== undefined || iteratorKind(obj) !== undefined) return undefined;
    if (isTuple(obj)) return bound(TUPLE_BOUND, name, obj);
    return rangeOf(obj) === undefined ? bound(LIST_BOUND, name, obj) : bound(RANGE_BOUND, name, obj);
  }
  if (obj instanceof PyFloat) return bound(FLOAT_BOUND, name, obj.value);
  if (obj instanceof Markup) return markupMethod(obj, name);
  if (isDict(obj)) return bound(DICT_BOUND, name, obj as Dict);
  return undefined;
}

/** True when `name` is a method of Python's `dict` (so `d.name` is the method, not the key). */
export function isDictMethodName(name: string): boolean {
  return Object.hasOwn(DICT_METHODS, name);
}
