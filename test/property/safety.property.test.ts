import { compile, LimitError, type Limits, TemplateError, TemplateRuntimeError } from '@personalize/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Property (c): untrusted templates cannot reach JavaScript (no function source, no calls into data functions,
// no prototype pollution), and templates built to run long stop with a LimitError instead of hanging.
// `PROPERTY_RUNS` raises the number of generated templates.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/** Calls into functions found in the data; every test expects it to stay 0. */
let calls = 0;
const pwned = () => {
  calls++;
  return 'PWNED';
};

class Secret {
  readonly field = 'instance-field';
  reveal(): string {
    return pwned();
  }
}

function hostileData(): Record<string, unknown> {
  return {
    fn: pwned,
    obj: { name: 'Ada', fn: pwned, nested: { fn: pwned }, toString: pwned, valueOf: pwned },
    inst: new Secret(),
    list: [pwned, 1],
    map: new Map<unknown, unknown>([
      ['k', pwned],
      ['toString', pwned],
    ]),
    s: 'abc',
    n: 1,
    xs: [1, 2],
    d: { a: 1 },
  };
}

// Text that means JS leaked: a function's or class's source, an object's default toString, a call's result.
const LEAKS = ['PWNED', '=>', 'native code', '[object', 'calls++', 'class Secret', 'reveal()', 'Symbol('];
const MESSAGE_LEAKS = [...LEAKS, '    at '];

/** Renders, and explains any way the result shows that JavaScript was reached; `undefined` when it was not. */
function leak(template: string): string | undefined {
  const before = calls;
  let result: string;
  try {
    result = compile(template).render(hostileData());
  } catch (error) {
    if (calls !== before) return `a data function was called (then it threw ${String(error)})`;
    if (!(error instanceof TemplateError)) return `threw a non-TemplateError: ${String(error)}`;
    if (error instanceof TemplateRuntimeError && error.kind === 'InternalError') {
      return `failed internally: ${String((error as Error).cause ?? error.message)}`;
    }
    const shown = MESSAGE_LEAKS.find((text) => error.message.includes(text));
    return shown === undefined
      ? undefined
      : `the error message shows ${JSON.stringify(shown)}: ${error.message}`;
  }
  if (calls !== before) return `a data function was called; output ${JSON.stringify(result)}`;
  const shown = LEAKS.find((text) => result.includes(text));
  return shown === undefined
    ? undefined
    : `the output shows ${JSON.stringify(shown)}: ${JSON.stringify(result)}`;
}

const DANGEROUS_NAMES = [
  'constructor',
  '__proto__',
  'prototype',
  '__class__',
  '__globals__',
  '__init__',
  '__dict__',
  '__mro__',
  'mro',
  '__subclasses__',
  '__base__',
  '__builtins__',
  '__import__',
  'func_globals',
  'toString',
  'valueOf',
  'call',
  'apply',
  'bind',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupGetter__',
  'caller',
  'arguments',
  'name',
  'length',
  'fn',
  'reveal',
  'field',
];

const BASES = [
  'fn',
  'obj',
  'obj.fn',
  'obj.nested',
  'inst',
  'list',
  'list[0]',
  'map',
  's',
  'n',
  'xs',
  'd',
  "'abc'",
  '1',
  '1.5',
  '[]',
  '{}',
  '()',
  'none',
  'range',
  'range(2)',
  'dict',
  'namespace',
  'namespace()',
  'cycler',
  'cycler(1)',
  'joiner',
  'lipsum',
  "'a'.upper",
  'd.items',
  "''.format",
  'm',
  'loop',
  'caller',
  'self',
  'this',
  'globalThis',
  'process',
  'require',
  'Function',
  'eval',
  'constructor',
  '__proto__',
];

const name = fc.constantFrom(...DANGEROUS_NAMES);

