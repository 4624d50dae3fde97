/**
 * Float to text exactly as CPython's `PyOS_double_to_string` does it. JS's `toFixed`/`toPrecision`
 * round ties away from zero and switch notation at other thresholds, so the digits come from the
 * exact binary value (BigInt arithmetic) with round-half-even, and the layout is CPython's.
 */

/** Digits without trailing zeros, and where the decimal point goes: `{digits: '125', decpt: 1}` is 1.25. */
export interface Digits {
  digits: string;
  decpt: number;
}

const view = new DataView(new ArrayBuffer(8));

/** The exact value of a finite non-negative double as `n * 10^scale`. */
function exactDecimal(x: number): { n: bigint; scale: number } {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp2: number;
  if (biased === 0) {
    exp2 = -1074;
  } else {
    mantissa |= 1n << 52n;
    exp2 = biased - 1075;
  }
  if (exp2 >= 0) return { n: mantissa << BigInt(exp2), scale: 0 };
  // m * 2^e == m * 5^-e * 10^e
  return { n: mantissa * 5n ** BigInt(-exp2), scale: exp2 };
}

/** `n / 10^k` rounded half to even. */
function divRoundHalfEven(n: bigint, k: number): bigint {
  if (k <= 0) return n * 10n ** BigInt(-k);
  const d = 10n ** BigInt(k);
  const q = n / d;
  const r2 = (n % d) * 2n;
  if (r2 > d || (r2 === d && (q & 1n) === 1n)) return q + 1n;
  return q;
}

