/** Jinja2's number filters: `abs`, `int`, `float`, `round`, `filesizeformat`, exact to Python's arithmetic. */
import { TemplateRuntimeError, typeError, valueError } from '../errors';
import { spendRunning } from '../limits';
import { repr } from '../runtime/format';
import { decompose, fixedText, POW10, roundFloatFast } from '../runtime/number-format';
import { bigDivide, isPlainSequence, truthy, typeName } from '../runtime/operators';
import type { FilterSpec } from '../runtime/state';
import { isPySpaceCode, pyIsAscii } from '../runtime/strings';
import { undefinedError } from '../runtime/undefined';
import {
  float,
  int,
  isFloat,
  isInt,
  Markup,
  PyFloat,
  rangeOf,
  toJsNumber,
  Undefined,
} from '../runtime/values';
import { indexArg } from './args';

const overflowError = (message: string) => new TemplateRuntimeError('OverflowError', message);

const DECIMAL_DIGIT = /\p{Nd}/u;

/** The values of the non-ASCII characters met so far as digits (-1: not a decimal digit), by code point. */
const digitValues = new Map<number, number>();

/**
 * The value of the character of code point `cp` as a Unicode decimal digit, or -1. Digits come in runs of ten
 * from 0, so a digit's value is how far back its run starts.
 */
