import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaResult, startJinja } from '../jinja/bridge';
import { type GeneratedCase, generatedCase } from './template-arbitrary';

// Random well-formed templates, each broken by one edit (a few characters deleted, a token inserted or put in
// their place): the engine raises what Jinja2 raises, with the same message, or renders what it renders. Most
// edits give syntax errors, so this compares the parser's messages and the order in which it finds errors.
// `PROPERTY_RUNS` sets how many templates (default 300); `PROPERTY_SEED` replays a run.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);
const TIMEOUT_MS = Math.max(30_000, RUNS * 10);

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

let jinja: JinjaBridge;
let sample: GeneratedCase[];
let sampleResults: JinjaResult[];
const reference = new Map<string, JinjaResult>();
const keyOf = (c: GeneratedCase) => JSON.stringify([c.template, c.data]);

beforeAll(async () => {
  jinja = await startJinja();
  sample = fc.sample(brokenCase, { seed: SEED, numRuns: RUNS });
  sampleResults = await jinja.render(sample);
  for (const [i, c] of sample.entries()) reference.set(keyOf(c), sampleResults[i]);
}, TIMEOUT_MS);
afterAll(() => jinja.close());

async function jinjaRender(c: GeneratedCase): Promise<JinjaResult> {
  const known = reference.get(keyOf(c));
  if (known !== undefined) return known;
  const [result] = await jinja.render([c]);
  reference.set(keyOf(c), result);
  return result;
}

describe(`broken templates (seed ${SEED}, ${RUNS} runs)`, () => {
  it('are mostly syntax errors in Jinja2, so the parser is what is compared', () => {
    const syntax = sampleResults.filter((r) => !r.ok && r.errorType === 'TemplateSyntaxError').length;
    expect(syntax / sampleResults.length).toBeGreaterThan(0.4);
  });

  it(
    'fail in the engine as in Jinja2, with the same message, or render the same',
    async () => {
      await fc.assert(
        fc.asyncProperty(brokenCase, async (c) => {
          const problem = disagreement(
            c.template,
            renderWithEngine(c.template, c.data),
            await jinjaRender(c),
          );
          if (problem !== undefined) {
            throw new Error(
              `${problem}\n  template: ${JSON.stringify(c.template)}\n  data: ${JSON.stringify(c.data)}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
