/**
 * The render path's quick ways (rounding by one multiplication, short decimals printed from integers, ASCII
 * `title`, `loop.<name>` readers) against the exact ways they stand in for. Each quick way may decline, but
 * whatever it answers must be what the exact way answers, on the values where a mistake would show: near
 * ties, short decimals, word breaks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DateTime } from '../src/filters/civil-time';
import { readDate, readDateByPattern } from '../src/filters/date-input';
import { roundFloat, scaledRoundHalfEven } from '../src/filters/numbers';
import { titleText, unicodeTitle, wrapChunks, wrapParagraph } from '../src/filters/strings';
import { joinWords, PY_SPACE_RUN } from '../src/filters/text';
import { percentFormat, plainPercent, str } from '../src/runtime/format';
import { replaceText, splitlines } from '../src/runtime/methods';
import {
  exactSignificantDigits,
  fixedText,
  floatRepr,
  formatAbsFloat,
  roundFloatFast,
  roundScaled,
  significantDigits,
} from '../src/runtime/number-format';
import { add, eq, ge, gt, le, lt, mul, ne, sub, truediv } from '../src/runtime/operators';
import type { RenderState } from '../src/runtime/state';
import { capitalizeByChars, pyCapitalize, pyTitle, pyTitleByChars } from '../src/runtime/strings';
import { compile } from '../src/template';

const runs = Number(process.env.FC_RUNS ?? 2000);

/** Python's `round(x, digits)` through exact integer arithmetic (the path the quick one stands in for). */
function exactRound(x: number, digits: number): number {
  const q = scaledRoundHalfEven(x, digits);
  const magnitude = Number(`${q}e${-digits}`);
  return x < 0 || Object.is(x, -0) ? -magnitude : magnitude;
}

/** Python's `'%.{digits}f' % x` through exact integer arithmetic. */
function exactFixed(x: number, digits: number): string {
  const q = scaledRoundHalfEven(x, digits)
    .toString()
    .padStart(digits + 1, '0');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return digits === 0 ? `${sign}${q}` : `${sign}${q.slice(0, -digits)}.${q.slice(-digits)}`;
}

const digits = fc.integer({ min: 0, max: 8 });

/** Doubles near decimals and near ties between decimals: `n / 10**d` and `(n + 0.5) / 10**d`, nudged. */
const decimalish = fc
  .tuple(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc.integer({ min: 0, max: 8 }),
    fc.constantFrom(0, 0.5),
    fc.integer({ min: -3, max: 3 }),
  )
  .map(([n, d, half, ulps]) => {
    let x = (n + half) / 10 ** d;
    for (let i = 0; i < Math.abs(ulps); i++) x = nextDouble(x, ulps > 0);
    return x;
  });

/** The neighbouring double above (or below) x. */
function nextDouble(x: number, up: boolean): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const step = x >= 0 === up ? 1n : -1n;
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  view.setBigUint64(0, bits + step);
  return view.getFloat64(0);
}

const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e13, max: 1e13 });
const values = fc.oneof(decimalish, anyFinite);

describe('rounding by one multiplication', () => {
  it('decides the same integer as exact half-to-even rounding, or declines', () => {
    fc.assert(
      fc.property(values, digits, (x, d) => {
        const quick = roundScaled(x, d);
        if (Number.isNaN(quick)) return;
        const exact = scaledRoundHalfEven(x, d);
        expect(BigInt(Math.abs(quick))).toBe(exact);
      }),
      { numRuns: runs },
    );
  });

  it('`round(x, d)` is the exact result, signed zero included', () => {
    fc.assert(
      fc.property(values, digits, (x, d) => {
        const quick = roundFloatFast(x, d);
        if (Number.isNaN(quick)) return;
        expect(Object.is(quick, exactRound(x, d))).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('takes exact ties to the even neighbour and tells near ties apart', () => {
    expect(roundScaled(0.125, 2)).toBe(12);
    expect(roundScaled(0.375, 2)).toBe(38);
    expect(roundScaled(2.5, 0)).toBe(2);
    expect(roundScaled(-18.75, 1)).toBe(-188);
    // -18.85 is really -18.850000000000001421...: just past the tie, so it rounds away from zero.
    expect(roundScaled(-18.85, 1)).toBe(-189);
    expect(roundScaled(1.5, -1)).toBe(0);
    expect(roundScaled(15, -1)).toBeNaN();
    expect(roundFloatFast(-0.04, 1)).toBe(-0);
    // 2.675 is really 2.67499999999999982236431605997495353221893310546875, just short of the tie.
    expect(roundScaled(2.675, 2)).toBe(267);
    expect(roundFloat(2.675, 2)).toBe(2.67);
  });

  it("`'%.Nf'` text is the exact text", () => {
    fc.assert(
      fc.property(values, digits, (x, d) => {
        const text = fixedText(x, d);
        if (text === null) return;
        expect(text).toBe(exactFixed(x, d));
      }),
      { numRuns: runs },
    );
  });
});

describe('short decimals printed from integers', () => {
  it('print the shortest round-trip digits, as the exact algorithm does', () => {
    fc.assert(
      fc.property(values, (x) => {
        const slow = formatAbsFloat(x, 'r', 0, { addDot0: true });
        expect(floatRepr(x)).toBe(x < 0 || Object.is(x, -0) ? `-${slow}` : slow);
      }),
      { numRuns: runs },
    );
  });

  it("print the same text again, from the cache of texts, when floats repeat and take each other's slots", () => {
    fc.assert(
      fc.property(fc.array(values, { minLength: 1, maxLength: 3000 }), (xs) => {
        const expected = xs.map((x) => {
          const slow = formatAbsFloat(x, 'r', 0, { addDot0: true });
          return x < 0 || Object.is(x, -0) ? `-${slow}` : slow;
        });
        // Twice in order, then backwards: the second pass finds some texts kept and others replaced.
        for (const order of [xs.keys(), xs.keys(), [...xs.keys()].reverse()]) {
          for (const i of order) expect(floatRepr(xs[i])).toBe(expected[i]);
        }
      }),
      { numRuns: Math.ceil(runs / 20) },
    );
  });

  it('keep the leading zeros of the decimals', () => {
    expect(floatRepr(1.05)).toBe('1.05');
    expect(floatRepr(-0.0012)).toBe('-0.0012');
    expect(floatRepr(0.1 + 0.2)).toBe('0.30000000000000004');
  });
});

describe('title, capitalize and str.title by whole-text case mappings', () => {
  // ASCII word breaks and letters, Latin-1 (with the ß, µ and ÿ whose mappings leave Latin-1 or grow), Cyrillic,
  // Greek capital and small sigmas, digraphs whose titlecase is not their uppercase, İ (lower case grows), the
  // Kelvin sign (lower case is ASCII), a ligature, an astral letter, a combining mark, NBSP and a lone surrogate.
  const mixed = fc.string({
    unit: fc.constantFrom(
      ..."aZ b-C(d{E[f<g\t\x1c_9!.'éÉñßµÿªØ×\u00a0\u0085жДΣσςΩǅǄǆაİKﬁ\u0301\u0345ᾳ世".split(''),
      '\u{10400}',
      '\u{10428}',
      '\ud800',
    ),
    maxLength: 30,
  });

  it('title words every text as the word-by-word mapping does', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(titleText(text)).toBe(unicodeTitle(text));
      }),
      { numRuns: runs },
    );
  });

  it('title leaves text in title case as it is, and words text that is nearly so', () => {
    // Titled text takes the pass that returns it unchanged; one letter changed after makes it leave that pass late.
    const titled = fc.tuple(mixed, fc.nat(), fc.constantFrom('a', 'Z', 'é', ' ')).map(([text, at, ch]) => {
      const title = unicodeTitle(text);
      const i = title.length === 0 ? 0 : at % title.length;
      return [title, title.slice(0, i) + ch + title.slice(i + 1)];
    });
    fc.assert(
      fc.property(titled, ([title, changed]) => {
        expect(titleText(title)).toBe(unicodeTitle(title));
        expect(titleText(changed)).toBe(unicodeTitle(changed));
      }),
      { numRuns: runs },
    );
    expect(titleText('Trail Running Shoes')).toBe('Trail Running Shoes');
    expect(titleText('Trail running Shoes')).toBe('Trail Running Shoes');
    expect(titleText('TRail')).toBe('Trail');
  });

  it('str.title and capitalize give what mapping each character on its own gives', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(pyTitle(text)).toBe(pyTitleByChars(text));
        expect(pyCapitalize(text)).toBe(capitalizeByChars(text));
      }),
      { numRuns: runs },
    );
  });

  it('leave the Kelvin sign as Python does, though it lower-cases to ASCII', () => {
    expect(titleText('\u212a elvin')).toBe('\u212a Elvin');
    expect(unicodeTitle('\u212a elvin')).toBe('\u212a Elvin');
  });
});

