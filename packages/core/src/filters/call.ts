import { bindArguments } from '../compiler/arguments';
import { TemplateRuntimeError } from '../errors';
import { repr } from '../runtime/format';
import type { CallableSpec, RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { type Kwargs, Undefined } from '../runtime/values';

/** `spec` with run-time arguments bound as Python binds a call, as a function of the value it is applied to. */
function boundSpec<R>(
  state: RenderState,
  kind: 'filter' | 'test',
  name: string,
  spec: CallableSpec<R>,
  args: readonly unknown[],
  kwargs: Kwargs,
): (value: unknown) => R {
  const bound = bindArguments(spec, kind, name, args, kwargs);
  const fn = spec.fn;
  // Called once per item of a sequence: the usual arities without spreading the arguments.
  switch (bound.length) {
    case 0:
      return (value) => fn(state, value);
    case 1: {
      const [a] = bound;
      return (value) => fn(state, value, a);
    }
    case 2: {
      const [a, b] = bound;
      return (value) => fn(state, value, a, b);
    }
    default:
      return (value) => fn(state, value, ...bound);
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
