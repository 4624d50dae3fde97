import { bindArguments } from '../compiler/arguments';
import { TemplateRuntimeError } from '../errors';
import { repr } from '../runtime/format';
import type { CallableSpec, Registry, RenderState, TestSpec } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { type Kwargs, Undefined } from '../runtime/values';
import { comparisonWith } from '../tests/comparisons';

/** `spec` with `args` and `kwargs` bound as Python binds a call: a function of the render and the value. */
function bindTo<R>(
  kind: 'filter' | 'test',
  name: string,
  spec: CallableSpec<R>,
  args: readonly unknown[],
  kwargs: Kwargs,
): (state: RenderState, value: unknown) => R {
  const bound = bindArguments(spec, kind, name, args, kwargs);
  const comparesAs = (spec as TestSpec).comparesAs;
  if (comparesAs !== undefined && bound.length === 1) {
    const quick = comparisonWith(comparesAs, bound[0]);
    if (quick !== null) return quick as unknown as (state: RenderState, value: unknown) => R;
  }
  const fn = spec.fn;
  // Called once per item of a sequence: the usual arities without spreading the arguments.
  switch (bound.length) {
    case 0:
      // Nothing bound: the implementation itself, one call less per item.
      return fn as (state: RenderState, value: unknown) => R;
    case 1: {
      const [a] = bound;
      return (state, value) => fn(state, value, a);
    }
    case 2: {
      const [a, b] = bound;
      return (state, value) => fn(state, value, a, b);
    }
    default:
      return (state, value) => fn(state, value, ...bound);
  }
}

/** `spec` with run-time arguments bound as Python binds a call, as a function of the value it is applied to. */
function boundSpec<R>(
  state: RenderState,
  kind: 'filter' | 'test',
  name: string,
  spec: CallableSpec<R>,
  args: readonly unknown[],
  kwargs: Kwargs,
): (value: unknown) => R {
  const call = bindTo(kind, name, spec, args, kwargs);
  return (value) => call(state, value);
}

/**
 * The filter or test `name` of `registry` bound to `args` and `kwargs` once and for all (for a `specialize`), or
 * undefined when that cannot be done (no such callable, a bad call): the caller then keeps to `filterCaller` or
 * `testCaller`, which raise the error where Jinja2 raises it.
 */
export function preboundCallable<R>(
  registry: Registry,
  kind: 'filter' | 'test',
  name: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): ((state: RenderState, value: unknown) => R) | undefined {
  if (typeof name !== 'string') return undefined;
  const spec = (kind === 'filter' ? registry.filters : registry.tests).get(name) as
    | CallableSpec<R>
    | undefined;
  if (spec === undefined) return undefined;
  try {
    return bindTo(kind, name, spec, args, kwargs);
  } catch {
    return undefined;
  }
}

/**
 * Runs a filter or test once with run-time arguments, bound by the compiler's binder, so errors read as they do
 * for a call written in the template.
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
  return boundSpec(state, kind, name, spec, args, kwargs)(value);
}

/**
 * Jinja's `environment.call_filter` or `call_test` for each item of a sequence (`map`, `select`, ...): the
 * callable named `name` with `args` and `kwargs`. Jinja looks it up and binds the call for each item, so an
 * empty sequence never fails; here that happens at the first item, and the binding serves every later one.
 */
function caller<R>(
  state: RenderState,
  kind: 'filter' | 'test',
  name: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): (value: unknown) => R {
  let call: ((value: unknown) => R) | undefined;
  return (value) => {
    if (call === undefined) {
      const table = kind === 'filter' ? state.registry.filters : state.registry.tests;
      const spec = typeof name === 'string' ? (table.get(name) as CallableSpec<R> | undefined) : undefined;
      if (!spec) throw noSuch(kind, name);
      call = boundSpec(state, kind, name as string, spec, args, kwargs);
    }
    return call(value);
  };
}

/** The filter named `name` with `args` and `kwargs`, for each item of `map`; fails as Jinja does at the first. */
export function filterCaller(
  state: RenderState,
  name: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): (value: unknown) => unknown {
  return caller(state, 'filter', name, args, kwargs);
}

/** The test named `name` with `args` and `kwargs`, for each item of `select` and `reject`. */
export function testCaller(
  state: RenderState,
  name: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): (value: unknown) => boolean {
  return caller(state, 'test', name, args, kwargs);
}

function noSuch(kind: 'filter' | 'test', name: unknown): TemplateRuntimeError {
  let message = `No ${kind} named ${repr(name)}.`;
  if (name instanceof Undefined) {
    message += ` (${undefinedError(name).message}; did you forget to quote the callable name?)`;
  }
  return new TemplateRuntimeError('TemplateRuntimeError', message);
}
