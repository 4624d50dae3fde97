import { TemplateRuntimeError, typeError } from '../errors';
import { repr } from '../runtime/format';
import type { CallableSpec, RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { type Kwargs, Undefined } from '../runtime/values';

/**
 * Binds run-time arguments to a filter's or test's parameters the way Python binds a call, then runs it.
 * The compiler binds at compile time; this is for the filters that call others by name (`map`, `select`, ...).
 */
export function callSpec<R>(
  state: RenderState,
  name: string,
  spec: CallableSpec<R>,
  value: unknown,
  args: readonly unknown[],
  kwargs: Kwargs,
): R {
  const { params } = spec;
  const bound: unknown[] = new Array(params.length).fill(undefined);
  const given = new Array<boolean>(params.length).fill(false);
  const count = Math.min(args.length, params.length);
  for (let i = 0; i < count; i++) {
    bound[i] = args[i];
    given[i] = true;
  }
  const extraArgs = args.slice(count);
  if (extraArgs.length > 0 && !spec.varargs) {
    const required = spec.required ?? 0;
    const takes = required === params.length ? `${required + 1}` : `from ${required + 1} to ${params.length + 1}`;
    throw typeError(
      `${name}() takes ${takes} positional argument${params.length === 0 ? '' : 's'} but ${args.length + 1} were given`,
    );
  }
  const extraKwargs: Kwargs = {};
  for (const key of Object.keys(kwargs)) {
    const index = params.indexOf(key);
    if (index < 0) {
      if (!spec.kwargs) throw typeError(`${name}() got an unexpected keyword argument '${key}'`);
      extraKwargs[key] = kwargs[key];
    } else if (given[index]) {
      throw typeError(`${name}() got multiple values for argument '${key}'`);
    } else {
      bound[index] = kwargs[key];
      given[index] = true;
    }
  }
  const missing = params.slice(0, spec.required ?? 0).filter((_, i) => !given[i]);
  if (missing.length > 0) {
    const names = missing.map((p) => `'${p}'`);
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    throw typeError(
      `${name}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${list}`,
    );
  }
  if (spec.varargs) bound.push(extraArgs);
  if (spec.kwargs) bound.push(extraKwargs);
  return spec.fn(state, value, ...bound);
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
  return callSpec(state, name as string, spec, value, args, kwargs);
}

function noSuch(kind: 'filter' | 'test', name: unknown): TemplateRuntimeError {
  let message = `No ${kind} named ${repr(name)}.`;
  if (name instanceof Undefined) {
    message += ` (${undefinedError(name).message}; did you forget to quote the callable name?)`;
  }
  return new TemplateRuntimeError('TemplateRuntimeError', message);
}
