/**
 * Python's operators on template values: int/float/bool arithmetic with exact big ints, floor division
 * and modulo toward minus infinity, sequence concatenation and repetition, rich comparison, `in` and
 * truthiness, with CPython's error messages.
 */
import { LimitError, TemplateRuntimeError, typeError } from '../errors';
import { spend, spendRunning, spendRunningOnItems } from '../limits';
import { dictHas } from './access';
import { marksOf } from './array-marks';
import { dictViewKind } from './dict-views';
import { markupPercentFormat, percentFormat } from './format';
import { hashKey } from './hash-key';
import { dictEntries, isVisible, plainDictHasItems } from './iterate';
import { escapeText } from './markup';
import { memberSet } from './member-sets';
import { decompose } from './number-format';
import type { RenderState } from './state';
import { compareStrings } from './strings';
import { typeName } from './type-name';
import { undefinedError } from './undefined';
import {
  bigOf,
  float,
  int,
  isDict,
  isNumber,
  isPlainObject,
  isTuple,
  iteratorKind,
  Markup,
  Namespace,
  PyFloat,
  rangeOf,
  textOf,
  tuple,
  Undefined,
} from './values';

/** Python's type name of a value, re-exported for the operators' callers. */
export { typeName } from './type-name';

/** Int results past this many bits are refused: CPython could build them, but nothing could print them. */
const MAX_INT_BITS = 1_000_000;

type PyNumber = number | bigint | boolean | PyFloat;

/** A list or tuple: an array that is not a dict view or an iterator. */
export function isPlainSequence(v: unknown): v is unknown[] {
  if (!Array.isArray(v)) return false;
  const marks = marksOf(v);
  return marks === undefined || (marks.view === undefined && marks.iterator === undefined);
}

/** Python's `bool(v)`. */
export function truthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'boolean':
      return v;
    case 'number':
      // NaN is true in Python.
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'undefined':
      return false;
    default:
  }
  if (v === null) return false;
  // Iterators (what `map` or `select` return) are true even when empty, as Python's generators are.
  if (Array.isArray(v)) return v.length > 0 || iteratorKind(v) !== undefined;
  // A plain object (JSON's, a dict literal's) is asked before the engine's classes, each an `instanceof` test,
  // by `isPlainObject`'s constructor test (`Object.getPrototypeOf` first was 17% of a loop testing `if
  // loop.previtem`).
  if (isPlainObject(v as object)) return plainDictHasItems(v as Record<string, unknown>);
  if (v instanceof Undefined) return false;
  if (v instanceof PyFloat) return v.value !== 0;
  if (v instanceof Markup) return v.value.length > 0;
  if (v instanceof Map) return v.size > 0;
  return true;
}

/** True for int and bool values (which do int arithmetic). */
function isIntegral(v: PyNumber): v is number | bigint | boolean {
  return typeof v === 'boolean' || typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}

/** The float value of a number; a JS `-0` int is int 0, so it becomes `0.0`. */
function floatOf(v: PyNumber): number {
  if (v instanceof PyFloat) return v.value;
  if (typeof v === 'number') return Number.isInteger(v) ? v + 0 : v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const x = Number(v);
  if (!Number.isFinite(x))
    throw new TemplateRuntimeError('OverflowError', 'int too large to convert to float');
  return x;
}

/** True for an int or bool that is zero, without making a BigInt. */
function isZeroInt(v: number | bigint | boolean): boolean {
  return typeof v === 'bigint' ? v === 0n : !v;
}

/** An int result from a JS number computed exactly, normalising `-0`. */
function smallInt(x: number): number {
  return x === 0 ? 0 : x;
}

function checkBits(n: bigint): bigint {
  if ((n < 0n ? -n : n).toString(16).length * 4 > MAX_INT_BITS) {
    throw new LimitError('maxOutputSize', `integer result is larger than ${MAX_INT_BITS} bits`);
  }
  return n;
}

