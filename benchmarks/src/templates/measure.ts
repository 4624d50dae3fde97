/**
 * The realistic templates' phase of `pnpm bench`: each template checked against Jinja2 (engine, hand-written
 * and nunjucks outputs), then timed against its hand-written function and nunjucks in interleaved rounds.
 */
import { type Contender, timeContenders, warmUp } from '../interleaved';
import { median } from '../stats';
import { type CheckedTemplate, checkTemplates, engineTemplateRenderer } from './check';
import { realisticTemplates } from './index';
import { nunjucksTemplateRenderer } from './nunjucks';
import type { RealisticTemplate } from './realistic-template';

/** One realistic template's figures. */
export interface TemplateResult {
  name: string;
  style: string;
  /** Personalize renders per CPU second (median round). */
  personalize: number;
  /** Hand-written function renders per CPU second (median round). */
  handWritten: number;
  /** nunjucks renders per CPU second, where the template has a nunjucks version. */
  nunjucks?: number;
  /** Personalize ÷ hand-written: the median over rounds of the within-round ratio. */
  vsHandWritten: number;
  /** Personalize ÷ nunjucks, the same way. */
  vsNunjucks?: number;
}

/** The templates whose outputs differ from Jinja2's, one line each; empty when all agree. */
export function describeTemplateMismatches(checked: readonly CheckedTemplate[]): string[] {
  const lines: string[] = [];
  for (const c of checked) {
    for (const [who, d] of [
      ['Personalize', c.engine],
      ['hand-written', c.byHand],
      ['nunjucks', c.nunjucks],
    ] as const) {
      if (d)
        lines.push(
          `${c.template.name}, ${who}, at character ${d.at}: Jinja2 prints ${d.expected}, got ${d.actual}`,
        );
    }
  }
  return lines;
}

function contendersOf(template: RealisticTemplate): Contender[] {
  const list: Contender[] = [
    { name: 'hand-written', render: () => template.byHand(template.data) },
    { name: 'Personalize', render: engineTemplateRenderer(template) },
  ];
  if (template.nunjucks !== undefined) {
    list.push({ name: 'nunjucks', render: nunjucksTemplateRenderer(template.nunjucks, template.data) });
  }
  return list;
}

/** Checks every template against Jinja2: the mismatches, described (the run stops on any). */
export async function checkRealisticTemplates(): Promise<string[]> {
  return describeTemplateMismatches(await checkTemplates(realisticTemplates, nunjucksTemplateRenderer));
}

/** Times every template: `rounds` interleaved rounds of `roundMs` per contender, after warming all of them up. */
export function measureTemplates(roundMs: number, rounds = 5): TemplateResult[] {
  const contenders = realisticTemplates.map(contendersOf);
  for (const list of contenders) for (const c of list) warmUp(c.render, Math.max(20, roundMs / 2));
  return realisticTemplates.map((template, i) => {
    const { timings, ratios } = timeContenders(contenders[i], roundMs, rounds);
    const [hand, ours, theirs] = timings;
    return {
      name: template.name,
      style: template.style,
      personalize: ours.rendersPerSecond,
      handWritten: hand.rendersPerSecond,
      nunjucks: theirs?.rendersPerSecond,
      vsHandWritten: ratios[1],
      vsNunjucks:
        theirs === undefined ? undefined : median(ours.rounds.map((rate, r) => rate / theirs.rounds[r])),
    };
  });
}
