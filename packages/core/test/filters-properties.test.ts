import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callSpec } from '../src/filters/call';
import { formatFixed, parsePyFloat, parsePyInt, roundFloat } from '../src/filters/numbers';
import { PY_SPACE_RUN } from '../src/filters/text';
import { floatRepr } from '../src/runtime/number-format';
import { type Markup, PyFloat } from '../src/runtime/values';
import { compile } from '../src/template';
import { jinjaFilters, makeState } from './helpers/state';

const state = makeState();
function run(
  name: string,
  value: unknown,
  args: unknown[] = [],
  kwargs: Record<string, unknown> = {},
): unknown {
  const spec = jinjaFilters.get(name);
  if (!spec) throw new Error(`no filter ${name}`);
  return callSpec(state, name, spec, value, args, kwargs);
}
const num = (v: unknown) => (v instanceof PyFloat ? v.value : (v as number));

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });

describe('number filter properties', () => {
  it('`round(p)` lands within half a unit of the last digit kept', () => {
    fc.assert(
      fc.property(finite, fc.integer({ min: 0, max: 8 }), (x, p) => {
        const r = num(run('round', x, [p]));
        // Relative slack for the conversion back to binary.
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 * 10 ** -p + Math.abs(x) * 1e-15);
      }),
    );
  });

  it('`round(p)` agrees with the fixed-point text of the same precision', () => {
    fc.assert(
      fc.property(finite, fc.integer({ min: 0, max: 8 }), (x, p) => {
        expect(roundFloat(x, p)).toBe(Number(formatFixed(x, p)));
      }),
    );
  });

  it('`round(p, "floor")` never exceeds the value and `ceil` never falls short', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 4 }),
        (x, p) => {
          const floor = num(run('round', x, [p, 'floor']));
          const ceil = num(run('round', x, [p, 'ceil']));
          expect(floor).toBeLessThanOrEqual(x + Math.abs(x) * 1e-15);
          expect(ceil).toBeGreaterThanOrEqual(x - Math.abs(x) * 1e-15);
        },
      ),
    );
  });

  it('`int` reads back the decimal text of any integer, in any base it is written in', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.constantFrom(2, 8, 10, 16, 36),
        (n, base) => {
          const parsed = parsePyInt(n.toString(base), base);
          expect(BigInt(parsed as number | bigint)).toBe(n);
        },
      ),
    );
  });

  it('`int` and `float` strip the spaces Python strips (not U+001C-U+001F), and `int` truncates decimals', () => {
    const pad = fc.string({
      unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\x1c'),
      maxLength: 3,
    });
    const int = compile('{{ s|int }}');
    const float = compile('{{ s|float }}');
    fc.assert(
      fc.property(
        pad,
        fc.integer({ min: -99999, max: 99999 }),
        fc.integer({ min: 0, max: 99 }),
        pad,
        (head, n, cents, tail) => {
          const stripped = !`${head}${tail}`.includes('\x1c');
          const whole = `${head}${n}${tail}`;
          const decimal = `${head}${n}.${String(cents).padStart(2, '0')}${tail}`;
          expect(int.render({ s: whole })).toBe(stripped ? String(n) : '0');
          expect(int.render({ s: decimal })).toBe(stripped ? String(n) : '0');
          expect(float.render({ s: whole })).toBe(stripped ? `${n}.0` : '0.0');
        },
      ),
    );
  });

  it('`float` reads back the repr of any double, -0.0 and inf included', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        expect(parsePyFloat(floatRepr(x))).toBe(x);
      }),
    );
  });
});

describe('sequence filter properties', () => {
  const ints = fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 40 });

  it('`batch(n)` cuts the list into runs of n, only the last one shorter', () => {
    fc.assert(
      fc.property(ints, fc.integer({ min: 1, max: 7 }), (xs, n) => {
        const batches = run('batch', xs, [n]) as unknown[][];
        expect(batches.flat()).toEqual(xs);
        for (const b of batches.slice(0, -1)) expect(b.length).toBe(n);
      }),
    );
  });

  it('`slice(n)` makes n columns whose sizes differ by at most one', () => {
    fc.assert(
      fc.property(ints, fc.integer({ min: 1, max: 7 }), (xs, n) => {
        const columns = run('slice', xs, [n]) as unknown[][];
        expect(columns.length).toBe(n);
        expect(columns.flat()).toEqual(xs);
        const sizes = columns.map((c) => c.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('`sort` gives an ordered permutation, and `reverse=true` its mirror for distinct items', () => {
    fc.assert(
      fc.property(ints, (xs) => {
        const sorted = run('sort', xs) as number[];
        expect(sorted).toEqual([...xs].sort((a, b) => a - b));
        const distinct = [...new Set(xs)];
        expect(run('sort', distinct, [true])).toEqual([...distinct].sort((a, b) => b - a));
      }),
    );
  });

  it('`sort(attribute=)` is stable: equal keys keep their order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }), (keys) => {
        const items = keys.map((k, i) => ({ k, i }));
        const sorted = run('sort', items, [], { attribute: 'k' }) as Array<{ k: number; i: number }>;
        for (let j = 1; j < sorted.length; j++) {
          if (sorted[j - 1].k === sorted[j].k) expect(sorted[j - 1].i).toBeLessThan(sorted[j].i);
        }
      }),
    );
  });

  it('`unique` keeps the first of each value, in order', () => {
    fc.assert(
      fc.property(ints, (xs) => {
        expect([...(run('unique', xs) as number[])]).toEqual([...new Set(xs)]);
      }),
    );
  });

  it('`reverse` twice gives the list back', () => {
    fc.assert(
      fc.property(ints, (xs) => {
        expect([...(run('reverse', [...(run('reverse', xs) as number[])]) as number[])]).toEqual(xs);
      }),
    );
  });
});

