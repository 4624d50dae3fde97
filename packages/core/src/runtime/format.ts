/**
 * Python's text conversions: `str()`, `repr()`, `format(v, spec)`, `fmt % args` and the sandboxed
 * `str.format`. Messages match CPython 3.11's so that a template fails the way it fails in Jinja2.
 */
import { LimitError, type TemplateError, TemplateRuntimeError, typeError, valueError } from '../errors';
import { parsePyFloat, parsePyInt } from '../filters/numbers';
import { spendRunning } from '../limits';
import { getattr, getitem } from './access';
import { dictViewKind } from './dict-views';
import { dictEntries } from './iterate';
import { escapeText, markupText } from './markup';
import { type FloatStyle, fixedText, floatRepr, formatAbsFloat } from './number-format';
import type { RenderState } from './state';
import { cpLength, isHighSurrogate, isPrintableChar } from './strings';
import { typeName } from './type-name';
import { undefinedError } from './undefined';
import {
  ADDRESS,
  AttributeSource,
  isDict,
  isInt,
  isNumber,
  isTuple,
  iteratorKind,
  type Kwargs,
  Markup,
  Namespace,
  PyCallable,
  PyFloat,
  rangeOf,
  textOf,
  Undefined,
} from './values';

/** Python's `repr(float)`, re-exported where the other text conversions live. */
export { floatRepr } from './number-format';

/** CPython 3.11 refuses to print ints longer than this (`sys.get_int_max_str_digits()`). */
const MAX_INT_DIGITS = 4300;
/** Widths and precisions past this would only build huge strings; Python has no such bound, a render does. */
const MAX_FIELD_SIZE = 100_000;
/** Parsed format strings and specs kept, of each kind; the cache starts over when full. */
const PROGRAM_CACHE_SIZE = 512;

