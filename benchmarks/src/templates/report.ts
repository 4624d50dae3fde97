/** The realistic templates' table, their geometric mean and the goals of issue 12 for them. */
import type { Goal } from '../report';
import { geometricMean } from '../stats';
import type { TemplateResult } from './measure';

/**
 * The goals for the realistic templates: each at least 0.4x the hand-written function, their geometric mean at
 * least 0.6x, and at least 4x nunjucks on each template nunjucks prints the same text for.
 */
export function templateGoals(results: readonly TemplateResult[]): Goal[] {
  const goals: Goal[] = [];
  if (results.length === 0) return goals;
  const slowest = results.reduce((a, b) => (b.vsHandWritten < a.vsHandWritten ? b : a));
  goals.push({
    goal: `every realistic template vs hand-written JS (slowest: ${slowest.name})`,
    actual: slowest.vsHandWritten,
    target: 0.4,
    met: false,
  });
  goals.push({
    goal: `realistic templates' geometric mean vs hand-written JS (${results.length} templates)`,
    actual: geometricMean(results.map((r) => r.vsHandWritten)),
    target: 0.6,
    met: false,
  });
  const withNunjucks = results.filter((r) => r.vsNunjucks !== undefined);
  if (withNunjucks.length > 0) {
    const closest = withNunjucks.reduce((a, b) =>
      (b.vsNunjucks as number) < (a.vsNunjucks as number) ? b : a,
    );
    goals.push({
      goal: `Personalize vs nunjucks on every template nunjucks prints (${withNunjucks.length}; closest: ${closest.name})`,
      actual: closest.vsNunjucks as number,
      target: 4,
      met: false,
    });
  }
  return goals.map((g) => ({ ...g, met: g.actual >= g.target }));
}

const ratio = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(2)}x`);
const rate = (n: number | undefined) => (n === undefined ? '—' : Math.round(n).toLocaleString('en-US'));

/** The markdown table of the realistic templates, with their geometric mean. */
export function templatesMarkdown(results: readonly TemplateResult[]): string {
  const lines = [
    '| Template | Style | Personalize renders/CPU s | hand-written renders/CPU s | vs hand-written | nunjucks renders/CPU s | Personalize ÷ nunjucks |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.name} | ${r.style} | ${rate(r.personalize)} | ${rate(r.handWritten)} | ${ratio(r.vsHandWritten)} | ${rate(r.nunjucks)} | ${ratio(r.vsNunjucks)} |`,
    );
  }
  lines.push(
    '',
    `Geometric mean over the ${results.length} templates: ${ratio(geometricMean(results.map((r) => r.vsHandWritten)))} hand-written.`,
  );
  return lines.join('\n');
}
