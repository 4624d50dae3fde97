import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startJinja } from '../jinja/bridge';
import { areas } from './all-cases';
import { comparableMessage, deliberateDifferences } from './deliberate-differences';
import { type Comparison, compare, errorClass, renderWithEngine } from './engine-result';

// Jinja2 renders every case once, in one batch, and the engine renders each, before the tests are collected;
// each test then reports its case's comparison.
const jinja = await startJinja();
const flat = areas.flatMap(({ area, cases }) => cases.map((c) => ({ area, ...c })));
const expected = await jinja.render(flat);
await jinja.close();
const engineResults = flat.map((c) => renderWithEngine(c.template, c.data));
const comparisons: Comparison[] = flat.map((c, i) => compare(c.template, engineResults[i], expected[i]));

const failures: string[] = [];
let index = 0;

for (const { area, cases } of areas) {
  describe(area, () => {
    for (const c of cases) {
      const { problem } = comparisons[index++];
      it(`${area}/${c.name}`, () => {
        if (problem !== undefined) {
          const data = c.data === undefined ? '' : `\n  data: ${JSON.stringify(c.data)}`;
          const report = `${area}/${c.name}\n  template: ${JSON.stringify(c.template)}${data}\n  ${problem}`;
          failures.push(report);
          expect.fail(report);
        }
      });
    }
  });
}

describe('the deliberate differences', () => {
  it('each happen in some case, as they are listed', () => {
    const seen = new Set(comparisons.map((c) => c.deliberate));
    expect(deliberateDifferences.filter((d) => !seen.has(d)).map((d) => d.what)).toEqual([]);
  });

  it("each have a row in the README's table", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Where it differs from Jinja2, on purpose'));
    const table = section.slice(0, section.indexOf('\n## '));
    const missing = deliberateDifferences.filter((d) => !table.includes(`\n| ${d.what} |`));
    expect(missing.map((d) => d.what)).toEqual([]);
  });
});

/** The suite's figures: cases, those that agree, and the error messages compared and matching. */
function figures(): string {
  let messagesCompared = 0;
  let messagesMatching = 0;
  flat.forEach((_, i) => {
    const jinjaResult = expected[i];
    const engineResult = engineResults[i];
    if (jinjaResult.ok || engineResult.ok || 'crash' in engineResult) return;
    const message = comparableMessage(jinjaResult);
    if (message === undefined) return;
    messagesCompared++;
    const sameClass = errorClass(engineResult.error) === jinjaResult.errorType;
    if (sameClass && engineResult.error.message === message) messagesMatching++;
  });
  const agreeing = comparisons.filter((c) => c.problem === undefined).length;
  const deliberate = comparisons.filter((c) => c.deliberate !== undefined).length;
  return (
    `${flat.length} cases, ${agreeing} agree (${deliberate} of them by a deliberate difference); ` +
    `${messagesCompared} Jinja2 errors compared, ${messagesMatching} with the same exception and message`
  );
}

// `CONFORMANCE_REPORT=failures.txt pnpm test` leaves the figures and every disagreement in one file, for triage.
afterAll(() => {
  const target = process.env.CONFORMANCE_REPORT;
  if (target) writeFileSync(target, `${figures()}\n\n${failures.join('\n\n')}\n`);
});
