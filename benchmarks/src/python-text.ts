/**
 * Python's and Jinja2's text rules that hand-written baselines need to print exactly what Jinja2 prints:
 * float repr, `%.Nf`, `round`, `title`, `truncate`, Python `str()` of values, HTML escaping. Written as a
 * careful developer would write them once for a code base, with ASCII fast paths, and shared by every
 * hand-written function of the benchmarks (none of them calls the engine).
 */

// A tie at `digits` decimals is a double exactly halfway between two decimals. That only happens when
// x * 2^(digits+1) is an odd integer (10^digits = 2^digits * 5^digits, and the 5s cannot be represented),
// and scaling by a power of two is exact, so this test is exact too.
function isDecimalTie(x: number, digits: number): boolean {
  const scaled = x * 2 ** (digits + 1);
  return Number.isInteger(scaled) && scaled % 2 !== 0;
}

/**
 * x * 10^digits rounded to an integer, or NaN near a tie. The product is off by at most 2^-14 below 2^40, so
 * when it lies further than 2^-12 from a half the exact value rounds the same way, and no tie is involved.
 */
function quickScaled(x: number, digits: number): number {
  const scaled = x * 10 ** digits;
  if (!(Math.abs(scaled) < 2 ** 40)) return Number.NaN;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  if (Math.abs(fraction - 0.5) <= 2 ** -12) return Number.NaN;
  return fraction < 0.5 ? floor : floor + 1;
}

/** The decimals of a non-negative integer `n` over 10^digits, `digits` long. */
function decimalsOf(n: number, digits: number): [whole: number, decimals: string] {
  const scale = 10 ** digits;
  const whole = Math.floor(n / scale);
  return [whole, String(n - whole * scale).padStart(digits, '0')];
}

/** Python's `'%.{digits}f' % x` for finite x below 1e21: exact decimal value, ties to even. */
export function pyFixed(x: number, digits: number): string {
  const quick = quickScaled(x, digits);
  if (!Number.isNaN(quick)) {
    const [whole, decimals] = decimalsOf(Math.abs(quick), digits);
    return `${x < 0 ? '-' : ''}${whole}.${decimals}`;
  }
  const text = x.toFixed(digits);
  // toFixed already rounds the exact value; on a tie it goes away from zero, Python to the even digit.
  // The away-from-zero result of a tie ends in an odd digit exactly when the even one is one unit lower,
  // and an odd digit never borrows.
  if (!isDecimalTie(x, digits)) return text;
  const last = text.charCodeAt(text.length - 1) - 48;
  return last % 2 === 0 ? text : text.slice(0, -1) + String(last - 1);
}

/** Python's `repr(float)`: shortest round-trip digits, `.0` on integral values, exponent outside [1e-4, 1e16). */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(x);
  if (magnitude >= 1e16 || magnitude < 1e-4) {
    const [mantissa, exponent] = x.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const text = String(x);
  return Number.isInteger(x) ? `${text}.0` : text;
}

/**
 * Jinja2's `x|round(digits)` printed: an int stays an int, a float is rounded as Python's `round()` does
 * and printed as a float. JS numbers from data are ints when integral, as the engine reads them.
 */
export function pyRoundText(x: number, digits: number, isFloat = !Number.isInteger(x)): string {
  if (!isFloat) return String(x);
  // A rounded value has at most `digits` decimals: print them from the integer, without trailing zeros.
  const quick = digits > 0 ? quickScaled(x, digits) : Number.NaN;
  if (!Number.isNaN(quick)) {
    const [whole, decimals] = decimalsOf(Math.abs(quick), digits);
    const trimmed = decimals.replace(/0+$/, '');
    return `${x < 0 ? '-' : ''}${whole}.${trimmed === '' ? '0' : trimmed}`;
  }
  // Past 2^52 every double is integral, so rounding to whole or more digits changes nothing.
  if (Math.abs(x) >= 2 ** 52 || !Number.isFinite(x)) return pyFloatRepr(x);
  return pyFloatRepr(Number.parseFloat(pyFixed(x, digits)));
}

// Jinja2 splits words on runs of whitespace, '-', '(', '{', '[' and '<'. A character loop, because a regex
// replace with a callback is about twice as slow here and the baseline should be what a careful author writes.
const unicodeSpace = /\s/;

function isWordSeparator(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 32 || c === 45 || c === 40 || c === 123 || c === 91 || c === 60) return true;
  // Python's whitespace adds U+001C..U+001F and U+0085 to JavaScript's, and lacks U+FEFF.
  if (c < 128) return (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
  return c === 0x85 || (c !== 0xfeff && unicodeSpace.test(s[i]));
}

/**
 * Jinja2's `title`: each word's first letter upper-cased, the rest lower-cased. The text is lower-cased once
 * and each word start is upper-cased into it; text whose lower case changes length (rare letters such as
 * 'İ') goes word by word instead.
 */
