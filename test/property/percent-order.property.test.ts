import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import type { GeneratedCase } from './template-arbitrary';

// When Jinja2's items are evaluated and converted to text. `a ~ b` evaluates every operand, then joins their
// text; CPython compiles some `'...' % (a, b)` into f-strings, which convert each item as soon as it is evaluated
// (runtime/format.ts, `formatsInTurn`), and applies any other format to the whole tuple. Items that append to the
// list an earlier item printed, or fail (a missing name, an int too long to print), show which happened first.
// Formats are drawn from the characters that decide it: conversions, flags, widths and precisions of one to
// three digits, `%%`, and a lone `%`. `PROPERTY_RUNS` sets how many templates (default 300); `PROPERTY_SEED`
// replays a run.

const { runs, seed, timeoutMs } = runSettings(300);

const unit = fc
  .tuple(
    fc.constantFrom('', '', '-', '+', ' ', '#', '0', '-0'),
    fc.constantFrom('', '', '5', '12', '123'),
    fc.constantFrom('', '', '.', '.2', '.05', '.100'),
    fc.constantFrom('s', 's', 's', 'r', 'a', 'd'),
  )
  .map((parts) => `%${parts.join('')}`);
const between = fc.constantFrom('', '<', ' | ', '%%');
const item = fc.oneof(
  { weight: 4, arbitrary: fc.constant('l') },
  { weight: 3, arbitrary: fc.constant('l.append(7)') },
  { weight: 2, arbitrary: fc.constantFrom('l|length', "'t'", 'n') },
  { weight: 1, arbitrary: fc.constantFrom('n ** 5000', 'missing.a') },
);

/** `count` conversions with text between them, now and then one item too many or a lone `%` at the end. */
const formatOf = (count: number) =>
  fc
    .tuple(fc.array(fc.tuple(between, unit), { minLength: count, maxLength: count }), between, fc.nat(9))
    .map(([units, end, odd]) => {
      const text = units.map(([b, u]) => b + u).join('') + end;
      return JSON.stringify(odd === 0 ? `${text}%` : odd === 1 ? `${text}%s` : text);
    });

const cases: fc.Arbitrary<GeneratedCase> = fc
  .integer({ min: 1, max: 3 })
  .chain((count) =>
    fc.tuple(
      formatOf(count),
      fc.array(item, { minLength: count, maxLength: count }),
      fc.array(item, { minLength: 2, maxLength: 5 }),
    ),
  )
  .map(([fmt, items, joined]) => ({
    template: `{% set l = [1] %}{{ ${fmt} % (${items.join(', ')},) }}|{{ l }}|{{ ${joined.join(' ~ ')} }}|{{ l }}`,
    data: { n: 10 },
  }));

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(cases, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`the order of evaluation and conversion in % and ~ (seed ${seed}, ${runs} runs)`, () => {
  it('draws templates that render, and that fail', () => {
    const ok = run.results.filter((r) => r.ok).length / run.results.length;
    expect(ok).toBeGreaterThan(0.1);
    expect(ok).toBeLessThan(0.9);
  });

  it('print or fail as in Jinja2', () => run.assertAgreement(), timeoutMs);
});
