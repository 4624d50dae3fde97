/**
 * Float to text exactly as CPython's `PyOS_double_to_string` does it. JS's `toFixed`/`toPrecision`
 * round ties away from zero and switch notation at other thresholds, so the digits come from the
 * exact binary value (BigInt arithmetic) with round-half-even, and the layout is CPython's.
 */

/** Digits without trailing zeros, and where the decimal point goes: `{digits: '125', decpt: 1}` is 1.25. */
interface Digits {
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
function significantDigits(x: number, n: number): Digits {
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

/**
 * `x` rounded to `digits` decimals as Python rounds (half to even on the exact binary value), as text, through
 * `toFixed`, or null where `toFixed` cannot be used. `toFixed` rounds the exact value too and differs only on
 * exact ties, which it rounds away from zero. `x * 10 ** digits` is a tie when `x * 2 ** (digits + 1)` is an
 * odd integer (power-of-two scaling is exact); then an odd last digit is one above the even choice, and an
 * odd digit never borrows.
 */
export function fixedText(x: number, digits: number): string | null {
  if (digits < 0 || digits > 100 || !(Math.abs(x) < 1e21) || Object.is(x, -0)) return null;
  const text = x.toFixed(digits);
  const scaled = x * 2 ** (digits + 1);
  if (!Number.isInteger(scaled) || scaled % 2 === 0) return text;
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

/** Python's `repr(float)`: `2.0`, `0.1`, `1e+16`, `1e-05`, `-0.0`, `inf`, `nan`. */
export function floatRepr(x: number): string {
  // Between 1e-4 and 1e16 Python and JS both print the shortest round-trip digits without an exponent.
  const magnitude = Math.abs(x);
  if (magnitude >= 1e-4 && magnitude < 1e16) return Number.isInteger(x) ? `${x}.0` : String(x);
  const body = formatAbsFloat(x, 'r', 0, { addDot0: true });
  return x < 0 || Object.is(x, -0) ? `-${body}` : body;
}
