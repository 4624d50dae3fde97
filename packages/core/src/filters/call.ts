import { applyPlan, planArguments } from '../compiler/arguments';
import { TemplateRuntimeError } from '../errors';
import { repr } from '../runtime/format';
import type { CallableSpec, RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { type Kwargs, Undefined } from '../runtime/values';

/**
 * Runs a filter or test with run-time arguments, bound as Python binds a call: the compiler's binder, planned
 * for this call's shape, so errors read as they do for a call written in the template. This is for the
 * filters that call others by name (`map`, `select`, ...).
 */
export function callSpec<R>(
  state: RenderState,
  name: string,
  spec: CallableSpec<R>,
  value: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
  kind: 'filter' | 'test' = 'filter',
): R {
  const keys = Object.keys(kwargs);
  const plan = planArguments(spec, kind, name, args.length, keys);
  return spec.fn(state, value, ...applyPlan(spec, plan, args, Object.values(kwargs), keys));
}

/** Jinja's `environment.call_filter`: runs the filter named `name`, or fails as Jinja does when there is none. */
export function callFilter(
  state: RenderState,
  name: unknown,
  value: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): unknown {
  const spec = typeof name === 'string' ? state.registry.filters.get(name) : undefined;
  if (!spec) throw noSuch('filter', name);
  return callSpec(state, name as string, spec, value, args, kwargs);
}

/** Jinja's `environment.call_test`: runs the test named `name`, or fails as Jinja does when there is none. */
export function callTest(
  state: RenderState,
  name: unknown,
  value: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): boolean {
  const spec = typeof name === 'string' ? state.registry.tests.get(name) : undefined;
  if (!spec) throw noSuch('test', name);
  return callSpec(state, name as string, spec, value, args, kwargs, 'test');
}

function noSuch(kind: 'filter' | 'test', name: unknown): TemplateRuntimeError {
  let message = `No ${kind} named ${repr(name)}.`;
  if (name instanceof Undefined) {
    message += ` (${undefinedError(name).message}; did you forget to quote the callable name?)`;
  }
  return new TemplateRuntimeError('TemplateRuntimeError', message);
}
