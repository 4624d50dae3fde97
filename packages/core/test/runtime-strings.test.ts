// Expected values were checked against CPython 3.11.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slice } from '../src/runtime/access';
import { dictView } from '../src/runtime/dict-views';
import { floatRepr, repr } from '../src/runtime/format';
import { iterate, length } from '../src/runtime/iterate';
import { escapeText } from '../src/runtime/markup';
import { strip } from '../src/runtime/methods';
import { typeName } from '../src/runtime/operators';
import {
  codePoints,
  codePointsBefore,
  compareStrings,
  cpLength,
  hasSurrogate,
  internalized,
  isPySpaceChar,
  isPySpaceCode,
  PY_WHITESPACE,
  pyCapitalize,
  pyCasefold,
  pySwapcase,
  pyTitle,
  reverseText,
} from '../src/runtime/strings';
import { Markup, Namespace, PyCallable, pyIterator, tuple, Undefined } from '../src/runtime/values';
import { f, outcome } from './helpers/runtime-show';

describe('`internalized` and `codePointsBefore` answer as the plain string operations do', () => {
  it('internalized text is the same text, whatever it looks like as a key', () => {
    for (const s of ['', '0', '12', '-1', '__proto__', 'constructor', 'a'.repeat(2000), '\u{1F600}']) {
      expect(internalized(s)).toBe(s);
    }
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => internalized(s) === s));
  });
  it('codePointsBefore counts the code points of the units before an offset', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 90 }), fc.nat(100), (s, n) => {
        const unit = Math.min(n, s.length);
        return codePointsBefore(s, unit) === cpLength(s.slice(0, unit));
      }),
    );
    expect(codePointsBefore('\u{1F600}a,b', 3)).toBe(2);
    expect(codePointsBefore('x'.repeat(70), -1)).toBe(-1);
  });
});

describe('strings are measured and split by code point, as Python does', () => {
  it('an astral character counts once', () => {
    expect(cpLength('a\u{1F600}b')).toBe(3);
    expect(codePoints('a\u{1F600}b')).toEqual(['a', '\u{1F600}', 'b']);
  });

  it('plain strings take the fast path and still count right', () => {
    expect(hasSurrogate('plain text')).toBe(false);
    expect(cpLength('plain text')).toBe(10);
  });

  it('a surrogate is found in any text, long ones asked about again and again, in any order', () => {
    // Long texts (whose answer is kept) of the same length with and without a surrogate, joined from pieces
    // each time (equal texts that are not one string), asked about in turns.
    const text = fc.tuple(
      fc.integer({ min: 0, max: 120 }),
      fc.constantFrom('', '\u{1F600}', '\ud800', '\udfff', 'é', '—'),
      fc.integer({ min: 0, max: 120 }),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), (texts) => {
        for (const [before, middle, after] of texts) {
          const s = `${'a'.repeat(before)}${middle}${'b'.repeat(after)}`;
          const expected = /[\uD800-\uDFFF]/.test(s);
          expect(hasSurrogate(s)).toBe(expected);
          expect(hasSurrogate(s.slice(0))).toBe(expected);
          expect(cpLength(s)).toBe(Array.from(s).length);
        }
      }),
    );
  });

  it('strings order by code point, so an astral character sorts after U+FFFF', () => {
    const sorted = ['b', '\u{1F600}', '\uffff', 'a', 'B'].sort(compareStrings);
    expect(sorted).toEqual(['B', 'a', 'b', '\uffff', '\u{1F600}']);
  });
});

