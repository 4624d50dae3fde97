/**
 * `{{ x|safe }}` and `{{ x|string }}` print `x` as `{{ x }}` does, without making the Markup or text in between:
 * they print what the filter's value prints when kept in a variable first, and a template that replaces either
 * filter calls its own.
 */
import { describe, expect, it } from 'vitest';
import type { FilterSpec } from '../src/index';
import { float, Markup, tuple, Undefined } from '../src/runtime/values';
import { outcome } from './helpers/template-outcome';

const values: ReadonlyArray<[string, unknown]> = [
  ['text', 'a <b> & c'],
  ['Markup', new Markup('<i>x</i>')],
  ['an int', 42],
  ['a big int', 2n ** 70n],
  ['a float', float(1.5)],
  ['a whole float', float(2)],
  ['None', null],
  ['true', true],
  ['a list', [1, 'a', null, [2.5]]],
  ['a tuple', tuple([1, 'b'])],
  ['a dict', { k: 'v', n: 1 }],
  ['Undefined', new Undefined('x')],
];

describe('x|safe and x|string printed as x', () => {
  it.each(values)('prints for %s what the filtered value kept in a variable prints', (_what, x) => {
    for (const filter of ['safe', 'string']) {
      expect(outcome(`[{{ x|${filter} }}]`, { x })).toBe(
        outcome(`{% set y = x|${filter} %}[{{ y }}]`, { x }),
      );
    }
  });

  it('still fails where x fails', () => {
    expect(outcome('{{ x.y.z|safe }}', {})).toBe(outcome('{{ x.y.z }}', {}));
    expect(outcome('{{ (1/0)|string }}', {})).toBe(outcome('{{ 1/0 }}', {}));
  });

  it('calls a safe or string filter the template replaced', () => {
    const mine: FilterSpec = { params: [], fn: () => 'mine' };
    expect(outcome('{{ 1|safe }}', {}, { filters: { safe: mine } })).toBe('mine');
    expect(outcome('{{ 1|string }}', {}, { filters: { string: mine } })).toBe('mine');
  });
});
