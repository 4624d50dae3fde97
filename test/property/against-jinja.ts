/**
 * A differential run of random templates against Jinja2: one batch renders the whole sample in Jinja2 before
 * the property runs (fc.assert with the same seed draws the same first values as fc.sample), so only shrinking
 * asks Jinja2 again, one template at a time.
 */
import fc from 'fast-check';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaResult, startJinja } from '../jinja/bridge';
import type { GeneratedCase } from './template-arbitrary';

/** How many templates (`PROPERTY_RUNS`, else `runs`) and the seed (`PROPERTY_SEED`, else a new one). */
export function runSettings(runs: number): { runs: number; seed: number; timeoutMs: number } {
  const count = Number(process.env.PROPERTY_RUNS ?? runs);
  const seed =
    process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);
  // Jinja2 renders about a thousand of these templates a second on a loaded machine; leave it ten times that.
  return { runs: count, seed, timeoutMs: Math.max(30_000, count * 10) };
}

/** The sample Jinja2 rendered, and the property that the engine agrees with it on every case. */
export interface Differential {
  readonly sample: GeneratedCase[];
  readonly results: JinjaResult[];
  /** Fails with the first (shrunk) case where the engine and Jinja2 disagree. */
  assertAgreement(): Promise<void>;
  close(): Promise<void>;
}

/** Starts Jinja2 and renders `runs` cases of `cases` drawn with `seed`. */
export async function startDifferential(
  cases: fc.Arbitrary<GeneratedCase>,
  { runs, seed }: { runs: number; seed: number },
): Promise<Differential> {
  const jinja: JinjaBridge = await startJinja();
  const sample = fc.sample(cases, { seed, numRuns: runs });
  const results = await jinja.render(sample);
  const keyOf = (c: GeneratedCase) => JSON.stringify([c.template, c.data]);
  const reference = new Map(sample.map((c, i) => [keyOf(c), results[i]]));

  const jinjaRender = async (c: GeneratedCase): Promise<JinjaResult> => {
    const known = reference.get(keyOf(c));
    if (known !== undefined) return known;
    const [result] = await jinja.render([c]);
    reference.set(keyOf(c), result);
    return result;
  };

  return {
    sample,
    results,
    assertAgreement: () =>
      fc.assert(
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
        { seed, numRuns: runs },
      ),
    close: () => jinja.close(),
  };
}