/** The decimal text of an int (a JS integer or a bigint), refusing what CPython refuses. */
export function intText(n: number | bigint): string {
  if (typeof n === 'number') {
    // JS prints the shortest text that reads back as the same double (2 ** 60 as 1152921504606847000) and
    // switches to exponents at 1e21; an int past the safe range prints its exact digits. (A template literal,
    // not `String(n)`: V8 answers it from its cache of number texts, where `String(n)` measured up to 45 ns
    // more per int printed.)
    return Number.isSafeInteger(n) ? `${n}` : BigInt(n).toString();
  }
  // A huge int is refused from its size in hex, before the (quadratic) decimal conversion.
  const magnitude = n < 0n ? -n : n;
  const surelyTooLong = (magnitude.toString(16).length - 1) * 4 * Math.LOG10E * Math.LN2 > MAX_INT_DIGITS + 1;
  const text = surelyTooLong ? '' : n.toString();
  if (surelyTooLong || text.length - (n < 0n ? 1 : 0) > MAX_INT_DIGITS) {
    throw valueError(
      `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  return text;
}

/**
 * `str(v)` with text and small ints converted where it is called: small enough for V8 to inline, where `str`
 * is a call (printing an int per item measured 1.4x-1.85x faster so). An integral float is a `PyFloat`, so a JS
 * number that is integral is an int. (`v | 0` in the literal: see `toText` in compiler.ts.)
 */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  return typeof v === 'number' && (v | 0) === v ? `${v | 0}` : str(v);
}

/** Characters that would end an attribute name (HTML's attribute-name state; ASCII whitespace only): `xmlattr`. */
export const ATTRIBUTE_NAME_END = /[ \t\n\r\f\v/>=]/;

/** markupsafe's `escape(v)`'s text: Markup as it is, anything else `str()`-ed and escaped (`xmlattr`'s parts). */
export function escapedText(v: unknown): string {
  return v instanceof Markup ? v.value : escapeText(str(v));
}

/** Python's `str(v)`: what `{{ v }}` prints. */
export function str(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return Number.isInteger(v) ? intText(v) : floatRepr(v);
    case 'boolean':
      return v ? 'True' : 'False';
    case 'bigint':
      return intText(v);
    default:
  }
  if (v === null) return 'None';
  if (v instanceof Undefined) return '';
  if (v instanceof Markup) return v.value;
  if (v instanceof PyFloat) return floatRepr(v.value);
  return repr(v);
}

/** Python's `repr(v)`: `'a'`, `[1, 'a']`, `(1,)`, `{'a': 1}`, `Markup('x')`, `<Namespace {...}>`. */
export function repr(v: unknown): string {
  return reprIn(v, []);
}

/** Python's `ascii(v)`: `repr` with every non-ASCII character escaped. */
export function ascii(v: unknown): string {
  return repr(v).replace(/[\u0080-\u{10ffff}]/gu, escapeChar);
}

function escapeChar(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** A character that keeps a str's repr from being the text in single quotes, if the text is all ASCII. */
const NOT_PLAIN_ASCII = /[^\x20-\x26\x28-\x5b\x5d-\x7e]/;
/** A character that keeps a str's repr from being the text in single quotes: not printable, `'` or `\\`. */
const NEEDS_ESCAPE = /[\p{C}\p{Zl}\p{Zp}'\\]|(?! )\p{Zs}/u;

/** Characters a pattern looks at in one go in `someCharacter`. */
const SCAN_CHUNK = 65_536;

/**
 * `pattern.test(s)` for a pattern that matches one character: on a long text, a chunk at a time, spending the
 * render's time between chunks (one search of millions of characters runs for a tenth of a second or more).
 */
function someCharacter(pattern: RegExp, s: string): boolean {
  if (s.length <= SCAN_CHUNK) return pattern.test(s);
  for (let at = 0; at < s.length; ) {
    let end = Math.min(s.length, at + SCAN_CHUNK);
    // A surrogate pair stays in one chunk: split, its halves would be lone surrogates, which match \p{C}.
    if (end < s.length && isHighSurrogate(s.charCodeAt(end - 1))) end++;
    spendRunning(end - at);
    if (pattern.test(s.slice(at, end))) return true;
    at = end;
  }
  return false;
}

/** Python's `repr(str)`: quotes chosen as Python chooses them, non-printables escaped. */
export function strRepr(s: string): string {
  if (!someCharacter(NOT_PLAIN_ASCII, s) || !someCharacter(NEEDS_ESCAPE, s)) return `'${s}'`;
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    spendRunning(1);
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch < ' ' || ch === '\x7f') out += escapeChar(ch);
    else if (ch < '\x7f' || isPrintableChar(ch)) out += ch;
    else out += escapeChar(ch);
  }
  return out + quote;
}

function reprIn(v: unknown, open: object[]): string {
  switch (typeof v) {
    case 'string':
      return strRepr(v);
    case 'number':
    case 'boolean':
    case 'bigint':
      return str(v);
    default:
  }
  if (v === null) return 'None';
  if (Array.isArray(v)) return sequenceRepr(v, open);
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (v instanceof Undefined || v === undefined) return 'Undefined';
  if (v instanceof Markup) return `Markup(${strRepr(v.value)})`;
  if (v instanceof PyCallable) return v.text;
  if (v instanceof AttributeSource) return v.text();
  if (typeof v !== 'object') return '<object>';
  if (open.includes(v)) return '{...}';
  open.push(v);
  try {
    if (v instanceof Namespace) return `<Namespace ${dictRepr(new Map(v.entries()), open)}>`;
    if (isDict(v)) return dictRepr(v, open);
    return '<object>';
  } finally {
    open.pop();
  }
}

/** The repr of a list, tuple, range, dict view or iterator. */
function sequenceRepr(v: unknown[], open: object[]): string {
  const iterator = iteratorKind(v);
  if (iterator) return `<${iterator.type} object${iterator.name ? ` ${iterator.name}` : ''}${ADDRESS}>`;
  const range = rangeOf(v);
  if (range !== undefined) {
    const [start, stop, step] = range;
    return step === 1 ? `range(${start}, ${stop})` : `range(${start}, ${stop}, ${step})`;
  }
  if (open.includes(v)) return '[...]';
  open.push(v);
  // Joined as it goes: `Array.prototype.join` measured slower than `+=` on the short lists templates print.
  let items = '';
  try {
    for (let i = 0; i < v.length; i++) {
      spendRunning(1);
      items += i === 0 ? reprIn(v[i], open) : `, ${reprIn(v[i], open)}`;
    }
  } finally {
    open.pop();
  }
  if (isTuple(v)) return v.length === 1 ? `(${items},)` : `(${items})`;
  const view = dictViewKind(v);
  return view === undefined ? `[${items}]` : `${view}([${items}])`;
}

function dictRepr(d: Record<string, unknown> | Map<unknown, unknown>, open: object[]): string {
  let items = '';
  for (const [key, value] of dictEntries(d)) {
    spendRunning(1);
    items += `${items === '' ? '' : ', '}${reprIn(key, open)}: ${reprIn(value, open)}`;
  }
  return `{${items}}`;
}

// ---------------------------------------------------------------------------------------------
// format(v, spec)

type Align = '<' | '>' | '^' | '=';

/** A parsed format spec: `[[fill]align][sign][z][#][0][width][,|_][.precision][type]`. */
interface FormatSpec {
  fill: string;
  align: Align;
  sign: '' | '+' | '-' | ' ';
  noNegZero: boolean;
  alt: boolean;
  width: number;
  grouping: '' | ',' | '_';
  precision: number;
  type: string;
  /** The value's Python type name, for messages. */
  owner: string;
  /**
   * The text of a width or precision past the engine's limit, else ''. It fails only once the spec has passed
   * the checks of the value's type, which Python makes first (`{:.999999}` of an int is its ValueError).
   */
  oversize: string;
  /** How a float is printed with it, made on first use. */
  float?: FloatPlan;
}

/** A float spec resolved once: the notation, its precision and style, and whether it is `%`. */
interface FloatPlan {
  readonly code: 'e' | 'f' | 'g' | 'r';
  readonly precision: number;
  readonly style: FloatStyle;
  readonly percent: boolean;
}

const ALIGNS = '<>^=';

/** C's `INT_MAX` and `PY_SSIZE_T_MAX`, past which CPython's format parsers fail before they format anything. */
const INT_MAX = 2 ** 31 - 1;
const SSIZE_MAX = 2n ** 63n - 1n;

/** Whether the digits `text` (maybe none) are past `PY_SSIZE_T_MAX`. */
function pastSsize(text: string): boolean {
  return text.length >= 19 && BigInt(text) > SSIZE_MAX;
}

function fieldSize(text: string): number {
  const n = Number(text);
  if (n > MAX_FIELD_SIZE) throw fieldSizeError(text);
  return n;
}

function fieldSizeError(text: string): LimitError {
  return new LimitError('maxOutputSize', `format width or precision ${text} is too large`);
}

/**
 * Parsed specs by owning type, then text: a template formats with the same few specs render after render. One
 * map per type, which the caller names: one lookup a field.
 */
const STR_SPECS = new Map<string, FormatSpec>();
const MARKUP_SPECS = new Map<string, FormatSpec>();
const BOOL_SPECS = new Map<string, FormatSpec>();
const INT_SPECS = new Map<string, FormatSpec>();
const FLOAT_SPECS = new Map<string, FormatSpec>();

/** `parseSpec`, kept: the same owner gives the same defaults, so a spec parses the same way every time. */
function specFor(
  byText: Map<string, FormatSpec>,
  spec: string,
  defaultAlign: Align,
  defaultType: string,
  owner: string,
): FormatSpec {
  let parsed = byText.get(spec);
  if (parsed === undefined) {
    parsed = parseSpec(spec, defaultAlign, defaultType, owner);
    if (byText.size >= PROGRAM_CACHE_SIZE) byText.clear();
    byText.set(spec, parsed);
  }
  return parsed;
}

/** Parses a spec as CPython's `parse_internal_render_format_spec`, with the defaults of the value's type. */
function parseSpec(spec: string, defaultAlign: Align, defaultType: string, owner: string): FormatSpec {
  const chars = Array.from(spec);
  const out: FormatSpec = {
    fill: ' ',
    align: defaultAlign,
    sign: '',
    noNegZero: false,
    alt: false,
    width: -1,
    grouping: '',
    precision: -1,
    type: defaultType,
    owner,
    oversize: '',
  };
  let i = 0;
  let fillGiven = false;
  let alignGiven = false;
  if (chars.length >= 2 && ALIGNS.includes(chars[1])) {
    out.fill = chars[0];
    out.align = chars[1] as Align;
    fillGiven = alignGiven = true;
    i = 2;
  } else if (chars.length >= 1 && ALIGNS.includes(chars[0])) {
    out.align = chars[0] as Align;
    alignGiven = true;
    i = 1;
  }
  if (chars[i] === '+' || chars[i] === '-' || chars[i] === ' ') out.sign = chars[i++] as FormatSpec['sign'];
  if (chars[i] === 'z') {
    out.noNegZero = true;
    i++;
  }
  if (chars[i] === '#') {
    out.alt = true;
    i++;
  }
  if (!fillGiven && chars[i] === '0') {
    out.fill = '0';
    if (!alignGiven && defaultAlign === '>') out.align = '=';
    i++;
  }
  // The sizes are held to the limit once the spec is known to be valid for the value: Python reports a bad spec
  // first.
  let width = '';
  while (i < chars.length && chars[i] >= '0' && chars[i] <= '9') width += chars[i++];
  if (pastSsize(width)) throw valueError('Too many decimal digits in format string');
  if (chars[i] === ',') {
    out.grouping = ',';
    i++;
  }
  if (chars[i] === '_') {
    if (out.grouping) throw valueError("Cannot specify both ',' and '_'.");
    out.grouping = '_';
    i++;
  }
  if (chars[i] === ',' && out.grouping === '_') throw valueError("Cannot specify both ',' and '_'.");
  let precision = '';
  if (chars[i] === '.') {
    i++;
    while (i < chars.length && chars[i] >= '0' && chars[i] <= '9') precision += chars[i++];
    if (pastSsize(precision)) throw valueError('Too many decimal digits in format string');
    if (!precision) throw valueError('Format specifier missing precision');
  }
  if (chars.length - i > 1) {
    throw valueError(`Invalid format specifier '${spec}' for object of type '${owner}'`);
  }
  if (chars.length - i === 1) out.type = chars[i];
  if (out.grouping && !'defgEG%F'.includes(out.type) && out.type !== '') {
    if (out.grouping !== '_' || !'boxX'.includes(out.type)) {
      throw valueError(`Cannot specify '${out.grouping}' with '${formatCode(out.type)}'.`);
    }
  }
  for (const size of [width, precision])
    if (Number(size) > MAX_FIELD_SIZE && !out.oversize) out.oversize = size;
  if (width) out.width = Number(width);
  if (precision) out.precision = Number(precision);
  return out;
}

/** A format type as CPython's messages show it: itself when printable ASCII, else `\x` and its hex code. */
function formatCode(type: string): string {
  const code = type.codePointAt(0) as number;
  return code > 32 && code < 128 ? type : `\\x${code.toString(16)}`;
}

/** Inserts separators every `size` digits from the right, padding with zeros up to `minWidth` as CPython does. */
function group(digits: string, sep: string, size: number, minWidth: number): string {
  if (minWidth <= 0) {
    // No zero padding to make up: the digits in groups of `size` from the right, built left to right.
    const first = digits.length % size || size;
    let out = digits.slice(0, first);
    for (let i = first; i < digits.length; i += size) out += sep + digits.slice(i, i + size);
    return out;
  }
  const parts: string[] = [];
  let remaining = digits.length;
  let min = minWidth;
  for (;;) {
    const len = Math.min(size, Math.max(remaining, min, 1));
    const take = Math.max(0, Math.min(remaining, len));
    parts.push('0'.repeat(Math.max(0, len - remaining)) + digits.slice(remaining - take, remaining));
    remaining -= take;
    min -= len;
    if (remaining <= 0 && min <= 0) break;
    min -= sep.length;
  }
  return parts.reverse().join(sep);
}

function pad(fill: string, n: number): string {
  return n > 0 ? fill.repeat(n) : '';
}

/** Lays out a number: sign, prefix (`0x`), digits (grouped), remainder (`.5e+03%`), padded to the width. */
function layoutNumber(
  sign: string,
  prefix: string,
  digits: string,
  remainder: string,
  spec: FormatSpec,
): string {
  let grouped = digits;
  // With no digits at all (inf, nan) CPython pads with plain zeros, without separators.
  if (spec.grouping && digits !== '') {
    const zeroPadded = spec.fill === '0' && spec.align === '=';
    const minWidth = zeroPadded ? spec.width - sign.length - prefix.length - remainder.length : 0;
    const size = spec.grouping === '_' && spec.type !== '' && 'boxX'.includes(spec.type) ? 4 : 3;
    grouped = group(digits, spec.grouping, size, minWidth);
  }
  const length = sign.length + prefix.length + grouped.length + remainder.length;
  const padding = spec.width - length;
  switch (spec.align) {
    case '<':
      return sign + prefix + grouped + remainder + pad(spec.fill, padding);
    case '^': {
      const left = Math.floor(Math.max(0, padding) / 2);
      return pad(spec.fill, left) + sign + prefix + grouped + remainder + pad(spec.fill, padding - left);
    }
    case '=':
      return sign + prefix + pad(spec.fill, padding) + grouped + remainder;
    default:
      return pad(spec.fill, padding) + sign + prefix + grouped + remainder;
  }
}

function signOf(negative: boolean, spec: FormatSpec): string {
  if (negative) return '-';
  return spec.sign === '+' ? '+' : spec.sign === ' ' ? ' ' : '';
}

function formatText(text: string, spec: FormatSpec): string {
  if (spec.type !== 's')
    throw valueError(`Unknown format code '${formatCode(spec.type)}' for object of type '${spec.owner}'`);
  if (spec.sign) {
    throw valueError(
      spec.sign === ' '
        ? 'Space not allowed in string format specifier'
        : 'Sign not allowed in string format specifier',
    );
  }
  if (spec.noNegZero) throw valueError('Negative zero coercion (z) not allowed in string format specifier');
  if (spec.alt) throw valueError('Alternate form (#) not allowed in string format specifier');
  if (spec.align === '=') throw valueError("'=' alignment not allowed in string format specifier");
  if (spec.oversize) throw fieldSizeError(spec.oversize);
  let value = text;
  let length = cpLength(value);
  if (spec.precision >= 0 && length > spec.precision) {
    value = Array.from(value).slice(0, spec.precision).join('');
    length = spec.precision;
  }
  const padding = spec.width - length;
  if (padding <= 0) return value;
  if (spec.align === '>') return pad(spec.fill, padding) + value;
  if (spec.align === '^') {
    const left = Math.floor(padding / 2);
    return pad(spec.fill, left) + value + pad(spec.fill, padding - left);
  }
  return value + pad(spec.fill, padding);
}

/** An int or bool as a JS number for float formatting; too large ints fail as in Python. */
function intToFloat(n: number | bigint): number {
  const x = Number(n);
  if (!Number.isFinite(x))
    throw new TemplateRuntimeError('OverflowError', 'int too large to convert to float');
  return x;
}

function formatInt(n: number | bigint, spec: FormatSpec): string {
  const type = spec.type;
  if ('eEfFgG%'.includes(type)) return formatFloat(intToFloat(n), spec);
  if (!'bcdoxXn'.includes(type))
    throw valueError(`Unknown format code '${formatCode(type)}' for object of type '${spec.owner}'`);
  if (spec.precision >= 0) throw valueError('Precision not allowed in integer format specifier');
  if (spec.noNegZero) throw valueError('Negative zero coercion (z) not allowed in integer format specifier');
  // A safe integer has exact digits in every radix as a number: only larger ints need a bigint.
  const negative = n < 0;
  const abs =
    typeof n === 'number' && Number.isSafeInteger(n) ? Math.abs(n) : negative ? -BigInt(n) : BigInt(n);
  if (type === 'c') {
    if (spec.sign) throw valueError("Sign not allowed with integer format specifier 'c'");
    if (spec.alt) throw valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    // str.format reads the int as a C long (64 bits, as ssize_t) first.
    if (BigInt(n) > SSIZE_MAX || BigInt(n) < -SSIZE_MAX - 1n)
      throw new TemplateRuntimeError('OverflowError', 'Python int too large to convert to C long');
    if (negative || abs > 0x10ffff)
      throw new TemplateRuntimeError('OverflowError', '%c arg not in range(0x110000)');
    if (spec.oversize) throw fieldSizeError(spec.oversize);
    const char = String.fromCodePoint(Number(abs));
    // The width counts the character once, though an astral one is two UTF-16 units.
    return layoutNumber('', '', char, '', char.length === 2 ? { ...spec, width: spec.width + 1 } : spec);
  }
  if (spec.oversize) throw fieldSizeError(spec.oversize);
  const radix = type === 'b' ? 2 : type === 'o' ? 8 : type === 'x' || type === 'X' ? 16 : 10;
  let digits = radix === 10 ? intText(abs) : abs.toString(radix);
  if (type === 'X') digits = digits.toUpperCase();
  const prefix = spec.alt && radix !== 10 ? `0${type}` : '';
  return layoutNumber(signOf(negative, spec), prefix, digits, '', spec);
}

/** How `spec` prints a float; an unknown type fails. */
function floatPlan(spec: FormatSpec): FloatPlan {
  let type = spec.type;
  if (!'eEfFgGn%'.includes(type) && type !== '') {
    throw valueError(`Unknown format code '${formatCode(type)}' for object of type 'float'`);
  }
  const upper = type === 'E' || type === 'F' || type === 'G';
  let addDot0 = false;
  if (type === '') {
    addDot0 = true;
    type = spec.precision < 0 ? 'r' : 'g';
  } else if (type === 'n') {
    type = 'g';
  } else if (type === '%') {
    type = 'f';
  }
  const code = type.toLowerCase() as FloatPlan['code'];
  const precision = spec.precision < 0 ? 6 : spec.precision;
  return { code, precision, style: { alt: spec.alt, addDot0, upper }, percent: spec.type === '%' };
}

function formatFloat(x: number, spec: FormatSpec): string {
  spec.float ??= floatPlan(spec);
  // CPython's float formatting takes a C int of precision.
  if (spec.precision > INT_MAX) throw valueError('precision too big');
  if (spec.oversize) throw fieldSizeError(spec.oversize);
  const { code, precision, style, percent } = spec.float;
  const value = percent ? x * 100 : x;
  const suffix = percent ? '%' : '';
  const body = formatAbsFloat(value, code, precision, style);
  let negative = value < 0 || Object.is(value, -0);
  if (negative && spec.noNegZero && Number.isFinite(value) && !/[1-9]/.test(body.split(/[eE]/)[0]))
    negative = false;
  // Only grouping needs the leading digits apart from the rest.
  if (spec.grouping === '') return layoutNumber(signOf(negative, spec), '', body, suffix, spec);
  let lead = 0;
  while (lead < body.length && body.charCodeAt(lead) >= 48 && body.charCodeAt(lead) <= 57) lead++;
  return layoutNumber(signOf(negative, spec), '', body.slice(0, lead), body.slice(lead) + suffix, spec);
}

/** Python's `format(v, spec)` for the value types templates have (`'{:,}'.format(1234567)` is `1,234,567`). */
export function formatValue(v: unknown, spec: string): string {
  if (spec === '') return str(v);
  if (typeof v === 'string') return formatText(v, specFor(STR_SPECS, spec, '<', 's', 'str'));
  // Markup is a str: formatted as one, but named by its own type in errors.
  if (v instanceof Markup) return formatText(v.value, specFor(MARKUP_SPECS, spec, '<', 's', 'Markup'));
  if (typeof v === 'boolean') return formatInt(v ? 1 : 0, specFor(BOOL_SPECS, spec, '>', 'd', 'bool'));
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) {
    return formatInt(v, specFor(INT_SPECS, spec, '>', 'd', 'int'));
  }
  if (typeof v === 'number') return formatFloat(v, specFor(FLOAT_SPECS, spec, '>', '', 'float'));
  if (v instanceof PyFloat) return formatFloat(v.value, specFor(FLOAT_SPECS, spec, '>', '', 'float'));
  throw typeError(`unsupported format string passed to ${typeName(v)}.__format__`);
}

// ---------------------------------------------------------------------------------------------
// fmt % args

/** How `%` renders text and repr of its arguments: plain, or escaped when the format is `Markup`. */
interface PercentText {
  str: (v: unknown) => string;
  repr: (v: unknown) => string;
  ascii: (v: unknown) => string;
  /**
   * `Markup % args`: markupsafe wraps every argument in a `_MarkupEscapeHelper`, which is no int and no char, and
   * gives `int()` and `float()` of what it wraps (so `%d` reads the text `'5'`, and `%x`, `%c` and `*` fail).
   */
  wrapped: boolean;
}

const PLAIN_TEXT: PercentText = { str, repr, ascii, wrapped: false };
const ESCAPED_TEXT: PercentText = {
  str: (v) => markupText(v, str),
  repr: (v) => escapeText(repr(v)),
  ascii: (v) => escapeText(ascii(v)),
  wrapped: true,
};

/** The type a wrapped argument of `Markup % args` shows in errors. */
const HELPER = '_MarkupEscapeHelper';

/** `%d` of a wrapped argument: Python's `int()` of what it wraps; `%x` and `%o` want an index, which it has not. */
function helperInt(v: unknown, conv: string): unknown {
  if (conv === 'x' || conv === 'X' || conv === 'o') {
    throw typeError(`%${conv} format: an integer is required, not ${HELPER}`);
  }
  if (v instanceof Undefined) throw undefinedError(v);
  const text = textOf(v);
  if (text !== undefined) {
    const n = parsePyInt(text, 10);
    if (n !== undefined) return n;
    // A valid literal refused for its length fails on CPython's limit of 4,300 digits, as `int()` does.
    const digits = text.trim().replace(/^[+-]/, '');
    if (/^[0-9](?:_?[0-9])*$/.test(digits)) {
      throw valueError(
        `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion: value has ${digits.replace(/_/g, '').length} digits; use sys.set_int_max_str_digits() to increase the limit`,
      );
    }
    throw valueError(`invalid literal for int() with base 10: ${strRepr(text)}`);
  }
  if (isNumber(v)) return v;
  throw typeError(`%${conv} format: a real number is required, not ${HELPER}`);
}

/** `%f` of a wrapped argument: Python's `float()` of what it wraps, whose errors show as they are. */
function helperFloat(v: unknown): unknown {
  if (v instanceof Undefined) throw undefinedError(v);
  const text = textOf(v);
  if (text !== undefined) {
    const x = parsePyFloat(text);
    if (x === undefined) throw valueError(`could not convert string to float: ${strRepr(text)}`);
    return x;
  }
  if (isNumber(v)) return v;
  throw typeError(`float() argument must be a string or a real number, not '${typeName(v)}'`);
}

/**
 * Python's `fmt % args`: a tuple gives several arguments, a dict serves `%(name)s`, anything else is one argument.
 * `positional`, when given, are the arguments of a tuple not made (the `format` filter's).
 */
export function percentFormat(fmt: string, args: unknown, positional?: unknown[]): string {
  return percentFormatWith(fmt, args, PLAIN_TEXT, positional);
}

/**
 * `fmt % (v1, ..., vn)` for a format string known when the template compiles and a tuple of `count` items (the
 * `format` filter's positional arguments, or a tuple written out): when every conversion takes one item in turn
 * (no `%(key)s`, no `*`) and there are `count` of them, the formatter of the items, which does what
 * `percentFormat` does without looking the string up or counting arguments per call. Null for any other string
 * (an error in it, another number of conversions): `percentFormat` runs it, and raises where it must.
 */
export function plainPercent(fmt: string, count: number): PlainPercent | null {
  const { pieces } = percentProgram(fmt);
  const literals: string[] = [];
  const fields: Array<(v: unknown) => string> = [];
  let pending = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      pending += piece;
      continue;
    }
    if ('error' in piece || piece.key !== null || piece.width === STAR || piece.precision === STAR)
      return null;
    literals.push(pending);
    pending = '';
    fields.push(fieldPrinter(fmt, piece));
  }
  if (fields.length !== count) return null;
  return { literals, fields, tail: pending };
}