function stripZeros(s: string): string {
  let end = s.length;
  while (end > 1 && s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** The shortest digits that read back as `x` (Python's repr digits; JS computes the same ones). */
function shortestDigits(x: number): Digits {
  const [mantissa, exponent] = x.toExponential().split('e');
  return { digits: mantissa.replace('.', ''), decpt: Number(exponent) + 1 };
}

/** `x` rounded to `n` significant digits (n >= 1). */
export function significantDigits(x: number, n: number): Digits {
  if (x === 0) return { digits: '0', decpt: 1 };
  const quick = quickSignificantDigits(x, n);
  if (quick !== null) return quick;
  return exactSignificantDigits(x, n);
}

/**
 * `significantDigits` of a positive `x` by `toExponential`, which rounds the exact binary value too and differs
 * only on exact ties, which it rounds up; null where this way cannot decide. `x` is a tie at `n` digits when
 * `x * 10 ** k * 2` is an odd integer (`k = n - 1 - e`, `e` its exponent); for `k >= 0` that is when
 * `x * 2 ** (k + 1)` is (power-of-two scaling is exact, and an odd factor `5 ** k` changes neither). Then an odd
 * last digit is one above the even choice, unless the rounding carried into a new digit (`9.5` to `1e1`: even).
 * The exact way costs several microseconds of big-integer arithmetic (a `%g` price column: 17% of a render).
 */
function quickSignificantDigits(x: number, n: number): Digits | null {
  if (!(x > 0) || !Number.isFinite(x) || n > 100) return null;
  const shortest = x.toExponential();
  const e = Number(shortest.slice(shortest.indexOf('e') + 1));
  const k = n - 1 - e;
  if (k < 0) return null;
  const text = x.toExponential(n - 1);
  const at = text.indexOf('e');
  const exponent = Number(text.slice(at + 1));
  let digits = n === 1 ? text.slice(0, at) : text.slice(0, 1) + text.slice(2, at);
  const doubled = x * 2 ** (k + 1);
  if (Number.isInteger(doubled) && doubled % 2 === 1 && exponent === e) {
    const last = digits.charCodeAt(digits.length - 1) - 48;
    if (last % 2 === 1) digits = digits.slice(0, -1) + String(last - 1);
  }
  return { digits: stripZeros(digits), decpt: exponent + 1 };
}

/** `significantDigits` by exact decimal arithmetic. */
export function exactSignificantDigits(x: number, n: number): Digits {
  if (x === 0) return { digits: '0', decpt: 1 };
  const { n: exact, scale } = exactDecimal(x);
  const length = exact.toString().length;
  let rounded = divRoundHalfEven(exact, length - n);
  let decpt = length + scale;
  if (rounded.toString().length > n) {
    rounded /= 10n;
    decpt++;
  }
  return { digits: stripZeros(rounded.toString()), decpt };
}

/** 10 ** i for every i whose power of ten is an exact double (parsed, so each is exactly that value). */
export const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** Below this magnitude a scaled product is off by at most 2 ** -14, a quarter of `TIE_MARGIN`. */
const FAST_SCALED_LIMIT = 2 ** 40;
const TIE_MARGIN = 2 ** -12;

/**
 * `x * 10 ** digits` rounded to the nearest integer (an exact tie to the even one, as Python rounds), as an
 * integral double, or NaN when this quick way cannot decide (a large product, `|digits| > 22`, or a negative
 * `digits` near a tie). One floating multiplication (or division) is off by at most half a unit in the last
 * place, so when the computed product lies further than `TIE_MARGIN` from a half-integer, the exact product
 * rounds to the same integer and no tie can be involved.
 */
export function roundScaled(x: number, digits: number): number {
  if (digits > 22 || digits < -22) return Number.NaN;
  const y = digits >= 0 ? x * POW10[digits] : x / POW10[-digits];
  if (!(Math.abs(y) < FAST_SCALED_LIMIT)) return Number.NaN;
  const floor = Math.floor(y);
  const fraction = y - floor;
  if (Math.abs(fraction - 0.5) > TIE_MARGIN) return fraction < 0.5 ? floor : floor + 1;
  if (digits < 0) return Number.NaN;
  // Near a half: the exact product is y plus the multiplication's rounding error, which Dekker's product
  // gives exactly. y is so close to the half that their difference is exact too (Sterbenz), and the sign of
  // a rounded sum is the sign of the exact one: above the half, below it, or an exact tie, which Python takes
  // to the even neighbour.
  const half = floor + 0.5;
  const above = y - half + productError(x, POW10[digits], y);
  if (above !== 0) return above > 0 ? floor + 1 : floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** 2 ** 27 + 1: splits a double into two halves of 26 bits whose products are exact. */
const SPLITTER = 134217729;

/**
 * `a * b - product` exactly, where `product` is the rounded `a * b` (Dekker's TwoProduct, by Veltkamp splits;
 * exact while nothing overflows or underflows, as holds for the magnitudes `roundScaled` lets through).
 */
function productError(a: number, b: number, product: number): number {
  let t = SPLITTER * a;
  const aHigh = t - (t - a);
  const aLow = a - aHigh;
  t = SPLITTER * b;
  const bHigh = t - (t - b);
  const bLow = b - bHigh;
  return aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
}

/**
 * `round(x, digits)` for a finite float, when `roundScaled` decides it, else NaN. Dividing the rounded integer
 * by an exact power of ten is correctly rounded, so this is the double nearest the decimal result, as Python's
 * `round` returns; the sign of a zero result is the sign of `x`.
 */
export function roundFloatFast(x: number, digits: number): number {
  const scaled = roundScaled(x, digits);
  if (Number.isNaN(scaled)) return scaled;
  const result = digits >= 0 ? scaled / POW10[digits] : scaled * POW10[-digits];
  return result === 0 && x < 0 ? -0 : result;
}

/** The most decimals `shortDecimalText` tries. */
const SHORT_DECIMALS = 4;

/**
 * The shortest round-trip text of a float below 1e11 that has at most four decimals (a price, a rounded
 * value), or '' for any other. When the integer `r` over `10 ** d` rounds to `x`, that decimal has at most 15
 * significant digits, and no other decimal of that length lies within a unit in the last place of `x`, so it
 * is the shortest text that reads back as `x`, the one `repr` and `String` print. Two small integers print
 * faster than a double does.
 */
function shortDecimalText(x: number, magnitude: number): string {
  for (let d = 1; d <= SHORT_DECIMALS; d++) {
    const scaled = Math.round(magnitude * POW10[d]);
    if (scaled / POW10[d] !== magnitude) continue;
    const whole = Math.floor(scaled / POW10[d]);
    const rest = scaled - whole * POW10[d];
    const decimals = d <= 2 ? DECIMALS[d][rest] : String(rest).padStart(d, '0');
    return x < 0 ? `-${whole}.${decimals}` : `${whole}.${decimals}`;
  }
  return '';
}

/** The one- and two-digit decimal texts ('0'..'9', '00'..'99'), indexed by digit count then value. */
const DECIMALS = [
  [],
  ...[1, 2].map((d) => Array.from({ length: 10 ** d }, (_, i) => String(i).padStart(d, '0'))),
];

/**
 * `x` rounded to `digits` decimals as Python rounds (half to even on the exact binary value), as text, or null
 * where neither quick way applies. First `roundScaled`; then `toFixed`, which rounds the exact value too and
 * differs only on exact ties, which it rounds away from zero. `x * 10 ** digits` is a tie when
 * `x * 2 ** (digits + 1)` is an odd integer (power-of-two scaling is exact); then an odd last digit is one
 * above the even choice, and an odd digit never borrows.
 */
export function fixedText(x: number, digits: number): string | null {
  if (digits < 0 || digits > 100 || !(Math.abs(x) < 1e21) || Object.is(x, -0)) return null;
  const scaled = digits <= 22 ? roundScaled(x, digits) : Number.NaN;
  if (!Number.isNaN(scaled)) {
    const sign = x < 0 ? '-' : '';
    const magnitude = Math.abs(scaled);
    if (digits === 0) return `${sign}${magnitude}`;
    const whole = Math.floor(magnitude / POW10[digits]);
    const rest = magnitude - whole * POW10[digits];
    // Prices: two decimals, from a table.
    const decimals = digits <= 2 ? DECIMALS[digits][rest] : String(rest).padStart(digits, '0');
    return `${sign}${whole}.${decimals}`;
  }
  const text = x.toFixed(digits);
  const doubled = x * 2 ** (digits + 1);
  if (!Number.isInteger(doubled) || doubled % 2 === 0) return text;
  const last = text.charCodeAt(text.length - 1) - 48;
  return last % 2 === 0 ? text : text.slice(0, -1) + String(last - 1);
}

/** `x` rounded to `p` digits after the decimal point. */
function fixedDigits(x: number, p: number): Digits {
  const { n: exact, scale } = exactDecimal(x);
  const rounded = divRoundHalfEven(exact, -(scale + p));
  if (rounded === 0n) return { digits: '0', decpt: 1 };
  const text = rounded.toString();
  return { digits: stripZeros(text), decpt: text.length - p };
}

/** The layout choices of `PyOS_double_to_string`. */
export interface FloatStyle {
  /** `#`: keep the decimal point and (for `g`) trailing zeros. */
  alt?: boolean;
  /** Add `.0` to integral results (`repr`, and format type none). */
  addDot0?: boolean;
  /** `E`/`F`/`G`: upper-case exponent, `INF`, `NAN`. */
  upper?: boolean;
}

/**
 * The text of `|x|` in one of CPython's float notations: `e`, `f`, `g` with `precision`, or `r` (repr).
 * The sign is left to the caller, which knows the sign options.
 */
export function formatAbsFloat(
  x: number,
  code: 'e' | 'f' | 'g' | 'r',
  precision: number,
  style: FloatStyle = {},
): string {
  const { alt = false, addDot0 = false, upper = false } = style;
  const abs = Math.abs(x);
  if (!Number.isFinite(abs)) {
    const text = Number.isNaN(abs) ? 'nan' : 'inf';
    return upper ? text.toUpperCase() : text;
  }
  if (code === 'f' && !alt) {
    const fast = fixedText(abs, precision);
    if (fast !== null) return upper ? fast.toUpperCase() : fast;
  }
  let found: Digits;
  let end: number;
  let useExp = false;
  switch (code) {
    case 'e':
      found = significantDigits(abs, precision + 1);
      useExp = true;
      end = precision + 1;
      break;
    case 'f':
      found = fixedDigits(abs, precision);
      end = found.decpt + precision;
      break;
    case 'g': {
      const p = precision === 0 ? 1 : precision;
      found = significantDigits(abs, p);
      useExp = found.decpt <= -4 || found.decpt > (addDot0 ? p - 1 : p);
      end = alt ? p : found.digits.length;
      break;
    }
    default:
      found = shortestDigits(abs);
      useExp = found.decpt <= -4 || found.decpt > 16;
      end = found.digits.length;
  }
  const { digits } = found;
  let decpt = found.decpt;
  let exp = 0;
  if (useExp) {
    exp = decpt - 1;
    decpt = 1;
  }
  const start = decpt <= 0 ? decpt - 1 : 0;
  if (!useExp && addDot0) end = Math.max(end, decpt + 1);
  else end = Math.max(end, decpt);
  let out: string;
  if (decpt <= 0) {
    out = `${'0'.repeat(decpt - start)}.${'0'.repeat(-decpt)}${digits}${'0'.repeat(Math.max(0, end - digits.length))}`;
  } else if (decpt <= digits.length) {
    out = `${digits.slice(0, decpt)}.${digits.slice(decpt)}${'0'.repeat(Math.max(0, end - digits.length))}`;
  } else {
    out = `${digits}${'0'.repeat(decpt - digits.length)}.${'0'.repeat(end - decpt)}`;
  }
  if (out.endsWith('.') && !alt) out = out.slice(0, -1);
  if (useExp) {
    const e = Math.abs(exp);
    out += `${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  return out;
}

/**
 * The texts of the floats printed last, as V8 keeps those of the numbers JS code prints (its number-string cache,
 * which hand-written code printing a price gets): one slot per hash of the float, a new float taking its slot.
 * Keys start as NaN, which equals nothing.
 */
const FLOAT_TEXT_SLOTS = 1024;
const FLOAT_TEXT_SHIFT = 32 - Math.log2(FLOAT_TEXT_SLOTS);
const floatKeys = new Float64Array(FLOAT_TEXT_SLOTS).fill(Number.NaN);
const floatTexts: string[] = new Array(FLOAT_TEXT_SLOTS).fill('');

/** Python's `repr(float)`: `2.0`, `0.1`, `1e+16`, `1e-05`, `-0.0`, `inf`, `nan`. */
export function floatRepr(x: number): string {
  // Between 1e-4 and 1e16 Python and JS both print the shortest round-trip digits without an exponent.
  const magnitude = Math.abs(x);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    if (Number.isInteger(x)) return `${x}.0`;
    const at = Math.imul((x * 1024) | 0, 0x9e3779b1) >>> FLOAT_TEXT_SHIFT;
    if (floatKeys[at] === x) return floatTexts[at];
    // `String(x)`, not a template literal: V8 may compute a literal's conversion ahead of this miss, on every
    // call (see `toText` in compiler.ts), 65-75 ns where a hit costs 10.
    const text = (magnitude < 1e11 && shortDecimalText(x, magnitude)) || String(x);
    floatKeys[at] = x;
    floatTexts[at] = text;
    return text;
  }
  const body = formatAbsFloat(x, 'r', 0, { addDot0: true });
  return x < 0 || Object.is(x, -0) ? `-${body}` : body;
}

const DOUBLE_BITS = new DataView(new ArrayBuffer(8));

/** A finite double's magnitude as `mantissa * 2 ** exponent`, both exact (a subnormal's exponent is -1074). */
export function decompose(x: number): { mantissa: bigint; exponent: number } {
  DOUBLE_BITS.setFloat64(0, Math.abs(x));
  const bits = DOUBLE_BITS.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | 0x10000000000000n, exponent: biased - 1075 };
}
