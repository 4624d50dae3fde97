/** Prints filter results the way the expectation generator prints Jinja2's, so one string compares both. */
import { describe, expect, it } from 'vitest';
import { TemplateRuntimeError } from '../../src/errors';
import { callSpec } from '../../src/filters/call';
import { repr } from '../../src/runtime/format';
import type { RenderState } from '../../src/runtime/state';
import { iteratorKind, type Kwargs } from '../../src/runtime/values';
import { makeState } from './state';

/** `repr(v)`, with iterators shown as `<generator sync_do_map>[...]` (Python would show an address). */
export function show(v: unknown): string {
  const kind = iteratorKind(v);
  if (kind) return `<${kind.type}${kind.name ? ` ${kind.name}` : ''}>${repr([...(v as unknown[])])}`;
  return repr(v);
}

/** Shows what a call gives: its result, or `!Kind: message` for the error it raises. */
function attempt(run: () => unknown): string {
  try {
    return show(run());
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `!${e.kind}: ${e.message}`;
    throw e;
  }
}

/** Runs the filter `name` as a template would call it, binding arguments by Jinja2's parameter names. */
export function runFilter(
  state: RenderState,
  name: string,
  value: unknown,
  args: unknown[] = [],
  kwargs: Kwargs = {},
) {
  const spec = state.registry.filters.get(name);
  if (!spec) throw new Error(`no filter ${name}`);
  return attempt(() => callSpec(state, name, spec, value, args, kwargs));
}

/** Runs the test `name` as a template would call it. */
export function runTest(
  state: RenderState,
  name: string,
  value: unknown,
  args: unknown[] = [],
  kwargs: Kwargs = {},
) {
  const spec = state.registry.tests.get(name);
  if (!spec) throw new Error(`no test ${name}`);
  return attempt(() => callSpec(state, name, spec, value, args, kwargs, 'test'));
}

/** One filter or test call and what Jinja2 gives for it: `[rule, name, value, args, kwargs, expected]`. */
export type CallCase = [
  rule: string,
  name: string,
  value: unknown,
  args: unknown[],
  kwargs: Record<string, unknown>,
  expected: string,
];

/** A test per case: the filter (or test) called as a template would call it gives the expected text. */
export function describeCalls(title: string, kind: 'filter' | 'test', cases: readonly CallCase[]): void {
  describe(title, () => {
    const state = makeState();
    const run = kind === 'filter' ? runFilter : runTest;
    for (const [rule, name, value, args, kwargs, expected] of cases) {
      it(rule, () => {
        expect(run(state, name, value, args, kwargs)).toBe(expected);
      });
    }
  });
}
