import { TemplateRuntimeError, typeError } from '../errors';
import { repr } from '../runtime/format';
import type { CallableSpec, RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { type Kwargs, Undefined } from '../runtime/values';

// The Python function behind each built-in, and how many leading arguments (environment, context) Jinja passes
// before the value: Python's argument errors name that function and count those arguments too.
const PYTHON_FUNCTIONS: Record<string, readonly [string, number]> = {
  attr: ['do_attr', 1],
  batch: ['do_batch', 0],
  capitalize: ['do_capitalize', 0],
  center: ['do_center', 0],
  count: ['len', 0],
  d: ['do_default', 0],
  default: ['do_default', 0],
  dictsort: ['do_dictsort', 0],
  e: ['escape', 0],
  escape: ['escape', 0],
  filesizeformat: ['do_filesizeformat', 0],
  first: ['sync_do_first', 1],
  float: ['do_float', 0],
  forceescape: ['do_forceescape', 0],
  format: ['do_format', 0],
  groupby: ['sync_do_groupby', 1],
  indent: ['do_indent', 0],
  int: ['do_int', 0],
  items: ['do_items', 0],
  join: ['sync_do_join', 1],
  last: ['do_last', 1],
  length: ['len', 0],
  list: ['sync_do_list', 0],
  lower: ['do_lower', 0],
  map: ['sync_do_map', 1],
  max: ['do_max', 1],
  min: ['do_min', 1],
  pprint: ['do_pprint', 0],
  reject: ['sync_do_reject', 1],
  rejectattr: ['sync_do_rejectattr', 1],
  replace: ['do_replace', 1],
  reverse: ['do_reverse', 0],
  round: ['do_round', 0],
  safe: ['do_mark_safe', 0],
  select: ['sync_do_select', 1],
  selectattr: ['sync_do_selectattr', 1],
  slice: ['sync_do_slice', 0],
  sort: ['do_sort', 1],
  string: ['soft_str', 0],
  striptags: ['do_striptags', 0],
  sum: ['sync_do_sum', 1],
  title: ['do_title', 0],
  tojson: ['do_tojson', 1],
  trim: ['do_trim', 0],
  truncate: ['do_truncate', 1],
  unique: ['do_unique', 1],
  upper: ['do_upper', 0],
  urlencode: ['do_urlencode', 0],
  urlize: ['do_urlize', 1],
  wordcount: ['do_wordcount', 0],
  wordwrap: ['do_wordwrap', 1],
  xmlattr: ['do_xmlattr', 1],
  abs: ['abs', 0],
};

// Jinja registers Python's operator functions for these tests; they take no keyword arguments.
const OPERATOR_TESTS: Record<string, string> = {
  '==': 'eq',
  eq: 'eq',
  equalto: 'eq',
  '!=': 'ne',
  ne: 'ne',
  '>': 'gt',
  gt: 'gt',
  greaterthan: 'gt',
  '>=': 'ge',
  ge: 'ge',
  '<': 'lt',
  lt: 'lt',
  lessthan: 'lt',
  '<=': 'le',
  le: 'le',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

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
  const [fnName, leading] = PYTHON_FUNCTIONS[name] ?? [name, 0];
  const bound: unknown[] = new Array(params.length).fill(undefined);
  const given = new Array<boolean>(params.length).fill(false);
  const count = Math.min(args.length, params.length);
  for (let i = 0; i < count; i++) {
    bound[i] = args[i];
    given[i] = true;
  }
  const extraArgs = args.slice(count);
  if (extraArgs.length > 0 && !spec.varargs) {
    const least = (spec.required ?? 0) + 1 + leading;
    const most = params.length + 1 + leading;
    const takes = least === most ? `${least}` : `from ${least} to ${most}`;
    const word = most === 1 ? 'argument' : 'arguments';
    throw typeError(
      `${fnName}() takes ${takes} positional ${word} but ${args.length + 1 + leading} were given`,
    );
  }
  const extraKwargs: Kwargs = {};
  for (const key of Object.keys(kwargs)) {
    const index = params.indexOf(key);
    if (index < 0) {
      if (!spec.kwargs) throw typeError(`${fnName}() got an unexpected keyword argument '${key}'`);
      extraKwargs[key] = kwargs[key];
    } else if (given[index]) {
      throw typeError(`${fnName}() got multiple values for argument '${key}'`);
    } else {
      bound[index] = kwargs[key];
      given[index] = true;
    }
  }
  const missing = params.slice(0, spec.required ?? 0).filter((_, i) => !given[i]);
  if (missing.length > 0) {
    const names = missing.map((p) => `'${p}'`);
    const list =
      names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    throw typeError(`${fnName}() missing ${plural(missing.length, 'required positional argument')}: ${list}`);
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
  const operator = OPERATOR_TESTS[name as string];
  if (operator && Object.keys(kwargs).length > 0)
    throw typeError(`_operator.${operator}() takes no keyword arguments`);
  return callSpec(state, name as string, spec, value, args, kwargs);
}

function noSuch(kind: 'filter' | 'test', name: unknown): TemplateRuntimeError {
  let message = `No ${kind} named ${repr(name)}.`;
  if (name instanceof Undefined) {
    message += ` (${undefinedError(name).message}; did you forget to quote the callable name?)`;
  }
  return new TemplateRuntimeError('TemplateRuntimeError', message);
}
