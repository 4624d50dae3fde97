/**
 * Every built-in filter, test and method, called on large and adversarial inputs (long runs of one character,
 * unclosed `<`, deep nesting, huge widths), is bounded: it runs in linear (or n log n) time, and a call on an
 * input of millions stops at the render's time limit, not after it. `PROPERTY_RUNS` sets the inputs per
 * built-in (default 3); `PROPERTY_SEED` replays a run.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinFilters } from '../src/filters/index';
import { compile, LimitError, TemplateError, TemplateRuntimeError } from '../src/index';
import { METHOD_NAMES } from '../src/runtime/methods';
import { builtinTests } from '../src/tests/index';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 3);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

/**
 * Extra time a call may take past its limit: room for a loaded 2-core machine, and for the native work (a
 * copy, a split) that runs between two checks. Quadratic work on these inputs takes many seconds.
 */
const MARGIN_MS = 1_500;

/** What the strings are made of: runs of the characters that filters' rules and patterns turn on. */
const UNITS = [
  ...['a', 'Z', '1', '0', '_', 'é', 'ß', '😀', '١', ' ', '\t', '\n', '\r\n', '\u2003', '\x1c', '\u00a0'],
  ...['<', '>', '<a', 'a>', '<!--', '-->', '&', '&amp;', '&#', '&#1', '&amp', '&notin', '&lt;', '&gt;'],
  ...[
    '-',
    '--',
    'a-',
    '-a',
    'a-b',
    '(',
    ')',
    '(a',
    'a)',
    '[',
    '{',
    '}',
    '{0}',
    '%',
    '%s',
    '%(',
    '\\',
    '"',
    "'",
  ],
  ...['.', ',', 'a.', '@', 'a@', ':', '://', 'www.', 'http://a.', 'a ', 'a  ', 'a\n', '1_', '0x', 'e', 'a.b'],
];

/** Strings already built, by recipe: strings cannot change, and building megabytes takes time. */
const built = new Map<string, string>();

/** A string of about `size` characters: repeats of a unit, maybe between a short head and tail (`'a' * n + '.'`). */
function runs(size: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('', ...UNITS),
      fc.constantFrom(...UNITS),
      fc.constantFrom(size / 4, size),
      fc.constantFrom('', ...UNITS),
    )
    .map(([head, unit, n, tail]) => {
      const recipe = JSON.stringify([head, unit, n, tail]);
      let text = built.get(recipe);
      if (text === undefined) {
        text = head + unit.repeat(Math.ceil(n / unit.length)) + tail;
        built.set(recipe, text);
      }
      return text;
    });
}