/**
 * Whether CPython (3.11, which runs Jinja2's compiled templates) compiles `fmt % (a, b, ...)`, a format literal
 * over a tuple written out with `count` items, as an f-string: then each item is converted to text as soon as it
 * is evaluated, before the next is (`'%s %s' % (l, l.append(1))` prints the list before the append, and the first
 * item's error comes before the second is evaluated). It does so when every conversion is `%s`, `%r` or `%a`,
 * with flags (`-+ #0`), a width and a precision of at most two digits each, and there are as many conversions as
 * items (`%%` aside). Any other format is applied to the whole tuple, evaluated first.
 */
export function formatsInTurn(fmt: string, count: number): boolean {
  let units = 0;
  let i = 0;
  const digits = (): number => {
    const start = i;
    while (i < fmt.length && fmt.charCodeAt(i) >= 48 && fmt.charCodeAt(i) <= 57) i++;
    return i - start;
  };
  while (i < fmt.length) {
    if (fmt[i] !== '%') i++;
    else if (fmt[i + 1] === '%') i += 2;
    else {
      i++;
      while (i < fmt.length && '-+ #0'.includes(fmt[i])) i++;
      if (digits() > 2) return false;
      if (fmt[i] === '.') {
        i++;
        if (digits() > 2) return false;
      }
      if (fmt[i] !== 's' && fmt[i] !== 'r' && fmt[i] !== 'a') return false;
      i++;
      units++;
    }
  }
  return count > 0 && units === count;
}