describe('case tests by scans and kept answers', () => {
  const mixed = fc.string({
    unit: fc.constantFrom(
      ...'aZ b_9-.é\u00c9ßµ\u01c5жД\u0345\u02b0\u2160\u2170世'.split(''),
      '\u{10400}',
      '\u{10428}',
      '\ud800',
    ),
    maxLength: 12,
  });
  /** Python's definitions, a code point at a time. */
  const caseOf = (ch: string) => ({
    upper: /^\p{Uppercase}$/u.test(ch),
    lower: /^\p{Lowercase}$/u.test(ch),
    title: /^\p{Lt}$/u.test(ch),
  });
  const isUpper = (s: string) => {
    const cases = [...s].map(caseOf);
    return !cases.some((c) => c.lower || c.title) && cases.some((c) => c.upper);
  };
  const isLower = (s: string) => {
    const cases = [...s].map(caseOf);
    return !cases.some((c) => c.upper || c.title) && cases.some((c) => c.lower);
  };
  const upperTest = compile('{{ s is upper }} {{ s.isupper() }}');
  const lowerTest = compile('{{ s is lower }} {{ s.islower() }}');

  it('is upper and is lower hold as the case of each character says', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        const py = (b: boolean) => (b ? 'True' : 'False');
        expect(upperTest.render({ s })).toBe(`${py(isUpper(s))} ${py(isUpper(s))}`);
        expect(lowerTest.render({ s })).toBe(`${py(isLower(s))} ${py(isLower(s))}`);
      }),
      { numRuns: runs },
    );
  });

  it('istitle and isprintable hold as each character says, and ASCII swaps and folds by its letters', () => {
    const istitle = (s: string) => {
      let cased = false;
      let previousCased = false;
      for (const ch of s) {
        const { upper, lower, title } = caseOf(ch);
        if (upper || title) {
          if (previousCased) return false;
          previousCased = cased = true;
        } else if (lower) {
          if (!previousCased) return false;
          previousCased = cased = true;
        } else previousCased = false;
      }
      return cased;
    };
    const printable = (s: string) =>
      [...s].every((ch) => ch === ' ' || !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u.test(ch));
    const ascii = fc.string({ unit: fc.constantFrom(...'aZ b_9-.Q\tz'.split('')), maxLength: 12 });
    const methods = compile('{{ s.istitle() }} {{ s.isprintable() }}');
    const folds = compile('{{ s.swapcase() }}|{{ s.casefold() }}');
    const py = (b: boolean) => (b ? 'True' : 'False');
    fc.assert(
      fc.property(mixed, ascii, (s, a) => {
        expect(methods.render({ s })).toBe(`${py(istitle(s))} ${py(printable(s))}`);
        const swapped = [...a]
          .map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()))
          .join('');
        expect(folds.render({ s: a })).toBe(`${swapped}|${a.toLowerCase()}`);
      }),
      { numRuns: runs },
    );
  });
});

describe('splitlines by character code', () => {
  const text = fc.string({
    unit: fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\r',
      '\r\n',
      '\x0b',
      '\x0c',
      '\x1c',
      '\x1d',
      '\x1e',
      '\x1f',
      '\x85',
      '\u2028',
      '\u2029',
      '\u2030',
      'é',
    ),
    maxLength: 16,
  });
  /** Python's line boundaries as one pattern, matched in turn. */
  function byPattern(s: string, keep: boolean): string[] {
    const out: string[] = [];
    let from = 0;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these controls are line boundaries for Python.
    for (const match of s.matchAll(/\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g)) {
      const at = match.index as number;
      out.push(s.slice(from, keep ? at + match[0].length : at));
      from = at + match[0].length;
    }
    if (from < s.length) out.push(s.slice(from));
    return out;
  }

  it('cuts where the pattern of every line boundary does, with and without the breaks', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(splitlines(s, undefined)).toEqual(byPattern(s, false));
        expect(splitlines(s, true)).toEqual(byPattern(s, true));
      }),
      { numRuns: runs },
    );
  });
});

describe('tojson of plain JSON values', () => {
  const text = fc.string({
    unit: fc.oneof(
      fc.constantFrom('<', '>', '&', "'", '"', '\\', '\x7f', '\u2028', 'é'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 6,
  });
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      text,
      fc.integer(),
      fc.constantFrom(null, true, false),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(text, tie('value'), { maxKeys: 5 }),
    ),
  }));
  /** Python's `json.dumps(v, sort_keys=True)` (ensure_ascii) made HTML-safe, as its documentation states them. */
  function htmlSafeDumps(v: unknown): string {
    const dumps = (x: unknown): string => {
      if (typeof x === 'string')
        return JSON.stringify(x).replace(
          /[^\x20-\x7e]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
      if (Array.isArray(x)) return `[${x.map(dumps).join(', ')}]`;
      if (typeof x === 'object' && x !== null) {
        const byCodePoint = (a: string, b: string) => {
          const pa = [...a].map((c) => c.codePointAt(0) as number);
          const pb = [...b].map((c) => c.codePointAt(0) as number);
          for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
          return pa.length - pb.length;
        };
        const record = x as Record<string, unknown>;
        return `{${Object.keys(record)
          .sort(byCodePoint)
          .map((k) => `${dumps(k)}: ${dumps(record[k])}`)
          .join(', ')}}`;
      }
      return JSON.stringify(x);
    };
    return dumps(v).replace(/[<>&']/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
  }
  const template = compile('{{ v|tojson }}');

  it('writes what json.dumps with sorted keys writes, made HTML-safe', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(template.render({ v })).toBe(htmlSafeDumps(v));
      }),
      { numRuns: runs },
    );
  });
});

