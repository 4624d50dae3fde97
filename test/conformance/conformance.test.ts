import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startJinja } from '../jinja/bridge';
import { areas } from './all-cases';
import { disagreement, renderWithEngine } from './engine-result';

// Jinja2 renders every case once, in one batch, before the tests are collected; each test then renders its
// case with the engine and compares.
const jinja = await startJinja();
const flat = areas.flatMap(({ area, cases }) => cases.map((c) => ({ area, ...c })));
const expected = await jinja.render(flat);
await jinja.close();

const failures: string[] = [];
let index = 0;

for (const { area, cases } of areas) {
  describe(area, () => {
    for (const c of cases) {
      const reference = expected[index++];
      it(`${area}/${c.name}`, () => {
        const problem = disagreement(renderWithEngine(c.template, c.data), reference);
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

// `CONFORMANCE_REPORT=failures.txt pnpm test` leaves every disagreement in one file, for triage.
afterAll(() => {
  const target = process.env.CONFORMANCE_REPORT;
  if (target)
    writeFileSync(
      target,
      `${failures.length} of ${flat.length} cases disagree\n\n${failures.join('\n\n')}\n`,
    );
});
