import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatValue, str } from '../src/runtime/format';
import { add, eq, floordiv, lt, mod, mul, sub } from '../src/runtime/operators';
import { compareStrings, cpLength } from '../src/runtime/strings';
import { float } from '../src/runtime/values';
import { runtimeState } from './helpers/runtime-show';

const state = runtimeState();

/** A Python int as JS holds it: a safe integer, or a bigint past 2^53. */
const pyInt = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.maxSafeInteger(),
  fc
    .bigInt({ min: -(2n ** 200n), max: 2n ** 200n })
    .map((n) => (n >= -(2n ** 53n) && n <= 2n ** 53n ? Number(n) : n)),
);

function big(v: unknown): bigint {
  return typeof v === 'bigint' ? v : BigInt(v as number);
}

describe('runtime properties', () => {
  it('the str of any finite float parses back to the same float', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = str(float(x));
        const back = Number(text);
        expect(Object.is(back, x) || (back === x && x !== 0)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('int floor division and modulo satisfy (a // b) * b + a % b == a, with a % b taking the sign of b', () => {
    fc.assert(
      fc.property(pyInt, pyInt, (a, b) => {
        fc.pre(big(b) !== 0n);
        const q = floordiv(state, a, b);
        const r = mod(state, a, b);
        expect(big(add(state, mul(state, q, b), r))).toBe(big(a));
        const rb = big(r);
        expect(rb === 0n || rb < 0n === big(b) < 0n).toBe(true);
        expect((rb < 0n ? -rb : rb) < (big(b) < 0n ? -big(b) : big(b))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('int arithmetic agrees with exact bigint arithmetic', () => {
    fc.assert(
      fc.property(pyInt, pyInt, (a, b) => {
        expect(big(add(state, a, b))).toBe(big(a) + big(b));
        expect(big(sub(state, a, b))).toBe(big(a) - big(b));
        expect(big(mul(state, a, b))).toBe(big(a) * big(b));
      }),
    );
  });

  it('int results are plain numbers exactly when they are safe integers', () => {
    fc.assert(
      fc.property(pyInt, pyInt, (a, b) => {
        const r = add(state, a, b);
        const exact = big(a) + big(b);
        const safe = exact >= -(2n ** 53n - 1n) && exact <= 2n ** 53n - 1n;
        expect(typeof r).toBe(safe ? 'number' : 'bigint');
      }),
    );
  });

  it('ints compare with floats exactly', () => {
    fc.assert(
      fc.property(pyInt, fc.double({ noNaN: true }), (a, x) => {
        const y = float(x);
        const exactLess = Number.isFinite(x) ? big(a) * 2n ** 1100n < exactScaled(x) : x > 0;
        expect(lt(a, y)).toBe(exactLess);
        expect(eq(a, y)).toBe(Number.isFinite(x) && big(a) * 2n ** 1100n === exactScaled(x));
      }),
    );
  });

  it('strings order by code point', () => {
    // Few units, so that strings share starts; astral pairs, lone surrogates and U+E000-U+FFFF among them.
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({
        unit: fc.constantFrom(
          'a',
          'b',
          'é',
          '😀',
          '😁',
          '\uD83D',
          '\uDE00',
          '\uD800',
          '\uDC00',
          '\uE000',
          '\uFFFF',
        ),
        maxLength: 6,
      }),
    );
    // A start both share, past the units compared one by one (`SHORT_START`), or none.
    const start = fc.constantFrom('', 'p'.repeat(40), '😀'.repeat(20), 'é'.repeat(31));
    fc.assert(
      fc.property(start, text, text, (shared, tailA, tailB) => {
        const a = shared + tailA;
        const b = shared + tailB;
        const ca = Array.from(a, (c) => c.codePointAt(0) as number);
        const cb = Array.from(b, (c) => c.codePointAt(0) as number);
        let expected = 0;
        for (let i = 0; i < Math.min(ca.length, cb.length) && expected === 0; i++)
          expected = Math.sign(ca[i] - cb[i]);
        if (expected === 0) expected = Math.sign(ca.length - cb.length);
        expect(Math.sign(compareStrings(a, b))).toBe(expected);
      }),
    );
  });

  it("grouping with ',' keeps the digits and puts a separator every three", () => {
    fc.assert(
      fc.property(pyInt, (n) => {
        const text = formatValue(n, ',');
        expect(text.replaceAll(',', '')).toBe(big(n).toString());
        const digits = text.replace('-', '');
        expect(
          digits
            .split(',')
            .slice(1)
            .every((group) => group.length === 3),
        ).toBe(true);
      }),
    );
  });

  it("'.2f' has two decimals and is within half a cent of the value", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const text = formatValue(float(x), '.2f');
        expect(text).toMatch(/^-?\d+\.\d\d$/);
        expect(Math.abs(Number(text) - x)).toBeLessThanOrEqual(0.005 + Math.abs(x) * 1e-15);
      }),
    );
  });

  it('padding to a width gives at least that many code points', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 10 }),
        fc.integer({ min: 0, max: 30 }),
        (s, width) => {
          fc.pre(!s.includes('{') && !s.includes('}'));
          const text = formatValue(s, `^${width}`);
          expect(cpLength(text)).toBe(Math.max(width, cpLength(s)));
        },
      ),
    );
  });
});

/** `x * 2^1100` as an exact bigint (every finite double times 2^1100 is an integer). */
function exactScaled(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased !== 0) mantissa |= 1n << 52n;
  const exp = (biased === 0 ? -1074 : biased - 1075) + 1100;
  const value = mantissa << BigInt(exp);
  return x < 0 ? -value : value;
}
