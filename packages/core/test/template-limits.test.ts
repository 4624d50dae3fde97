/**
 * Every render is bounded (limits.ts): each limit has a default and an option, going past it is a LimitError
 * naming the limit, raised quickly, and a template just under it renders.
 */
import { describe, expect, it } from 'vitest';
import {
  type CompileOptions,
  compile,
  DEFAULT_LIMITS,
  LimitError,
  type Limits,
  TimeBudget,
} from '../src/index';
import { thrownBy } from './helpers/template-outcome';

/** The LimitError thrown by compiling and rendering; fails for anything else. */
function limitError(
  source: string,
  data: Record<string, unknown> = {},
  limits?: Partial<Limits>,
): LimitError {
  const error = thrownBy(() => compile(source, { limits } satisfies CompileOptions).render(data));
  if (error instanceof LimitError) return error;
  throw new Error(`expected a LimitError, got ${String(error)}`);
}

/** Runs `run` and returns how long it took, in milliseconds. */
function elapsed(run: () => void): number {
  const start = Date.now();
  run();
  return Date.now() - start;
}

/** A tree of `depth` nested `children` lists, for recursive loops. */
function tree(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { name: 'leaf' };
  for (let i = 0; i < depth; i++) node = { name: `n${i}`, children: [node] };
  return node;
}

describe('the defaults', () => {
  it('are the documented values', () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxTemplateSize: 1_000_000,
      maxOutputSize: 10_000_000,
      maxLoopIterations: 1_000_000,
      maxCallDepth: 100,
      maxRange: 100_000,
      timeoutMs: 1_000,
      maxContentBlockDepth: 10,
      maxContentApiCalls: 10,
    });
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
  });

  it('an option changes one limit and keeps the defaults of the others', () => {
    const template = compile('{{ range(5)|length }}', { limits: { maxOutputSize: 1 } });
    expect(template.render()).toBe('5');
    expect(limitError('{{ range(100001) }}', {}, { maxOutputSize: 1 }).limit).toBe('maxRange');
  });
});

describe('maxTemplateSize', () => {
  it('by default a template of 1 000 000 characters compiles and one more is refused', () => {
    expect(compile('a'.repeat(1_000_000), { cache: false }).render()).toHaveLength(1_000_000);
    const error = thrownBy(() => compile('a'.repeat(1_000_001)));
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).limit).toBe('maxTemplateSize');
  });

  it('the option sets the longest accepted source', () => {
    expect(compile('0123456789', { limits: { maxTemplateSize: 10 } }).render()).toBe('0123456789');
    const error = thrownBy(() => compile('0123456789a', { limits: { maxTemplateSize: 10 } }));
    expect((error as LimitError).limit).toBe('maxTemplateSize');
    expect((error as LimitError).message).toBe('the template is longer than 10 characters');
  });

  it('the size is checked before parsing, so an oversized broken template is a LimitError', () => {
    const error = thrownBy(() => compile('{% if %}'.repeat(10), { limits: { maxTemplateSize: 50 } }));
    expect(error).toBeInstanceOf(LimitError);
  });
});