function failUndefined(a: unknown, b: unknown): void {
  if (a instanceof Undefined) throw undefinedError(a);
  if (b instanceof Undefined) throw undefinedError(b);
}

function unsupported(op: string, a: unknown, b: unknown): TemplateRuntimeError {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** Strings and lists a template builds are bounded by the output limit (a list counts its items). */
/** Throws a `LimitError` when a result of `size` characters or items would pass `maxOutputSize`. */
export function checkLength(state: RenderState, size: number): void {
  const max = state.limits.maxOutputSize;
  if (size > max)
    throw new LimitError('maxOutputSize', `the result would be longer than ${max} characters or items`);
}

// ---------------------------------------------------------------------------------------------
// arithmetic

function intAdd(a: number | bigint | boolean, b: number | bigint | boolean): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return smallInt(r);
  }
  return int(bigOf(a) + bigOf(b));
}

function intSub(a: number | bigint | boolean, b: number | bigint | boolean): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return smallInt(r);
  }
  return int(bigOf(a) - bigOf(b));
}

function intMul(a: number | bigint | boolean, b: number | bigint | boolean): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (Number.isSafeInteger(r)) return smallInt(r);
  }
  return int(checkBits(bigOf(a) * bigOf(b)));
}

/** `a + b` */
export function add(state: RenderState, a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) return intAdd(a, b);
    return float(a + b);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    checkLength(state, a.length + b.length);
    return a + b;
  }
  // Two plain lists (neither a tuple, a range nor a view: no marks), asked with one read of each one's marks.
  if (Array.isArray(a) && Array.isArray(b) && marksOf(a) === undefined && marksOf(b) === undefined) {
    return joinedLists(state, a, b);
  }
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b)) {
    if (isIntegral(a) && isIntegral(b)) return intAdd(a, b);
    return float(floatOf(a) + floatOf(b));
  }
  if (a instanceof Markup || b instanceof Markup) {
    const left = a instanceof Markup ? a.value : typeof a === 'string' ? escapeText(a) : undefined;
    const right = b instanceof Markup ? b.value : typeof b === 'string' ? escapeText(b) : undefined;
    if (left !== undefined && right !== undefined) {
      checkLength(state, left.length + right.length);
      return new Markup(left + right);
    }
  }
  if (typeof a === 'string') throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  if (isPlainSequence(a) && rangeOf(a) === undefined) {
    const kind = isTuple(a) ? 'tuple' : 'list';
    if (isPlainSequence(b) && isTuple(b) === isTuple(a) && rangeOf(b) === undefined) {
      const joined = joinedLists(state, a, b);
      return kind === 'tuple' ? tuple(joined) : joined;
    }
    throw typeError(`can only concatenate ${kind} (not "${typeName(b)}") to ${kind}`);
  }
  throw unsupported('+', a, b);
}

/** `a - b` */
export function sub(_state: RenderState, a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) return intSub(a, b);
    return float(a - b);
  }
  // Python's set difference of dict keys or items gives a set, which the engine has not: refused first.
  if (isSetLike(a) || isSetLike(b)) throw unsupported('-', a, b);
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b)) {
    if (isIntegral(a) && isIntegral(b)) return intSub(a, b);
    return float(floatOf(a) - floatOf(b));
  }
  throw unsupported('-', a, b);
}

/** Dict keys and items views, which Python subtracts as sets. */
function isSetLike(v: unknown): boolean {
  const view = dictViewKind(v);
  return view === 'dict_keys' || view === 'dict_items';
}

/** Python's ssize_t, which a repetition count must fit. */
const SSIZE_MAX = 2n ** 63n - 1n;

function repeatCount(n: number | bigint | boolean): number {
  if (typeof n === 'number' && Number.isSafeInteger(n)) return n <= 0 ? 0 : n;
  const big = bigOf(n);
  if (big > SSIZE_MAX || big < -SSIZE_MAX - 1n) {
    throw new TemplateRuntimeError('OverflowError', "cannot fit 'int' into an index-sized integer");
  }
  return big <= 0n ? 0 : big > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(big);
}