/** A plain `%` format cut at its conversions: `literals[i]`, item i printed by `fields[i]`, ..., then `tail`. */
export interface PlainPercent {
  readonly literals: readonly string[];
  readonly fields: ReadonlyArray<(v: unknown) => string>;
  readonly tail: string;
}

/**
 * How one conversion prints an item. The bare conversions most templates write (`%s` of text, `%d` of an int,
 * `%.2f` of a number: no flag, no width) print it directly; anything else, and any other item, takes
 * `percentField`, which does the same for those.
 */
function fieldPrinter(fmt: string, piece: PercentField): (v: unknown) => string {
  const { width, precision, ljust } = piece;
  const general = (v: unknown): string => percentField(fmt, piece, v, width, precision, ljust, PLAIN_TEXT);
  if (piece.plus || piece.blank || piece.alt || (piece.zero && width < 0)) return general;
  // A width (`%-22s`, `%9.2f`: the columns of a statement; `%06d`: a code): the same quick ways, padded with
  // spaces, or a number with zeros after its sign.
  if (width >= 0) {
    const zero = piece.zero;
    switch (piece.conv) {
      case 's':
        if (precision >= 0 || zero) return general;
        return (v) => {
          const body = bareText(v);
          return body === null ? general(v) : padded(body, width - cpLength(body), ljust);
        };
      case 'd':
      case 'i':
        if (precision >= 0) return general;
        return (v) => {
          const body = bareInt(v);
          return body === null ? general(v) : paddedNumber(body, width, ljust, zero);
        };
      case 'f':
      case 'F': {
        const digits = precision < 0 ? 6 : precision;
        return (v) => {
          const body = bareFixed(v, digits);
          return body === null ? general(v) : paddedNumber(body, width, ljust, zero);
        };
      }
      default:
        return general;
    }
  }
  switch (piece.conv) {
    case 's':
      return precision >= 0 ? general : (v) => bareText(v) ?? general(v);
    case 'd':
    case 'i':
      return precision >= 0 ? general : (v) => bareInt(v) ?? general(v);
    case 'f':
    case 'F': {
      const digits = precision < 0 ? 6 : precision;
      return (v) => bareFixed(v, digits) ?? general(v);
    }
    default:
      return general;
  }
}

