/**
 * nunjucks set up for the realistic templates: as the e-mail's (escaping off, compiled eagerly), plus the
 * service's `dateFormatter`, written plainly for the ISO dates the templates pass it.
 */
import nunjucks from 'nunjucks';
import { strftimeUtc } from '../python-text';

const env = new nunjucks.Environment(null, { autoescape: false });
env.addFilter('dateFormatter', (value: string, format: string) => strftimeUtc(new Date(value), format));

/** Compiles a nunjucks source once; the function renders it with `data`. */
export function nunjucksTemplateRenderer(source: string, data: Record<string, unknown>): () => string {
  const template = new nunjucks.Template(source, env, undefined, true);
  return () => template.render(data);
}
