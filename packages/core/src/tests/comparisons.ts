/** Jinja2's tests that compare: `odd`, `even`, `divisibleby`, `sameas`, `in` and the operator tests (`eq`, `<`, ...). */
import { contains, eq, ge, gt, le, lt, mod, ne } from '../runtime/operators';
import type { RenderState, TestSpec } from '../runtime/state';
import { PyFloat } from '../runtime/values';

function compare(fn: (a: unknown, b: unknown) => boolean, comparesAs: TestSpec['comparesAs']): TestSpec {
  return { params: ['b'], required: 1, fn: (_state, value, other) => fn(value, other), comparesAs };
}

/** Python's `is`: the same object; for the values JS holds unboxed, the same value. */
function sameAs(a: unknown, b: unknown): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) return a === b;
  return Object.is(a, b) || (a === 0 && b === 0);
}

/** The comparison tests, by name (with Jinja's aliases). */
export const comparisonTests: Readonly<Record<string, TestSpec>> = {
  odd: { params: [], fn: (state: RenderState, value) => eq(mod(state, value, 2), 1) },
  even: { params: [], fn: (state: RenderState, value) => eq(mod(state, value, 2), 0) },
  divisibleby: {
    params: ['num'],
    required: 1,
    fn: (state: RenderState, value, num) => eq(mod(state, value, num), 0),
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
