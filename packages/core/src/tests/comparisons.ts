/** Jinja2's tests that compare: `odd`, `even`, `divisibleby`, `sameas`, `in` and the operator tests (`eq`, `<`, ...). */
import { contains, eq, equalsText, ge, gt, le, lt, mod, ne } from '../runtime/operators';
import type { RenderState, TestSpec } from '../runtime/state';
import { compareStrings } from '../runtime/strings';
import { PyFloat } from '../runtime/values';

function compare(fn: (a: unknown, b: unknown) => boolean, comparesAs: TestSpec['comparesAs']): TestSpec {
  return { params: ['b'], required: 1, fn: (_state, value, other) => fn(value, other), comparesAs };
}

/**
 * The comparison test `op` bound to a constant, as a function of the value tested, for a text or number constant:
 * one closure per operator with the number case written out, instead of the binding's call, the test's and the
 * operator's (`selectattr('stock', '>=', 3)` tests every item with it; 1.1x over the general operator passed
 * in). Null for other constants.
 */
export function comparisonWith(
  op: NonNullable<TestSpec['comparesAs']>,
  c: unknown,
): ((state: RenderState, value: unknown) => boolean) | null {
  if (typeof c === 'string') {
    // Texts order by code point (`compareStrings`), dates written as ISO text among them.
    switch (op) {
      case 'eq':
        return (_state, a) => equalsText(a, c);
      case 'ne':
        return (_state, a) => !equalsText(a, c);
      case 'lt':
        return (_state, a) => (typeof a === 'string' ? compareStrings(a, c) < 0 : lt(a, c));
      case 'lteq':
        return (_state, a) => (typeof a === 'string' ? compareStrings(a, c) <= 0 : le(a, c));
      case 'gt':
        return (_state, a) => (typeof a === 'string' ? compareStrings(a, c) > 0 : gt(a, c));
      default:
        return (_state, a) => (typeof a === 'string' ? compareStrings(a, c) >= 0 : ge(a, c));
    }
  }
  if (typeof c !== 'number') return null;
  switch (op) {
    case 'eq':
      return (_state, a) => (typeof a === 'number' ? a === c : eq(a, c));
    case 'ne':
      return (_state, a) => (typeof a === 'number' ? a !== c : ne(a, c));
    case 'lt':
      return (_state, a) => (typeof a === 'number' ? a < c : lt(a, c));
    case 'lteq':
      return (_state, a) => (typeof a === 'number' ? a <= c : le(a, c));
    case 'gt':
      return (_state, a) => (typeof a === 'number' ? a > c : gt(a, c));
    default:
      return (_state, a) => (typeof a === 'number' ? a >= c : ge(a, c));
  }
}

/** Python's `x % 2` of a number: JS's remainder, moved to the divisor's sign (`-3 % 2` is 1, `-1e-300 % 2` is 2.0). */
function modTwo(x: number): number {
  const r = x % 2;
  return r < 0 ? r + 2 : r;
}

/** Python's `is`: the same object; for the values JS holds unboxed, the same value. */
function sameAs(a: unknown, b: unknown): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) return a === b;
  return Object.is(a, b) || (a === 0 && b === 0);
}

/** The comparison tests, by name (with Jinja's aliases). */
export const comparisonTests: Readonly<Record<string, TestSpec>> = {
  // `loop.index is odd` without the general `%`: a number's `% 2` as Python takes it (`modTwo`).
  odd: {
    params: [],
    fn: (state: RenderState, value) =>
      typeof value === 'number' ? modTwo(value) === 1 : eq(mod(state, value, 2), 1),
  },
  even: {
    params: [],
    fn: (state: RenderState, value) =>
      typeof value === 'number' ? modTwo(value) === 0 : eq(mod(state, value, 2), 0),
  },
  divisibleby: {
    params: ['num'],
    required: 1,
    // Two JS numbers (ints or floats) leave a remainder of zero in JS exactly when they do in Python, whose
    // remainder only moves a non-zero one to the divisor's sign; dividing by zero fails in `mod`.
    fn: (state: RenderState, value, num) =>
      typeof value === 'number' && typeof num === 'number' && num !== 0
        ? value % num === 0
        : eq(mod(state, value, num), 0),
  },
  sameas: { params: ['other'], required: 1, fn: (_state, value, other) => sameAs(value, other) },
  in: { params: ['seq'], required: 1, fn: (_state, value, seq) => contains(seq, value) },
  '==': compare(eq, 'eq'),
  eq: compare(eq, 'eq'),
  equalto: compare(eq, 'eq'),
  '!=': compare(ne, 'ne'),
  ne: compare(ne, 'ne'),
  '>': compare(gt, 'gt'),
  gt: compare(gt, 'gt'),
  greaterthan: compare(gt, 'gt'),
  '>=': compare(ge, 'gteq'),
  ge: compare(ge, 'gteq'),
  '<': compare(lt, 'lt'),
  lt: compare(lt, 'lt'),
  lessthan: compare(lt, 'lt'),
  '<=': compare(le, 'lteq'),
  le: compare(le, 'lteq'),
};