function repeat(state: RenderState, seq: unknown, n: number | bigint | boolean): unknown {
  const times = repeatCount(n);
  if (typeof seq === 'string' || seq instanceof Markup) {
    const text = typeof seq === 'string' ? seq : seq.value;
    if (text.length === 0 || times === 0) return seq instanceof Markup ? new Markup('') : '';
    checkLength(state, text.length * times);
    const out = text.repeat(times);
    return seq instanceof Markup ? new Markup(out) : out;
  }
  const items = seq as unknown[];
  if (items.length > 0 && times > 0) {
    checkLength(state, items.length * times);
    spendOnCopy(state, items.length * times);
  }
  const out: unknown[] = [];
  for (let i = 0; i < times && items.length > 0; i++) out.push(...items);
  return isTuple(items) ? tuple(out) : out;
}

/** A str, list or tuple, which `*` repeats (a range is no such sequence). */
function isSequence(v: unknown): boolean {
  return typeof v === 'string' || v instanceof Markup || (isPlainSequence(v) && rangeOf(v) === undefined);
}

/** The most items `add` joins by `joinedLists`; longer lists go to `concat`. */
const SHORT_LISTS = 64;

/**
 * A new list of `a`'s items, then `b`'s, checked against the output limit and counted against the time limit. Short
 * lists are copied item by item: `Array.prototype.concat` measured 5x slower on them (it asks each argument whether
 * to spread it, and takes its slow path on a list the engine has marked), while on long ones its copy in bulk is
 * 1.5x-3x faster than pushing item by item (`SHORT_LISTS`).
 */
function joinedLists(state: RenderState, a: readonly unknown[], b: readonly unknown[]): unknown[] {
  const size = a.length + b.length;
  checkLength(state, size);
  spendOnCopy(state, size);
  if (size > SHORT_LISTS) return a.concat(b);
  const out = a.slice();
  for (let i = 0; i < b.length; i++) out.push(b[i]);
  return out;
}

/**
 * Counts a copy of `size` items against the time limit: `sum(start=[])` over many lists copies ever longer ones.
 * A short copy costs less than the count would, and many of them are counted by what runs them.
 */
function spendOnCopy(state: RenderState, size: number): void {
  if (size > 256) spend(state, size);
}

/** `a * b` (numbers, or a str/list/tuple repeated by an int, checked against the output size limit first). */
export function mul(state: RenderState, a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) return intMul(a, b);
    return float(a * b);
  }
  // Text times an int (`'★' * n`), the usual repetition.
  if (typeof a === 'string' && typeof b === 'number' && Number.isInteger(b)) return repeat(state, a, b);
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b)) {
    if (isIntegral(a) && isIntegral(b)) return intMul(a, b);
    return float(floatOf(a) * floatOf(b));
  }
  if (a instanceof Markup || b instanceof Markup) {
    // Markup repeats only by an int, and otherwise declines: the other side decides the error.
    const [markup, n] = a instanceof Markup ? [a, b] : [b, a];
    if (isNumber(n) && isIntegral(n)) return repeat(state, markup, n);
    if (isSequence(n) && !(n instanceof Markup))
      throw typeError("can't multiply sequence by non-int of type 'Markup'");
    throw unsupported('*', a, b);
  }
  if (isSequence(a) || isSequence(b)) {
    const [seq, n] = isSequence(a) ? [a, b] : [b, a];
    if (isNumber(n) && isIntegral(n)) return repeat(state, seq, n);
    throw typeError(`can't multiply sequence by non-int of type '${typeName(n)}'`);
  }
  throw unsupported('*', a, b);
}