export function jinjaTitle(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length !== s.length) return titleWordByWord(s);
  let out = '';
  let copied = 0;
  let wordStart = true;
  for (let i = 0; i < s.length; i++) {
    if (isWordSeparator(s, i)) {
      wordStart = true;
    } else if (wordStart) {
      wordStart = false;
      out += lower.slice(copied, i) + s.charAt(i).toUpperCase();
      copied = i + 1;
    }
  }
  return out + lower.slice(copied);
}

function titleWordByWord(s: string): string {
  let out = '';
  let wordStart = -1;
  for (let i = 0; i < s.length; i++) {
    if (!isWordSeparator(s, i)) {
      if (wordStart < 0) wordStart = i;
      continue;
    }
    if (wordStart >= 0) {
      out += s.charAt(wordStart).toUpperCase() + s.slice(wordStart + 1, i).toLowerCase();
      wordStart = -1;
    }
    out += s[i];
  }
  if (wordStart >= 0) out += s.charAt(wordStart).toUpperCase() + s.slice(wordStart + 1).toLowerCase();
  return out;
}

// Python counts code points; UTF-16 code units differ only when a surrogate pair is present.
const hasSurrogate = /[\uD800-\uDFFF]/;

/** Jinja2's `truncate(s, length)` with its defaults: `killwords=False`, `end='...'`, leeway 5. */
export function jinjaTruncate(s: string, length: number): string {
  const leeway = 5;
  const end = '...';
  const chars = hasSurrogate.test(s) ? Array.from(s) : null;
  const size = chars ? chars.length : s.length;
  if (size <= length + leeway) return s;
  const head = chars ? chars.slice(0, length - end.length).join('') : s.slice(0, length - end.length);
  const lastSpace = head.lastIndexOf(' ');
  return (lastSpace === -1 ? head : head.slice(0, lastSpace)) + end;
}

/** A number as Python prints it: an int as is, a float (`isFloat`, default: not integral) in repr form. */
export function pyNumber(x: number, isFloat = !Number.isInteger(x)): string {
  return isFloat ? pyFloatRepr(x) : String(x);
}

// Quotes, backslashes and control characters; text without them prints between single quotes as it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what repr escapes.
const NEEDS_REPR_ESCAPE = /['\\\x00-\x1f\x7f]/;

/** Python's `repr(str)`: single quotes unless the text has one and no double quote; backslash escapes. */
export function pyStrRepr(s: string): string {
  if (!NEEDS_REPR_ESCAPE.test(s)) return `'${s}'`;
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch < ' ' || ch === '\x7f') out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's `repr()` of a JSON-like value: `['a', 1]`, `{'k': True}`, `None`, floats in repr form. */
export function pyRepr(value: unknown): string {
  if (typeof value === 'string') return pyStrRepr(value);
  if (typeof value === 'number') return pyNumber(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`).join(', ')}}`;
}

/** Python's `str()`: text as is, anything else as its repr. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

const HTML_SPECIAL = /[&<>"']/g;
// `test` on a global regex moves its lastIndex, so the check has its own.
const HAS_HTML_SPECIAL = /[&<>"']/;
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};

/** MarkupSafe's `escape` (Jinja2's `e` and `escape` filters). */
export function escapeHtml(s: string): string {
  return HAS_HTML_SPECIAL.test(s) ? s.replace(HTML_SPECIAL, (ch) => HTML_ENTITIES[ch]) : s;
}

/** Python's `str.capitalize()`: the first character upper-cased, the rest lower-cased. */
export function pyCapitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Python's `strftime` in the C locale, for the codes templates use, on the UTC fields of `date`. */
export function strftimeUtc(date: Date, format: string): string {
  return format.replace(/%([dmYyHIMSpbBaA%])/g, (_, code: string) => {
    switch (code) {
      case 'd':
        return pad2(date.getUTCDate());
      case 'm':
        return pad2(date.getUTCMonth() + 1);
      case 'Y':
        return String(date.getUTCFullYear());
      case 'y':
        return pad2(date.getUTCFullYear() % 100);
      case 'H':
        return pad2(date.getUTCHours());
      case 'I':
        return pad2(date.getUTCHours() % 12 || 12);
      case 'M':
        return pad2(date.getUTCMinutes());
      case 'S':
        return pad2(date.getUTCSeconds());
      case 'p':
        return date.getUTCHours() < 12 ? 'AM' : 'PM';
      case 'b':
        return MONTH_NAMES[date.getUTCMonth()].slice(0, 3);
      case 'B':
        return MONTH_NAMES[date.getUTCMonth()];
      case 'a':
        return WEEKDAYS[date.getUTCDay()].slice(0, 3);
      case 'A':
        return WEEKDAYS[date.getUTCDay()];
      default:
        return '%';
    }
  });
}