/** One step of an access chain: attribute, subscript, the filters that read attributes, or a call. */
const step: fc.Arbitrary<(x: string) => string> = fc.oneof(
  name.map((n) => (x: string) => `${x}.${n}`),
  name.map((n) => (x: string) => `${x}['${n}']`),
  name.map((n) => (x: string) => `(${x}|attr('${n}'))`),
  name.map((n) => (x: string) => `(${x}|map(attribute='${n}')|list)`),
  name.map((n) => (x: string) => `(${x}|selectattr('${n}')|list)`),
  name.map((n) => (x: string) => `(${x}|sort(attribute='${n}'))`),
  name.map((n) => (x: string) => `(${x}|sum(attribute='${n}'))`),
  name.map((n) => (x: string) => `(${x}|join(',', attribute='${n}'))`),
  name.map((n) => (x: string) => `(${x}|groupby('${n}')|list)`),
  fc.constant((x: string) => `${x}()`),
  fc.constant((x: string) => `${x}('x')`),
  name.map((n) => (x: string) => `${x}.${n}()`),
);

const chain = fc
  .tuple(fc.constantFrom(...BASES), fc.array(step, { minLength: 1, maxLength: 3 }))
  .map(([base, steps]) => steps.reduce((x, s) => s(x), base));

/** Ways to use an expression: print it, test it, iterate it, format it, put it in containers. */
const usage: fc.Arbitrary<(e: string) => string> = fc.oneof(
  fc.constant((e: string) => `{{ ${e} }}`),
  fc.constant((e: string) => `{{ ${e} is defined }}`),
  fc.constant((e: string) => `{{ ${e}|string }}`),
  fc.constant((e: string) => `{{ ${e}|tojson }}`),
  fc.constant((e: string) => `{{ ${e}|pprint }}`),
  fc.constant((e: string) => `{{ [${e}] }}`),
  fc.constant((e: string) => `{{ {'k': ${e}} }}`),
  fc.constant((e: string) => `{{ ${e} ~ '' }}`),
  fc.constant((e: string) => `{{ ${e}|list }}`),
  fc.constant((e: string) => `{% for x in ${e} %}{{ x }}{% endfor %}`),
  fc.constant((e: string) => `{% set y = ${e} %}{{ y }}{{ y() }}`),
  name.map((n) => (e: string) => `{{ '{0.${n}}'.format(${e}) }}`),
  name.map((n) => (e: string) => `{{ '{0[${n}]}'.format(${e}) }}`),
  fc.tuple(name, name).map(
    ([a, b]) =>
      (e: string) =>
        `{{ '{0.${a}.${b}}'.format(${e}) }}`,
  ),
  fc.constant((e: string) => `{{ '%s %r'|format(${e}, ${e}) }}`),
  fc.constant((e: string) => `{{ '%s' % (${e},) }}`),
);

/** The templates of property (c): a macro and a loop around a use of an access chain. */
const probe = fc
  .tuple(chain, usage)
  .map(([e, use]) => `{% macro m(a) %}{{ a }}{% endmacro %}{% for _ in [1] %}${use(e)}{% endfor %}`);

const prototypes = [Object.prototype, Array.prototype, String.prototype, Function.prototype, Map.prototype];
let snapshot: string[][];
beforeAll(() => {
  snapshot = prototypes.map((p) => Reflect.ownKeys(p).map(String));
});

/** Nothing a template did may have changed a built-in prototype. */
function assertPrototypesIntact(): void {
  expect(prototypes.map((p) => Reflect.ownKeys(p).map(String))).toEqual(snapshot);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
}

afterAll(assertPrototypesIntact);

describe('templates probing JavaScript internals', () => {
  it.each([
    ["{{ ''.__class__.__mro__[1].__subclasses__() }}"],
    ["{{ 'a'.constructor.constructor('return process')() }}"],
    ['{{ fn }}'],
    ['{{ fn() }}'],
    ['{{ obj.fn() }}'],
    ['{{ obj }}'],
    ['{{ obj|string }}'],
    ['{{ obj|tojson }}'],
    ['{{ inst }}'],
    ['{{ inst.reveal() }}'],
    ['{{ map }}'],
    ['{{ list }}'],
    ['{{ list|join }}'],
    ["{{ '{0.__class__}'.format(fn) }}"],
    ["{{ '{0.constructor.name}'.format(s) }}"],
    ["{{ obj|attr('toString') }}"],
    ["{{ [obj]|map(attribute='fn')|list }}"],
    ['{{ range.constructor }}{{ range.call }}{{ range.apply }}{{ range.bind }}'],
    ['{{ cycler.__init__.__globals__ }}'],
    ['{{ self }}{{ this }}{{ globalThis }}{{ process }}{{ require }}'],
  ])('%s reaches nothing', (template) => {
    expect(leak(template)).toBeUndefined();
  });

  it('random access chains through attributes, subscripts, filters, methods and format strings reach nothing', () => {
    fc.assert(
      fc.property(probe, (template) => {
        const problem = leak(template);
        if (problem !== undefined) throw new Error(`${problem}\n  template: ${template}`);
      }),
      { numRuns: RUNS },
    );
    expect(calls).toBe(0);
  });
});

