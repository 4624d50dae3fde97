import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import type { GeneratedCase } from './template-arbitrary';

// Sorts of long lists (up to 700 items, so natural runs, runs extended by insertion, powersort's merges and
// galloping all happen) render as in Jinja2, where the comparisons CPython's list.sort makes show: NaN, which
// compares false both ways, leaves items where the exact sequence of comparisons leaves them, and a list of
// mixed types fails on the first pair CPython compares, named in its order. Lists shaped as real data is:
// few distinct values, nearly sorted runs, descending stretches. `PROPERTY_RUNS` sets how many (default 150).

const { runs, seed, timeoutMs } = runSettings(150);

/** An item's value by the list's shape: random, few values, ascending or descending stretches with noise. */
function shaped(shape: string, n: number, i: number): number {
  if (shape === 'few') return n % 5;
  if (shape === 'runs') return (i % 80 < 40 ? i : 1000 - i) + (n % 13 === 0 ? 50 : 0);
  if (shape === 'descending') return 1000 - i + (n % 17 === 0 ? 3 : 0);
  return n;
}

/** A list of ints by a shape, with some NaN (`'nan'`, made a float by the template) and some `None`. */
const list = fc
  .record({
    shape: fc.constantFrom('random', 'few', 'runs', 'descending'),
    nanShare: fc.constantFrom(0, 0, 0.01, 0.05),
    noneShare: fc.constantFrom(0, 0, 0, 0.01),
    // fast-check's arrays are short unless told: the length is drawn first.
    cells: fc.integer({ min: 1, max: 700 }).chain((length) =>
      fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.double({ min: 0, max: 1, noNaN: true })), {
        minLength: length,
        maxLength: length,
      }),
    ),
  })
  .map(({ shape, nanShare, noneShare, cells }) =>
    cells.map(([n, r], i): number | string | null =>
      r < nanShare ? 'nan' : r < nanShare + noneShare ? null : shaped(shape, n, i),
    ),
  );

const templates = [
  "{{ xs|map('float')|sort|join(' ') }}",
  "{{ xs|map('float')|sort(reverse=true)|join(' ') }}",
  "{{ xs|sort|join(' ') }}",
  "{% for k, g in xs|map('float')|groupby('real') %}{{ k }}:{{ g|length }} {% endfor %}",
];

const cases: fc.Arbitrary<GeneratedCase> = fc
  .tuple(fc.constantFrom(...templates), list)
  // `'nan'` is text only where the template makes it a float; elsewhere it stays `nan` text.
  .map(([template, xs]) => ({ template, data: { xs } }));

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(cases, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`sorts of long lists (seed ${seed}, ${runs} runs)`, () => {
  it('are often long and often render', () => {
    const long = run.sample.filter((c) => (c.data.xs as unknown[]).length >= 64).length;
    // fast-check favours small lengths: over 300 seeds 61%-90% of 150 draws reach 64 items (median 73%).
    expect(long / run.sample.length).toBeGreaterThan(0.5);
    expect(run.results.filter((r) => r.ok).length / run.results.length).toBeGreaterThan(0.3);
  });

  it('render the same in the engine as in Jinja2', () => run.assertAgreement(), timeoutMs);
});