/** `a / b`: always a float, exact for big ints as CPython's true division is. */
export function truediv(_state: RenderState, a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number' && b !== 0) {
    // Safe ints and JS floats divide exactly as Python does (an int `-0` is 0); big int values take the exact path.
    const ints = Number.isInteger(a) && Number.isInteger(b);
    if (!ints) return float(a / b);
    if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) return float((a === 0 ? 0 : a) / b);
  }
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported('/', a, b);
  if (isIntegral(a) && isIntegral(b)) {
    if (isZeroInt(b)) throw new TemplateRuntimeError('ZeroDivisionError', 'division by zero');
    if (
      typeof a !== 'bigint' &&
      typeof b !== 'bigint' &&
      Number.isSafeInteger(Number(a)) &&
      Number.isSafeInteger(Number(b))
    ) {
      return float(floatOf(a) / floatOf(b));
    }
    return float(bigDivide(bigOf(a), bigOf(b)));
  }
  // Both operands are made floats (an int past the largest fails) before the divisor is checked.
  const x = floatOf(a);
  const y = floatOf(b);
  if (y === 0) throw new TemplateRuntimeError('ZeroDivisionError', 'float division by zero');
  return float(x / y);
}

/** `a / b` of big ints, correctly rounded. */
export function bigDivide(a: bigint, b: bigint): number {
  const x = roundedQuotient(a < 0n ? -a : a, b < 0n ? -b : b);
  if (!Number.isFinite(x))
    throw new TemplateRuntimeError('OverflowError', 'integer division result too large for a float');
  return a < 0n !== b < 0n ? -x : x;
}

/**
 * `n / d * 2 ** e` for non-negative big ints as the nearest double (Infinity past the largest): a quotient of
 * 66 or 67 bits with a sticky bit, rounded once by Number(), then scaled by powers of two (exact unless the
 * result is subnormal). A `d` of 1 is a shift, not a division.
 */
function roundedQuotient(n: bigint, d: bigint, e = 0): number {
  const shift = 66 - (n.toString(2).length - (d === 1n ? 1 : d.toString(2).length));
  let q: bigint;
  let exact: boolean;
  if (d === 1n) {
    q = shift >= 0 ? n << BigInt(shift) : n >> BigInt(-shift);
    exact = shift >= 0 || q << BigInt(-shift) === n;
  } else {
    const num = shift > 0 ? n << BigInt(shift) : n;
    const den = shift < 0 ? d << BigInt(-shift) : d;
    q = num / den;
    exact = q * den === num;
  }
  if (!exact) q |= 1n;
  let x = Number(q);
  for (let s = e - shift; s !== 0 && x !== 0 && Number.isFinite(x); ) {
    const step = Math.max(-1000, Math.min(1000, s));
    x *= 2 ** step;
    s -= step;
  }
  return x;
}

/** CPython's `float_divmod`: floor quotient and modulo with the sign of the divisor. */
function floatDivmod(x: number, y: number): [number, number] {
  // C's `if (mod)` and `if (div)` take NaN as true, JS as false: compare with 0 explicitly.
  let mod = x % y;
  let div = (x - mod) / y;
  if (mod !== 0) {
    if (y < 0 !== mod < 0) {
      mod += y;
      div -= 1;
    }
  } else {
    mod = y < 0 || Object.is(y, -0) ? -0 : 0;
  }
  let floordiv: number;
  if (div !== 0) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
  } else {
    floordiv = x / y < 0 || Object.is(x / y, -0) ? -0 : 0;
  }
  return [floordiv, mod];
}

function intDivmod(
  a: number | bigint | boolean,
  b: number | bigint | boolean,
): [number | bigint, number | bigint] {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    let r = a % b;
    let q = (a - r) / b;
    if (r !== 0 && r < 0 !== b < 0) {
      r += b;
      q -= 1;
    }
    return [smallInt(q), smallInt(r)];
  }
  const x = bigOf(a);
  const y = bigOf(b);
  let q = x / y;
  let r = x % y;
  if (r !== 0n && r < 0n !== y < 0n) {
    r += y;
    q -= 1n;
  }
  return [int(q), int(r)];
}

