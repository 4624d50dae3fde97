import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import { type GeneratedCase, generatedCase } from './template-arbitrary';

// Random well-formed templates, each broken by one edit (a few characters deleted, a token inserted or put in
// their place): the engine raises what Jinja2 raises, with the same message, or renders what it renders. Most
// edits give syntax errors, so this compares the parser's messages and the order in which it finds errors.
// `PROPERTY_RUNS` sets how many templates (default 300); `PROPERTY_SEED` replays a run.

const { runs, seed, timeoutMs } = runSettings(300);

/** What an edit puts in: the tokens of the grammar, and characters that break it. */
const TOKENS = [
  '{{',
  '}}',
  '{%',
  '%}',
  '{#',
  '#}',
  '(',
  ')',
  '[',
  ']',
  '|',
  ',',
  ':',
  '=',
  '.',
  '~',
  '**',
  '*',
  '-',
  "'",
  '"',
  ' ',
  '!',
  '$',
  '\\',
  'if',
  'elif',
  'else',
  'endif',
  'for',
  'in',
  'endfor',
  'macro',
  'endmacro',
  'call',
  'endcall',
  'set',
  'endset',
  'not',
  'is',
  'recursive',
  'loop',
  'with',
  'endwith',
];

const brokenCase: fc.Arbitrary<GeneratedCase> = fc
  .tuple(
    generatedCase(1),
    fc.nat(),
    fc.integer({ min: 1, max: 4 }),
    fc.constantFrom(...TOKENS),
    fc.constantFrom('delete', 'insert', 'replace'),
  )
  .map(([c, position, length, token, edit]) => {
    const at = position % (c.template.length + 1);
    const before = c.template.slice(0, at);
    const after = c.template.slice(edit === 'insert' ? at : at + length);
    return { template: `${before}${edit === 'delete' ? '' : token}${after}`, data: c.data };
  });

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(brokenCase, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`broken templates (seed ${seed}, ${runs} runs)`, () => {
  it('are mostly syntax errors in Jinja2, so the parser is what is compared', () => {
    const syntax = run.results.filter((r) => !r.ok && r.errorType === 'TemplateSyntaxError').length;
    expect(syntax / run.results.length).toBeGreaterThan(0.4);
  });

  it(
    'fail in the engine as in Jinja2, with the same message, or render the same',
    () => run.assertAgreement(),
    timeoutMs,
  );
});
