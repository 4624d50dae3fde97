import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaCase, startJinja } from '../jinja/bridge';

// The render path's quick ways against Jinja2 itself, on the values where they could slip: floats at, next to
// and between decimal ties through `round`, `'%.Nf'` and plain printing, and ASCII text full of word breaks
// through `title`. One batch per run (`PROPERTY_RUNS` cases of each kind, default 300; `PROPERTY_SEED` replays).

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

/** The neighbouring double `steps` units in the last place away (up when positive). */
function nudged(x: number, steps: number): number {
  const view = new DataView(new ArrayBuffer(8));
  let y = x;
  for (let i = 0; i < Math.abs(steps); i++) {
    if (y === 0) {
      y = steps > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
      continue;
    }
    view.setFloat64(0, y);
    const away = y > 0 === steps > 0;
    view.setBigUint64(0, view.getBigUint64(0) + (away ? 1n : -1n));
    y = view.getFloat64(0);
  }
  return y;
}

/** Doubles on, beside and between decimals with up to four places, and any double. */
const floats = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: -10_000_000, max: 10_000_000 }),
      fc.integer({ min: 0, max: 4 }),
      fc.constantFrom(0, 0.5, 0.25),
      fc.integer({ min: -2, max: 2 }),
    )
    .map(([n, d, part, steps]) => nudged((n + part) / 10 ** d, steps)),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
);

const numberCases: fc.Arbitrary<JinjaCase> = fc
  .tuple(floats, fc.integer({ min: 0, max: 4 }))
  .map(([x, d]) => ({
    // An integral float arrives as an int (JSON has one number type); `* 1.0` makes it a float in both.
    template:
      `{% set f = x * 1.0 %}{{ f }}|{{ f|round(${d}) }}|{{ '%.${d}f'|format(f) }}|{{ (f * 10)|round(1) }}` +
      `|{{ f|round(${d}, 'floor') }}|{{ f|round(${d - 2}, 'ceil') }}|{{ f|round(${d * 6}, 'floor') }}|{{ f|round(${-d * 6}, 'ceil') }}`,
    data: { x },
  }));

const asciiText = fc.string({
  unit: fc.constantFrom(..."aZq Mx-(y{k[b<c\t\x1c1_.&'".split('')),
  maxLength: 24,
});
const titleCases: fc.Arbitrary<JinjaCase> = asciiText.map((s) => ({
  template: '{{ s|title }}|{{ s|capitalize }}',
  data: { s },
}));

/**
 * Hexadecimal float texts around the quick path of `float.fromhex` (up to 13 digits, a binary exponent in the
 * normal range) and past it: more digits, subnormal and overflowing results, signs, spaces and a bare point.
 */
const hexDigits = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'.split('')), maxLength: max });
const hexFloatCases: fc.Arbitrary<JinjaCase> = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    prefix: fc.constantFrom('0x', '0X', ''),
    whole: hexDigits(15),
    fraction: fc.option(hexDigits(18)),
    exponent: fc.option(
      fc.oneof(
        fc.integer({ min: -1100, max: 1100 }),
        fc.integer({ min: -1030, max: -1015 }),
        fc.integer({ min: 1015, max: 1030 }),
      ),
    ),
    // Python skips ASCII whitespace alone around the text: a no-break or em space makes it invalid.
    space: fc.constantFrom('', ' ', '\t\n', '\x0b', '\u00a0', '\u2003'),
  })
  .map(({ sign, prefix, whole, fraction, exponent, space }) => ({
    template: '{{ (1.5).fromhex(s) }}',
    data: {
      s: `${space}${sign}${prefix}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `p${exponent}`}${space}`,
    },
  }));

let jinja: JinjaBridge;
beforeAll(async () => {
  jinja = await startJinja();
});
afterAll(() => jinja.close());

async function mismatches(cases: JinjaCase[]): Promise<string[]> {
  const results = await jinja.render(cases);
  return cases.flatMap((c, i) => {
    const problem = disagreement(c.template, renderWithEngine(c.template, c.data), results[i]);
    return problem === undefined ? [] : [`${c.template} with ${JSON.stringify(c.data)}: ${problem}`];
  });
}

describe(`numbers and text against Jinja2 (seed ${SEED}, ${RUNS} of each)`, () => {
  it('round, %-format and repr print what Jinja2 prints, ties included', async () => {
    expect(await mismatches(fc.sample(numberCases, { seed: SEED, numRuns: RUNS }))).toEqual([]);
  });

  it('float.fromhex reads what Python reads, rounding, overflow and errors included', async () => {
    expect(await mismatches(fc.sample(hexFloatCases, { seed: SEED, numRuns: RUNS }))).toEqual([]);
  });

  it('title and capitalize of ASCII text print what Jinja2 prints', async () => {
    expect(await mismatches(fc.sample(titleCases, { seed: SEED, numRuns: RUNS }))).toEqual([]);
  });
});
