import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaResult, startJinja } from '../jinja/bridge';
import { type GeneratedCase, generatedCase } from './template-arbitrary';

// Property (a): on random well-formed templates (macros and call blocks, loops and `loop.*`, namespaces, str and
// Markup methods, filters and tests) and random JSON data, the engine and Jinja2 agree: the same text, or the
// same exception with the same message. `PROPERTY_RUNS` sets how many templates (default 400, a few seconds;
// 20000 is the nightly-sized run, a few minutes); `PROPERTY_SEED` replays a run.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
/** Jinja2 renders about a thousand of these templates a second on a loaded machine; leave it ten times that. */
const TIMEOUT_MS = Math.max(30_000, RUNS * 10);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);
const cases = generatedCase();

const keyOf = (c: GeneratedCase) => JSON.stringify([c.template, c.data]);

let jinja: JinjaBridge;
let sample: GeneratedCase[];
let sampleResults: JinjaResult[];
const reference = new Map<string, JinjaResult>();

beforeAll(async () => {
  jinja = await startJinja();
  // fc.assert with the same seed draws the same first values as fc.sample, so one batch answers the whole
  // run; only shrinking asks Jinja2 again, one template at a time.
  sample = fc.sample(cases, { seed: SEED, numRuns: RUNS });
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

describe(`random templates (seed ${SEED}, ${RUNS} runs)`, () => {
  it('call macros, use call blocks and namespaces, so those are compared too', () => {
    const share = (pattern: RegExp) => sample.filter((c) => pattern.test(c.template)).length / sample.length;
    expect(share(/\{\{ m\d\(|\{% call/)).toBeGreaterThan(0.1);
    expect(share(/\{% call/)).toBeGreaterThan(0.05);
    expect(share(/namespace\(/)).toBeGreaterThan(0.1);
    expect(share(/\|safe\)\.\w+\(|\|e\)\.\w+\(/)).toBeGreaterThan(0.05);
  });

  it('are well-formed: Jinja2 parses every one', () => {
    const malformed = sample.flatMap((c, i) => {
      const r = sampleResults[i];
      return !r.ok && r.errorType === 'TemplateSyntaxError'
        ? [`${JSON.stringify(c.template)}: ${r.message}`]
        : [];
    });
    expect(malformed).toEqual([]);
  });

  it('mostly render in Jinja2, so the comparison is not only of errors', () => {
    const rendered = sampleResults.filter((r) => r.ok).length;
    expect(rendered / sampleResults.length).toBeGreaterThan(0.5);
  });

  it(
    'render the same in the engine as in Jinja2, or raise in both',
    async () => {
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
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