/** `a // b`: floor division toward minus infinity. */
export function floordiv(_state: RenderState, a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported('//', a, b);
  if (isIntegral(a) && isIntegral(b)) {
    if (isZeroInt(b))
      throw new TemplateRuntimeError('ZeroDivisionError', 'integer division or modulo by zero');
    return intDivmod(a, b)[0];
  }
  const x = floatOf(a);
  const y = floatOf(b);
  if (y === 0) throw new TemplateRuntimeError('ZeroDivisionError', 'float floor division by zero');
  return float(floatDivmod(x, y)[0]);
}

/** `a % b`: modulo with the sign of the divisor; on a string, Python's `%` formatting. */
export function mod(_state: RenderState, a: unknown, b: unknown): unknown {
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    Number.isSafeInteger(a) &&
    Number.isSafeInteger(b) &&
    b !== 0
  ) {
    // Two ints, the usual case (`loop.index % 3`, `is odd`): the remainder takes the divisor's sign, -0 is 0.
    const r = a % b;
    return r !== 0 && r < 0 !== b < 0 ? r + b : r + 0;
  }
  if (typeof a === 'string') return percentFormat(a, b);
  if (a instanceof Markup) return markupPercentFormat(a.value, b);
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported('%', a, b);
  if (isIntegral(a) && isIntegral(b)) {
    if (isZeroInt(b)) throw new TemplateRuntimeError('ZeroDivisionError', 'integer modulo by zero');
    return intDivmod(a, b)[1];
  }
  const x = floatOf(a);
  const y = floatOf(b);
  if (y === 0) throw new TemplateRuntimeError('ZeroDivisionError', 'float modulo');
  return float(floatDivmod(x, y)[1]);
}

/** `a ** b`: exact ints (big when needed), a float for negative int exponents, CPython's errors. */
export function pow(_state: RenderState, a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported('** or pow()', a, b);
  if (isIntegral(a) && isIntegral(b)) {
    if (typeof a === 'number' && typeof b === 'number' && b >= 0 && b <= 64 && Number.isSafeInteger(a)) {
      const exact = smallPower(a, b);
      if (exact !== undefined) return exact;
    }
    const base = bigOf(a);
    const exp = bigOf(b);
    if (exp >= 0n) {
      if (base === 0n || base === 1n) return exp === 0n ? 1 : int(base);
      if (base === -1n) return exp % 2n === 0n ? 1 : -1;
      const bits = (base < 0n ? -base : base).toString(2).length - 1;
      if (Number(exp) * Math.max(bits, 1) > MAX_INT_BITS) {
        throw new LimitError('maxOutputSize', `integer result is larger than ${MAX_INT_BITS} bits`);
      }
      return int(base ** exp);
    }
    if (base === 0n)
      throw new TemplateRuntimeError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  }
  return float(floatPow(floatOf(a), floatOf(b)));
}

/**
 * `base ** exp` of a safe int by repeated multiplication (each step exact), or undefined once it would leave the
 * safe range: `Math.pow` may be an ulp off, which near 2^53 is a different int.
 */
function smallPower(base: number, exp: number): number | undefined {
  let r = 1;
  for (let i = 0; i < exp; i++) {
    r *= base;
    if (!Number.isSafeInteger(r)) return undefined;
  }
  return smallInt(r);
}

/** The largest exponent `integralPower` computes exactly (a 53-bit mantissa to it is under 7,000 bits). */
const MAX_EXACT_EXPONENT = 128;

/** `x ** n` for a finite nonzero float and an int `n`, exact and rounded once (Infinity past the largest double). */
function integralPower(x: number, n: number): number {
  if (n === 1) return x;
  // One IEEE multiplication or division is itself rounded once.
  if (n === 2) return x * x;
  if (n === -1) return 1 / x;
  const { mantissa, exponent } = decompose(x);
  const k = Math.abs(n);
  // |x| ** k = mantissa ** k * 2 ** (exponent * k).
  const power = mantissa ** BigInt(k);
  const magnitude =
    n > 0 ? roundedQuotient(power, 1n, exponent * k) : roundedQuotient(1n, power, -exponent * k);
  return x < 0 && k % 2 === 1 ? -magnitude : magnitude;
}