describe('maxOutputSize', () => {
  const million = 'x'.repeat(1_000_000);

  it('by default a loop may output 10 000 000 characters and not one more', () => {
    expect(compile('{% for i in range(10) %}{{ s }}{% endfor %}').render({ s: million })).toHaveLength(
      10_000_000,
    );
    const error = limitError('{% for i in range(10) %}{{ s }}{% endfor %}.', { s: million });
    expect(error.limit).toBe('maxOutputSize');
  });

  it('a loop stops as soon as its output is too long, not after all its iterations', () => {
    let error: LimitError | undefined;
    const ms = elapsed(() => {
      error = limitError('{% for i in range(100000) %}{{ s }}{% endfor %}', { s: million });
    });
    expect(error?.limit).toBe('maxOutputSize');
    expect(ms).toBeLessThan(1_000);
  });

  it('nested loops are bounded by the option', () => {
    const source = '{% for i in range(3) %}{% for j in range(4) %}ab{% endfor %}{% endfor %}';
    expect(compile(source, { limits: { maxOutputSize: 24 } }).render()).toHaveLength(24);
    expect(limitError(source, {}, { maxOutputSize: 23 }).limit).toBe('maxOutputSize');
  });

  it('string repetition is bounded by default', () => {
    expect(compile("{{ ('x' * 10000000)|length }}").render()).toBe('10000000');
    expect(limitError("{{ 'x' * 10000001 }}").limit).toBe('maxOutputSize');
  });

  it('string repetition is bounded by the option, before the string is built', () => {
    expect(compile("{{ 'ab' * 5 }}", { limits: { maxOutputSize: 10 } }).render()).toBe('ababababab');
    expect(limitError("{{ ('ab' * 6)|length }}", {}, { maxOutputSize: 11 }).limit).toBe('maxOutputSize');
    expect(limitError("{{ ('ab' * 10**15)|length }}").limit).toBe('maxOutputSize');
  });

  it('list repetition is bounded too', () => {
    expect(limitError('{{ ([1, 2] * 6)|length }}', {}, { maxOutputSize: 11 }).limit).toBe('maxOutputSize');
  });

  it('doubling a string with `~` or `+` in a loop stops at the limit instead of exhausting memory', () => {
    for (const op of ['~', '+']) {
      const source = `{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ${op} ns.s %}{% endfor %}{{ ns.s|length }}`;
      expect(limitError(source).limit).toBe('maxOutputSize');
      expect(limitError(source, {}, { maxOutputSize: 1000 }).message).toBe(
        'the result would be longer than 1000 characters or items',
      );
    }
  });

  it('joining two texts with `+` past the limit fails, even when the result is not printed', () => {
    const x = 'a'.repeat(600);
    expect(limitError('{{ (x + x)|length }}', { x }, { maxOutputSize: 1000 }).message).toBe(
      'the result would be longer than 1000 characters or items',
    );
    expect(compile('{{ (x + x)|length }}', { limits: { maxOutputSize: 1200 } }).render({ x })).toBe('1200');
  });

  it('text built without any loop is bounded by the final check', () => {
    const source = '{{ s }}{{ s }}';
    expect(compile(source, { limits: { maxOutputSize: 8 } }).render({ s: 'abcd' })).toBe('abcdabcd');
    expect(limitError(source, { s: 'abcde' }, { maxOutputSize: 8 }).limit).toBe('maxOutputSize');
  });

  it('macro output doubled at each level of recursion is bounded', () => {
    const source =
      '{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% else %}{{ s }}{% endif %}{% endmacro %}{{ f(8) }}';
    expect(compile(source, { limits: { maxOutputSize: 256 } }).render({ s: 'x' })).toHaveLength(256);
    expect(limitError(source, { s: 'xy' }, { maxOutputSize: 256 }).limit).toBe('maxOutputSize');
  });
});