describe("Python's whitespace told by character code", () => {
  it('is the set PY_WHITESPACE names, for every code unit', () => {
    const space = new RegExp(`^[${PY_WHITESPACE}]$`);
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (isPySpaceCode(c) !== space.test(ch) || isPySpaceChar(ch) !== space.test(ch)) differ.push(c);
    }
    expect(differ).toEqual([]);
  });

  it('is no character for text of any other length', () => {
    expect(['', '  ', '\u{1f600}', '\u{20000}', ' a'].map(isPySpaceChar)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('case mapping follows CPython, not JavaScript', () => {
  it.each([
    ["they're bill's friends", "They'Re Bill'S Friends"],
    ['1st PLACE', '1St Place'],
    ['ǆemal', 'ǅemal'],
    ['ßa', 'Ssa'],
    ['ﬁsh', 'Fish'],
    ['ΑΣ ΑΣ', 'Ας Ας'],
    ['ᾳ', 'ᾼ'],
    ['ა', 'ა'],
  ])('title(%j) is %j', (input, expected) => {
    expect(pyTitle(input)).toBe(expected);
  });

  it.each([
    ['hELLO wORLD', 'Hello world'],
    ['ǆa', 'ǅa'],
    ['ΑΣ', 'Ας'],
    ['', ''],
  ])('capitalize(%j) is %j', (input, expected) => {
    expect(pyCapitalize(input)).toBe(expected);
  });

  it.each([
    ['Hello', 'hELLO'],
    ['ΑΣ', 'ας'],
    ['ǅ', 'ǅ'],
    ['ß', 'SS'],
  ])('swapcase(%j) is %j', (input, expected) => {
    expect(pySwapcase(input)).toBe(expected);
  });

  it.each([
    ['Straße', 'strasse'],
    ['ΑΣ', 'ασ'],
    ['ẞ', 'ss'],
    ['ı', 'ı'],
    ['ꭰ', 'Ꭰ'],
  ])('casefold(%j) is %j', (input, expected) => {
    expect(pyCasefold(input)).toBe(expected);
  });
});

describe('iteration and len() as Python does them', () => {
  it.each([
    [
      [1, 2],
      [1, 2],
    ],
    [tuple([1]), tuple([1])],
    ['a\u{1F600}', ['a', '\u{1F600}']],
    [{ b: 1, a: 2 }, ['b', 'a']],
    [
      new Map<unknown, unknown>([
        [1, 'x'],
        ['k', 'y'],
      ]),
      [1, 'k'],
    ],
    [new Undefined('u'), []],
    [new Markup('<>'), ['<', '>']],
  ])('iterate(%o) gives %o', (value, expected) => {
    expect(iterate(value)).toEqual(expected);
  });

  it.each([
    [5, "!TypeError: 'int' object is not iterable"],
    [f(2), "!TypeError: 'float' object is not iterable"],
    [null, "!TypeError: 'NoneType' object is not iterable"],
    [new Namespace(), "!TypeError: 'Namespace' object is not iterable"],
  ])('iterate(%o) fails: %s', (value, expected) => {
    expect(outcome(() => iterate(value))).toBe(expected);
  });

  it.each([
    ['a\u{1F600}', 2],
    [[1, 2, 3], 3],
    [{ a: 1, b: undefined }, 1],
    [new Map([[1, 2]]), 1],
    [new Undefined('u'), 0],
  ])('length(%o) is %d', (value, expected) => {
    expect(length(value)).toBe(expected);
  });

  it.each([
    [5, "!TypeError: object of type 'int' has no len()"],
    [true, "!TypeError: object of type 'bool' has no len()"],
    [pyIterator([1], 'generator', 'sync_do_map'), "!TypeError: object of type 'generator' has no len()"],
  ])('length(%o) fails: %s', (value, expected) => {
    expect(outcome(() => length(value))).toBe(expected);
  });
});

describe("Python's type names", () => {
  it.each([
    [1, 'int'],
    [2n ** 70n, 'int'],
    [0.5, 'float'],
    [f(2), 'float'],
    [true, 'bool'],
    ['s', 'str'],
    [null, 'NoneType'],
    [[1], 'list'],
    [tuple([1]), 'tuple'],
    [{}, 'dict'],
    [new Map(), 'dict'],
    [new Undefined('u'), 'Undefined'],
    [new Markup('m'), 'Markup'],
    [new Namespace(), 'Namespace'],
    [dictView('dict_keys', ['a']), 'dict_keys'],
    [pyIterator([], 'list_reverseiterator'), 'list_reverseiterator'],
    [new PyCallable('f', () => null), 'builtin_function_or_method'],
    [new PyCallable('m', () => null, undefined, 'jinja2.runtime.Macro'), 'Macro'],
  ])('typeName(%o) is %s', (value, expected) => {
    expect(typeName(value)).toBe(expected);
  });
});

describe('repr of values without a stable Python form', () => {
  it('an iterator prints its type, generator name and the made-up address', () => {
    expect(repr(pyIterator([1], 'generator', 'sync_do_map'))).toBe(
      '<generator object sync_do_map at 0x7f0000000000>',
    );
    expect(repr(pyIterator([1], 'list_reverseiterator'))).toBe(
      '<list_reverseiterator object at 0x7f0000000000>',
    );
  });

  it('a callable prints as a function with its name', () => {
    expect(repr(new PyCallable('upper', () => null))).toBe('<function upper at 0x7f0000000000>');
  });

  it('a list that contains itself prints [...] where Python does', () => {
    const list: unknown[] = [1];
    list.push(list);
    expect(repr(list)).toBe('[1, [...]]');
  });

  it('a dict view prints with its type', () => {
    expect(repr(dictView('dict_items', [tuple(['a', 1])]))).toBe("dict_items([('a', 1)])");
  });

  it('an int beyond 1e21 stored as a JS number prints every digit', () => {
    expect(repr(1e21)).toBe('1000000000000000000000');
  });

  it('a JS -0 used as an int prints as 0, as a float as -0.0', () => {
    expect(repr(-0)).toBe('0');
    expect(floatRepr(-0)).toBe('-0.0');
  });
});

describe('long texts are titled, reversed and sliced by units written in chunks, as short ones by pieces', () => {
  // Texts on both sides of the 1,024 characters from which the chunked way is taken, and past one chunk (8,192).
  const units = fc.constantFrom('a', 'B', 'z', ' ', '-', "'", '1', '@', '[', '`', '{', 'é', '\u{1F600}');
  const texts = fc.oneof(
    fc.array(units, { maxLength: 40 }).map((parts) => parts.join('')),
    fc
      .tuple(fc.array(units, { minLength: 1, maxLength: 12 }), fc.integer({ min: 80, max: 1_600 }))
      .map(([parts, times]) => parts.join('').repeat(times)),
  );

  /** Python's `str.title()` on ASCII text: a letter after a letter is lower-cased, any other letter upper-cased. */
  function titleOracle(s: string): string {
    let out = '';
    let previousLetter = false;
    for (const ch of s) {
      const letter = /[a-z]/i.test(ch);
      out += letter ? (previousLetter ? ch.toLowerCase() : ch.toUpperCase()) : ch;
      previousLetter = letter;
    }
    return out;
  }

  /** Python's `s[a:b:c]` by code point, written from the language reference. */
  function sliceOracle(s: string, a: number | null, b: number | null, c: number): string {
    const chars = Array.from(s);
    const n = chars.length;
    const clamp = (i: number | null, atStart: boolean): number => {
      if (i === null) return c < 0 ? (atStart ? n - 1 : -1) : atStart ? 0 : n;
      const p = i < 0 ? i + n : i;
      if (p < 0) return c < 0 ? -1 : 0;
      return p >= n ? (c < 0 ? n - 1 : n) : p;
    };
    let out = '';
    for (let i = clamp(a, true); c > 0 ? i < clamp(b, false) : i > clamp(b, false); i += c) out += chars[i];
    return out;
  }

  it('str.title() of ASCII text', () => {
    fc.assert(
      fc.property(texts, (s) => {
        const ascii = s.replace(/[^\0-\x7f]/gu, 'q');
        expect(pyTitle(ascii)).toBe(titleOracle(ascii));
      }),
      { numRuns: 300 },
    );
  });

  it('reversed text', () => {
    fc.assert(
      fc.property(texts, (s) => {
        expect(reverseText(s)).toBe(Array.from(s).reverse().join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('slices with a step', () => {
    const bound = fc.option(fc.integer({ min: -20_000, max: 20_000 }));
    const step = fc.integer({ min: -9, max: 9 }).filter((c) => c !== 0);
    fc.assert(
      fc.property(texts, bound, bound, step, (s, a, b, c) => {
        expect(slice(s, a, b, c)).toBe(sliceOracle(s, a, b, c));
      }),
      { numRuns: 500 },
    );
  });
});

/** MarkupSafe's entities, for escaping a text one character at a time. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&#34;',
};

describe('escaping a long text a chunk at a time', () => {
  it.each([300, 65_536, 65_537, 200_003])(
    'a text of %i characters is escaped as one character at a time',
    (n) => {
      const text = `<${'a&"\'>'.repeat(Math.ceil(n / 5))}`.slice(0, n);
      expect(escapeText(text)).toBe(Array.from(text, (ch) => ENTITIES[ch] ?? ch).join(''));
    },
  );
});

describe('escaping text of any length', () => {
  // Runs of special characters, next to each other and apart, around the 256 characters where the way changes.
  const text = fc.string({
    unit: fc.constantFrom(...'&<>\'"ab é;#\u{1F600}'.split(''), '\u{1F600}'),
    maxLength: 400,
  });

  it('gives what escaping one character at a time gives', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(escapeText(t)).toBe(Array.from(t, (ch) => ENTITIES[ch] ?? ch).join(''));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('strip with characters, on text with astral characters, walks code points from each end', () => {
  // Python's rule written plainly: the code points of the text, dropped from each end while in the set.
  function stripOracle(s: string, set: string, left: boolean, right: boolean): string {
    const members = new Set(Array.from(set));
    const cps = Array.from(s);
    let i = 0;
    let j = cps.length;
    if (left) while (i < j && members.has(cps[i])) i++;
    if (right) while (j > i && members.has(cps[j - 1])) j--;
    return cps.slice(i, j).join('');
  }
  const unit = fc.constantFrom('a', 'b', 'é', '\u{1F600}', '\u{1F601}', '\uD83D', '\uDE00', ' ');
  const text = fc.array(unit, { maxLength: 14 }).map((parts) => parts.join(''));

  it('strip, lstrip and rstrip', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom([true, true], [true, false], [false, true]),
        (s, set, [l, r]) => {
          expect(strip(s, set, l, r)).toBe(stripOracle(s, set, l, r));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