/** A number's text in `width`: as `padded`, or with zeros after its sign for the `0` flag (`ljust` wins). */
function paddedNumber(body: string, width: number, ljust: boolean, zero: boolean): string {
  const padding = width - body.length;
  if (!zero || ljust || padding <= 0) return padded(body, padding, ljust);
  return body.charCodeAt(0) === 45 ? `-${'0'.repeat(padding)}${body.slice(1)}` : '0'.repeat(padding) + body;
}

/** `body` with `padding` spaces after it (`ljust`) or before it, as `%` fills a width; as it is for none. */
function padded(body: string, padding: number, ljust: boolean): string {
  if (padding <= 0) return body;
  return ljust ? body + ' '.repeat(padding) : ' '.repeat(padding) + body;
}

/** An int JS holds exactly, as a bare `%d` or `{}` prints it; null for anything else. */
function bareInt(v: unknown): string | null {
  return typeof v === 'number' && Number.isSafeInteger(v) ? `${v}` : null;
}

/** Text or an int JS holds exactly, as a bare `%s` or `{}` prints it; null for anything else. */
function bareText(v: unknown): string | null {
  return typeof v === 'string' ? v : bareInt(v);
}

/** A number as a bare `%.Nf` or `{:.Nf}` prints it with `digits` decimals; null where the quick way cannot. */
function bareFixed(v: unknown, digits: number): string | null {
  if (typeof v !== 'number' || Object.is(v, -0)) return null;
  const text = fixedText(Math.abs(v), digits);
  return text === null || v >= 0 ? text : `-${text}`;
}

/** `Markup % args`: the arguments' text is escaped. */
export function markupPercentFormat(fmt: string, args: unknown, positional?: unknown[]): Markup {
  return new Markup(percentFormatWith(fmt, args, ESCAPED_TEXT, positional));
}

/** True when `%` reads `v` as a mapping: anything with `__getitem__` but a str or a tuple (lists and Undefined too). */
function isMappingArg(v: unknown): boolean {
  // Dict views and iterators have no `__getitem__`.
  return (
    isDict(v) ||
    (Array.isArray(v) && !isTuple(v) && dictViewKind(v) === undefined && iteratorKind(v) === undefined) ||
    v instanceof Undefined
  );
}

/** One `%` conversion of a format string, as parsed once. */
interface PercentField {
  /** `%(key)s`: the mapping key, else null. */
  readonly key: string | null;
  readonly ljust: boolean;
  readonly plus: boolean;
  readonly blank: boolean;
  readonly alt: boolean;
  readonly zero: boolean;
  /** The width; `STAR` when it is taken from the arguments; -1 when not given. */
  readonly width: number;
  /** The precision; `STAR` when it is taken from the arguments; -1 when not given. */
  readonly precision: number;
  /** The conversion character (one code point). */
  readonly conv: string;
  /** Its UTF-16 position, for the error an unknown conversion gives. */
  readonly convAt: number;
  /** How `formatAbsFloat` prints it, for the float conversions. */
  readonly floatStyle: FloatStyle;
}

/** A `*` width or precision. */
const STAR = -2;

/**
 * Where parsing a format string stopped: the error Python raises there, after the steps of the conversion it was
 * in that Python takes first (the mapping and its key, `*` arguments).
 */
interface PercentError {
  readonly error: () => TemplateError;
  /** The conversion began with `(`, which needs a mapping argument. */
  readonly wantsMapping: boolean;
  readonly key: string | null;
  readonly starWidth: boolean;
  readonly starPrecision: boolean;
}

/**
 * A format string split into literal text, conversions, and the error where it stops parsing: errors come in the
 * order Python meets them, after the conversions before them ran.
 */
type PercentPiece = string | PercentField | PercentError;

/**
 * A parsed format string; `single` when it is one conversion (with text around it) that takes exactly one
 * argument, as `'%.2f'` and `'%s items'` do.
 */
interface PercentProgram {
  readonly pieces: readonly PercentPiece[];
  readonly single: { readonly before: string; readonly field: PercentField; readonly after: string } | null;
}

/** Parsed format strings by text: a template formats with the same few strings render after render. */
const percentPrograms = new Map<string, PercentProgram>();

function percentProgram(fmt: string): PercentProgram {
  let program = percentPrograms.get(fmt);
  if (program === undefined) {
    const pieces = parsePercent(fmt);
    const fields = pieces.filter((piece) => typeof piece !== 'string');
    const field = fields.length === 1 ? fields[0] : null;
    const single =
      field !== null &&
      !('error' in field) &&
      field.key === null &&
      field.width !== STAR &&
      field.precision !== STAR
        ? {
            before: typeof pieces[0] === 'string' ? pieces[0] : '',
            field,
            after: typeof pieces[pieces.length - 1] === 'string' ? (pieces[pieces.length - 1] as string) : '',
          }
        : null;
    program = { pieces, single };
    if (percentPrograms.size >= PROGRAM_CACHE_SIZE) percentPrograms.clear();
    percentPrograms.set(fmt, program);
  }
  return program;
}

/**
 * Splits a `%` format string. Indexes are UTF-16 positions: every character the syntax uses is ASCII, and text
 * between conversions is kept a run at a time. Only an error message counts code points, as Python's do.
 */
function parsePercent(fmt: string): PercentPiece[] {
  const pieces: PercentPiece[] = [];
  const n = fmt.length;
  let literal = '';
  let i = 0;
  while (i < n) {
    const percent = fmt.indexOf('%', i);
    if (percent < 0) {
      literal += i === 0 ? fmt : fmt.slice(i);
      break;
    }
    if (percent > i) literal += fmt.slice(i, percent);
    i = percent + 1;
    if (i < n && fmt[i] === '%') {
      literal += '%';
      i++;
      continue;
    }
    spendRunning(1);
    if (literal !== '') pieces.push(literal);
    literal = '';
    let wantsMapping = false;
    let key: string | null = null;
    let starWidth = false;
    let starPrecision = false;
    const stop = (error: () => TemplateError): PercentPiece[] => {
      pieces.push({ error, wantsMapping, key, starWidth, starPrecision });
      return pieces;
    };
    if (i >= n) return stop(() => valueError('incomplete format'));
    if (fmt[i] === '(') {
      wantsMapping = true;
      let depth = 1;
      const keyStart = ++i;
      while (i < n && depth > 0) {
        if (fmt[i] === '(') depth++;
        else if (fmt[i] === ')') depth--;
        i++;
      }
      if (depth > 0) return stop(() => valueError('incomplete format key'));
      key = fmt.slice(keyStart, i - 1);
    }
    let ljust = false;
    let plus = false;
    let blank = false;
    let alt = false;
    let zero = false;
    for (; i < n; i++) {
      const f = fmt[i];
      if (f === '-') ljust = true;
      else if (f === '+') plus = true;
      else if (f === ' ') blank = true;
      else if (f === '#') alt = true;
      else if (f === '0') zero = true;
      else break;
    }
    let width = -1;
    if (fmt[i] === '*') {
      starWidth = true;
      width = STAR;
      i++;
    } else {
      const from = i;
      while (i < n && fmt[i] >= '0' && fmt[i] <= '9') i++;
      if (i > from) {
        const digits = fmt.slice(from, i);
        if (pastSsize(digits)) return stop(() => valueError('width too big'));
        if (Number(digits) > MAX_FIELD_SIZE) return stop(() => fieldSizeError(digits));
        width = Number(digits);
      }
    }
    let precision = -1;
    if (fmt[i] === '.') {
      i++;
      if (fmt[i] === '*') {
        starPrecision = true;
        precision = STAR;
        i++;
      } else {
        const from = i;
        while (i < n && fmt[i] >= '0' && fmt[i] <= '9') i++;
        const digits = fmt.slice(from, i);
        if (Number(digits) > INT_MAX) return stop(() => valueError('precision too big'));
        if (Number(digits) > MAX_FIELD_SIZE) return stop(() => fieldSizeError(digits));
        precision = Number(digits);
      }
    }
    // Python skips one length modifier; a second one is the conversion (and an unsupported one).
    if (fmt[i] === 'h' || fmt[i] === 'l' || fmt[i] === 'L') i++;
    if (i >= n) return stop(() => valueError('incomplete format'));
    const convAt = i;
    const conv = String.fromCodePoint(fmt.codePointAt(i) as number);
    i += conv.length;
    const floatStyle = { alt, upper: conv === 'E' || conv === 'F' || conv === 'G' };
    pieces.push({ key, ljust, plus, blank, alt, zero, width, precision, conv, convAt, floatStyle });
  }
  if (literal !== '') pieces.push(literal);
  return pieces;
}