describe('maxLoopIterations', () => {
  it('by default nested loops may run 1 000 000 iterations in all', () => {
    // 999 outer + 999 * 1000 inner = 999 999 iterations.
    expect(
      compile('{% for i in range(999) %}{% for j in range(1000) %}{% endfor %}{% endfor %}ok').render(),
    ).toBe('ok');
    const error = limitError('{% for i in range(1000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}');
    expect(error.limit).toBe('maxLoopIterations');
  });

  it('the option counts the iterations of every loop of the render together', () => {
    const source = '{% for i in range(10) %}{% for j in range(10) %}{% endfor %}{% endfor %}done';
    expect(compile(source, { limits: { maxLoopIterations: 110 } }).render()).toBe('done');
    const error = limitError(source, {}, { maxLoopIterations: 109 });
    expect(error.limit).toBe('maxLoopIterations');
    expect(error.message).toBe('the render ran more than 109 loop iterations');
  });

  it('loops in separate places and in macros share the budget', () => {
    const source =
      '{% macro m() %}{% for i in range(5) %}{% endfor %}{% endmacro %}{{ m() }}{{ m() }}{% for i in range(5) %}{% endfor %}';
    expect(compile(source, { limits: { maxLoopIterations: 15 } }).render()).toBe('');
    expect(limitError(source, {}, { maxLoopIterations: 14 }).limit).toBe('maxLoopIterations');
  });

  it('each render starts with a full budget', () => {
    const template = compile('{% for i in range(10) %}{% endfor %}', { limits: { maxLoopIterations: 10 } });
    for (let i = 0; i < 3; i++) expect(template.render()).toBe('');
  });

  it('a loop printing only text fails on the limit its iterations pass first, as a loop printing a value does', () => {
    // The text-only loop makes its output at once; the other runs iteration by iteration. Which limit is passed
    // first (the count before an iteration, the output after it) must not change.
    const outcomeOf = (source: string, data: Record<string, unknown>, limits: Partial<Limits>): string => {
      try {
        return `ok ${compile(source, { limits }).render(data).length}`;
      } catch (error) {
        return error instanceof LimitError ? `${error.limit} ${error.line}:${error.column}` : String(error);
      }
    };
    for (const count of [0, 1, 2, 3, 5, 8])
      for (const maxLoopIterations of [1, 2, 3, 4, 6])
        for (const maxOutputSize of [2, 5, 6, 9, 12, 15, 24]) {
          const limits = { maxLoopIterations, maxOutputSize };
          const textOnly = outcomeOf(`x{% for i in range(n) %}abc{% endfor %}`, { n: count }, limits);
          const printed = outcomeOf(
            `x{% for i in range(n) %}{{ s }}{% endfor %}`,
            { n: count, s: 'abc' },
            limits,
          );
          expect(textOnly, `${count} items, ${JSON.stringify(limits)}`).toBe(printed);
        }
  });

  it('a loop error names the place of the loop', () => {
    const error = limitError('\n  {% for i in range(10) %}{% endfor %}', {}, { maxLoopIterations: 5 });
    expect([error.line, error.column]).toEqual([2, 6]);
  });

  // A plain loop (`for x in y` with nothing else) is compiled apart from loops with `loop`, a filter, `else`,
  // `break`, a tuple target or names set in the body: every kind counts and reports the same way.
  it.each([
    ['plain', '{% for i in range(10) %}{{ i }}{% endfor %}'],
    ['with loop', '{% for i in range(10) %}{{ loop.index }}{% endfor %}'],
    ['with a filter', '{% for i in range(10) if i is number %}{{ i }}{% endfor %}'],
    ['with else', '{% for i in range(10) %}{{ i }}{% else %}none{% endfor %}'],
    ['with break', '{% for i in range(10) %}{{ i }}{% if i > 20 %}{% break %}{% endif %}{% endfor %}'],
    ['with a set', '{% for i in range(10) %}{% set j = i %}{{ j }}{% endfor %}'],
    ['with a tuple target', `{% for i, j in [${Array(10).fill('(1, 2)').join(', ')}] %}{{ i }}{% endfor %}`],
  ])('a loop %s stops at the iteration and output limits, located at its tag', (_kind, loop) => {
    const source = `\n  ${loop}`;
    expect(compile(source, { limits: { maxLoopIterations: 10 } }).render()).toBe(compile(source).render());
    const iterations = limitError(source, {}, { maxLoopIterations: 9 });
    expect([iterations.limit, iterations.message]).toEqual([
      'maxLoopIterations',
      'the render ran more than 9 loop iterations',
    ]);
    expect([iterations.line, iterations.column]).toEqual([2, 6]);
    const output = limitError(source, {}, { maxOutputSize: 5 });
    expect([output.limit, output.line, output.column]).toEqual(['maxOutputSize', 2, 6]);
  });
});