const POLLUTER = "{'polluted': 'POLLUTED'}";

describe('templates trying to pollute prototypes', () => {
  // Expected outputs are Jinja2's for the same templates.
  it.each([
    [
      `{% set x = {'__proto__': ${POLLUTER}} %}[{{ x.polluted }}][{{ {}.polluted }}][{{ x['polluted'] }}]`,
      '[][][]',
    ],
    [`[{{ dict(__proto__=${POLLUTER}).polluted }}]`, '[]'],
    [`{% set ns = namespace(__proto__=${POLLUTER}) %}[{{ ns.polluted }}]`, '[]'],
    [
      `{% set ns = namespace() %}{% set ns.__proto__ = ${POLLUTER} %}[{{ ns.polluted }}][{{ {}.polluted }}][{{ namespace().polluted }}]`,
      '[][][]',
    ],
    [`{% macro k() %}[{{ kwargs.polluted }}]{% endmacro %}{{ k(__proto__=${POLLUTER}) }}`, '[]'],
    [`{{ [{'__proto__': ${POLLUTER}}]|map(attribute='polluted')|list }}`, '[Undefined]'],
    [`{{ [{'__proto__': ${POLLUTER}}]|selectattr('polluted')|list|length }}`, '0'],
    [
      `{% set ns = namespace() %}{% set ns.prototype = ${POLLUTER} %}{% set ns.constructor = ${POLLUTER} %}[{{ {}.polluted }}][{{ [].polluted }}][{{ ''.polluted }}]`,
      '[][][]',
    ],
    [
      `{% for k, v in {'__proto__': ${POLLUTER}}.items() %}[{{ v.polluted is defined }}]{% endfor %}[{{ {}.polluted }}]`,
      '[True][]',
    ],
    [`{{ {'__proto__': ${POLLUTER}}|tojson|length }}[{{ {}.polluted }}]`, '39[]'],
  ])('%s', (template, expected) => {
    expect(compile(template).render({})).toBe(expected);
    assertPrototypesIntact();
  });
});

const SMALL: Partial<Limits> = { maxLoopIterations: 10_000, maxOutputSize: 100_000, timeoutMs: 200 };
/** Wall time for a render that must stop at 200 ms, with room for a loaded 2-core machine. */
const QUICKLY_MS = 1_500;

/** Renders with the small limits and returns what was thrown (or the output) and how long it took. */
function runLong(template: string): { thrown: unknown; output?: string; ms: number } {
  const start = performance.now();
  try {
    const output = compile(template, { limits: SMALL }).render({ xs: [1, 2, 3] });
    return { thrown: undefined, output, ms: performance.now() - start };
  } catch (thrown) {
    return { thrown, ms: performance.now() - start };
  }
}

function expectLimit(template: string): void {
  const { thrown, output, ms } = runLong(template);
  if (output !== undefined) expect.fail(`rendered ${output.length} characters instead of hitting a limit`);
  expect(thrown, String(thrown)).toBeInstanceOf(LimitError);
  expect(ms).toBeLessThan(QUICKLY_MS);
}

