import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import { generatedCase } from './template-arbitrary';

// Property (a): on random well-formed templates (macros and call blocks, loops and `loop.*`, namespaces, str and
// Markup methods, filters and tests) and random JSON data, the engine and Jinja2 agree: the same text, or the
// same exception with the same message. `PROPERTY_RUNS` sets how many templates (default 400, a few seconds;
// 20000 is the nightly-sized run, about three minutes); `PROPERTY_SEED` replays a run.

const { runs, seed, timeoutMs } = runSettings(400);

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(generatedCase(), { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`random templates (seed ${seed}, ${runs} runs)`, () => {
  it('call macros, use call blocks and namespaces, so those are compared too', () => {
    const share = (pattern: RegExp) =>
      run.sample.filter((c) => pattern.test(c.template)).length / run.sample.length;
    expect(share(/\{\{ m\d\(|\{% call/)).toBeGreaterThan(0.1);
    expect(share(/\{% call/)).toBeGreaterThan(0.05);
    expect(share(/namespace\(/)).toBeGreaterThan(0.1);
    expect(share(/\|safe\)\.\w+\(|\|e\)\.\w+\(/)).toBeGreaterThan(0.05);
  });

  it('are well-formed: Jinja2 parses every one', () => {
    const malformed = run.sample.flatMap((c, i) => {
      const r = run.results[i];
      return !r.ok && r.errorType === 'TemplateSyntaxError'
        ? [`${JSON.stringify(c.template)}: ${r.message}`]
        : [];
    });
    expect(malformed).toEqual([]);
  });

  it('mostly render in Jinja2, so the comparison is not only of errors', () => {
    const rendered = run.results.filter((r) => r.ok).length;
    expect(rendered / run.results.length).toBeGreaterThan(0.5);
  });

  it(
    'render the same in the engine as in Jinja2, or raise the same exception with the same message',
    () => run.assertAgreement(),
    timeoutMs,
  );
});