function digitValue(cp: number): number {
  let value = digitValues.get(cp);
  if (value === undefined) {
    value = -1;
    if (DECIMAL_DIGIT.test(String.fromCodePoint(cp))) {
      let zero = cp;
      while (zero > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
      value = (cp - zero) % 10;
    }
    // Bounded: the map holds at most the characters of the texts read, and is cleared past a size.
    if (digitValues.size >= 4096) digitValues.clear();
    digitValues.set(cp, value);
  }
  return value;
}

/**
 * `text` without the spaces `int()` and `float()` strip at its ends: C's ASCII whitespace and Unicode's non-ASCII
 * spaces, but not U+001C..U+001F (which `isPySpaceCode` counts). By character code: a regex test per character
 * cost a string and a call each.
 */
function stripNumberSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isNumberSpaceCode(text.charCodeAt(start))) start++;
  while (end > start && isNumberSpaceCode(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isNumberSpaceCode(c: number): boolean {
  return (c < 28 || c > 31) && isPySpaceCode(c);
}

/** Python's number parsing strips whitespace and reads any Unicode decimal digit as its ASCII digit. */
function normalizeNumberText(text: string): string {
  const trimmed = stripNumberSpace(text);
  if (pyIsAscii(trimmed)) return trimmed;
  // A character at a time, spending the render's time: a replacement by pattern finds every match before it
  // hands back one, and no time limit can stop it on a text of millions.
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < trimmed.length; i++) {
    if (trimmed.charCodeAt(i) < 0x80) continue;
    spendRunning(1);
    const cp = trimmed.codePointAt(i) as number;
    const digit = digitValue(cp);
    const end = cp > 0xffff ? i + 2 : i + 1;
    if (digit >= 0) {
      if (i > at) parts.push(trimmed.slice(at, i));
      parts.push(String(digit));
      at = end;
    }
    i = end - 1;
  }
  if (at < trimmed.length) parts.push(trimmed.slice(at));
  return parts.join('');
}

const FLOAT_TEXT =
  /^[+-]?(?:(?:[0-9](?:_?[0-9])*)(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/;
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;
const PLAIN_DECIMAL = /^-?[0-9]{1,15}(?:\.[0-9]{1,15})?$/;
const PLAIN_INT = /^-?[0-9]{1,15}$/;

/** Python's `float(str)`: the number, or `undefined` where Python raises ValueError. */
export function parsePyFloat(text: string): number | undefined {
  // `12`, `-3.5`: JS reads plain decimal text as Python does (both correctly rounded).
  if (PLAIN_DECIMAL.test(text)) return Number(text);
  const s = normalizeNumberText(text);
  if (s !== text && PLAIN_DECIMAL.test(s)) return Number(s);
  const special = SPECIAL_FLOAT.exec(s);
  if (special) {
    const magnitude = special[2].toLowerCase() === 'nan' ? Number.NaN : Number.POSITIVE_INFINITY;
    return special[1] === '-' ? -magnitude : magnitude;
  }
  if (!FLOAT_TEXT.test(s)) return undefined;
  return Number(s.replace(/_/g, ''));
}

const PREFIXES: Record<string, number> = { b: 2, o: 8, x: 16 };
// The bases JS's BigInt() parses natively, with the prefix it needs.
const LITERAL_PREFIXES: Record<number, string> = { 2: '0b', 8: '0o', 10: '', 16: '0x' };

/** Python's `int(str, base)`: the integer, or `undefined` where Python raises ValueError. */
export function parsePyInt(text: string, base: number): number | bigint | undefined {
  // Up to 15 plain digits is a safe int that JS reads exactly (`-0` is int 0).
  if (base === 10 && PLAIN_INT.test(text)) return Number(text) + 0;
  if (base !== 0 && (base < 2 || base > 36)) return undefined;
  let s = normalizeNumberText(text);
  // ` 7 `, `٤٢`: plain digits once stripped and made ASCII.
  if (base === 10 && s !== text && PLAIN_INT.test(s)) return Number(s) + 0;
  let negative = false;
  if (s.startsWith('+') || s.startsWith('-')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  let radix = base;
  const prefix = /^0([box])/i.exec(s);
  if (prefix && (base === 0 || base === PREFIXES[prefix[1].toLowerCase()])) {
    radix = PREFIXES[prefix[1].toLowerCase()];
    // An underscore may follow the prefix: `0x_1f`.
    s = s.slice(2);
    if (s.startsWith('_')) s = s.slice(1);
    if (s === '') return undefined;
  } else if (base === 0) {
    radix = 10;
    // Base 0 reads like a Python literal: no leading zeros on a non-zero number.
    if (/^0/.test(s) && !/^0(?:_?0)*$/.test(s)) return undefined;
  }
  const small = smallIntText(s, radix);
  if (small !== undefined) return negative && small !== 0 ? -small : small;
  if (!/^[0-9a-z](?:_?[0-9a-z])*$/i.test(s)) return undefined;
  const digits = s.replace(/_/g, '').toLowerCase();
  for (const ch of digits) if (Number.parseInt(ch, 36) >= radix) return undefined;
  // CPython 3.11 refuses to convert more than 4300 digits in a base that is not a power of two.
  if ((radix & (radix - 1)) !== 0 && digits.length > 4300) return undefined;
  let value = 0n;
  if (radix in LITERAL_PREFIXES) {
    value = BigInt(LITERAL_PREFIXES[radix] + digits);
  } else {
    const big = BigInt(radix);
    for (const ch of digits) value = value * big + BigInt(Number.parseInt(ch, 36));
  }
  return int(negative ? -value : value);
}

/**
 * The value of `s`, up to ten digits of `radix` and nothing else (`ff`, `0755`), read in one pass: such a value is
 * exact as a JS number (36 ** 10 < 2 ** 53). `undefined` for any other text, which `parsePyInt` reads by BigInt
 * (`'ff'|int(base=16)` cost 240 ns so).
 */
function smallIntText(s: string, radix: number): number | undefined {
  if (s.length === 0 || s.length > 10) return undefined;
  let value = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : (c | 32) >= 97 && (c | 32) <= 122 ? (c | 32) - 87 : 99;
    if (digit >= radix) return undefined;
    value = value * radix + digit;
  }
  return value;
}

/** Python's `float(x)` for the `float` filter and `filesizeformat`: `undefined` where Python raises TypeError or ValueError. */
function toPyFloat(value: unknown): number | undefined {
  if (value instanceof Undefined) throw undefinedError(value);
  if (typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') {
    const x = Number(value);
    if (!Number.isFinite(x)) throw overflowError('int too large to convert to float');
    return x;
  }
  if (typeof value === 'string') return parsePyFloat(value);
  if (value instanceof Markup) return parsePyFloat(value.value);
  return undefined;
}

/** Python's `int(x)` of a float: truncation, OverflowError for infinities, `undefined` (ValueError) for NaN. */
function truncate(x: number): number | bigint | undefined {
  if (Number.isNaN(x)) return undefined;
  if (!Number.isFinite(x)) throw overflowError('cannot convert float infinity to integer');
  const t = Math.trunc(x);
  return Number.isSafeInteger(t) ? t + 0 : int(BigInt(t));
}

function doInt(_state: unknown, value: unknown, fallback: unknown = 0, base: unknown = 10): unknown {
  if (value instanceof Undefined) throw undefinedError(value);
  if (typeof value === 'string') return intOfText(value, fallback, base);
  if (value instanceof Markup) return intOfText(value.value, fallback, base);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (isInt(value)) return value;
  if (isFloat(value)) return truncate(toJsNumber(value)) ?? fallback;
  return fallback;
}

/** `int` of text: Python's `int(text, base)`, else `int(float(text))`, else `fallback`. */
/** The value of a text of one to nine ASCII digits (`'08'`, `'2024'`), else -1. */
function digitsValue(text: string): number {
  const n = text.length;
  if (n === 0 || n > 9) return -1;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function intOfText(text: string, fallback: unknown, base: unknown): unknown {
  if (base === 10) {
    // `'08'`, `'2024'` (a date's parts), counted off their digits.
    const digits = digitsValue(text);
    if (digits >= 0) return digits;
  }
  // `42`, and `12.50` (no int, so the float's, truncated), read here without trying the int's parse first.
  if (base === 10 && PLAIN_DECIMAL.test(text)) return truncate(Number(text)) ?? fallback;
  const parsed = isInt(base) || typeof base === 'boolean' ? parsePyInt(text, Number(base)) : undefined;
  if (parsed !== undefined) return parsed;
  // Jinja's quirk: "42.23"|int is 42, through float().
  const x = parsePyFloat(text);
  if (x === undefined) return fallback;
  return truncate(x) ?? fallback;
}

function doFloat(_state: unknown, value: unknown, fallback: unknown = float(0)): unknown {
  const x = toPyFloat(value);
  return x === undefined ? fallback : float(x);
}

function doAbs(_state: unknown, value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value < 0n ? -value : value;
  if (typeof value === 'number') return Math.abs(value);
  if (value instanceof PyFloat) return float(Math.abs(value.value));
  throw typeError(`bad operand type for abs(): '${typeName(value)}'`);
}

/**
 * |x| * 10 ** digits rounded half-to-even on the exact binary value, as CPython's float rounding and `%.Nf`
 * formatting do (so 2.675 rounds to 2.67: it is really 2.67499999...).
 */
export function scaledRoundHalfEven(x: number, digits: number): bigint {
  const { mantissa, exponent } = decompose(x);
  let num = mantissa;
  let den = 1n;
  if (digits >= 0) num *= 10n ** BigInt(digits);
  else den *= 10n ** BigInt(-digits);
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  let q = num / den;
  const twice = (num - q * den) * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return q;
}

/** Python's `'%.{digits}f' % x` for finite and non-finite floats. */
export function formatFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const fast = fixedText(x, digits);
  if (fast !== null) return fast;
  const q = scaledRoundHalfEven(x, digits)
    .toString()
    .padStart(digits + 1, '0');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return digits === 0 ? `${sign}${q}` : `${sign}${q.slice(0, -digits)}.${q.slice(-digits)}`;
}

/** Python's `round(x, ndigits)` for a float `x`: correctly rounded, half to even on the exact value. */
export function roundFloat(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0 * x;
  const quick = roundFloatFast(x, ndigits);
  if (!Number.isNaN(quick)) return quick;
  const fast = fixedText(x, ndigits);
  if (fast !== null) return Number(fast);
  const q = scaledRoundHalfEven(x, ndigits);
  const magnitude = Number(`${q}e${-ndigits}`);
  if (!Number.isFinite(magnitude)) throw overflowError('rounded value too large to represent');
  return x < 0 ? -magnitude : magnitude;
}

/** Python's `round(n, ndigits)` for an int: unchanged for ndigits >= 0, else half to even at 10 ** -ndigits. */
function roundInt(n: bigint, ndigits: number): bigint {
  if (ndigits >= 0) return n;
  const unit = 10n ** BigInt(-ndigits);
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / unit;
  const twice = (a - q * unit) * 2n;
  if (twice > unit || (twice === unit && q % 2n === 1n)) q += 1n;
  return negative ? -q * unit : q * unit;
}

function doRound(
  _state: unknown,
  value: unknown,
  precision: unknown = 0,
  method: unknown = 'common',
): unknown {
  if (method !== 'common' && method !== 'ceil' && method !== 'floor') {
    throw new TemplateRuntimeError('FilterArgumentError', 'method must be common, ceil or floor');
  }
  if (method === 'common') return roundCommon(value, precision);
  // The usual case first: a float (a JS number that is no integer) and a small int precision, as `roundDirected`
  // takes it, without the checks, the direction's call or an int's exact path.
  if (
    typeof value === 'number' &&
    !Number.isInteger(value) &&
    typeof precision === 'number' &&
    Number.isInteger(precision) &&
    precision >= 0 &&
    precision < POW10.length
  ) {
    const scale = POW10[precision];
    const scaled = value * scale;
    if (Number.isFinite(scaled)) {
      return float(((method === 'ceil' ? Math.ceil(scaled) : Math.floor(scaled)) + 0) / scale);
    }
  }
  return roundDirected(value, precision, method === 'ceil' ? Math.ceil : Math.floor);
}

function roundCommon(value: unknown, precision: unknown): unknown {
  // The usual case first: a plain number and an int precision.
  if (typeof value === 'number' && typeof precision === 'number' && Number.isInteger(precision)) {
    if (!Number.isInteger(value)) return float(roundFloat(value, precision));
    if (precision >= 0 && Number.isSafeInteger(value)) return value;
  }
  const isNumeric = typeof value === 'boolean' || isInt(value) || isFloat(value);
  if (!isNumeric) {
    if (value instanceof Undefined) throw typeError("type Undefined doesn't define __round__ method");
    throw typeError(`type ${typeName(value)} doesn't define __round__ method`);
  }
  if (isFloat(value)) {
    const x = toJsNumber(value);
    if (precision === null) {
      // round(x, None) is round(x): an int, half to even.
      if (Number.isNaN(x)) throw valueError('cannot convert float NaN to integer');
      if (!Number.isFinite(x)) throw overflowError('cannot convert float infinity to integer');
      return int(scaledRoundHalfEven(x, 0) * (x < 0 ? -1n : 1n));
    }
    return float(roundFloat(x, indexArg(precision)));
  }
  const n = typeof value === 'boolean' ? (value ? 1n : 0n) : BigInt(value as number | bigint);
  return int(roundInt(n, precision === null ? 0 : indexArg(precision)));
}

function roundDirected(value: unknown, precision: unknown, direction: (x: number) => number): unknown {
  if (precision === null || !(typeof precision === 'boolean' || isInt(precision))) {
    if (precision instanceof Undefined) throw undefinedError(precision);
    throw typeError(`unsupported operand type(s) for ** or pow(): 'int' and '${typeName(precision)}'`);
  }
  const p = Number(precision);
  const isNumeric = typeof value === 'boolean' || isInt(value) || isFloat(value);
  if (!isNumeric) {
    if (value instanceof Undefined) throw undefinedError(value);
    const name = typeName(value);
    // `value * 10 ** p`: text, lists and tuples repeat by an int (then `floor` refuses them) and refuse a float;
    // a range, a dict view or an iterator has no `*` at all.
    if (
      typeof value === 'string' ||
      value instanceof Markup ||
      (isPlainSequence(value) && rangeOf(value) === undefined)
    ) {
      throw typeError(
        p >= 0 ? `must be real number, not ${name}` : "can't multiply sequence by non-int of type 'float'",
      );
    }
    throw typeError(`unsupported operand type(s) for *: '${name}' and '${p >= 0 ? 'int' : 'float'}'`);
  }
  // An int times 10 ** p (p >= 0) stays an exact int, so rounding it changes nothing.
  if (!isFloat(value) && p >= 0) {
    const whole = toJsNumber(value);
    // Python's int / int of an int past the largest float.
    if (!Number.isFinite(whole)) throw overflowError('integer division result too large for a float');
    return float(whole);
  }
  const x = toJsNumber(value);
  // An int times the float 10 ** p is made a float first.
  if (!Number.isFinite(x) && !isFloat(value)) throw overflowError('int too large to convert to float');
  if (p > 308) throw overflowError('int too large to convert to float');
  const scale = p >= 0 && p < POW10.length ? POW10[p] : Number(`1e${p}`);
  const scaled = x * scale;
  if (Number.isNaN(scaled)) throw valueError('cannot convert float NaN to integer');
  if (!Number.isFinite(scaled)) throw overflowError('cannot convert float infinity to integer');
  // math.ceil/floor give a Python int, which has no negative zero. Python divides that int by the int 10 ** p,
  // exactly and then rounded once: a double division does the same while 10 ** p is exact (POW10's range).
  const whole = direction(scaled) + 0;
  return float(p < POW10.length || whole === 0 ? whole / scale : bigDivide(BigInt(whole), 10n ** BigInt(p)));
}

const SIZE_PREFIXES = ['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];

function doFilesizeformat(_state: unknown, value: unknown, binary: unknown = false): string {
  const bytes = toPyFloat(value);
  if (bytes === undefined) {
    if (typeof value === 'string' || value instanceof Markup) {
      throw valueError(`could not convert string to float: ${repr(value)}`);
    }
    throw typeError(`float() argument must be a string or a real number, not '${typeName(value)}'`);
  }
  const isBinary = truthy(binary);
  const base = isBinary ? 1024 : 1000;
  if (bytes === 1) return '1 Byte';
  if (bytes < base) return `${truncate(bytes) ?? 0} Bytes`;
  // The first unit past the size, or the last: Jinja2 formats only that one.
  const units = isBinary ? BINARY_UNITS : DECIMAL_UNITS;
  let i = 0;
  while (i < units.length - 1 && !underUnit(bytes, isBinary, i)) i++;
  return `${formatFixed((base * bytes) / units[i], 1)} ${isBinary ? BINARY_PREFIXES[i] : DECIMAL_PREFIXES[i]}`;
}

/**
 * `filesizeformat`'s units from the mega on, `1000 ** (i + 2)` and `1024 ** (i + 2)`: Python's ints, which a
 * float is compared with exactly and divided by as the nearest float (`1e24`, not JS's `1000 ** 8`).
 */
const DECIMAL_UNITS = SIZE_PREFIXES.map((_, i) => Number(`1e${3 * (i + 2)}`));
/** Whether a size is under unit `i`, as Python compares a float with the unit's exact int. */
function underUnit(bytes: number, binary: boolean, i: number): boolean {
  if (binary) return bytes < BINARY_UNITS[i];
  return bytes < DECIMAL_UNITS[i] || (bytes === DECIMAL_UNITS[i] && DECIMAL_ROUNDED_DOWN[i]);
}

/** Whether the float nearest a decimal unit is below it (`1e24` is 999999999999999983222784): a size equal to it is under the unit. */
const DECIMAL_ROUNDED_DOWN = SIZE_PREFIXES.map(
  (_, i) => BigInt(DECIMAL_UNITS[i]) < 10n ** BigInt(3 * (i + 2)),
);
const BINARY_UNITS = SIZE_PREFIXES.map((_, i) => 1024 ** (i + 2));
const DECIMAL_PREFIXES = SIZE_PREFIXES.map((prefix) => `${prefix}B`);
const BINARY_PREFIXES = SIZE_PREFIXES.map((prefix) => `${prefix.toUpperCase()}iB`);

/** The number filters, by name. */
export const numberFilters: Readonly<Record<string, FilterSpec>> = {
  abs: { params: [], fn: doAbs },
  int: { params: ['default', 'base'], fn: doInt },
  float: { params: ['default'], fn: doFloat },
  round: { params: ['precision', 'method'], fn: doRound },
  filesizeformat: { params: ['binary'], fn: doFilesizeformat },
};