describe('an item by a text key held in a variable', () => {
  const key = fc.constantFrom(
    'a',
    'b',
    '',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'items',
    'length',
    '0',
  );
  const dict = fc.dictionary(
    key,
    fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant(undefined)),
    { maxKeys: 5 },
  );
  const parsed = dict.map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>);

  it('is what the same key written in the template gives', () => {
    fc.assert(
      fc.property(fc.oneof(dict, parsed), key, (d, k) => {
        const written = compile(`{{ d[${JSON.stringify(k)}] is defined }} {{ d[${JSON.stringify(k)}] }}`);
        const held = compile('{{ d[k] is defined }} {{ d[k] }}');
        expect(held.render({ d, k })).toBe(written.render({ d }));
      }),
      { numRuns: runs },
    );
  });
});

describe('sort by one attribute', () => {
  const template = compile(
    "{{ items|sort(attribute='k')|map(attribute='i')|join(',') }}|{{ items|sort(attribute='k', reverse=true)|map(attribute='i')|join(',') }}",
  );
  const keys = fc.oneof(
    fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -3, max: 3, noNaN: true })), {
      maxLength: 12,
    }),
    fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'é', 'É', 'Z'), maxLength: 3 }), {
      maxLength: 12,
    }),
  );

  it('orders as a stable sort by the key (lower-cased), equal keys kept in their order both ways', () => {
    fc.assert(
      fc.property(keys, (ks) => {
        const items = ks.map((k, i) => ({ k, i }));
        const key = (item: { k: unknown }) =>
          typeof item.k === 'string' ? item.k.toLowerCase() : (item.k as number);
        const compare = (a: { k: unknown }, b: { k: unknown }) =>
          key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
        const up = [...items].sort(compare).map((item) => item.i);
        const down = [...items].sort((a, b) => compare(b, a)).map((item) => item.i);
        expect(template.render({ items })).toBe(`${up.join(',')}|${down.join(',')}`);
      }),
      { numRuns: runs },
    );
  });
});

describe('min and max by one attribute, case-insensitive unless asked', () => {
  const template = compile(
    "{{ (items|min(attribute='k')).i }} {{ (items|max(attribute='k')).i }} {{ (items|min(attribute='k', case_sensitive=true)).i }}",
  );
  const keys = fc.oneof(
    fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -3, max: 3, noNaN: true })), {
      minLength: 1,
      maxLength: 12,
    }),
    fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'Z'), maxLength: 3 }), {
      minLength: 1,
      maxLength: 12,
    }),
  );

  it('is the first item whose key (lower-cased text) no other beats', () => {
    fc.assert(
      fc.property(keys, (ks) => {
        const items = ks.map((k, i) => ({ k, i }));
        const best = (key: (k: unknown) => unknown, better: (a: unknown, b: unknown) => boolean) =>
          items.reduce((found, item) => (better(key(item.k), key(found.k)) ? item : found)).i;
        const lower = (k: unknown) => (typeof k === 'string' ? k.toLowerCase() : k);
        const same = (k: unknown) => k;
        const less = (a: unknown, b: unknown) => (a as number) < (b as number);
        const more = (a: unknown, b: unknown) => (a as number) > (b as number);
        expect(template.render({ items })).toBe(
          `${best(lower, less)} ${best(lower, more)} ${best(same, less)}`,
        );
      }),
      { numRuns: runs },
    );
  });
});