function percentFormatWith(fmt: string, args: unknown, text: PercentText, positional?: unknown[]): string {
  const { pieces: program, single } = percentProgram(fmt);
  const tupleArgs = positional ?? (isTuple(args) ? (args as unknown[]) : null);
  // The common case, `'%.2f'|format(x)`: one conversion, one argument.
  if (single !== null && (tupleArgs === null || tupleArgs.length === 1)) {
    const { field } = single;
    const v = tupleArgs === null ? args : tupleArgs[0];
    return (
      single.before +
      percentField(fmt, field, v, field.width, field.precision, field.ljust, text) +
      single.after
    );
  }
  const mapping = !tupleArgs && isMappingArg(args) ? args : null;
  // CPython's bookkeeping: a single argument is "arglen -1, argidx -2" and is consumed once.
  let current: unknown = args;
  let argLen = tupleArgs ? tupleArgs.length : -1;
  let argIdx = tupleArgs ? 0 : -2;
  const nextArg = (): unknown => {
    if (argIdx < argLen) {
      const index = argIdx++;
      return argLen < 0 ? current : (tupleArgs as unknown[])[index];
    }
    if (argLen < 0) argIdx = -1;
    throw typeError('not enough arguments for format string');
  };
  let out = '';
  for (let p = 0; p < program.length; p++) {
    const piece = program[p];
    if (typeof piece === 'string') {
      out += piece;
      continue;
    }
    if ('error' in piece) {
      if (piece.wantsMapping && mapping === null) throw typeError('format requires a mapping');
      if (piece.key !== null) current = mappingItem(mapping, piece.key);
      if (piece.starWidth) starValue(nextArg(), text.wrapped, false);
      if (piece.starPrecision) starValue(nextArg(), text.wrapped, true);
      throw piece.error();
    }
    if (piece.key !== null) {
      if (mapping === null) throw typeError('format requires a mapping');
      current = mappingItem(mapping, piece.key);
      argLen = -1;
      argIdx = -2;
    }
    let ljust = piece.ljust;
    let width = piece.width;
    if (width === STAR) {
      width = starArg(nextArg(), text.wrapped, false);
      if (width < 0) {
        ljust = true;
        width = -width;
      }
    }
    const precision =
      piece.precision === STAR ? Math.max(0, starArg(nextArg(), text.wrapped, true)) : piece.precision;
    out += percentField(fmt, piece, nextArg(), width, precision, ljust, text);
  }
  if (argIdx < argLen && mapping === null)
    throw typeError('not all arguments converted during string formatting');
  return out;
}

/** The sign a number takes in a `%` conversion: `-`, or what the `+` and space flags ask of others. */
function percentSign(negative: boolean, piece: PercentField): string {
  return negative ? '-' : piece.plus ? '+' : piece.blank ? ' ' : '';
}

/** One conversion of `fmt % args`: `v` printed as `piece` says, in `width` (-1: none). */
function percentField(
  fmt: string,
  piece: PercentField,
  v: unknown,
  width: number,
  precision: number,
  ljust: boolean,
  text: PercentText,
): string {
  const { conv } = piece;
  let body: string;
  let sign = '';
  let prefix = '';
  let numeric = true;
  switch (conv) {
    case 's':
    case 'r':
    case 'a': {
      body = conv === 's' ? text.str(v) : conv === 'r' ? text.repr(v) : text.ascii(v);
      if (precision >= 0) body = Array.from(body).slice(0, precision).join('');
      numeric = false;
      break;
    }
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      if (text.wrapped) v = helperInt(v, conv);
      const radix = conv === 'x' || conv === 'X' ? 16 : conv === 'o' ? 8 : 10;
      if (radix === 10 && typeof v === 'number' && Number.isSafeInteger(v)) {
        // The usual int, printed without a bigint.
        body = `${Math.abs(v)}`;
        sign = percentSign(v < 0, piece);
      } else {
        const n = percentInt(v, conv);
        const negative = n < 0n;
        const abs = negative ? -n : n;
        body = radix === 10 ? intText(abs) : abs.toString(radix);
        if (conv === 'X') body = body.toUpperCase();
        if (piece.alt && radix !== 10) prefix = `0${conv}`;
        sign = percentSign(negative, piece);
      }
      if (precision > body.length) body = '0'.repeat(precision - body.length) + body;
      break;
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      const x = percentFloat(text.wrapped ? helperFloat(v) : v);
      const code = conv.toLowerCase() as 'e' | 'f' | 'g';
      body = formatAbsFloat(x, code, precision < 0 ? 6 : precision, piece.floatStyle);
      sign = percentSign(x < 0 || Object.is(x, -0), piece);
      break;
    }
    case 'c':
      if (text.wrapped) throw typeError('%c requires int or char');
      body = percentChar(v);
      numeric = false;
      break;
    default: {
      const code = conv.codePointAt(0) as number;
      // CPython shows the character from 31 to 126.
      const shown = code >= 0x1f && code < 0x7f ? conv : '?';
      throw valueError(
        `unsupported format character '${shown}' (0x${code.toString(16)}) at index ${cpLength(fmt.slice(0, piece.convAt))}`,
      );
    }
  }
  if (width < 0) return sign + prefix + body;
  const length = sign.length + prefix.length + cpLength(body);
  const padding = width - length;
  if (padding <= 0) return sign + prefix + body;
  if (ljust) return sign + prefix + body + ' '.repeat(padding);
  if (numeric && piece.zero) return sign + prefix + '0'.repeat(padding) + body;
  return ' '.repeat(padding) + sign + prefix + body;
}

function mappingItem(mapping: unknown, key: string): unknown {
  if (isDict(mapping)) {
    const value = getitem(mapping, key);
    if (
      value instanceof Undefined &&
      !(mapping instanceof Map ? mapping.has(key) : Object.hasOwn(mapping, key))
    ) {
      throw new TemplateRuntimeError('KeyError', strRepr(key));
    }
    return value;
  }
  if (mapping instanceof Undefined) throw undefinedError(mapping);
  throw typeError(`${typeName(mapping)} indices must be integers or slices, not str`);
}

/**
 * A `*` width (a C ssize_t) or precision (a C int) as CPython reads it from the arguments, before any limit: an
 * int, else `* wants int`; one past its C type is an OverflowError.
 */
function starValue(v: unknown, wrapped: boolean, precision: boolean): number | bigint {
  if (wrapped) throw typeError('* wants int');
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (!isInt(v)) throw typeError('* wants int');
  const big = BigInt(v);
  const max = precision ? BigInt(INT_MAX) : SSIZE_MAX;
  if (big > max || big < -max - 1n) {
    throw new TemplateRuntimeError(
      'OverflowError',
      `Python int too large to convert to C ${precision ? 'int' : 'ssize_t'}`,
    );
  }
  return v;
}

/** `starValue` held to the engine's limit on widths and precisions. */
function starArg(v: unknown, wrapped: boolean, precision: boolean): number {
  const n = starValue(v, wrapped, precision);
  const negative = n < 0;
  const size = fieldSize(String(negative ? -BigInt(n) : n));
  return negative ? -size : size;
}

