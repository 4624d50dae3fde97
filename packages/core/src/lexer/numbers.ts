/**
 * Number literals, converted as Jinja2 converts them: integers with `int(text, 0)` (which also reads
 * non-ASCII decimal digits such as `١٢`), floats with Python's `literal_eval` (which does not).
 */
import { float, int, type PyFloat } from '../runtime/values';

const NON_ASCII = /\P{ASCII}/u;
const NON_ASCII_DIGITS = /\P{ASCII}/gu;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** A number literal Python rejects; the message is Python's. */
export class NumberLiteralError extends Error {}

/** The value 0-9 of a Unicode decimal digit: Unicode encodes each set of ten digits as one run, 0 first. */
function digitValue(ch: string): string {
  let cp = ch.codePointAt(0) as number;
  let offset = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) {
    cp--;
    offset++;
  }
  return String(offset % 10);
}

/** The value of an integer literal (`42`, `1_000`, `0x1F`, `0b101`, `0o17`): a number, or a bigint past 2^53. */
export function integerValue(text: string): number | bigint {
  let digits = text.replace(/_/g, '').toLowerCase();
  if (NON_ASCII.test(digits)) digits = digits.replace(NON_ASCII_DIGITS, digitValue);
  const prefixed = digits.length > 1 && digits[0] === '0' && digits[1] >= 'a';
  if (!prefixed && digits.length <= 15) return Number(digits);
  return int(BigInt(digits));
}

/** The value of a float literal (`42.0`, `1e3`, `1_000.5`): a number, or a `PyFloat` when integral. */
export function floatValue(text: string): number | PyFloat {
  const ascii = text.replace(/_/g, '');
  const bad = ascii.match(NON_ASCII);
  if (bad) {
    if (bad.index !== 0) throw new NumberLiteralError('invalid decimal literal');
    const cp = (bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
    throw new NumberLiteralError(`invalid character '${bad[0]}' (U+${cp})`);
  }
  return float(Number(ascii));
}