describe('sum of ints and floats', () => {
  const summed = compile("{{ items|sum(attribute='k') }} {{ items|map(attribute='k')|sum }}");
  const added = compile(
    '{% set ns = namespace(t=0) %}{% for item in items %}{% set ns.t = ns.t + item.k %}{% endfor %}{{ ns.t }} {{ ns.t }}',
  );
  const number = fc.oneof(
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom(0.5, -0.5, 1.5, 0.25, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  );

  it('is what adding them one by one with + gives (an integral sum of floats is a float)', () => {
    fc.assert(
      fc.property(fc.array(number, { maxLength: 10 }), (ks) => {
        const items = ks.map((k) => ({ k }));
        expect(summed.render({ items })).toBe(added.render({ items }));
      }),
      { numRuns: runs },
    );
  });

  it('prints a float for halves that add up to a whole number', () => {
    expect(summed.render({ items: [{ k: 0.5 }, { k: 0.5 }, { k: 2 }] })).toBe('3.0 3.0');
  });
});

describe('a text or number in a list', () => {
  const template = compile('{% for x in needles %}{{ x in a }}{{ x in b }}{{ x not in a }},{% endfor %}');
  const item = fc.oneof(
    fc.constantFrom('a', 'b', 'c', 'A', ''),
    fc.integer({ min: -2, max: 2 }),
    fc.constantFrom(0.5, true, false, null),
  );
  // Lists of one type and 8 items or more are searched through a set made for the render.
  const list = fc.oneof(
    fc.array(item, { maxLength: 14 }),
    fc.array(fc.constantFrom('a', 'b', 'c', 'A', '', 'd', 'e'), { minLength: 8, maxLength: 14 }),
    fc.array(fc.integer({ min: -2, max: 9 }), { minLength: 8, maxLength: 14 }),
  );

  it('is found by equality in each of two lists searched by turns', () => {
    fc.assert(
      fc.property(list, list, fc.array(item, { maxLength: 12 }), (a, b, needles) => {
        // Python's ==: a bool equals 1 or 0; None only None; text only text.
        const eq = (x: unknown, y: unknown) =>
          x === y ||
          ((typeof x === 'number' || typeof x === 'boolean') &&
            (typeof y === 'number' || typeof y === 'boolean') &&
            Number(x) === Number(y));
        const has = (l: unknown[], x: unknown) => (l.some((y) => eq(x, y)) ? 'True' : 'False');
        const not = (l: unknown[], x: unknown) => (has(l, x) === 'True' ? 'False' : 'True');
        const expected = needles.map((x) => `${has(a, x)}${has(b, x)}${not(a, x)},`).join('');
        expect(template.render({ needles, a, b })).toBe(expected);
      }),
      { numRuns: runs },
    );
  });

  it('sees a list changed in the render between two searches', () => {
    const grown = compile(
      "{% set l = ['a','b','c','d','e','f','g','h','i'] %}{{ 'z' in l }}{{ 'z' in l }}{% set _ = l.append('z') %}{{ 'z' in l }}",
    );
    expect(grown.render({})).toBe('FalseFalseTrue');
  });
});

describe('a default whose fallback is a text made by filters', () => {
  const lazy = compile(
    "{{ v|default(d.k|replace('_', ' ')|title) }}|{{ v|default(d.k|trim|upper, true) }}|{{ v|d(d[key]|lower, boolean=true) }}",
  );
  // The fallback made first and held in a variable: `default` sees a name, and Jinja2's order is kept as is.
  const eager = compile(
    "{% set a = d.k|replace('_', ' ')|title %}{% set b = d.k|trim|upper %}{% set c = d[key]|lower %}{{ v|default(a) }}|{{ v|default(b, true) }}|{{ v|d(c, boolean=true) }}",
  );
  const value = fc.option(fc.oneof(fc.constantFrom('', 'set', 0, 3, false), fc.string({ maxLength: 3 })), {
    nil: undefined,
  });
  const text = fc.oneof(fc.constantFrom('ab_cd ef', ' Mixed_Case ', 'ÉCOLE_x'), fc.string({ maxLength: 5 }));
  const base = fc.option(fc.oneof(text, fc.integer(), fc.constant(null)), { nil: undefined });

  it('is what the fallback made first gives, whether the value is used or not', () => {
    fc.assert(
      fc.property(value, base, (v, k) => {
        const data = { v, d: k === undefined ? {} : { k }, key: 'k' };
        expect(lazy.render(data)).toBe(eager.render(data));
      }),
      { numRuns: runs },
    );
  });

  it('still reads the base when the value is defined, raising what reading it raises', () => {
    expect(() => compile("{{ 'x'|default(missing.attr|title) }}").render({})).toThrow(
      "'missing' is undefined",
    );
    expect(() => compile('{{ 1|default(d.none.deeper|upper) }}').render({ d: {} })).toThrow(
      "'dict object' has no attribute 'none'",
    );
  });
});

describe('a dict whose keys are read at the render', () => {
  const key = fc.constantFrom<[unknown, string]>(
    ['a', "'a'"],
    ['b', "'b'"],
    ['1', "'1'"],
    ['__proto__', "'__proto__'"],
    ['toString', "'toString'"],
    [1, '1'],
    [2.5, '2.5'],
    [true, 'True'],
    [0, '0'],
  );
  const show =
    '{{ d }}|{{ d|length }}|{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}|{{ d.get(1) }}';

  it('is the dict the same keys written as literals make: equal keys (1, 1.0, True) keep the first', () => {
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 4 }), (keys) => {
        const pairs = (key: (k: [unknown, string], i: number) => string) =>
          keys.map((k, i) => `${key(k, i)}: ${i}`).join(', ');
        const data = Object.fromEntries(keys.map(([value], i) => [`k${i}`, value]));
        const read = compile(`{% set d = {${pairs((_, i) => `k${i}`)}} %}${show}`);
        const written = compile(`{% set d = {${pairs(([, literal]) => literal)}} %}${show}`);
        // Python's dict: a key equal to an earlier one (1 == 1.0 == True, 0 == False) keeps the earlier key and
        // takes the later value.
        const same = (a: unknown, b: unknown) =>
          typeof a === 'string' || typeof b === 'string' ? a === b : Number(a) === Number(b);
        const dict: [[unknown, string], number][] = [];
        keys.forEach((k, i) => {
          const earlier = dict.find(([[key]]) => same(key, k[0]));
          if (earlier) earlier[1] = i;
          else dict.push([k, i]);
        });
        const text = (k: unknown) => (k === true ? 'True' : String(k));
        const one = dict.find(([[key]]) => same(key, 1));
        const expected = `{${dict.map(([[, literal], v]) => `${literal}: ${v}`).join(', ')}}|${dict.length}|${dict
          .map(([[key], v]) => `${text(key)}=${v};`)
          .join('')}|${one === undefined ? 'None' : one[1]}`;
        expect(read.render(data)).toBe(expected);
        expect(written.render({})).toBe(expected);
        // A dict of text keys written in the template is a plain object, which takes only text keys (known: Jinja2
        // takes any; such a dict refuses others with a TypeError).
        if (keys.some(([value]) => typeof value !== 'string')) return;
        const updated = compile(
          `{% set d = {'x': 9} %}{% set _ = d.update({${pairs((_, i) => `k${i}`)}}) %}${show}`,
        );
        const updatedWritten = compile(
          `{% set d = {'x': 9} %}{% set _ = d.update({${pairs(([, literal]) => literal)}}) %}${show}`,
        );
        expect(updated.render(data)).toBe(updatedWritten.render({}));
      }),
      { numRuns: runs },
    );
  });
});

describe('a chain of two comparisons', () => {
  const op = fc.constantFrom('<', '<=', '>', '>=', '==', '!=', 'in', 'not in');
  const value = fc.oneof(
    fc.integer({ min: -2, max: 2 }),
    fc.constantFrom(0.5, -1.5, Number.NaN, 2 ** 60, 'a', 'b', true, null),
    fc.constant([1, 'a']),
  );

  it('is the two comparisons joined by and, the middle read once', () => {
    fc.assert(
      fc.property(value, op, value, op, value, (a, op0, b, op1, c) => {
        const outcome = (source: string) => {
          try {
            return compile(source).render({ a, b, c });
          } catch (error) {
            return `!${(error as Error).message}`;
          }
        };
        expect(outcome(`{{ a ${op0} b ${op1} c }}`)).toBe(outcome(`{{ a ${op0} b and b ${op1} c }}`));
      }),
      { numRuns: runs },
    );
  });
});

describe('a namespace counter', () => {
  const value = fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0.5, -0.5, 2 ** 31, -(2 ** 31), 2 ** 53, 1e308, 'a', null, true),
  );

  it('adds and subtracts as the same sum made first and then set', () => {
    fc.assert(
      fc.property(
        value,
        fc.array(fc.tuple(fc.constantFrom('+', '-'), value), { maxLength: 6 }),
        (start, steps) => {
          const outcome = (step: (op: string) => string) => {
            const body = steps.map(([op], i) => step(op).replaceAll('X', `xs[${i}][1]`)).join('');
            try {
              return compile(
                `{% set ns = namespace(t=start) %}{% for i in [1] %}${body}{% endfor %}{{ ns.t }}`,
              ).render({ start, xs: steps });
            } catch (error) {
              return `!${(error as Error).message}`;
            }
          };
          expect(outcome((op) => `{% set ns.t = ns.t ${op} X %}`)).toBe(
            outcome((op) => `{% set made = ns.t ${op} X %}{% set ns.t = made %}`),
          );
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('selectattr and select with a literal list argument', () => {
  const item = fc.oneof(fc.constantFrom('a', 'b', 'c', 1, 2, true, null), fc.constant([1, 2]));
  const list = fc.array(fc.constantFrom('a', 'b', 1, 'x'), { maxLength: 3 });
  const literal = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));

  it('keeps what the same list read from a variable keeps', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), list, fc.boolean(), (keys, members, tupled) => {
        const items = keys.map((k, i) => ({ k, i }));
        const listed = members.map(literal).join(', ');
        const written = !tupled ? `[${listed}]` : members.length === 0 ? '()' : `(${listed},)`;
        const render = (arg: string) =>
          compile(
            `{{ items|selectattr('k', 'in', ${arg})|map(attribute='i')|join(',') }}|{{ items|map(attribute='k')|reject('in', ${arg})|list|length }}`,
          ).render({ items, members });
        expect(render(written)).toBe(render('members'));
      }),
      { numRuns: runs },
    );
  });
});