describe('templates built to run long, with small limits', () => {
  it.each([
    ['{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'],
    ['{% for i in range(100000) %}x{% endfor %}'],
    ['{% for i in range(100000) %}{{ i }}{% endfor %}'],
    [
      '{% for i in range(100) %}{% for j in range(100) %}{% for k in range(100) %}{% endfor %}{% endfor %}{% endfor %}',
    ],
    ['{% for i in range(9000) %}{{ "x" * 100 }}{% endfor %}'],
    ["{{ 'x' * 10000000 }}"],
    ["{{ 'ab' * 1000000000 }}"],
    ["{{ ('ab' * 60000) * 2 }}"],
    ["{% set s = 'a' * 90000 %}{{ s ~ s }}"],
    ["{% set s = 'a' * 90000 %}{{ s + s + s }}"],
    ['{{ [1, 2] * 1000000000 }}'],
    ['{% set a = [0] * 60000 %}{{ (a + a)|length }}'],
    ["{{ '{:>1000000000}'.format('x') }}"],
    ["{{ '%1000000000d' % 1 }}"],
    ["{{ 'x'|center(1000000000) }}"],
    ["{{ 'x'.zfill(1000000000) }}"],
    ["{{ 'x'.ljust(1000000000) }}"],
    ["{{ range(100000)|join(',') }}"],
    ["{{ 'a b'|replace(' ', 'x' * 99999) * 3 }}"],
    ['{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}'],
    ['{% macro r(n) %}{{ n }}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}'],
    ['{% macro a() %}{{ b() }}{% endmacro %}{% macro b() %}{{ a() }}{% endmacro %}{{ a() }}'],
    ['{% for x in [[1]] recursive %}{{ loop([x]) }}{% endfor %}'],
    [
      '{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}',
    ],
    [
      '{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}{{ ns.l|length }}',
    ],
  ])('%s throws a LimitError quickly', (template) => {
    expectLimit(template);
  });

  it('10 ** 100000000 fails quickly instead of computing a 300-million-bit int', () => {
    const { thrown, output, ms } = runLong('{{ (10 ** 100000000) % 7 }}');
    if (output !== undefined) expect.fail(`rendered ${JSON.stringify(output)}`);
    expect(thrown).toBeInstanceOf(TemplateError);
    expect(ms).toBeLessThan(QUICKLY_MS);
  });

  it('random compositions of long loops, big repetitions and deep recursion throw a LimitError quickly', () => {
    const big = fc.integer({ min: 100_001, max: 1_000_000_000 });
    const loopSize = fc.integer({ min: 10_001, max: 100_000 });
    const heavy = fc.oneof(
      fc.tuple(loopSize, fc.integer({ min: 1, max: 3 })).map(([size, depth]) => {
        const open = Array.from({ length: depth }, (_, i) => `{% for i${i} in range(${size}) %}`).join('');
        return `${open}.${'{% endfor %}'.repeat(depth)}`;
      }),
      big.map((k) => `{{ 'ab' * ${k} }}`),
      big.map((k) => `{{ [0] * ${k} }}`),
      big.map((k) => `{{ '{:>${k}}'.format(1) }}`),
      big.map((k) => `{{ 'x'|center(${k}) }}`),
      big.map((k) => `{{ 'x'|indent(${k}, true) }}`),
      fc
        .integer({ min: 17, max: 60 })
        .map(
          (n) =>
            `{% set ns = namespace(s="ab") %}{% for i in range(${n}) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}`,
        ),
      fc
        .constantFrom('n + 1', 'n - 1', 'n * 2')
        .map((next) => `{% macro r(n) %}{{ r(${next}) }}{% endmacro %}{{ r(1) }}`),
      fc
        .integer({ min: 1, max: 4 })
        .map((k) => `{% for x in [[1]] recursive %}${'x'.repeat(k)}{{ loop([x]) }}{% endfor %}`),
    );
    fc.assert(
      fc.property(heavy, (template) => {
        const { thrown, output, ms } = runLong(template);
        if (output !== undefined) throw new Error(`${template}: rendered ${output.length} characters`);
        if (!(thrown instanceof LimitError))
          throw new Error(`${template}: threw ${String(thrown)}, not a LimitError`);
        if (ms >= QUICKLY_MS) throw new Error(`${template}: took ${Math.round(ms)} ms`);
      }),
      { numRuns: Math.max(30, Math.round(RUNS / 10)) },
    );
  });
});
