/**
 * Before anything is timed, each construct's engine output and hand-written output must equal what Jinja2 3.1
 * prints (through the bridge the conformance suite uses). nunjucks is compared too, and timed only when it
 * prints the same text.
 */
import { compile } from '@personalize/core';
import { startJinja } from '../../../test/jinja/bridge';
import { RENDER_CLOCK } from '../clock';
import type { Construct } from './construct';
import { shopData } from './shop-data';

/** The Python module that gives Jinja2 the service's filters (for `startJinja({ filtersModule })`). */
const SERVICE_FILTERS_MODULE = new URL('./service_filters.py', import.meta.url).pathname;

/** What a contender printed, or the error it threw (as text). */
export type Printed = { ok: true; text: string } | { ok: false; error: string };

/** Where a text first departs from Jinja2's. */
export interface Difference {
  /** 0-based offset of the first differing character. */
  at: number;
  /** Jinja2's text around it (JSON-quoted so whitespace shows). */
  expected: string;
  /** The contender's text around it, or the error it threw. */
  actual: string;
}

/** One construct checked: Jinja2's text and how each contender compares with it. */
export interface CheckedConstruct {
  construct: Construct;
  /** Jinja2's text, or its error. */
  jinja: Printed;
  /** The engine's difference from Jinja2, if any. */
  engine?: Difference;
  /** The hand-written function's difference from Jinja2, if any. */
  byHand?: Difference;
  /** The nunjucks source that prints Jinja2's text, or undefined when none does. */
  nunjucksSource?: string;
  /** Why nunjucks is not timed, when it is not. */
  nunjucksProblem?: string;
}

/** Renders with `render`, catching what it throws. */
export function printed(render: () => string): Printed {
  try {
    return { ok: true, text: render() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

function around(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 30), at + 50));
}

/** The first difference between Jinja2's result and a contender's, or undefined when they agree. */
export function difference(expected: Printed, actual: Printed): Difference | undefined {
  if (!expected.ok) {
    return {
      at: 0,
      expected: `Jinja2 failed: ${expected.error}`,
      actual: actual.ok ? around(actual.text, 0) : actual.error,
    };
  }
  if (!actual.ok) return { at: 0, expected: around(expected.text, 0), actual: `threw ${actual.error}` };
  if (actual.text === expected.text) return undefined;
  let at = 0;
  while (at < expected.text.length && expected.text[at] === actual.text[at]) at++;
  return { at, expected: around(expected.text, at), actual: around(actual.text, at) };
}

/** The engine's render of a construct: compiled once, with the benchmark's clock. */
export function engineRenderer(construct: Construct): () => string {
  const template = compile(construct.template, { now: () => RENDER_CLOCK });
  return () => template.render(shopData);
}

/** Jinja2's text for each template with its data, in order, from one batch through the bridge. */
export async function jinjaTexts(
  cases: ReadonlyArray<{ template: string; data: unknown }>,
): Promise<Printed[]> {
  const jinja = await startJinja({ filtersModule: SERVICE_FILTERS_MODULE });
  try {
    // JSON round trip: Jinja2 must read exactly what the engine reads.
    const batch = cases.map((c) => ({
      template: c.template,
      data: JSON.parse(JSON.stringify(c.data)) as Record<string, unknown>,
    }));
    const results = await jinja.render(batch);
    return results.map((r) =>
      r.ok ? { ok: true, text: r.output } : { ok: false, error: `${r.errorType}: ${r.message}` },
    );
  } finally {
    await jinja.close();
  }
}

/**
 * Checks every construct against Jinja2. `nunjucksRender` compiles a source with nunjucks (the benchmark's
 * setup) and renders the shop data; it is left out where nunjucks is not installed (the Vitest check).
 */
export async function checkConstructs(
  constructs: readonly Construct[],
  nunjucksRender?: (source: string) => () => string,
): Promise<CheckedConstruct[]> {
  const expected = await jinjaTexts(
    constructs.map((c) => ({ template: c.jinjaTemplate ?? c.template, data: shopData })),
  );
  return constructs.map((construct, i) => {
    const jinja = expected[i];
    const checked: CheckedConstruct = {
      construct,
      jinja,
      engine: difference(
        jinja,
        printed(() => engineRenderer(construct)()),
      ),
      byHand: difference(
        jinja,
        printed(() => construct.byHand(shopData)),
      ),
    };
    if (nunjucksRender) {
      const source = construct.nunjucks ?? construct.template;
      const problem = difference(
        jinja,
        printed(() => nunjucksRender(source)()),
      );
      if (problem === undefined) checked.nunjucksSource = source;
      else
        checked.nunjucksProblem = `${construct.nunjucks ? 'the adjusted source ' : ''}prints other text at ${problem.at}: expected ${problem.expected}, got ${problem.actual}`;
    }
    return checked;
  });
}