describe('or and default after a member of a variable', () => {
  const key = fc.constantFrom('a', 'nick', 'items', 'constructor', 'toString', '__proto__', 'length');
  const value = fc.oneof(
    fc.constantFrom('', 'v', 0, 2, null, false, true, undefined),
    fc.constant([]),
    fc.constant({ x: 1 }),
  );
  const object = fc.oneof(
    fc.dictionary(key, value, { maxKeys: 3 }),
    fc.dictionary(key, value, { maxKeys: 3 }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
    fc.constantFrom('text', 5, null, [1, 2]),
  );

  it('is what the member read into a variable first gives', () => {
    fc.assert(
      fc.property(object, key, (u, k) => {
        const render = (source: string) => {
          try {
            return compile(source).render({ us: [u], k });
          } catch (error) {
            return `!${(error as Error).message}`;
          }
        };
        const read = k === '__proto__' ? "u['__proto__']" : `u.${k}`;
        // The loop's item is a variable of the loop's own frame, whose members the fast path reads.
        expect(render(`{% for u in us %}{{ ${read} or 'fallback' }}{% endfor %}`)).toBe(
          render(`{% for u in us %}{% set x = ${read} %}{{ x or 'fallback' }}{% endfor %}`),
        );
        for (const args of ["'-'", "'-', true", 'none, false', '0, boolean=true']) {
          expect(render(`{% for u in us %}{{ ${read}|default(${args}) }}{% endfor %}`)).toBe(
            render(`{% for u in us %}{% set x = ${read} %}{{ x|default(${args}) }}{% endfor %}`),
          );
        }
      }),
      { numRuns: runs },
    );
  });
});

describe('first, last and s[i] of text', () => {
  const template = compile('[{{ s|first }}|{{ s|last }}|{{ s|first is defined }}]');

  it('s[i] is the code point at i, as in the list of them', () => {
    const indexed = compile('{% for i in range(-2, 18) %}[{{ s[i] }}]{% endfor %}');
    const listed = compile(
      '{% set points = s|list %}{% for i in range(-2, 18) %}[{{ points[i] }}]{% endfor %}',
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00'), maxLength: 20 }),
        (s) => {
          expect(indexed.render({ s })).toBe(listed.render({ s }));
        },
      ),
      { numRuns: runs },
    );
  });

  it('are its first and last code points, and undefined for empty text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00', ' '), maxLength: 5 }),
        (s) => {
          const points = [...s];
          const first = points[0] ?? '';
          const last = points[points.length - 1] ?? '';
          expect(template.render({ s })).toBe(`[${first}|${last}|${points.length > 0 ? 'True' : 'False'}]`);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('loop attributes read directly', () => {
  const names = ['index', 'index0', 'revindex', 'revindex0', 'first', 'last', 'length', 'depth', 'depth0'];

  it('match the same attributes read by subscript', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.constantFrom(...names), (count, name) => {
        const items = Array.from({ length: count }, (_, i) => i);
        const direct = compile(`{% for x in items %}{{ loop.${name} }},{% endfor %}`, { cache: false });
        const subscript = compile(`{% for x in items %}{{ loop['${name}'] }},{% endfor %}`, { cache: false });
        expect(direct.render({ items })).toBe(subscript.render({ items }));
      }),
      { numRuns: 200 },
    );
  });

  it('leave a variable the template named `loop` alone', () => {
    expect(compile('{{ loop.index }}').render({ loop: { index: 'mine' } })).toBe('mine');
  });
});

describe('replacing every occurrence natively', () => {
  const state = { limits: { maxOutputSize: 10_000_000 } } as unknown as RenderState;
  // Small alphabets, so that occurrences (overlapping ones too) are common; `$` patterns included.
  const text = fc.string({ unit: fc.constantFrom('a', 'b', '$', '&', '1', 'é', '😀') });

  it('gives the text split on `old` and joined with `by`, as Python does', () => {
    fc.assert(
      fc.property(
        text,
        text.filter((s) => s !== ''),
        text,
        (s, old, by) => {
          expect(replaceText(state, s, old, by, -1, 'replace')).toBe(s.split(old).join(by));
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('URL quoting a character at a time', () => {
  /** Python's `quote` (or `quote_plus`) as its documentation states it: every UTF-8 byte but the safe ones as %XX. */
  function quoteByBytes(text: string, forQuery: boolean): string {
    let out = '';
    for (const byte of new TextEncoder().encode(text)) {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9_.~-]/.test(c) || (c === '/' && !forQuery)) out += c;
      else if (c === ' ' && forQuery) out += '+';
      else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
  }
  const unit = fc.oneof(
    fc.constantFrom(
      ' ',
      '/',
      '!',
      "'",
      '(',
      '*',
      '~',
      '%',
      '+',
      '&',
      '=',
      'é',
      '😀',
      'ж',
      '€',
      '\u0080',
      '\u07ff',
      '\u0800',
      '\uffff',
      '\u{10ffff}',
    ),
    fc.string({ minLength: 1, maxLength: 1 }),
  );
  const text = fc.string({ unit });
  const pathTemplate = compile('{{ s|urlencode }}');
  const queryTemplate = compile("{{ {'k': s}|urlencode }}");

  it('quotes text as `quote` does, and pairs as `urlencode` does', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(pathTemplate.render({ s })).toBe(quoteByBytes(s, false));
        expect(queryTemplate.render({ s })).toBe(`k=${quoteByBytes(s, true)}`);
      }),
      { numRuns: runs },
    );
  });

  it('quotes long text with surrogate pairs whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8180, max: 8200 }), text, (lead, tail) => {
        const s = `${'a'.repeat(lead)}😀${tail}`.repeat(2);
        expect(pathTemplate.render({ s })).toBe(quoteByBytes(s, false));
      }),
      { numRuns: 30 },
    );
  });

  it('quotes long runs past ASCII whole, pairs across the runs it is cut into included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4090, max: 4100 }),
        fc.constantFrom('é', 'ж', '€'),
        text,
        (lead, letter, tail) => {
          const s = `${letter.repeat(lead)}😀${'ж'.repeat(40)}${tail}`;
          expect(pathTemplate.render({ s })).toBe(quoteByBytes(s, false));
        },
      ),
      { numRuns: 40 },
    );
    const half = '\ud83d';
    expect(() => pathTemplate.render({ s: `${'ж'.repeat(50)}${half}ж` })).toThrow(
      'in position 50: surrogates not allowed',
    );
  });

  it('names a lone surrogate and its place, as Python does', () => {
    const half = '\ud83d';
    for (const [s, at] of [
      [`ab${half}`, 2],
      [`😀é${half}😀`, 2],
      [`${'x'.repeat(9000)}😀${half}`, 9001],
    ] as const) {
      expect(() => pathTemplate.render({ s })).toThrow(
        `'utf-8' codec can't encode character '\\ud83d' in position ${at}: surrogates not allowed`,
      );
    }
  });
});