describe('maxCallDepth', () => {
  const countdown = '{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{% endif %}.{% endmacro %}';

  it('by default a macro may nest 100 calls deep', () => {
    expect(compile(`${countdown}{{ f(99)|length }}`).render()).toBe('100');
    const error = limitError(`${countdown}{{ f(100) }}`);
    expect(error.limit).toBe('maxCallDepth');
    expect(error.message).toBe('macro calls nest deeper than 100');
  });

  it('the option bounds recursive macros', () => {
    expect(compile(`${countdown}{{ f(5) }}`, { limits: { maxCallDepth: 6 } }).render()).toBe('......');
    expect(limitError(`${countdown}{{ f(6) }}`, {}, { maxCallDepth: 6 }).limit).toBe('maxCallDepth');
  });

  it('the option bounds recursive loops', () => {
    const source =
      '{% for x in [t] recursive %}{{ loop.depth }}{% if x.children %}{{ loop(x.children) }}{% endif %}{% endfor %}';
    expect(compile(source, { limits: { maxCallDepth: 3 } }).render({ t: tree(3) })).toBe('1234');
    const error = limitError(source, { t: tree(4) }, { maxCallDepth: 3 });
    expect(error.limit).toBe('maxCallDepth');
    expect(error.message).toBe('recursive loops nest deeper than 3');
  });

  it('by default a recursive loop may nest 100 levels', () => {
    const source =
      '{% for x in [t] recursive %}{% if x.children %}{{ loop(x.children) }}{% endif %}{{ loop.depth0 }},{% endfor %}';
    expect(
      compile(source)
        .render({ t: tree(100) })
        .startsWith('100,99,'),
    ).toBe(true);
    expect(limitError(source, { t: tree(101) }).limit).toBe('maxCallDepth');
  });

  it('macros and recursive loops share the depth', () => {
    const source = `${countdown}{% for x in [t] recursive %}{% if x.children %}{{ loop(x.children) }}{% else %}{{ f(k) }}{% endif %}{% endfor %}`;
    expect(compile(source, { limits: { maxCallDepth: 5 } }).render({ t: tree(2), k: 2 })).toBe('...');
    expect(limitError(source, { t: tree(2), k: 3 }, { maxCallDepth: 5 }).limit).toBe('maxCallDepth');
  });

  it('a very large option still ends in a LimitError rather than a JS stack overflow', () => {
    const error = limitError(
      '{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}',
      {},
      { maxCallDepth: 1_000_000 },
    );
    expect(error.limit).toBe('maxCallDepth');
  });
});

describe('maxRange', () => {
  it('by default range() may have 100 000 items', () => {
    expect(compile('{{ range(100000)|length }}').render()).toBe('100000');
    expect(compile('{{ range(5, 200005, 2)|length }}').render()).toBe('100000');
    const error = limitError('{{ range(100001) }}');
    expect(error.limit).toBe('maxRange');
    // Jinja2's sandbox raises OverflowError for the same limit.
    expect(error.kind).toBe('OverflowError');
    expect(error.message).toBe('Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).');
    expect(limitError('{{ range(0, 200001, 2) }}').limit).toBe('maxRange');
  });

  it('the option sets the largest range', () => {
    expect(compile('{{ range(10)|sum }}', { limits: { maxRange: 10 } }).render()).toBe('45');
    expect(limitError('{{ range(11) }}', {}, { maxRange: 10 }).limit).toBe('maxRange');
    expect(limitError('{{ range(-11, 0) }}', {}, { maxRange: 10 }).limit).toBe('maxRange');
  });

  it('holds for a loop that prints only text, which counts the range without making it', () => {
    const stars = (n: string): string => `{% for i in range(${n}) %}*{% endfor %}`;
    expect(compile(stars('10'), { limits: { maxRange: 10 } }).render()).toBe('**********');
    expect(limitError(stars('11'), {}, { maxRange: 10 }).limit).toBe('maxRange');
    expect(limitError(stars('-11, 0'), {}, { maxRange: 10 }).limit).toBe('maxRange');
    expect(limitError(stars('0, 22, 2'), {}, { maxRange: 10 }).limit).toBe('maxRange');
    expect(compile(stars('0, 20, 2'), { limits: { maxRange: 10 } }).render()).toBe('**********');
  });

  it('an empty or backwards range is never too big', () => {
    expect(compile('{{ range(10**9, 0)|list }}', { limits: { maxRange: 10 } }).render()).toBe('[]');
  });
});

