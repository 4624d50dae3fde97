import { TemplateRuntimeError } from '../errors';
import type { CallableSpec } from '../runtime/state';
import { type Kwargs, setKey } from '../runtime/values';

/**
 * Where each parameter of a filter or test comes from, decided once at compile time from the call's shape:
 * a positional argument, a keyword argument, or nothing (the JS default applies).
 */
export interface ArgumentPlan {
  /** Per parameter: `['pos', i]`, `['kw', i]`, or null when not given. */
  params: Array<['pos' | 'kw', number] | null>;
  /** Indexes of positional arguments that go to `*args`. */
  extraPositional: number[];
  /** Indexes of keyword arguments that go to `**kwargs`. */
  extraKeywords: number[];
  /** Set when the call cannot succeed: raised when (and only if) the call runs, as Jinja2 does. */
  error: string | null;
}

/** Binds a call of `positional` arguments and the keywords `keywords` to the parameters of `spec`. */
export function planArguments(
  spec: CallableSpec<unknown>,
  name: string,
  positional: number,
  keywords: readonly string[],
): ArgumentPlan {
  const params: ArgumentPlan['params'] = spec.params.map(() => null);
  const extraPositional: number[] = [];
  const extraKeywords: number[] = [];
  let error: string | null = null;
  for (let i = 0; i < positional; i++) {
    if (i < params.length) params[i] = ['pos', i];
    else if (spec.varargs) extraPositional.push(i);
    else
      error ??= `${name}() takes at most ${params.length + 1} positional argument(s) (${positional + 1} given)`;
  }
  keywords.forEach((key, i) => {
    const index = spec.params.indexOf(key);
    if (index >= 0) {
      if (params[index] !== null) error ??= `${name}() got multiple values for argument '${key}'`;
      params[index] = ['kw', i];
    } else if (spec.kwargs) extraKeywords.push(i);
    else error ??= `${name}() got an unexpected keyword argument '${key}'`;
  });
  const required = spec.required ?? 0;
  for (let i = 0; i < required; i++) {
    if (params[i] === null) error ??= `${name}() missing required argument '${spec.params[i]}'`;
  }
  return { params, extraPositional, extraKeywords, error };
}

/** Applies a plan to evaluated arguments, giving the argument list after the input value. */
export function applyPlan(
  spec: CallableSpec<unknown>,
  plan: ArgumentPlan,
  positional: readonly unknown[],
  keywordValues: readonly unknown[],
  keywordNames: readonly string[],
): unknown[] {
  if (plan.error !== null) throw new TemplateRuntimeError('TypeError', plan.error);
  const { params, extraPositional, extraKeywords } = plan;
  const out: unknown[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const source = params[i];
    out[i] =
      source === null ? undefined : source[0] === 'pos' ? positional[source[1]] : keywordValues[source[1]];
  }
  if (spec.varargs) {
    const rest: unknown[] = new Array(extraPositional.length);
    for (let i = 0; i < extraPositional.length; i++) rest[i] = positional[extraPositional[i]];
    out.push(rest);
  }
  if (spec.kwargs) {
    const extra: Kwargs = {};
    for (const i of extraKeywords) setKey(extra, keywordNames[i], keywordValues[i]);
    out.push(extra);
  }
  return out;
}

/** Evaluates compiled arguments in order, into a new array. */
export function evaluateAll<F>(args: ReadonlyArray<(f: F) => unknown>, f: F): unknown[] {
  const out: unknown[] = new Array(args.length);
  for (let i = 0; i < args.length; i++) out[i] = args[i](f);
  return out;
}
