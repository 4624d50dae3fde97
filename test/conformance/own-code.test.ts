/**
 * A hot template is compiled again by a copy of the compiler's code (packages/core/src/compiler/code-copies.ts),
 * which exists only in the built engine (dist/compiler-copy.cjs, linked to dist/index.js). Every conformance case,
 * benchmark construct and realistic template must render the same with that code of its own as with the shared
 * code: the same text, or the same error class and message.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constructs, shopData } from '../../benchmarks/src/constructs/index';
import { realisticTemplates } from '../../benchmarks/src/templates/index';
import { areas } from './all-cases';

const DIST = new URL('../../packages/core/dist/index.js', import.meta.url);
const built = existsSync(DIST);
type Core = typeof import('@personalize/core');

interface Rendered {
  /** Whether the template compiled. */
  compiled: boolean;
  /** Whether it rendered with code of its own. */
  own: boolean;
  /** Its text, or its error's class and message. */
  result: string;
}

/** Compiles anew (no cache) and renders once, catching what it throws. */
function rendered(core: Core, template: string, data: unknown): Rendered {
  let compiled: ReturnType<Core['compile']> | undefined;
  try {
    compiled = core.compile(template, { cache: false });
    const output = compiled.render(structuredClone(data ?? {}) as Record<string, unknown>);
    return { compiled: true, own: compiled.ownCode, result: `output ${JSON.stringify(output)}` };
  } catch (error) {
    const e = error as Error;
    const kind = error instanceof core.TemplateRuntimeError ? `(${error.kind})` : '';
    const template = error instanceof core.TemplateError ? 'TemplateError ' : 'not a TemplateError ';
    const result = `${template}${e.name}${kind}: ${e.message}`;
    return { compiled: compiled !== undefined, own: compiled?.ownCode ?? false, result };
  }
}

const cases = [
  ...areas.flatMap(({ area, cases }) =>
    cases.map((c) => ({ name: `${area}/${c.name}`, template: c.template, data: c.data })),
  ),
  ...constructs.map((c) => ({ name: `construct ${c.name}`, template: c.template, data: shopData })),
  ...realisticTemplates.map((t) => ({ name: `template ${t.name}`, template: t.jinja, data: t.data })),
];

describe.runIf(built)('templates with code of their own render as with the shared code', async () => {
  const core = (await import(DIST.href)) as Core;
  const settings = core.configureCodeCopies();
  core.configureCodeCopies({ copies: 0, afterRenders: 0 });
  const shared = cases.map((c) => rendered(core, c.template, c.data));
  core.configureCodeCopies({ copies: 8, afterRenders: 0 });
  const own = cases.map((c) => rendered(core, c.template, c.data));
  core.configureCodeCopies(settings);

  it('the copy loads beside the built engine', () => {
    expect(core.codeCopyStatus()).toMatchObject({ available: true, loaded: 8 });
  });

  it('every template that compiles has code of its own, and none on the shared code', () => {
    expect(shared.filter((r) => r.own)).toEqual([]);
    expect(cases.filter((_, i) => own[i].compiled && !own[i].own).map((c) => c.name)).toEqual([]);
    expect(own.filter((r) => r.compiled).length).toBeGreaterThan(cases.length / 2);
  });

  it(`each of the ${cases.length} cases renders the same`, () => {
    const differing = cases
      .map((c, i) => ({ name: c.name, shared: shared[i].result, own: own[i].result }))
      .filter((d) => d.shared !== d.own);
    expect(differing).toEqual([]);
  });
});

if (!built) {
  it.skip('templates with code of their own (skipped: packages/core/dist is missing; run `pnpm build`)', () => {});
}
