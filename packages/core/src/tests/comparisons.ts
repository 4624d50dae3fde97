/** Jinja2's tests that compare: `odd`, `even`, `divisibleby`, `sameas`, `in` and the operator tests (`eq`, `<`, ...). */
import { contains, eq, ge, gt, le, lt, mod, ne } from '../runtime/operators';
import type { RenderState, TestSpec } from '../runtime/state';
import { PyFloat } from '../runtime/values';

function compare(fn: (a: unknown, b: unknown) => boolean): TestSpec {
  return { params: ['b'], required: 1, fn: (_state, value, other) => fn(value, other) };
}

/** Python's `is`: the same object; for the values JS holds unboxed, the same value. */
function sameAs(a: unknown, b: unknown): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) return a === b;
  return Object.is(a, b) || (a === 0 && b === 0);
}

/** The comparison tests, by name (with Jinja's aliases). */
export const comparisonTests: Readonly<Record<string, TestSpec>> = {
  // An int is tested without the general `%` (a float or a bool goes through it, as in Python).
  odd: {
    params: [],
    fn: (state: RenderState, value) =>
      typeof value === 'number' && Number.isSafeInteger(value)
        ? value % 2 !== 0
        : eq(mod(state, value, 2), 1),
  },
  even: {
    params: [],
    fn: (state: RenderState, value) =>
      typeof value === 'number' && Number.isSafeInteger(value)
        ? value % 2 === 0
        : eq(mod(state, value, 2), 0),
  },
  divisibleby: {
    params: ['num'],
    required: 1,
    fn: (state: RenderState, value, num) => eq(mod(state, value, num), 0),
  },
  sameas: { params: ['other'], required: 1, fn: (_state, value, other) => sameAs(value, other) },
  in: { params: ['seq'], required: 1, fn: (_state, value, seq) => contains(seq, value) },
  '==': compare(eq),
  eq: compare(eq),
  equalto: compare(eq),
  '!=': compare(ne),
  ne: compare(ne),
  '>': compare(gt),
  gt: compare(gt),
  greaterthan: compare(gt),
  '>=': compare(ge),
  ge: compare(ge),
  '<': compare(lt),
  lt: compare(lt),
  lessthan: compare(lt),
  '<=': compare(le),
  le: compare(le),
};
