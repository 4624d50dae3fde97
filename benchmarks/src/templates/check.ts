/**
 * Each realistic template's engine output and hand-written output must equal Jinja2's before it is timed;
 * nunjucks must print the same text from its adjusted source.
 */
import { compile } from '@personalize/core';
import { RENDER_CLOCK } from '../clock';
import { type Difference, difference, jinjaTexts, printed } from '../constructs/check';
import type { RealisticTemplate } from './realistic-template';

/** A realistic template checked against Jinja2. */
export interface CheckedTemplate {
  template: RealisticTemplate;
  engine?: Difference;
  byHand?: Difference;
  /** nunjucks' difference, when the template has a nunjucks source and a renderer was given. */
  nunjucks?: Difference;
}

/** The engine's render of a template: compiled once, with the benchmarks' clock. */
export function engineTemplateRenderer(template: RealisticTemplate): () => string {
  const compiled = compile(template.jinja, { now: () => RENDER_CLOCK });
  return () => compiled.render(template.data);
}

/** Checks every template against Jinja2; `nunjucksRender` compiles a nunjucks source and renders the template's data. */
export async function checkTemplates(
  templates: readonly RealisticTemplate[],
  nunjucksRender?: (source: string, data: Record<string, unknown>) => () => string,
): Promise<CheckedTemplate[]> {
  const expected = await jinjaTexts(templates.map((t) => ({ template: t.jinja, data: t.data })));
  return templates.map((template, i) => {
    const checked: CheckedTemplate = {
      template,
      engine: difference(expected[i], printed(engineTemplateRenderer(template))),
      byHand: difference(
        expected[i],
        printed(() => template.byHand(template.data)),
      ),
    };
    const source = template.nunjucks;
    if (nunjucksRender && source !== undefined) {
      checked.nunjucks = difference(
        expected[i],
        printed(() => nunjucksRender(source, template.data)()),
      );
    }
    return checked;
  });
}