/** CPython's `float_pow` special cases over JS `Math.pow`. */
function floatPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (x === 1) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (x === -1 && !Number.isFinite(y)) return 1;
  if (x === 0 && y < 0)
    throw new TemplateRuntimeError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  if (x < 0 && Number.isFinite(x) && Number.isFinite(y) && !Number.isInteger(y)) {
    throw new TemplateRuntimeError(
      'ValueError',
      'a negative number raised to a fractional power has no real result',
    );
  }
  // An integral exponent is computed exactly and rounded once, as C's pow (which CPython calls) rounds it: V8's
  // `**` is an ulp off for about one in twelve (`1.1493 ** 4`). Other exponents keep V8's result.
  const exact = Number.isInteger(y) && Math.abs(y) <= MAX_EXACT_EXPONENT && Number.isFinite(x) && x !== 0;
  const r = exact ? integralPower(x, y) : x ** y;
  if (!Number.isFinite(r) && Number.isFinite(x) && Number.isFinite(y)) {
    throw new TemplateRuntimeError('OverflowError', "(34, 'Numerical result out of range')");
  }
  return r;
}

/** Unary `-v`. */
export function neg(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? smallInt(-v) : -v;
  if (typeof v === 'bigint') return int(-v);
  if (typeof v === 'boolean') return v ? -1 : 0;
  if (v instanceof PyFloat) return new PyFloat(-v.value);
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`bad operand type for unary -: '${typeName(v)}'`);
}

/** Unary `+v`. */
export function pos(v: unknown): unknown {
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`bad operand type for unary +: '${typeName(v)}'`);
}

// ---------------------------------------------------------------------------------------------
// comparison

/** Orders two numbers exactly (big ints against floats too); NaN when unordered. */
function compareNumbers(a: PyNumber, b: PyNumber): number {
  const x = typeof a === 'bigint' ? a : floatOf(a);
  const y = typeof b === 'bigint' ? b : floatOf(b);
  if (typeof x === 'number' && typeof y === 'number')
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'bigint') return -compareBigToFloat(x, y as number);
  return compareBigToFloat(y as bigint, x);
}

/** Sign of `x - n` for a float `x` and a big int `n`. */
function compareBigToFloat(n: bigint, x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (!Number.isFinite(x)) return x > 0 ? 1 : -1;
  const floor = Math.floor(x);
  const f = BigInt(floor);
  if (f < n) return -1;
  if (f > n) return 1;
  return x > floor ? 1 : 0;
}

/** Python's `a == b`: numbers across int/float/bool, lists and tuples item by item, dicts by content. */
export function eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Two texts or two JS numbers (ints and floats alike) that JS finds unequal, Python does too.
  if (typeof a === 'string' && typeof b === 'string') return false;
  if (typeof a === 'number' && typeof b === 'number') return false;
  if (isNumber(a)) return isNumber(b) && compareNumbers(a, b) === 0;
  if (isNumber(b) || a === null || b === null) return false;
  const ta = textOf(a);
  if (ta !== undefined) return ta === textOf(b);
  if (a instanceof Undefined) return b instanceof Undefined;
  if (Array.isArray(a)) return Array.isArray(b) && sequenceEq(a, b);
  if (isDict(a)) return isDict(b) && dictEq(a, b);
  return false;
}

function sequenceEq(a: unknown[], b: unknown[]): boolean {
  const marksA = marksOf(a);
  const marksB = marksOf(b);
  // Two plain lists, the usual case, by one read of each.
  if (marksA === undefined && marksB === undefined) return itemsEq(a, b);
  if (iteratorKind(a) || iteratorKind(b)) return false;
  // A range equals only a range (with the same items), never a list.
  if ((rangeOf(a) === undefined) !== (rangeOf(b) === undefined)) return false;
  // Keys and items views are equal as sets are, one kind with the other too.
  if (isSetLike(a) && isSetLike(b)) return a.length === b.length && allContainedIn(a, b);
  if (isTuple(a) !== isTuple(b) || dictViewKind(a) !== dictViewKind(b)) return false;
  if (a.length !== b.length) return false;
  if (dictViewKind(a) === 'dict_values') return false;
  return itemsEq(a, b);
}