/** A list nested `depth` deep: `[[[...]]]`. */
function nested(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Lists and dicts: long ones of one item, long ranges, deep nesting. */
function collections(maxItems: number): fc.Arbitrary<unknown> {
  const size = fc.constantFrom(maxItems / 4, maxItems);
  const item = fc.constantFrom<unknown>(0, 7, 'a', '<', 'a b', 1.5, null, true, [1], { a: 1 });
  return fc.oneof(
    fc.tuple(item, size).map(([x, n]) => new Array(n).fill(x)),
    size.map((n) => Array.from({ length: n }, (_, i) => i)),
    size.map((n) => Array.from({ length: n }, (_, i) => String(n - i))),
    size.map((n) => Object.fromEntries(Array.from({ length: n / 4 }, (_, i) => [`k${i}`, i]))),
    size.map((n) => new Map(Array.from({ length: n / 4 }, (_, i) => [i, i]))),
    fc.tuple(fc.integer({ min: 500, max: 20_000 }), item).map(([depth, leaf]) => nested(depth, leaf)),
  );
}

/** Numbers, with huge ints among them. */
const numbers = fc.constantFrom<unknown>(
  0,
  1,
  -1,
  7,
  2 ** 53,
  1.5,
  1e300,
  -1e-300,
  10n ** 4000n,
  2n ** 60000n,
);

/** Arguments: huge widths and counts, long strings, names of filters and tests (for `map`, `select`). */
function argumentsFor(strings: fc.Arbitrary<string>): fc.Arbitrary<unknown[]> {
  const argument = fc.oneof(
    fc.constantFrom<unknown>(0, 1, 2, 3, -1, 79, 1_000_000, 1_000_000_000, 10n ** 30n, true, false, null),
    fc.constantFrom<unknown>('', 'a', ' ', '-', '<', '%s', '{}', 'x', ',', 'aa'),
    fc.constantFrom<unknown>('upper', 'wordwrap', 'striptags', 'urlize', 'odd', 'string', 'lower'),
    strings,
    fc.constantFrom<unknown>([], ['a', 'b'], [1, 2], { a: 1 }),
  );
  return fc.array(argument, { maxLength: 3 });
}

type Kind = 'filter' | 'test' | 'method';

/** `{{ x|name(*a) }}`, `{{ x is name(*a) }}` or `{{ x.name(*a) }}`. */
function templateFor(kind: Kind, name: string): string {
  if (kind === 'filter') return `{{ x|${name}(*a) }}`;
  if (kind === 'test') return `{{ x is ${name}(*a) }}`;
  return `{{ x.${name}(*a) }}`;
}

/** A generated value that prints as a short description, so that a failure report stays readable. */
interface Shown<T> {
  readonly value: T;
}

function shown<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Shown<T>> {
  return arbitrary.map((value) => ({ value, [fc.toStringMethod]: () => describeValue(value) }));
}

/** Renders the call; a failure other than a TemplateError (or an engine failure) is a bug, so it throws. */
function call(
  template: string,
  x: unknown,
  a: unknown[],
  timeoutMs: number,
): { error?: TemplateError; ms: number } {
  const compiled = compile(template, { limits: { timeoutMs } });
  const start = performance.now();
  try {
    compiled.render({ x, a });
    return { ms: performance.now() - start };
  } catch (error) {
    const ms = performance.now() - start;
    if (!(error instanceof TemplateError)) throw new Error(`threw ${String(error)}`);
    if (error instanceof TemplateRuntimeError && error.kind === 'InternalError') {
      throw new Error(`failed internally: ${String(error.cause)}`);
    }
    return { error, ms };
  }
}

function describeValue(x: unknown, depth = 0): string {
  if (depth > 3) return '...';
  if (typeof x === 'string') {
    return x.length <= 24
      ? JSON.stringify(x)
      : `${JSON.stringify(x.slice(0, 12))}... (${x.length} characters)`;
  }
  if (typeof x === 'bigint')
    return x.toString().length <= 24 ? `${x}n` : `a ${x.toString().length}-digit int`;
  if (Array.isArray(x))
    return `[${x
      .slice(0, 3)
      .map((item) => describeValue(item, depth + 1))
      .join(', ')}${x.length > 3 ? `, ... (${x.length} items)` : ''}]`;
  if (x instanceof Map) return `a dict of ${x.size} int keys`;
  if (typeof x === 'object' && x !== null) return `a dict of ${Object.keys(x).length} keys`;
  return String(x);
}

/** The inputs a built-in is called on: any value for filters and tests, the method's own type for methods. */
function inputsFor(
  kind: Kind,
  type: string,
  strings: fc.Arbitrary<string>,
  items: number,
): fc.Arbitrary<unknown> {
  if (kind !== 'method' || type === 'any') return fc.oneof(strings, collections(items), numbers);
  if (type === 'str') return strings;
  if (type === 'list') return collections(items).filter(Array.isArray);
  if (type === 'dict') return collections(items).filter((x) => !Array.isArray(x));
  return numbers.filter((n) =>
    type === 'int' ? typeof n === 'bigint' || Number.isInteger(n) : !Number.isInteger(n),
  );
}

const BUILTINS: [Kind, string, string, number][] = (
  [
    ...[...builtinFilters.keys()].map((name): [Kind, string, string] => ['filter', name, 'any']),
    ...[...builtinTests.keys()]
      .filter((name) => /^\w+$/.test(name))
      .map((name): [Kind, string, string] => ['test', name, 'any']),
    ...Object.entries(METHOD_NAMES)
      .filter(([type]) => type !== 'tuple')
      .flatMap(([type, names]) => names.map((name): [Kind, string, string] => ['method', name, type])),
  ] as [Kind, string, string][]
).map(([kind, name, type], index) => [kind, name, type, index]);

/**
 * Calls one built-in on inputs of about `size` characters (`items` for lists and dicts) with `limitMs`: each call
 * must end within the limit plus the margin, and, when `linear`, never reach the limit at all.
 */
function checkBounded(
  [kind, name, type, index]: [Kind, string, string, number],
  size: number,
  items: number,
  limitMs: number,
  linear: boolean,
): void {
  const strings = runs(size);
  const template = templateFor(kind, name);
  fc.assert(
    fc.property(shown(inputsFor(kind, type, strings, items)), shown(argumentsFor(strings)), (x, a) => {
      const { error, ms } = call(template, x.value, a.value, limitMs);
      const what = `${template} on ${describeValue(x.value)} with ${describeValue(a.value)}`;
      if (linear && error instanceof LimitError && error.limit === 'timeoutMs') {
        throw new Error(`${what} ran past ${limitMs} ms`);
      }
      if (ms > limitMs + MARGIN_MS) throw new Error(`${what} took ${Math.round(ms)} ms`);
    }),
    { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
  );
}

describe(`every built-in (seed ${SEED}, ${RUNS} runs each)`, () => {
  // Linear work on 200,000 characters or items takes milliseconds; quadratic work takes seconds to hours.
  it.each(BUILTINS)(
    '%s %s (on %s) on inputs of 200,000 finishes far within 2 s',
    (...builtin) => checkBounded(builtin, 200_000, 200_000, 2_000, true),
    120_000,
  );

  it.each(BUILTINS)(
    '%s %s (on %s) on inputs of millions returns or fails within 100 ms plus a margin',
    (...builtin) => checkBounded(builtin, 2_000_000, 300_000, 100, false),
    120_000,
  );
});

describe('inputs on which built-ins used to run for seconds to hours finish far within 2 s', () => {
  it.each([
    ["('a' * 200000)|wordwrap(1)|length"],
    ["(' ' * 200000)|wordwrap|length"],
    ["('a-' * 100000)|wordwrap(3, true, '', false)|length"],
    // One word of hyphenated parts, and em-dashes, wrapped by the places the hyphens cut it at.
    ["('ab-' * 200000)|wordwrap(10)|length"],
    ["('ab-cd ' * 100000)|wordwrap(7, false)|length"],
    ["('a--b' * 100000)|wordwrap(5)|length"],
    // One word of no-break spaces: blank to Python's strip(), not a place to wrap at.
    ["('&' ~ '\\u00a0' * 200000 ~ 'a')|wordwrap|length"],
    ["('&' ~ '\\u3000' * 200000 ~ '.')|wordwrap|length"],
    ["('<' * 200000)|striptags|length"],
    ["('<!--' * 50000)|striptags|length"],
    ["('.' * 100000 + 'a.')|urlize|length"],
    ["('a' + ' ' * 100000 + 'a')|int"],
    ["('a' + ' ' * 100000 + 'a')|float"],
    ['{1: 2}.fromkeys(range(100000))|length'],
    ["('a' * 300000).translate('b' * 100000)|length"],
    ["('a' * 300000).translate({}.fromkeys(range(100000), 'x'))|length"],
    ["(['x' * 100000] * 30000)|max|length"],
    ["('ab' * 100000)|groupby('x', default='x' * 50000)|length"],
    [`{${Array.from({ length: 30_000 }, (_, i) => `${i}: 1`).join(', ')}}|length`],
  ])('{{ %s }}', (expression) => {
    const { error, ms } = call(`{{ ${expression} }}`, null, [], 2_000);
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(2_000 + MARGIN_MS);
  });

  // Patterns that backtracked quadratically inside one `exec`, where no time limit can stop them.
  it.each([["('1' * 300000 + 'x')|dateFormatter('%Y')"], ["(1.5).fromhex('\\t' * 300000 + '!')"]])(
    '{{ %s }} fails as a ValueError',
    (expression) => {
      const { error, ms } = call(`{{ ${expression} }}`, null, [], 2_000);
      expect(error).toBeInstanceOf(TemplateRuntimeError);
      expect((error as TemplateRuntimeError).kind).toBe('ValueError');
      expect(ms).toBeLessThan(2_000 + MARGIN_MS);
    },
  );

  it.each(['groupby(*a)', 'map(attribute=a[0], default=[])|list'])(
    'a path of 100,000 parts read from 300,000 items stops at the time limit: x|%s',
    (filter) => {
      const items = Array.from({ length: 300_000 }, (_, i) => String(i));
      const path = `a@www.${'www.'.repeat(100_000)}`;
      const { error, ms } = call(`{{ x|${filter}|length }}`, items, [path, []], 100);
      if (error !== undefined) {
        expect(error).toBeInstanceOf(LimitError);
        expect((error as LimitError).limit).toBe('timeoutMs');
      }
      expect(ms).toBeLessThan(100 + MARGIN_MS);
    },
    30_000,
  );

  // Millions of empty lines (U+001C is a line break to Python): no character to spend for, but each line is work;
  // so are millions of words, separators and occurrences to the loops that split, title and replace text.
  it.each([
    "('\\x1c' * 2000000)|wordwrap|length",
    "('\\n' * 9000000).splitlines()|length",
    "('a-' * 3000000)|title|length",
    "('é-' * 3000000)|title|length",
    "('a,' * 3000000).split(',')|length",
    "('a ' * 3000000).rsplit(' ')|length",
    "('a ' * 3000000).split()|length",
    "('a' * 3000000).replace('a', 'bb')|length",
    // Not text, but the same kind of work: lists concatenated into ever longer copies (2.5 s unchecked).
    '([[1] * 1000] * 1000)|sum(start=[])|length',
  ])(
    'a text of millions of lines, words or separators stops at the time limit: {{ %s }}',
    (expression) => {
      const { error, ms } = call(`{{ ${expression} }}`, null, [], 100);
      expect(error).toBeInstanceOf(LimitError);
      expect((error as LimitError).limit).toBe('timeoutMs');
      expect(ms).toBeLessThan(100 + MARGIN_MS);
    },
    30_000,
  );
});

describe('the time limit is checked inside one long operation, not only around it', () => {
  // A clock that moves 1 ms each time it is read: an operation that spends the render's time while it works
  // reads it tens or hundreds of times on these inputs and stops at the limit; one that does not reads it once or twice
  // and finishes. Independent of the machine's speed.
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ["('{{' * n).format()|length"],
    ["('{0}' * (n // 2)).format(1)|length"],
    ["('x{0.real}' * (n // 4)).format(1)|length"],
    ["('{{' * n).format_map({})|length"],
    ["('١' * n)|int"],
    ["('𝟙' * n)|float"],
    ["('%s' * n)|format(1)"],
    ["('a\\t' * n).expandtabs()|length"],
    ["[1]|map(attribute='a.' * n)|list"],
    ["('a b' * n).title()|length"],
    ["('ab' * n)|reverse|length"],
    ["('ab' * n)[::-1]|length"],
    ["('ab' * n)[::2]|length"],
    ["('a&' * n)|urlencode|length"],
    ["[('😀' * n)]|string|length"],
    ["('<' + 'a' * (n * 4))|e|length"],
    ["('ß' * n)|tojson|length"],
    ["'2024-03-08'|dateFormatter('%d' * n)|length"],
  ])('{{ %s }}', (expression) => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now++);
    const template = compile(`{{ ${expression} }}`, { limits: { timeoutMs: 20 } });
    // `n` is a variable, so that nothing is computed when the template compiles.
    expect(() => template.render({ n: 1_000_000 })).toThrow(LimitError);
  });

  it('{{ words|sort }} of texts or numbers, sorted natively, reads the limit as it compares', () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now++);
    const words = Array.from({ length: 40_000 }, (_, i) => `w${(i * 7919) % 1_000_003}`);
    const numbers = Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 1_000_003);
    const template = compile('{{ words|sort|length }}{{ numbers|sort(attribute="real")|length }}', {
      limits: { timeoutMs: 20 },
    });
    expect(() => template.render({ words, numbers: [] })).toThrow(LimitError);
    expect(() => template.render({ words: [], numbers })).toThrow(LimitError);
  });

  it('a format string the time limit stopped is read again by the next render, not remembered as failing', () => {
    const source = "{{ ('{{' * n + '{0}').format('x')|length }}";
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now++);
    expect(() => compile(source, { limits: { timeoutMs: 50 } }).render({ n: 1_000_000 })).toThrow(LimitError);
    clock.mockRestore();
    expect(compile(source, { limits: { timeoutMs: 60_000 } }).render({ n: 1_000_000 })).toBe('1000001');
  });

  // Listing a plain object's keys takes time in proportion to them (about 100 ns a key for an object V8 keeps as
  // a dictionary); filters, tests and methods that hand a whole text or list to native code (a regex,
  // toUpperCase, encodeURIComponent, a copy) do the same. Each spent one unit or none per call: in a loop of 3,000
  // over a dict of 5,000 keys, a text of 200,000 characters or a list of 20,000 items, a render limited to
  // 300 ms ran for 0.6-21 s, as the loop alone spent too little to read the clock. With the clock of the tests
  // above, each of these stops at the limit.
  const big: Record<string, number> = {};
  for (let i = 0; i < 5000; i++) big[`k${i}`] = i;
  // Another, whose first keys `big` lacks: the truth of a dict lists its keys unless the key that decided the last
  // one is there, so the two in turn are each listed.
  const other: Record<string, number> = {};
  for (let i = 0; i < 5000; i++) other[`j${i}`] = i;
  const list = Array.from({ length: 20_000 }, (_, i) => i);
  const data = { big, other, s: 'é'.repeat(200_000), l: list, m: [...list] };

  it.each([
    ['{% if big %}{% endif %}{% if other %}{% endif %}'],
    ['{{ big|length }}'],
    ['{{ big|count }}'],
    ['{{ big|first }}'],
    ['{{ big|list|length }}'],
    ['{% for k in big %}{% break %}{% endfor %}'],
    ['{{ big.items()|length }}'],
    ['{{ big.keys()|first }}'],
    ['{{ big.values()|first }}'],
    ['{{ big|items|first }}'],
    ['{{ big.copy()|length }}'],
    ['{{ dict(big)|length }}'],
    ['{{ big|xmlattr|length }}'],
    ['{{ big|urlencode|length }}'],
    ['{{ {} == big }}'],
    // (`s|first` and `s|last` read one code point, not the text: no long operation.)
    ['{{ (s|list)|first }}'],
    ['{{ s|reverse|last }}'],
    ['{{ s|e|length }}'],
    ['{{ s|urlencode|length }}'],
    ['{{ s|indent|length }}'],
    ['{{ (s|safe)|upper|length }}'],
    ['{{ s is lower }}'],
    ['{{ s.isalpha() }}'],
    ['{{ s.upper()|length }}'],
    ['{{ s.splitlines()|length }}'],
    ["{{ s.rfind('x') }}"],
    ['{{ l|reverse|first }}'],
    ['{{ l.count(1) }}'],
    ['{{ 19999 in l }}'],
    ['{{ [l] == [m] }}'],
    ['{{ (l, 1) == (m, 1) }}'],
    ['{{ (l|list)[0] }}'],
    ['{{ l[1:-1]|length }}'],
    ['{{ l[::-1]|length }}'],
  ])('%s in a loop of 3,000', (body) => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now++);
    const template = compile(`{% for i in range(3000) %}${body}{% endfor %}`, { limits: { timeoutMs: 20 } });
    expect(() => template.render(data)).toThrow(LimitError);
  });
});