describe('timeoutMs', () => {
  // The spinning loops' bodies hold an `if`, so they run item by item: a loop of text alone counts its range
  // without running it, and finishes at once.
  const long = { timeoutMs: 50, maxLoopIterations: Number.MAX_SAFE_INTEGER };

  it('a render that loops past the option stops with a LimitError soon after', () => {
    let error: LimitError | undefined;
    const ms = elapsed(() => {
      error = limitError(
        '{% for i in range(100000) %}{% for j in range(100000) %}{% if j < 0 %}x{% endif %}{% endfor %}{% endfor %}',
        {},
        long,
      );
    });
    expect(error?.limit).toBe('timeoutMs');
    expect(error?.message).toBe('the render took longer than 50 ms');
    expect(ms).toBeLessThan(1_000);
  });

  it('a loop whose filter rejects everything is bounded by time too', () => {
    let error: LimitError | undefined;
    const ms = elapsed(() => {
      error = limitError(
        '{% for i in range(100000) %}{% for j in range(100000) if j < 0 %}{% endfor %}{% endfor %}',
        {},
        long,
      );
    });
    expect(error?.limit).toBe('timeoutMs');
    expect(ms).toBeLessThan(1_000);
  });

  it('iterations that each do a lot of work are checked often enough', () => {
    let error: LimitError | undefined;
    const ms = elapsed(() => {
      error = limitError(
        "{% for i in range(100000) %}{{ range(50000)|select('odd')|list|length }}{% endfor %}",
        {},
        long,
      );
    });
    expect(error?.limit).toBe('timeoutMs');
    expect(ms).toBeLessThan(1_000);
  });

  it('exponential macro recursion is stopped by time', () => {
    let error: LimitError | undefined;
    const ms = elapsed(() => {
      error = limitError(
        '{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}',
        {},
        long,
      );
    });
    expect(error?.limit).toBe('timeoutMs');
    expect(ms).toBeLessThan(1_000);
  });

  it('a filter call that runs long stops within the time, not only between calls', () => {
    const template = compile('{{ ([7] * 3000000)|sort|length }}', { limits: long });
    // The sort runs about 1.5 s, far past 50 ms, and no loop runs: only a check inside the filter stops it.
    for (let i = 0; i < 3; i++) {
      let error: unknown;
      const ms = elapsed(() => {
        error = thrownBy(() => template.render());
      });
      expect((error as LimitError).limit).toBe('timeoutMs');
      expect(ms).toBeLessThan(5_000);
    }
  });

  it('a render well within the time renders, and each render gets its own time', () => {
    const template = compile('{% for i in range(2000) %}{{ i }}{% endfor %}', {
      limits: { timeoutMs: 1_000 },
    });
    for (let i = 0; i < 3; i++) expect(template.render()).toHaveLength(6890);
  });
});

describe('a TimeBudget shared by several renders', () => {
  const spin = compile(
    '{% for i in range(100000) %}{% for j in range(100000) %}{% if j < 0 %}x{% endif %}{% endfor %}{% endfor %}',
    {
      limits: { maxLoopIterations: Number.MAX_SAFE_INTEGER, timeoutMs: 5_000 },
    },
  );
  const quick = compile('{{ 1 + 1 }}');

  it('gives the renders one timeoutMs together: once it is spent, the next render fails at once', () => {
    const budget = new TimeBudget(50);
    let first: unknown;
    const ms = elapsed(() => {
      first = thrownBy(() => spin.render({}, budget));
    });
    expect((first as LimitError).limit).toBe('timeoutMs');
    // The template's own limit is 5 s: the budget's 50 ms stopped it.
    expect(ms).toBeLessThan(2_500);
    const second = thrownBy(() => quick.render({}, budget));
    expect(second).toBeInstanceOf(LimitError);
    expect((second as LimitError).message).toBe('the render took longer than 1000 ms');
  });

  it('counts only the time spent rendering, not the time between renders', async () => {
    const budget = new TimeBudget(100);
    expect(quick.render({}, budget)).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(quick.render({}, budget)).toBe('2');
  });

  it('a compile spends from it too: a template that takes seconds to compile stops at the limit', () => {
    const huge = `{{ [${'1,'.repeat(400_000)}1] }}`;
    let error: unknown;
    const ms = elapsed(() => {
      error = thrownBy(() => compile(huge, { cache: false, budget: new TimeBudget(20) }));
    });
    expect((error as LimitError).limit).toBe('timeoutMs');
    expect(ms).toBeLessThan(5_000);
    expect(thrownBy(() => quick.render({}, new TimeBudget(0)))).toBeInstanceOf(LimitError);
  });

  it('each render of a template without a budget gets its own time', () => {
    expect(quick.render({})).toBe('2');
    expect(thrownBy(() => spin.render({}, new TimeBudget(0)))).toBeInstanceOf(LimitError);
    expect(quick.render({})).toBe('2');
  });
});