describe('text filter properties', () => {
  const word = fc.stringMatching(/^[a-z]{1,12}$/);
  const text = fc.array(word, { minLength: 1, maxLength: 30 }).map((ws) => ws.join(' '));

  it('`center(w)` pads to the width and trims back to the text', () => {
    fc.assert(
      fc.property(word, fc.integer({ min: 0, max: 40 }), (s, w) => {
        const out = run('center', s, [w]) as string;
        expect(out.length).toBe(Math.max(w, s.length));
        expect(out.trim()).toBe(s);
      }),
    );
  });

  it('`wordwrap(w)` keeps every line within the width when words are shorter, and loses no word', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 12, max: 40 }), (s, w) => {
        const out = run('wordwrap', s, [w]) as string;
        for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(w);
        expect(out.split(/\s+/)).toEqual(s.split(' '));
      }),
    );
  });

  it('`truncate(n, leeway=0)` never exceeds n characters', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 3, max: 60 }), fc.boolean(), (s, n, kill) => {
        const out = run('truncate', s, [n, kill, '...', 0]) as string;
        expect(out.length).toBeLessThanOrEqual(n);
      }),
    );
  });

  it('`urlencode` of any text leaves only unreserved characters, `/` and escapes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(run('urlencode', s)).toMatch(/^(?:[A-Za-z0-9_.~/-]|%[0-9A-F]{2})*$/);
        expect(decodeURIComponent(run('urlencode', s) as string)).toBe(s);
      }),
    );
  });

  it('`escape` then `striptags` gives the text back with whitespace collapsed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const escaped = run('escape', s) as Markup;
        expect(run('striptags', escaped)).toBe(s.split(PY_SPACE_RUN).filter(Boolean).join(' '));
      }),
    );
  });

  it("`tojson` of text is json.dumps's ASCII text with `<>&'` escaped for HTML", () => {
    const short: Record<string, string> = {
      '"': '\\"',
      '\\': '\\\\',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
      '\b': '\\b',
      '\f': '\\f',
    };
    const reference = (s: string) => {
      let out = '"';
      for (const ch of s.split('')) {
        const c = ch.charCodeAt(0);
        if (short[ch] !== undefined) out += short[ch];
        else if (c < 0x20 || c > 0x7e || "<>&'".includes(ch)) out += `\\u${c.toString(16).padStart(4, '0')}`;
        else out += ch;
      }
      return `${out}"`;
    };
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        'Z',
        ' ',
        '~',
        '"',
        '\\',
        '<',
        '>',
        '&',
        "'",
        '\n',
        '\x01',
        '\x7f',
        'é',
        '—',
        '😀',
        '\ud800',
      ),
      maxLength: 20,
    });
    // Plain text with one character to escape in it, anywhere.
    const oneSpecial = fc
      .tuple(fc.string({ unit: fc.constantFrom('a', ' ', '~'), maxLength: 8 }), text, fc.nat())
      .map(([plain, special, at]) => {
        const ch = special.charAt(0) || "'";
        const i = at % (plain.length + 1);
        return plain.slice(0, i) + ch + plain.slice(i);
      });
    fc.assert(
      fc.property(fc.oneof(text, fc.string(), oneSpecial), (s) => {
        expect((run('tojson', s) as Markup).value).toBe(reference(s));
      }),
    );
  });

  it('`tojson` of JSON data parses back to the same data', () => {
    fc.assert(
      fc.property(fc.json(), (json) => {
        const data = JSON.parse(json);
        const out = run('tojson', data) as Markup;
        expect(JSON.parse(out.value)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
    );
  });
});
