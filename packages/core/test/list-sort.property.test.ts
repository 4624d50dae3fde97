/**
 * `timsortLite` asks exactly the comparisons CPython's `list.sort` asks, in the same order, and leaves the items
 * where it leaves them: checked against /usr/bin/python3 sorting the same lists of keys that log every `<` they
 * are asked. NaN (compares false both ways) makes any other sequence of comparisons show in the result. Lists of
 * 1 to 2,000 items, shaped as data is (random, few values, runs up and down, nearly sorted), so that natural runs,
 * runs extended by insertion, powersort's merges and galloping all happen. `PROPERTY_RUNS` sets the number of
 * lists (default 150); `PROPERTY_SEED` replays a run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyListLess, type Less, sortedByKey, timsortLite } from '../src/filters/ordering';
import type { Budget } from '../src/limits';
import { lt } from '../src/runtime/operators';

const PYTHON = '/usr/bin/python3';
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

/** Sorts each list (`null` is NaN) with keys that log each `<` as the pair of their positions. */
const PYTHON_SCRIPT = `
import json, sys
class Key:
    __slots__ = ('value', 'at')
    def __init__(self, value, at):
        self.value, self.at = value, at
    def __lt__(self, other):
        LOG.append((self.at, other.at))
        return self.value < other.value
out = []
for values in json.load(sys.stdin):
    LOG = []
    keys = [Key(float('nan') if v is None else v, i) for i, v in enumerate(values)]
    keys.sort()
    out.append({'order': [k.at for k in keys], 'log': LOG})
print(json.dumps(out))
`;

/** A list shaped as data often is, with NaN (`null`) at some places. */
const list = fc
  .record({
    length: fc.integer({ min: 1, max: 2000 }),
    shape: fc.constantFrom('random', 'few', 'runs', 'nearly sorted'),
    nanEvery: fc.constantFrom(0, 0, 17, 97),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
  })
  .map(({ length, shape, nanEvery, seed }) => {
    let state = seed;
    const next = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state;
    };
    return Array.from({ length }, (_, i): number | null => {
      const r = next();
      if (nanEvery > 0 && r % nanEvery === 0) return null;
      if (shape === 'few') return r % 5;
      if (shape === 'runs') return (i % 80 < 40 ? i : 1000 - i) + (r % 23 === 0 ? 50 : 0);
      if (shape === 'nearly sorted') return i + (r % 11 === 0 ? -7 : 0);
      return r % 1000;
    });
  });

describe.skipIf(!existsSync(PYTHON))(`list sorts against ${PYTHON} (seed ${SEED}, ${RUNS} lists)`, () => {
  it('make the same comparisons as CPython and leave the items in the same order', () => {
    const lists = fc.sample(list, { seed: SEED, numRuns: RUNS });
    const stdout = execFileSync(PYTHON, ['-c', PYTHON_SCRIPT], {
      input: JSON.stringify(lists),
      maxBuffer: 1 << 30,
    });
    const python = JSON.parse(stdout.toString()) as { order: number[]; log: [number, number][] }[];
    lists.forEach((values, c) => {
      const log: [number, number][] = [];
      const items = values.map((v, at) => ({ value: v ?? Number.NaN, at }));
      timsortLite(items, (a, b) => {
        log.push([a.at, b.at]);
        return a.value < b.value;
      });
      const where = `list ${c} of ${values.length} items`;
      expect(log, where).toEqual(python[c].log);
      expect(
        items.map((item) => item.at),
        where,
      ).toEqual(python[c].order);
    });
  });
});

describe('sorting numbers or texts alone natively', () => {
  // What `sortedByKey` gave before its native way: the exact sort, reversed around for `reverse`.
  const exact = (items: unknown[], keyOf: (item: unknown) => unknown, reverse: boolean, less: Less) => {
    const pairs = items.map((item) => ({ item, key: keyOf(item) }));
    if (reverse) pairs.reverse();
    timsortLite(pairs, (a, b) => less(a.key, b.key));
    if (reverse) pairs.reverse();
    return pairs.map((p) => p.item);
  };
  const work = { unitsLeft: 1e12, deadline: 0 } as unknown as Budget;
  const key = fc.oneof(
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom(0.5, -0, 0, 2.5, 1e21, -1e-7),
    fc.string({ unit: fc.constantFrom('a', 'B', 'é', '\uffff', '\u{1F600}', '\ud800'), maxLength: 3 }),
  );
  // Items of one kind of key each (the native way), or of both (the exact way, failing as CPython does).
  const items = fc.oneof(
    fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }),
    fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'é', '\uffff', '\u{1F600}'), maxLength: 3 }), {
      maxLength: 40,
    }),
    fc.array(key, { maxLength: 24 }),
  );

  it('leaves the items where the exact sort leaves them, keys alone or in lists of one', () => {
    fc.assert(
      fc.property(items, fc.boolean(), fc.boolean(), (values, reverse, inList) => {
        // Each item is a record, so that equal keys show whether their items kept their order.
        const records = values.map((value, at) => ({ value, at }));
        const keyOf = inList
          ? (item: unknown) => [(item as { value: unknown }).value]
          : (item: unknown) => (item as { value: unknown }).value;
        const less = inList ? keyListLess : lt;
        let expected: unknown;
        try {
          expected = exact(records, keyOf, reverse, less);
        } catch (error) {
          expect(() => sortedByKey(work, records, keyOf, reverse, less)).toThrow((error as Error).message);
          return;
        }
        expect(sortedByKey(work, records, keyOf, reverse, less).map((p) => p.item)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