/** Equal lengths and equal items in order. */
function itemsEq(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  spendRunningOnItems(a);
  for (let i = 0; i < a.length; i++) if (!eq(a[i], b[i])) return false;
  return true;
}

function dictEq(
  a: Record<string, unknown> | Map<unknown, unknown>,
  b: Record<string, unknown> | Map<unknown, unknown>,
): boolean {
  const entries = dictEntries(a);
  if (entries.length !== dictEntries(b).length) return false;
  for (const [key, value] of entries) {
    if (!dictHas(b, key)) return false;
    const other = b instanceof Map ? mapGet(b, key) : (b as Record<string, unknown>)[textOf(key) ?? ''];
    if (!eq(value, other)) return false;
  }
  return true;
}

function mapGet(m: Map<unknown, unknown>, key: unknown): unknown {
  if (m.has(key)) return m.get(key);
  for (const [k, v] of m) {
    spendRunning(1);
    if (eq(k, key)) return v;
  }
  return undefined;
}

/** Python's `a != b`. */
export function ne(a: unknown, b: unknown): boolean {
  return !eq(a, b);
}

type Op = '<' | '<=' | '>' | '>=';

function holds(order: number, op: Op): boolean {
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

const MIRRORED: Record<Op, Op> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Python's ordering: numbers, strings by code point, lists/tuples lexicographically; TypeError otherwise. */
function order(a: unknown, b: unknown, op: Op): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return holds(a < b ? -1 : a > b ? 1 : a === b ? 0 : Number.NaN, op);
  if (typeof a === 'string' && typeof b === 'string') return holds(compareStrings(a, b), op);
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b)) return holds(compareNumbers(a, b), op);
  const ta = textOf(a);
  const tb = textOf(b);
  if (ta !== undefined && tb !== undefined) return holds(compareStrings(ta, tb), op);
  if (
    isPlainSequence(a) &&
    isPlainSequence(b) &&
    isTuple(a) === isTuple(b) &&
    rangeOf(a) === undefined &&
    rangeOf(b) === undefined
  ) {
    // `groupby`'s namedtuple is a subclass of tuple, so Python asks it first, with the mirrored operator: what
    // shows is only which way round an error names its operands.
    if (marksOf(b)?.fields !== undefined && marksOf(a)?.fields === undefined)
      return order(b, a, MIRRORED[op]);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (!eq(a[i], b[i])) return order(a[i], b[i], op);
    return holds(a.length - b.length, op);
  }
  if (isSetLike(a) && isSetLike(b)) return viewOrder(a as unknown[], b as unknown[], op);
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** Python's ordering of dict keys and items views: as sets are ordered, by inclusion. */
function viewOrder(a: unknown[], b: unknown[], op: Op): boolean {
  switch (op) {
    case '<':
      return a.length < b.length && allContainedIn(a, b);
    case '<=':
      return a.length <= b.length && allContainedIn(a, b);
    case '>':
      return a.length > b.length && allContainedIn(b, a);
    default:
      return a.length >= b.length && allContainedIn(b, a);
  }
}

/**
 * Whether every item of the view `a` is in the view `b`, as Python's `x in view` finds it: only a pair can be in
 * an items view, and a key of a keys view must hash.
 */
function allContainedIn(a: unknown[], b: unknown[]): boolean {
  spendRunningOnItems(a);
  spendRunningOnItems(b);
  // A view's keys are a dict's, so they hash: `b` is looked up by key, as the dict behind it is.
  if (dictViewKind(b) === 'dict_keys') {
    const keys = new Set(b.map(hashKey));
    return a.every((x) => keys.has(hashKey(x)));
  }
  const values = new Map((b as unknown[][]).map(([k, v]) => [hashKey(k), v]));
  return a.every((x) => {
    // Only a pair can be in an items view; its value is compared, as `(k, v) in d.items()` does.
    if (!(isTuple(x) && (x as unknown[]).length === 2)) return false;
    const [k, v] = x as unknown[];
    const key = hashKey(k);
    return values.has(key) && eq(values.get(key), v);
  });
}