/** `%d`/`%x` argument: ints as they are, floats truncated (`%d` only), anything else a TypeError. */
function percentInt(v: unknown, conv: string): bigint {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (v instanceof Undefined && (conv === 'd' || conv === 'i' || conv === 'u')) throw undefinedError(v);
  const isFloatValue = typeof v === 'number' || v instanceof PyFloat;
  if (isFloatValue && (conv === 'd' || conv === 'i' || conv === 'u')) {
    const x = typeof v === 'number' ? v : v.value;
    if (Number.isNaN(x)) throw valueError('cannot convert float NaN to integer');
    if (!Number.isFinite(x))
      throw new TemplateRuntimeError('OverflowError', 'cannot convert float infinity to integer');
    return BigInt(Math.trunc(x));
  }
  const what = conv === 'd' || conv === 'i' || conv === 'u' ? 'a real number' : 'an integer';
  throw typeError(`%${conv} format: ${what} is required, not ${typeName(v)}`);
}

function percentFloat(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return intToFloat(v);
  if (v instanceof PyFloat) return v.value;
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`must be real number, not ${typeName(v)}`);
}

function percentChar(v: unknown): string {
  if (typeof v === 'string' && cpLength(v) === 1) return v;
  if (v instanceof Markup && cpLength(v.value) === 1) return v.value;
  if (typeof v === 'boolean' || typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) {
    const n = Number(v);
    if (n < 0 || n > 0x10ffff)
      throw new TemplateRuntimeError('OverflowError', '%c arg not in range(0x110000)');
    return String.fromCodePoint(n);
  }
  throw typeError('%c requires int or char');
}

// ---------------------------------------------------------------------------------------------
// str.format

/** One `{...}` of a format string, split as CPython's `MarkupIterator` splits it. */
interface Field {
  literal: string;
  name: string | null;
  conversion: string | null;
  spec: string;
  /** The spec holds no nested field, so it is used as it is. */
  plainSpec: boolean;
  /** The name is a bare number (`{0}`), whose index this is; else -1. */
  index: number;
  /** The name is a bare key (`{qty}`): no attribute or item follows it. */
  plainKey: boolean;
  /**
   * Where the string stops parsing: the ValueError Python raises on reaching this point, after the fields
   * before it were formatted (it parses as it formats).
   */
  error?: string;
}

/** Parsed `str.format` strings by text, as `%` formats are kept. */
const formatStrings = new Map<string, readonly Field[]>();

function formatFields(fmt: string): readonly Field[] {
  let fields = formatStrings.get(fmt);
  if (fields === undefined) {
    fields = parseFormatString(fmt);
    if (formatStrings.size >= PROGRAM_CACHE_SIZE) formatStrings.clear();
    formatStrings.set(fmt, fields);
  }
  return fields;
}

/** A field as `parseFormatString` finds it. */
function field(literal: string, name: string | null, conversion: string | null, spec: string): Field {
  const index = name !== null && /^[0-9]+$/.test(name) ? Number(name) : -1;
  const plainKey = name !== null && name !== '' && index < 0 && !/[.[]/.test(name);
  return { literal, name, conversion, spec, plainSpec: !spec.includes('{'), index, plainKey };
}

/** The index of the first `{` or `}` of `text` from `from`, or its length. */
function nextBrace(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x7d) return i;
  }
  return text.length;
}

/** Splits a `str.format` string into literal text and fields, ending with CPython's error where it has one. */
function parseFormatString(fmt: string): Field[] {
  const fields: Field[] = [];
  try {
    splitFormatString(fmt, fields);
  } catch (error) {
    // A string's own error is kept with it; the render's limits are the render's (and nothing is kept then).
    if (!(error instanceof TemplateRuntimeError) || error instanceof LimitError) throw error;
    fields.push({ ...field('', null, null, ''), error: error.message });
  }
  return fields;
}

/** Adds the literal text and fields of `fmt` to `fields` as it finds them; throws where CPython does. */
function splitFormatString(fmt: string, fields: Field[]): void {
  const n = fmt.length;
  let i = 0;
  while (i < n) {
    spendRunning(1);
    // The text up to each brace in one slice, joined once: a string built a character at a time costs a string
    // object each.
    const parts: string[] = [];
    let markup = false;
    while (i < n) {
      const brace = nextBrace(fmt, i);
      if (brace > i) parts.push(fmt.slice(i, brace));
      i = brace;
      if (i >= n) break;
      const c = fmt[i++];
      const atEnd = i >= n;
      if (c === '}' && (atEnd || fmt[i] !== '}')) throw valueError("Single '}' encountered in format string");
      if (atEnd) throw valueError("Single '{' encountered in format string");
      if (fmt[i] === c) {
        // An escaped brace: CPython ends a literal chunk there, which changes nothing in the text.
        parts.push(c);
        i++;
        spendRunning(1);
        continue;
      }
      markup = true;
      break;
    }
    const literal = parts.length === 1 ? parts[0] : parts.join('');
    if (!markup) {
      fields.push(field(literal, null, null, ''));
      continue;
    }
    const nameStart = i;
    let c = '';
    while (i < n) {
      c = fmt[i++];
      if (c === '{') throw valueError("unexpected '{' in field name");
      if (c === '[') {
        while (i < n && fmt[i] !== ']') i++;
        continue;
      }
      if (c === '}' || c === ':' || c === '!') break;
    }
    if (c !== '}' && c !== ':' && c !== '!') throw valueError("expected '}' before end of string");
    const name = fmt.slice(nameStart, i - 1);
    let conversion: string | null = null;
    let spec = '';
    if (c === '!' || c === ':') {
      if (c === '!') {
        if (i >= n) throw valueError('end of string while looking for conversion specifier');
        conversion = fmt[i++];
        if (i < n) {
          const next = fmt[i++];
          if (next === '}') {
            fields.push(field(literal, name, conversion, ''));
            continue;
          }
          if (next !== ':') throw valueError("expected ':' after conversion specifier");
        }
      }
      const specStart = i;
      let depth = 1;
      let closed = false;
      while (i < n) {
        const s = fmt[i++];
        if (s === '{') depth++;
        else if (s === '}' && --depth === 0) {
          closed = true;
          break;
        }
      }
      if (!closed) throw valueError("unmatched '{' in format spec");
      spec = fmt.slice(specStart, i - 1);
    }
    fields.push(field(literal, name, conversion, spec));
  }
}

/** Resolves `0`, `name`, `0.attr`, `0[key]`, `name[0].x` through the sandbox's getattr/getitem. */
function resolveField(name: string, args: unknown[], kwargs: unknown): unknown {
  let end = 0;
  while (end < name.length && name[end] !== '.' && name[end] !== '[') end++;
  const first = name.slice(0, end);
  let obj: unknown;
  if (/^[0-9]+$/.test(first)) {
    const index = Number(first);
    if (index >= args.length) throw new TemplateRuntimeError('IndexError', 'tuple index out of range');
    obj = args[index];
  } else {
    obj = namedField(kwargs, first);
  }
  let i = end;
  while (i < name.length) {
    const c = name[i++];
    const start = i;
    let part: string;
    if (c === '.') {
      while (i < name.length && name[i] !== '.' && name[i] !== '[') i++;
      part = name.slice(start, i);
      if (!part) throw valueError('Empty attribute in format string');
      obj = getattr(obj, part);
    } else if (c === '[') {
      while (i < name.length && name[i] !== ']') i++;
      part = name.slice(start, i);
      if (i >= name.length) throw valueError("Missing ']' in format string");
      i++;
      if (!part) throw valueError('Empty attribute in format string');
      obj = getitem(obj, /^[0-9]+$/.test(part) ? Number(part) : part);
    } else {
      throw valueError("Only '.' or '[' may follow ']' in format field specifier");
    }
  }
  return obj;
}

function convertField(v: unknown, conversion: string | null): unknown {
  if (conversion === null) return v;
  if (conversion === 's') return str(v);
  if (conversion === 'r') return repr(v);
  if (conversion === 'a') return ascii(v);
  throw valueError(`Unknown conversion specifier ${conversion}`);
}