describe('ISO dates read by character codes', () => {
  const two = (n: number) => String(n).padStart(2, '0');
  /** Dates in the usual layouts, some out of range, some one character off. */
  const dateText = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 61 }),
      fc.constantFrom('', 'T', ' ', 'x'),
      fc.constantFrom('', ':ss', ':ss.5'),
      fc.constantFrom('', 'Z', '+01:00', ' PM'),
      fc.constantFrom('iso', 'dmy', 'ymd', 'dmy short', 'ymd short', 'odd'),
    )
    .map(([y, mo, d, h, mi, s, sep, secs, tail, layout]) => {
      const year = String(y).padStart(4, '0');
      const dates: Record<typeof layout, string> = {
        iso: `${year}-${two(mo)}-${two(d)}`,
        dmy: `${two(d)}/${two(mo)}/${year}`,
        ymd: `${year}/${two(mo)}/${two(d)}`,
        'dmy short': `${d}/${mo}/${year}`,
        'ymd short': `${year}/${mo}/${d}`,
        // One field a digit too long or short, or the year cut.
        odd: [
          `${d}/${mo}/${year.slice(1)}`,
          `${year}/${mo}/${d}0${d}`,
          `${year}0/${mo}/${d}`,
          `${d}${d}${d}/${mo}/${year}`,
        ][y % 4],
      };
      const date = dates[layout];
      if (sep === '') return date;
      return `${date}${sep}${two(h)}:${two(mi)}${secs.replace('ss', two(s))}${tail}`;
    });

  it('give what the full pattern gives, or the same error', () => {
    fc.assert(
      fc.property(dateText, (text) => {
        const outcome = (read: () => DateTime) => {
          try {
            const { seconds, microsecond, zone } = read();
            return { seconds, microsecond, zone: zone && [zone.offsetSeconds, zone.tzname()] };
          } catch (error) {
            return (error as Error).message;
          }
        };
        expect(outcome(() => readDate('f', text))).toEqual(outcome(() => readDateByPattern('f', text, text)));
      }),
      { numRuns: runs },
    );
  });
});

describe('words counted by character codes', () => {
  const template = compile('{{ s|wordcount }}');
  const ascii = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', ' ', '-', '.', '\n', "'", '\t', '$') });
  // Past ASCII: letters and digits of other scripts (kept answers of `bmpTest`), an astral letter, a lone surrogate.
  const other = fc.string({
    unit: fc.constantFrom('a', ' ', 'é', 'ж', '٤', '\u2160', '\u00a0', '·', '世', '\u{10400}', '\ud800'),
  });

  it('count the runs of word characters the general pattern finds', () => {
    fc.assert(
      fc.property(fc.oneof(ascii, other, fc.string()), (s) => {
        expect(template.render({ s })).toBe(String(s.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0));
      }),
      { numRuns: runs },
    );
  });
});

describe('words joined by code unit', () => {
  const spaced = fc.string({
    unit: fc.constantFrom(
      'a',
      'b',
      ' ',
      '\t',
      '\n',
      '\x1c',
      '\x85',
      '\u00a0',
      '\u2003',
      '\u3000',
      '😀',
      '\ufeff',
    ),
  });

  it("give Python's ' '.join(s.split()) (the split on runs of whitespace it stands in for)", () => {
    fc.assert(
      fc.property(fc.oneof(spaced, fc.string()), (s) => {
        expect(joinWords(s)).toBe(
          s
            .split(PY_SPACE_RUN)
            .filter((w) => w !== '')
            .join(' '),
        );
      }),
      { numRuns: runs },
    );
  });
});

