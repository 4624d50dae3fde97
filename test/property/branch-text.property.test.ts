import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import type { GeneratedCase } from './template-arbitrary';

// The compiler moves the literal text around an `if` into its branches, and makes inline ifs that pick text
// `if`s first (compiler/branch-text.ts). On random statement lists of text, outputs, inline ifs (one failing),
// `if`/`elif`/`else` (nested, with and without an `else`), whitespace control, `set`, and loops whose `if`s
// `break` or `continue`, the engine prints what Jinja2 prints, or fails as it does. `PROPERTY_RUNS` sets
// how many templates (default 300); `PROPERTY_SEED` replays a run.

const { runs, seed, timeoutMs } = runSettings(300);

const text = fc.constantFrom('<span', '>', ' class="low"', 'a', ' ', '\n', '', '|', 'x\ny', '}');
const test = fc.constantFrom('a', 'b', 'not a', 'n > 1', 'n == 2', 'x', 'x is defined');
const output = fc.constantFrom(
  '{{ n }}',
  '{{ a }}',
  '{{ x }}',
  "{{ 'q' }}",
  '{{ n ~ "-" }}',
  "{{ 's' if n != 1 }}",
  "{{ 'on' if a else 'off' }}",
  "{{ '1' if n == 1 else '2' if n == 2 else 'more' }}",
  "{{ 'y' if n > 'a' }}",
  "{{ ('u' if b)|upper }}",
);
const dash = fc.constantFrom('', '-');

/** A `{%` or `%}` with or without its whitespace-control dash. */
const tag = (body: string) => fc.tuple(dash, dash).map(([left, right]) => `{%${left} ${body} ${right}%}`);

function statements(depth: number, inLoop: boolean): fc.Arbitrary<string> {
  const leaf: fc.Arbitrary<string>[] = [text, output, tag('set x = n + 1')];
  if (inLoop) leaf.push(tag('break'), tag('continue'));
  const piece: fc.Arbitrary<string> =
    depth === 0
      ? fc.oneof(...leaf)
      : fc.oneof(
          { weight: 3, arbitrary: fc.oneof(...leaf) },
          { weight: 3, arbitrary: ifBlock(depth - 1, inLoop) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(tag('for n in ns'), statements(depth - 1, true), tag('endfor'))
              .map((parts) => parts.join('')),
          },
        );
  return fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''));
}

function ifBlock(depth: number, inLoop: boolean): fc.Arbitrary<string> {
  const body = statements(depth, inLoop);
  return fc
    .tuple(
      test.chain((t) => tag(`if ${t}`)),
      body,
      fc.array(
        fc.tuple(
          test.chain((t) => tag(`elif ${t}`)),
          body,
        ),
        { maxLength: 2 },
      ),
      fc.option(fc.tuple(tag('else'), body), { nil: undefined }),
      tag('endif'),
    )
    .map(
      ([open, first, elifs, otherwise, close]) =>
        open + first + elifs.map(([t, b]) => t + b).join('') + (otherwise ? otherwise.join('') : '') + close,
    );
}

const cases: fc.Arbitrary<GeneratedCase> = fc.record({
  template: statements(3, false),
  data: fc.record({
    a: fc.boolean(),
    b: fc.boolean(),
    n: fc.integer({ min: 0, max: 3 }),
    ns: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
  }),
});

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(cases, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`text around if blocks (seed ${seed}, ${runs} runs)`, () => {
  it('draws ifs with text on both sides, and ifs that break or continue a loop', () => {
    const share = (pattern: RegExp) =>
      run.sample.filter((c) => pattern.test(c.template)).length / run.sample.length;
    // About a quarter each (0.20-0.28 over eight seeds; a seed in CI drew exactly 0.2, which the bound of 0.2 failed):
    // the bounds only catch an arbitrary that stopped drawing them.
    expect(share(/[a-z>|] ?\{%-? if /)).toBeGreaterThan(0.1);
    expect(share(/endif -?%\} ?[a-z<>|]/)).toBeGreaterThan(0.1);
    expect(share(/\{%-? if [^%]*%\}(?:(?!endif)[\s\S])*\{%-? (break|continue)/)).toBeGreaterThan(0.05);
  });

  it('mostly render in Jinja2', () => {
    expect(run.results.filter((r) => r.ok).length / run.results.length).toBeGreaterThan(0.6);
  });

  it('render as in Jinja2', () => run.assertAgreement(), timeoutMs);
});
