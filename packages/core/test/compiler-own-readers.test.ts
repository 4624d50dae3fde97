/**
 * Filters prepared when a template is compiled (`sort(attribute='price')`, `selectattr('stock')`, ...) read their
 * attribute paths by readers the compiler makes for the template (`withKeyReaders`): they give what the same
 * filters give with the attribute in a variable, read by the shared readers, on every kind of item and path.
 */
import { describe, expect, it } from 'vitest';
import { withKeyReaders } from '../src/filters/lookup';
import { tuple } from '../src/runtime/values';
import { outcome } from './helpers/template-outcome';

/** A dict whose `constructor` key hides its own kind from a property read. */
const constructorKey = JSON.parse('{"constructor": 5, "a": 2, "items": 1, "_x": 3}');

const items: ReadonlyArray<[string, unknown[]]> = [
  [
    'plain dicts',
    [
      { a: 3, b: { c: 1 } },
      { a: 1, b: { c: 2 } },
      { a: 2, b: { c: 0 } },
    ],
  ],
  ['dicts missing the key', [{ a: 3 }, { b: 1 }, { a: 1 }]],
  ['a dict with a constructor key', [{ a: 1, items: 2, _x: 1, constructor: 0 }, constructorKey]],
  ['dicts of other shapes', [{ z: 0, a: 2 }, { a: 1 }, { y: 1, x: 2, a: 0 }]],
  ['Maps', [new Map<string, unknown>([['a', 2]]), new Map<string, unknown>([['a', 1]])]],
  ['texts and numbers', ['ab', 'c', 2]],
  ['lists and tuples', [[2, 1], tuple([1, 2]), [0]]],
  ['a dict holding a function', [{ a: () => 1 }, { a: 1 }]],
  ['nothing', []],
];

const paths = ['a', 'b.c', '0', 'items', '_x', 'constructor', 'missing'];

/** Each filter with `A` for the attribute: written as a literal, and as the variable `attr`. */
const filters = [
  "sort(attribute=A)|map(attribute=A)|join(',')",
  "groupby(A)|map('first')|join(',')",
  'sum(attribute=A)',
  "map(attribute=A)|join(',')",
  "map(attribute=A, default='-')|join(',')",
  'unique(attribute=A)|list|length',
  'min(attribute=A)',
  'max(attribute=A)',
  'selectattr(A)|list|length',
  "rejectattr(A, 'defined')|list|length",
  "join(',', attribute=A)",
];

describe('attribute paths of filters prepared at compile time', () => {
  it.each(items)('are read as the shared readers read them, from %s', (_what, xs) => {
    for (const path of paths) {
      for (const filter of filters) {
        const literal = outcome(`{{ xs|${filter.replaceAll('A', `'${path}'`)} }}`, { xs });
        const variable = outcome(`{{ xs|${filter.replaceAll('A', 'attr')} }}`, { xs, attr: path });
        expect(literal, `${filter} of ${path}`).toBe(variable);
      }
    }
  });

  it('are read by the maker the compiler sets, and by the shared readers again after it', async () => {
    const { attributeGetter } = await import('../src/filters/lookup');
    const seen: string[] = [];
    const get = withKeyReaders(
      (key) => {
        seen.push(key);
        return () => `own ${key}`;
      },
      () => attributeGetter('a.b'),
    );
    expect(seen).toEqual(['a', 'b']);
    expect(get({ a: { b: 1 } })).toBe('own b');
    expect(attributeGetter('a.b')({ a: { b: 1 } })).toBe(1);
  });
});