/**
 * `mapping[name]` for a named field: the keywords of `format`, or the one argument of `format_map`, which may be
 * anything; what is no mapping fails as Python's subscript does.
 */
function namedField(mapping: unknown, name: string): unknown {
  if (mapping instanceof Map) {
    if (mapping.has(name)) return mapping.get(name);
  } else if (isDict(mapping)) {
    if (Object.hasOwn(mapping, name)) return (mapping as Record<string, unknown>)[name];
  } else {
    if (mapping instanceof Undefined) throw undefinedError(mapping);
    const type = typeName(mapping);
    // Markup escapes the key first, so the key it complains about is Markup too.
    if (type === 'str' || type === 'Markup')
      throw typeError(`string indices must be integers, not '${type}'`);
    if (type === 'list' || type === 'tuple' || type === 'range') {
      throw typeError(`${type} indices must be integers or slices, not str`);
    }
    throw typeError(`'${type}' object is not subscriptable`);
  }
  throw new TemplateRuntimeError('KeyError', strRepr(name));
}

/** `auto` is the next automatic index, or `false` once a field was numbered by hand (string.Formatter's rules). */
interface FormatRun {
  auto: number | false;
  readonly args: unknown[];
  /** Where named fields are read (`namedField`). */
  readonly kwargs: unknown;
  readonly fieldText: (v: unknown, spec: string) => string;
  size: number;
  readonly maxSize: number;
}

function vformat(run: FormatRun, fmt: string, depth: number): string {
  if (depth < 0) throw valueError('Max string recursion exceeded');
  let out = '';
  for (const field of formatFields(fmt)) {
    if (field.error !== undefined) throw valueError(field.error);
    out += field.literal;
    if (field.name === null) continue;
    spendRunning(1);
    const name = field.name;
    let value: unknown;
    if (name === '') {
      // `{}`: the next positional argument (string.Formatter numbers nothing else automatically).
      if (run.auto === false) {
        throw valueError('cannot switch from manual field specification to automatic field numbering');
      }
      const index = run.auto++;
      if (index >= run.args.length) throw new TemplateRuntimeError('IndexError', 'tuple index out of range');
      value = run.args[index];
    } else if (field.plainKey) {
      value = namedField(run.kwargs, name);
    } else {
      if (field.index >= 0) {
        if (run.auto)
          throw valueError('cannot switch from manual field specification to automatic field numbering');
        run.auto = false;
      }
      value = resolveField(name, run.args, run.kwargs);
    }
    value = convertField(value, field.conversion);
    // A spec with no field in it is itself, unless it is one level too deep (Python checks that first).
    const spec = field.plainSpec && depth > 0 ? field.spec : vformat(run, field.spec, depth - 1);
    const text = run.fieldText(value, spec);
    run.size += text.length;
    if (run.size > run.maxSize) {
      throw new LimitError('maxOutputSize', `str.format result is longer than ${run.maxSize} characters`);
    }
    out += text;
  }
  return out;
}

/**
 * `fmt.format(...)` for a format string known when the template compiles, called with `count` positional
 * arguments and the keywords `names`: when every field of `fmt` is plain (`{}`, `{0}` or `{name}` naming an
 * argument the call has, a conversion, a spec holding no field), the formatter of the call's argument values
 * (positional ones, then the keywords' in `names` order), which does what `strFormat` does without parsing,
 * binding or looking a name up per call. Null for any other string (an error in it, a field the arguments lack,
 * `{0.attr}` or `{0[key]}`, a nested spec, mixed numbering): `strFormat` runs it, and raises where it must.
 */
export function plainFormatter(
  fmt: string,
  count: number,
  names: readonly string[],
): ((state: RenderState, values: readonly unknown[]) => string) | null {
  const literals: string[] = [];
  const sources: number[] = [];
  const conversions: (string | null)[] = [];
  const specs: string[] = [];
  // -1: the general way; 0: `{}` (text and ints printed directly); 1 and more: `{:.Nf}`, N + 1 (numbers directly).
  const quick: number[] = [];
  let pending = '';
  let auto: number | false = 0;
  for (const field of formatFields(fmt)) {
    if (field.error !== undefined) return null;
    pending += field.literal;
    const name = field.name;
    if (name === null) continue;
    let source: number;
    if (name === '' || field.index >= 0) {
      // `{}` numbers automatically, `{0}` by hand; string.Formatter refuses a mix, and a number past the arguments.
      if (name === '') {
        if (auto === false) return null;
        source = auto++;
      } else {
        if (auto !== false && auto > 0) return null;
        auto = false;
        source = field.index;
      }
      if (source >= count) return null;
    } else if (field.plainKey) {
      const at = names.indexOf(name);
      if (at < 0 || names.indexOf(name, at + 1) >= 0) return null;
      source = count + at;
    } else return null;
    const conversion = field.conversion;
    if (conversion !== null && conversion !== 's' && conversion !== 'r' && conversion !== 'a') return null;
    if (!field.plainSpec) return null;
    literals.push(pending);
    pending = '';
    sources.push(source);
    conversions.push(conversion);
    specs.push(field.spec);
    const fixed = /^\.(\d{1,2})[fF]$/.exec(field.spec);
    quick.push(conversion !== null ? -1 : field.spec === '' ? 0 : fixed !== null ? Number(fixed[1]) + 1 : -1);
  }
  const tail = pending;
  const n = sources.length;
  return (state, values) => {
    const maxSize = state.limits.maxOutputSize;
    let out = '';
    let size = 0;
    for (let i = 0; i < n; i++) {
      const v = values[sources[i]];
      const how = quick[i];
      const text =
        (how === 0 ? bareText(v) : how > 0 ? bareFixed(v, how - 1) : null) ??
        formatValue(convertField(v, conversions[i]), specs[i]);
      size += text.length;
      if (size > maxSize) {
        throw new LimitError('maxOutputSize', `str.format result is longer than ${maxSize} characters`);
      }
      out += literals[i] + text;
    }
    return out + tail;
  };
}

function markupField(v: unknown, spec: string): string {
  if (v instanceof Markup) {
    // Markup's own `__html_format__` takes no spec.
    if (spec) throw valueError('Unsupported format specification for Markup.');
    return v.value;
  }
  return escapeText(formatValue(v, spec));
}

/**
 * Python's `str.format` as Jinja2's sandbox runs it: positional `{}`/`{0}`, named `{name}`, `{0.attr}` and
 * `{0[key]}` through the sandboxed lookups, `!r`/`!s`/`!a`, nested `{:{width}}`, `{{`/`}}`.
 */
export function strFormat(state: RenderState, fmt: string, args: unknown[], kwargs: Kwargs): string {
  return vformat(
    { auto: 0, args, kwargs, fieldText: formatValue, size: 0, maxSize: state.limits.maxOutputSize },
    fmt,
    2,
  );
}

/** `Markup.format`: like `strFormat`, with every field escaped unless it is markup itself. */
export function markupFormat(
  state: RenderState,
  fmt: string,
  args: unknown[],
  kwargs: Kwargs | Map<unknown, unknown>,
): Markup {
  return new Markup(
    vformat(
      { auto: 0, args, kwargs, fieldText: markupField, size: 0, maxSize: state.limits.maxOutputSize },
      fmt,
      2,
    ),
  );
}

/**
 * `str.format_map(mapping)` (and `Markup.format_map`, which escapes its fields): named fields read from
 * `mapping`, whatever it is (Jinja2's sandbox reads it as the keywords of `format`).
 */
export function strFormatMap(state: RenderState, fmt: string | Markup, mapping: unknown): string | Markup {
  const markup = fmt instanceof Markup;
  const text = vformat(
    {
      auto: 0,
      args: [],
      kwargs: mapping,
      fieldText: markup ? markupField : formatValue,
      size: 0,
      maxSize: state.limits.maxOutputSize,
    },
    markup ? fmt.value : fmt,
    2,
  );
  return markup ? new Markup(text) : text;
}
