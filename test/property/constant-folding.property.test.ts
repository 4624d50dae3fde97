import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import type { GeneratedCase } from './template-arbitrary';

// Jinja2 folds constant expressions while compiling (`(1, 2)[-2:] or x|nope` is `(1, 2)`), and what a folded
// expression never evaluates is never compiled: an unknown filter or test there is no error, where one that could
// run fails the compile. Random expressions of literals, a variable, operators, filters and tests, with unknown
// filters and tests among their leaves, in each place an expression goes: the engine compiles, renders or fails
// as Jinja2 does. `PROPERTY_RUNS` sets how many templates (default 300); `PROPERTY_SEED` replays a run.

const { runs, seed, timeoutMs } = runSettings(300);

const LEAVES = [
  '0',
  '1',
  '2',
  '-3',
  '0.5',
  "''",
  "'a'",
  "'ab c'",
  'true',
  'false',
  'none',
  '[]',
  '[1, 2]',
  '(1, 2)',
  "{'a': 1}",
  // Not constant: a variable, a call, and what Jinja2 cannot compile unless folding skips it.
  'x',
  'range(2)',
  'x|nope',
  'x is nope',
  '1|nope',
  "'a' is nope",
  // An unknown filter or test that folding skips, so Jinja2 compiles it.
  '1 or x|nope',
  '0 and x is nope',
  "x|nope if false else 'b'",
]; // prettier-ignore

/** Unary forms: `%` stands for the operand. */
const UNARY = [
  'not %',
  '-%',
  '(%)|length',
  '(%)|string',
  '(%)|upper',
  '(%)|first',
  '(%)|list',
  "(%)|join('-')",
  '(%)|sum',
  '(%)|default(7)',
  '(%)|int',
  '(%)|abs',
  '(%)|reverse|list',
  '(%)|sort',
  '[%]|map("string")|list',
  '([%]|select)[0]',
  '(%)[0]',
  '(%)[1:]',
  '(%)[-2:]',
  '(%).upper is defined',
  "[{'a': %}]|groupby('a')",
  '(%).a',
  "(%)['a']",
  '(%) is defined',
  '(%) is string',
  '(%) is divisibleby(2)',
  '(%) is lt(1)',
  '(%) is sameas(none)',
  '[%]',
  '(%,)',
  "{'k': %}",
  '%|e',
]; // prettier-ignore

/** Binary forms: `%1` and `%2` stand for the operands. */
const BINARY = [
  '%1 and %2',
  '%1 or %2',
  '%1 if %2',
  '%1 if %2 else 0',
  '%1 < %2',
  '%1 == %2',
  '1 < %1 < %2',
  '%1 > %2 > 0',
  '%1 in %2',
  '%1 ~ %2',
  '%1 + %2',
  '%1 * %2',
  '%1 // %2',
  '%1 % %2',
  '[%1, %2]',
  '(%1)|default(%2)',
  '(%1)[%2]',
  "'%s-%s'|format(%1, %2)",
  "(%1)|replace('c ', %2)",
]; // prettier-ignore

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...LEAVES),
    fc.tuple(fc.constantFrom(...UNARY), tie('e')).map(([form, a]) => form.replace('%', `(${a})`)),
    fc
      .tuple(fc.constantFrom(...BINARY), tie('e'), tie('e'))
      .map(([form, a, b]) => form.replace('%1', `(${a})`).replace('%2', `(${b})`)),
  ),
})).e;

/** The places an expression goes: output, assignment, condition, loop, a larger output, a filter argument. */
const PLACES = [
  '{{ % }}',
  '{% set y = % %}[{{ y }}]',
  '{% if % %}T{% else %}F{% endif %}',
  '{% for i in [%] %}{{ i }}{% endfor %}',
  '{{ x ~ (%) }}',
  '{{ [1, 2]|join(%) }}',
  '{% set ns = namespace(v=%) %}{{ ns.v }}',
];

const foldingCase: fc.Arbitrary<GeneratedCase> = fc
  .tuple(fc.constantFrom(...PLACES), expression, fc.constantFrom(1, 'q', 0))
  .map(([place, e, x]) => ({ template: place.replace('%', e), data: { x } }));

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(foldingCase, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`constant folding (seed ${seed}, ${runs} runs)`, () => {
  it('draws templates Jinja2 compiles though they name an unknown filter or test, and ones it refuses', () => {
    const unknown = run.sample.map((c) => / is nope|\|nope/.test(c.template));
    const rendered = run.results.filter((r, i) => unknown[i] && r.ok).length;
    const refused = run.results.filter(
      (r, i) => unknown[i] && !r.ok && r.errorType === 'TemplateAssertionError',
    );
    // Each is about 11% of the draws (32 in 300): a fiftieth is far out of a fair draw's reach.
    expect(rendered).toBeGreaterThan(runs / 50);
    expect(refused.length).toBeGreaterThan(runs / 50);
  });

  it('compile, render or fail in the engine as in Jinja2', () => run.assertAgreement(), timeoutMs);
});
