/**
 * `x|list|length` and `x|list|count` count the items `list` would copy where they are, without making the list:
 * they give what `list` then `length` give one at a time (the same filters on a list kept in a variable), errors
 * included and located at `list`, and they leave the way they were written to a template that replaces either
 * filter.
 */
import { describe, expect, it } from 'vitest';
import { compile, type FilterSpec, TemplateError } from '../src/index';
import { pyIterator, tuple, Undefined } from '../src/runtime/values';
import { outcome, thrownBy } from './helpers/template-outcome';

const values: ReadonlyArray<[string, unknown]> = [
  ['a list', [1, 'a', null]],
  ['an empty list', []],
  ['a tuple', tuple([1, 2])],
  ['text with an astral character', 'a😀b'],
  ['a dict', { a: 1, b: 2, c: 3 }],
  ['a Map', new Map([['k', 1]])],
  ['an iterator', pyIterator([1, 2, 3, 4], 'generator')],
  ['Undefined', new Undefined('x')],
  ['an int', 7],
  ['None', null],
  ['true', true],
];

describe('x|list|length counted where the items are', () => {
  it.each(values)('gives for %s what list then length give one at a time', (_what, x) => {
    for (const counter of ['length', 'count']) {
      expect(outcome(`{{ x|list|${counter} }}`, { x })).toBe(
        outcome(`{% set items = x|list %}{{ items|${counter} }}`, { x }),
      );
    }
  });

  it('counts what select and map yield', () => {
    expect(
      outcome("{{ xs|select('odd')|list|length }}|{{ xs|map('string')|list|count }}", { xs: [1, 2, 3] }),
    ).toBe('2|3');
  });

  it("locates list's error at list", () => {
    const error = thrownBy(() => compile('one\n{{ 5\n  |list|length }}').render({}));
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).line).toBe(3);
  });

  it('calls a list or length filter the template replaced', () => {
    const named: FilterSpec = { params: [], fn: () => 'mine' };
    const list: FilterSpec = { params: [], fn: () => [0, 0, 0, 0, 0] };
    expect(outcome('{{ [1]|list|length }}', {}, { filters: { length: named } })).toBe('mine');
    expect(outcome('{{ [1]|list|count }}', {}, { filters: { count: named } })).toBe('mine');
    expect(outcome('{{ [1]|list|length }}', {}, { filters: { list } })).toBe('5');
  });
});