// Two numbers (ints and floats alike, NaN included) compare in JS as in Python: asked first, without `order`.
/** Python's `a < b`. Two strings (what sorts compare most, after numbers) go straight to their comparison. */
export const lt = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number'
    ? a < b
    : typeof a === 'string' && typeof b === 'string'
      ? compareStrings(a, b) < 0
      : order(a, b, '<');
/** Python's `a <= b`. */
export const le = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number' ? a <= b : order(a, b, '<=');
/** Python's `a > b`. */
export const gt = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number' ? a > b : order(a, b, '>');
/** Python's `a >= b`. */
export const ge = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number' ? a >= b : order(a, b, '>=');

/** Python's TypeError for a dict key or set member that cannot be hashed: lists, dicts, tuples holding them. */
export function requireHashable(v: unknown): void {
  // Text, numbers, booleans and None hash: only containers need their hash key built to be judged.
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean' && v !== null) hashKey(v);
}

/** Python's `a == text`: only a str or Markup equals a str. */
export function equalsText(a: unknown, text: string): boolean {
  return a === text || (a instanceof Markup && a.value === text);
}

/**
 * `'key' in container` for text known when the template compiles: a plain object's own key, a substring, a list
 * item equal to the text (a str or markup of it), each found without asking what the key is; anything else as
 * `contains` does.
 */
export function containsText(container: unknown, key: string): boolean {
  if (typeof container === 'string') return container.includes(key);
  if (typeof container === 'object' && container !== null) {
    if (Array.isArray(container)) return listHas(container, key);
    if (isPlainObject(container)) {
      return Object.hasOwn(container, key) && isVisible((container as Record<string, unknown>)[key]);
    }
  }
  return contains(container, key);
}

/**
 * Python's `item in list` for a text or a number (but NaN): by the list's set (`memberSet`), else natively, then
 * among the items only of the other types that `==` may match to it (Markup, a bool, an integral float, a big int).
 */
function listHas(list: readonly unknown[], item: string | number): boolean {
  spendRunningOnItems(list);
  const members = memberSet(list);
  if (members !== null) return members.has(item);
  if (list.includes(item)) return true;
  for (const x of list) {
    const type = typeof x;
    if ((type === 'object' || type === 'boolean' || type === 'bigint') && eq(x, item)) return true;
  }
  return false;
}

/** Python's `item in container`: substring for strings, `==` membership for sequences, keys for dicts. */
export function contains(container: unknown, item: unknown): boolean {
  // A text or number in a list, the common case, asked first: whether the list is a dict's view (see below)
  // changes nothing for them, as they hash and equal no pair.
  if (
    Array.isArray(container) &&
    (typeof item === 'string' || (typeof item === 'number' && !Number.isNaN(item)))
  ) {
    return listHas(container, item);
  }
  const text = textOf(container);
  if (text !== undefined) {
    const needle = textOf(item);
    if (needle === undefined)
      throw typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    return text.includes(needle);
  }
  if (Array.isArray(container)) {
    // A keys view looks the item up as a key, an items view a pair's key: both hash it first, as Python's do.
    const view = dictViewKind(container);
    if (view === 'dict_keys') requireHashable(item);
    else if (view === 'dict_items' && isTuple(item) && item.length === 2) requireHashable(item[0]);
    if (
      (typeof item === 'string' || (typeof item === 'number' && !Number.isNaN(item))) &&
      view === undefined
    ) {
      return listHas(container, item);
    }
    spendRunningOnItems(container);
    for (const x of container) if (eq(x, item)) return true;
    return false;
  }
  if (container instanceof Undefined) return false;
  if (isDict(container)) {
    requireHashable(item);
    return dictHas(container, item);
  }
  if (container instanceof Namespace) throw typeError("argument of type 'Namespace' is not iterable");
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}