describe('a float to an int power, computed exactly', () => {
  /** A finite double as an exact fraction `[numerator, denominator]`, the denominator a power of two. */
  function fraction(x: number): [bigint, bigint] {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Math.abs(x));
    const bits = view.getBigUint64(0);
    const biased = Number(bits >> 52n);
    const mantissa = biased === 0 ? bits & 0xfffffffffffffn : (bits & 0xfffffffffffffn) | (1n << 52n);
    const exponent = biased === 0 ? -1074 : biased - 1075;
    const sign = x < 0 ? -1n : 1n;
    return exponent >= 0
      ? [sign * mantissa * 2n ** BigInt(exponent), 1n]
      : [sign * mantissa, 2n ** BigInt(-exponent)];
  }

  /** |p/q - r/s| compared with |p/q - t/u|: negative when the first is nearer. */
  function nearer(p: bigint, q: bigint, r: [bigint, bigint], t: [bigint, bigint]): number {
    const abs = (v: bigint) => (v < 0n ? -v : v);
    const first = abs(p * r[1] - r[0] * q) * t[1];
    const second = abs(p * t[1] - t[0] * q) * r[1];
    return first < second ? -1 : first > second ? 1 : 0;
  }

  const floats = fc.oneof(
    fc.double({ min: 0.5, max: 2, noNaN: true }),
    fc.double({ min: -1000, max: 1000, noNaN: true }).filter((x) => Math.abs(x) > 1e-3),
  );

  it('is the double nearest the exact power (no neighbour is nearer)', () => {
    fc.assert(
      fc.property(floats, fc.integer({ min: -40, max: 40 }), (x, n) => {
        const [a, b] = fraction(x);
        const [p, q] = n >= 0 ? [a ** BigInt(n), b ** BigInt(n)] : [b ** BigInt(-n), a ** BigInt(-n)];
        const text = compile('{{ x ** n }}').render({ x, n });
        const r = Number(text);
        fc.pre(Number.isFinite(r) && Math.abs(r) > 1e-300);
        const [pn, qn] = q < 0n ? [-p, -q] : [p, q];
        for (const neighbour of [nextDouble(r, true), nextDouble(r, false)]) {
          expect(nearer(pn, qn, fraction(r), fraction(neighbour))).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: runs },
    );
  });
});

describe('an if/elif chain on one subject picks as the general comparisons do', () => {
  // Texts that share lengths and prefixes, an empty one, non-ASCII ones; numbers where `True == 1` and `1 == 1.0`.
  const texts = ['a', 'b', 'ab', 'ba', '', 'shipped', 'shipper', 'é', '😀', 'A', '1'];
  const numbers = [0, 1, 2, 1.5, -1, 10];
  const label = fc.oneof(fc.constantFrom(...texts), fc.constantFrom(...numbers));
  const subject = fc.oneof(
    fc.constantFrom(...texts, ...numbers, true, false, null),
    fc.constant(['a']),
    fc.string({ maxLength: 3 }),
  );

  it('takes the first equal label, through the table (the literal after `==`) or without it (before)', () => {
    fc.assert(
      fc.property(
        // Up to 12 labels: past 8 the table looks texts up in a Map.
        fc.array(label, { minLength: 2, maxLength: 12 }),
        subject,
        fc.boolean(),
        (labels, x, safe) => {
          const lit = (v: string | number) => JSON.stringify(v);
          const chain = (test: (l: string) => string) =>
            labels.map((l, i) => `{% ${i === 0 ? 'if' : 'elif'} ${test(lit(l))} %}${i}`).join('') +
            '{% else %}none{% endif %}';
          const set = safe ? '{% set s = x|safe if x is string else x %}' : '{% set s = x %}';
          const viaTable = compile(set + chain((l) => `s == ${l}`));
          const general = compile(set + chain((l) => `${l} == s`));
          const expected = general.render({ x });
          expect(viaTable.render({ x })).toBe(expected);
          const first = labels.findIndex((l) => l === x || (typeof x === 'boolean' && l === Number(x)));
          if (typeof x !== 'object') expect(expected).toBe(first < 0 ? 'none' : String(first));
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('arithmetic on two numbers, in the compiled closure, gives what the operators give', () => {
  // Ints (small, near 2**53, zero), floats whose results are and are not integral, tiny and huge magnitudes.
  const number = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(
      0,
      1,
      -1,
      2 ** 53 - 1,
      -(2 ** 53) + 1,
      2 ** 52,
      0.5,
      -0.5,
      1.5,
      0.1,
      0.2,
      0.25,
      1e300,
      -1e-300,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    fc.integer({ min: -64, max: 64 }).map((n) => n / 4),
  );
  const operators = { '+': add, '-': sub, '*': mul, '/': truediv } as const;

  it('prints the same text, an integral float as a float, or fails with the same error', () => {
    const templates = Object.fromEntries(
      Object.keys(operators).map((op) => [op, compile(`{{ a ${op} b }}`, { cache: false })]),
    );
    const outcome = (f: () => string): string => {
      try {
        return f();
      } catch (error) {
        return `${(error as { kind?: string }).kind}: ${(error as Error).message}`;
      }
    };
    fc.assert(
      fc.property(
        number,
        number,
        fc.constantFrom(...(Object.keys(operators) as (keyof typeof operators)[])),
        (a, b, op) => {
          const expected = outcome(() => str(operators[op](undefined as unknown as RenderState, a, b)));
          expect(outcome(() => templates[op].render({ a, b }))).toBe(expected);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('`%` conversions with a width, printed the quick way', () => {
  it('pad as the general conversion pads, for text, ints and floats of any sign', () => {
    const format = fc
      .tuple(
        fc.constantFrom('', '-', '0', '-0', '0-'),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom('', '.0', '.2', '.5'),
        fc.constantFrom('s', 'f', 'F', 'd', 'i'),
      )
      .map(([flag, width, precision, conv]) => `[%${flag}${width}${precision}${conv}]`);
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', ' ', 'é', '😀', '\ud800', '世'), maxLength: 16 }),
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.constantFrom(-0, 0.5, -2.675, 1e21, Number.MAX_SAFE_INTEGER + 2),
    );
    fc.assert(
      fc.property(format, value, (fmt, v) => {
        const plain = plainPercent(fmt, 1);
        if (plain === null) return;
        let general: string;
        try {
          general = percentFormat(fmt, v);
        } catch (error) {
          expect(() => plain.fields[0](v)).toThrow((error as Error).message);
          return;
        }
        const quick = plain.literals[0] + plain.fields[0](v) + plain.tail;
        expect(quick).toBe(general);
      }),
      { numRuns: runs },
    );
  });
});

describe('wordwrap by positions, breaking on hyphens', () => {
  const state = {
    limits: { maxOutputSize: 1e9 },
    unitsLeft: 1e12,
    deadline: 0,
    iterationsLeft: 1e9,
  } as unknown as RenderState;
  // Words with hyphens in every place textwrap's separator looks at: between letters, doubled (an em-dash),
  // after punctuation, at a word's ends, next to digits and Unicode letters.
  const text = fc.string({
    unit: fc.constantFrom(
      'a',
      'b',
      'é',
      'ж',
      '1',
      '_',
      '-',
      '-',
      '--',
      ' ',
      '  ',
      '\t',
      '\n',
      '!',
      ',',
      ')',
      '\u00a0',
      '\u2003',
    ),
    maxLength: 60,
  });

  it("wraps as the chunks of textwrap's separator do", () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        (s, width, breakLong, hyphens) => {
          expect(wrapParagraph(state, s, width, breakLong, hyphens)).toEqual(
            wrapChunks(state, s, width, breakLong, hyphens && s.includes('-'), false, false),
          );
        },
      ),
      { numRuns: runs * 5 },
    );
    expect(wrapParagraph(state, 'the check-in desk', 10, true, true)).toEqual(['the check-', 'in desk']);
    expect(wrapParagraph(state, 'well--known', 6, true, true)).toEqual(['well--', 'known']);
  });
});

describe('significant digits by toExponential', () => {
  it('are the exact ones, ties to even, for any positive double and precision', () => {
    // Doubles of few bits (where exact ties are), near powers of ten, and any.
    const few = fc
      .tuple(fc.integer({ min: 1, max: 2 ** 20 }), fc.integer({ min: -30, max: 30 }))
      .map(([m, e]) => m * 2 ** e);
    const nearTen = fc
      .tuple(fc.integer({ min: -20, max: 25 }), fc.integer({ min: -3, max: 3 }))
      .map(([e, ulps]) => {
        const x = 10 ** e;
        return Math.abs(x + ulps * Number.EPSILON * x) || x;
      });
    const any = fc.double({ min: Number.MIN_VALUE, max: 1e300, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(few, nearTen, any), fc.integer({ min: 1, max: 25 }), (x, n) => {
        expect(significantDigits(x, n)).toEqual(exactSignificantDigits(x, n));
      }),
      { numRuns: runs * 5 },
    );
    expect(significantDigits(0.125, 2)).toEqual({ digits: '12', decpt: 0 });
    expect(significantDigits(9.5, 1)).toEqual({ digits: '1', decpt: 2 });
    expect(significantDigits(2.5, 1)).toEqual({ digits: '2', decpt: 1 });
  });
});

describe('`in` a list of literal texts', () => {
  it('answers as `in` the same list given as data, short (searched in order) or long (a set)', () => {
    const word = fc.constantFrom<string>('a', 'b', 'shipped', 'delivered', 'x y', '', 'é', '😀', '1');
    const needle = fc.oneof(
      word,
      word.map((w) => ({ markup: w })),
      fc.constantFrom(1, 0, null, true),
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        needle,
        fc.boolean(),
        (items, x, negated) => {
          const op = negated ? 'not in' : 'in';
          const literal = `[${items.map((w) => `'${w}'`).join(', ')}]`;
          const value = typeof x === 'object' && x !== null ? `x|safe` : 'x';
          const given = typeof x === 'object' && x !== null ? x.markup : x;
          const fast = compile(`{{ ${value} ${op} ${literal} }}`).render({ x: given });
          const general = compile(`{{ ${value} ${op} items }}`).render({ x: given, items });
          expect(fast).toBe(general);
          const found = typeof given === 'string' && items.includes(given);
          expect(fast).toBe(found !== negated ? 'True' : 'False');
        },
      ),
      { numRuns: runs },
    );
  });
});

/** The test of each comparison operator. */
const TEST_NAMES = { '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '==': 'eq', '!=': 'ne' } as const;

/** Values a template can write as a literal, and how. */
const LITERALS = new Map<unknown, string>([
  [true, 'true'],
  [false, 'false'],
  [null, 'none'],
  [1, '1'],
  [0, '0'],
  [0.5, '0.5'],
  ['a', "'a'"],
  ['', "''"],
]);

describe('a comparison of two expressions', () => {
  it('answers as the operator does, with numbers decided inline', () => {
    const value = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0.5, -0, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY),
      fc.constantFrom('a', 'b', '', '1'),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
    );
    const operators = { '<': lt, '<=': le, '>': gt, '>=': ge, '==': eq, '!=': ne } as const;
    fc.assert(
      fc.property(
        value,
        value,
        fc.constantFrom(...(Object.keys(operators) as (keyof typeof operators)[])),
        (a, b, op) => {
          let expected: string;
          try {
            expected = operators[op](a, b) ? 'True' : 'False';
          } catch {
            expected = 'error';
          }
          const got = (template: string): string => {
            try {
              return compile(template).render({ a, b });
            } catch {
              return 'error';
            }
          };
          expect(got(`{{ a ${op} b }}`)).toBe(expected);
          // Against a literal, which has comparisons of its own.
          const literal = LITERALS.get(b);
          if (literal !== undefined) {
            expect(got(`{{ a ${op} ${literal} }}`)).toBe(expected);
            // The test bound to the literal, as `select` binds it once for every item.
            const selected = got(`{{ [a]|select('${TEST_NAMES[op]}', ${literal})|list|length }}`);
            expect(selected).toBe(expected === 'error' ? 'error' : expected === 'True' ? '1' : '0');
          }
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('`is divisibleby` of two numbers', () => {
  it('answers as `x % n == 0` does, failing alike for a divisor of zero', () => {
    const number = fc.oneof(
      fc.integer({ min: -50, max: 50 }),
      fc.constantFrom(0.5, 2.5, 7.5, -7.5, -0, 1e300, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
      fc.double({ min: -100, max: 100, noNaN: true }),
    );
    const outcomeOf = (template: string, x: number, n: number): string => {
      try {
        return compile(template).render({ x, n });
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    fc.assert(
      fc.property(number, number, (x, n) => {
        expect(outcomeOf('{{ x is divisibleby(n) }}', x, n)).toBe(outcomeOf('{{ x % n == 0 }}', x, n));
      }),
      { numRuns: runs },
    );
  });
});

describe('`startswith` and `endswith` of a tuple of texts', () => {
  it('answer as the same call from index 0 does (the general path), halves of surrogate pairs included', () => {
    const unit = fc.constantFrom('a', 'b', '.', '😀', '\ud83d', '\ude00', 'é');
    const text = fc.array(unit, { maxLength: 6 }).map((units) => units.join(''));
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), fc.boolean(), (s, options, atEnd) => {
        const method = atEnd ? 'endswith' : 'startswith';
        const tuple = `(${options.map((_, i) => `options[${i}]`).join(', ')},)`;
        const fast = compile(`{{ s.${method}(${tuple}) }}`);
        const general = compile(`{{ s.${method}(${tuple}, 0) }}`);
        const expected = options.some((o) => {
          const cps = Array.from(s);
          const ocps = Array.from(o);
          if (ocps.length > cps.length) return false;
          const part = atEnd ? cps.slice(cps.length - ocps.length) : cps.slice(0, ocps.length);
          return part.join('') === ocps.join('');
        });
        const got = fast.render({ s, options });
        expect(got).toBe(general.render({ s, options }));
        expect(got).toBe(expected ? 'True' : 'False');
      }),
      { numRuns: runs },
    );
  });
});

describe('`|int` of a text of digits', () => {
  it('is the number the digits write, as the general parse (given the text with a space after) reads it', () => {
    const digits = fc
      .array(fc.constantFrom('0', '1', '5', '9'), { minLength: 1, maxLength: 12 })
      .map((d) => d.join(''));
    fc.assert(
      fc.property(digits, (s) => {
        const fast = compile('{{ s|int }}').render({ s });
        expect(fast).toBe(String(Number(s)));
        expect(compile("{{ (s ~ ' ')|int }}").render({ s })).toBe(fast);
      }),
      { numRuns: runs },
    );
    expect(compile("{{ ''|int }}|{{ '1a'|int(7) }}|{{ '-08'|int }}").render({})).toBe('0|7|-8');
  });
});

describe('slices of a text by literal bounds', () => {
  it('cut by code points, as the general slice does, surrogate pairs and lone halves included', () => {
    const unit = fc.constantFrom('a', 'b', ' ', 'é', '😀', '\ud83d', '\ude00', '中');
    const text = fc.array(unit, { maxLength: 14 }).map((units) => units.join(''));
    const bound = fc.integer({ min: -12, max: 12 });
    fc.assert(
      fc.property(
        text,
        bound,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (s, n, a, b) => {
          const cps = Array.from(s);
          const cut = (from?: number, to?: number) => cps.slice(from, to).join('');
          const [from, to] = a <= b ? [a, b] : [b, a];
          const out = compile(`{{ s[${n}:] }}|{{ s[:${to}] }}|{{ s[${from}:${to}] }}`).render({ s });
          expect(out).toBe(`${cut(n)}|${cut(0, to)}|${cut(from, to)}`);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('`{% set ns.text = ns.text ~ x %}`', () => {
  it('builds what the general join builds, from any start and any items, failing alike', () => {
    const item = fc.oneof(
      fc.constantFrom('a', '', 'é', '😀', 'x y'),
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(null, true, 1.5),
      fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
    );
    const start = fc.constantFrom("''", "'a'", '1', 'none', "'b'|safe", 'x.missing');
    const outcomeOf = (template: string, xs: unknown[]): string => {
      try {
        return compile(template).render({ xs, x: {} });
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    fc.assert(
      fc.property(start, fc.array(item, { maxLength: 5 }), (init, xs) => {
        const loop = (join: string) =>
          `{% set ns = namespace(s=${init}) %}{% for x in xs %}{% set ns.s = ${join} %}{% endfor %}{{ ns.s }}|{{ ns.s is string }}`;
        expect(outcomeOf(loop('ns.s ~ x'), xs)).toBe(outcomeOf(loop("ns.s ~ x ~ ''"), xs));
      }),
      { numRuns: runs },
    );
  });
});
