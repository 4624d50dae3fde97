import { TemplateRuntimeError } from '../errors';
import type { CallableSpec } from '../runtime/state';
import { type Kwargs, keywordNames, setKey } from '../runtime/values';

/**
 * The Python function Jinja2 runs for a filter or test, as far as binding a call to it goes: Python's
 * argument errors name it, count the arguments Jinja passes before the bound ones, and differ by kind.
 */
interface PythonFunction {
  /**
   * `def`: a Python function, bound by position and by name. `builtin`: a C function of exactly one argument
   * that takes no keywords (`len`). `operator`: one of `_operator`'s two-argument functions (`eq`), positional only.
   */
  readonly kind: 'def' | 'builtin' | 'operator';
  /** The name its errors give it (`do_upper`, `len`, `eq`). */
  readonly name: string;
  /** How many arguments Jinja passes before the bound ones: the environment or context, if any, then the value. */
  readonly leading: number;
  /** The names of those leading parameters, when known: a keyword naming one "got multiple values", as in Python. */
  readonly hidden: readonly string[];
}

const def = (name: string, ...hidden: string[]): PythonFunction => ({
  kind: 'def',
  name,
  leading: hidden.length,
  hidden,
});
const builtin = (name: string): PythonFunction => ({ kind: 'builtin', name, leading: 1, hidden: [] });
const operator = (name: string): PythonFunction => ({ kind: 'operator', name, leading: 1, hidden: [] });

// Read from Jinja2 3.1 (with markupsafe's C speedups) by `inspect.signature`: each filter's function and the
// parameters before the ones a template binds.
const PYTHON_FILTERS: Readonly<Record<string, PythonFunction>> = {
  abs: builtin('abs'),
  attr: def('do_attr', 'environment', 'obj'),
  batch: def('do_batch', 'value'),
  capitalize: def('do_capitalize', 's'),
  center: def('do_center', 'value'),
  count: builtin('len'),
  d: def('do_default', 'value'),
  default: def('do_default', 'value'),
  dictsort: def('do_dictsort', 'value'),
  e: builtin('markupsafe._speedups.escape'),
  escape: builtin('markupsafe._speedups.escape'),
  filesizeformat: def('do_filesizeformat', 'value'),
  first: def('sync_do_first', 'environment', 'seq'),
  float: def('do_float', 'value'),
  forceescape: def('do_forceescape', 'value'),
  format: def('do_format', 'value'),
  groupby: def('sync_do_groupby', 'environment', 'value'),
  indent: def('do_indent', 's'),
  int: def('do_int', 'value'),
  items: def('do_items', 'value'),
  join: def('sync_do_join', 'eval_ctx', 'value'),
  last: def('do_last', 'environment', 'seq'),
  length: builtin('len'),
  list: def('sync_do_list', 'value'),
  lower: def('do_lower', 's'),
  map: def('sync_do_map', 'context', 'value'),
  max: def('do_max', 'environment', 'value'),
  min: def('do_min', 'environment', 'value'),
  pprint: def('do_pprint', 'value'),
  reject: def('sync_do_reject', 'context', 'value'),
  rejectattr: def('sync_do_rejectattr', 'context', 'value'),
  replace: def('do_replace', 'eval_ctx', 's'),
  reverse: def('do_reverse', 'value'),
  round: def('do_round', 'value'),
  safe: def('do_mark_safe', 'value'),
  select: def('sync_do_select', 'context', 'value'),
  selectattr: def('sync_do_selectattr', 'context', 'value'),
  slice: def('sync_do_slice', 'value'),
  sort: def('do_sort', 'environment', 'value'),
  string: builtin('markupsafe._speedups.soft_str'),
  striptags: def('do_striptags', 'value'),
  sum: def('sync_do_sum', 'environment', 'iterable'),
  title: def('do_title', 's'),
  tojson: def('do_tojson', 'eval_ctx', 'value'),
  trim: def('do_trim', 'value'),
  truncate: def('do_truncate', 'env', 's'),
  unique: def('do_unique', 'environment', 'value'),
  upper: def('do_upper', 's'),
  urlencode: def('do_urlencode', 'value'),
  urlize: def('do_urlize', 'eval_ctx', 'value'),
  wordcount: def('do_wordcount', 's'),
  wordwrap: def('do_wordwrap', 'environment', 's'),
  xmlattr: def('do_xmlattr', 'eval_ctx', 'd'),
};

// The same for the tests; Jinja registers Python's operator functions for the comparison tests.
const PYTHON_TESTS: Readonly<Record<string, PythonFunction>> = {
  boolean: def('test_boolean', 'value'),
  callable: builtin('callable'),
  defined: def('test_defined', 'value'),
  divisibleby: def('test_divisibleby', 'value'),
  escaped: def('test_escaped', 'value'),
  even: def('test_even', 'value'),
  false: def('test_false', 'value'),
  filter: def('test_filter', 'env', 'value'),
  float: def('test_float', 'value'),
  in: def('test_in', 'value'),
  integer: def('test_integer', 'value'),
  iterable: def('test_iterable', 'value'),
  lower: def('test_lower', 'value'),
  mapping: def('test_mapping', 'value'),
  none: def('test_none', 'value'),
  number: def('test_number', 'value'),
  odd: def('test_odd', 'value'),
  sameas: def('test_sameas', 'value'),
  sequence: def('test_sequence', 'value'),
  string: def('test_string', 'value'),
  test: def('test_test', 'env', 'value'),
  true: def('test_true', 'value'),
  undefined: def('test_undefined', 'value'),
  upper: def('test_upper', 'value'),
  '==': operator('eq'),
  eq: operator('eq'),
  equalto: operator('eq'),
  '!=': operator('ne'),
  ne: operator('ne'),
  '>': operator('gt'),
  gt: operator('gt'),
  greaterthan: operator('gt'),
  '>=': operator('ge'),
  ge: operator('ge'),
  '<': operator('lt'),
  lt: operator('lt'),
  lessthan: operator('lt'),
  '<=': operator('le'),
  le: operator('le'),
};

/**
 * The Python function behind the filter or test `name`. One Jinja2 does not have (a service filter, or one
 * registered with `compile(source, { filters })`) is a plain function named after itself, taking the value first.
 */
function pythonFunction(kind: 'filter' | 'test', name: string): PythonFunction {
  const table = kind === 'filter' ? PYTHON_FILTERS : PYTHON_TESTS;
  return Object.hasOwn(table, name) ? table[name] : { kind: 'def', name, leading: 1, hidden: [] };
}

/**
 * Where each parameter of a filter or test comes from, decided from the call's shape (how many positional
 * arguments, which keywords): a positional argument, a keyword argument, or nothing (the JS default applies).
 */
export interface ArgumentPlan {
  /** Per parameter: `['pos', i]`, `['kw', i]`, or null when not given. */
  params: Array<['pos' | 'kw', number] | null>;
  /** Indexes of positional arguments that go to `*args`. */
  extraPositional: number[];
  /** Indexes of keyword arguments that go to `**kwargs`. */
  extraKeywords: number[];
  /** Python's TypeError when the call cannot succeed: raised when (and only if) the call runs, as Jinja2 does. */
  error: string | null;
}

/**
 * Binds a call of `positional` arguments and the keywords `keywords` to the parameters of the filter or test
 * `name`, and finds the error Python would raise for it, worded as Python words it. The compiler plans a call
 * once when its shape is fixed; `callSpec` plans each call it makes.
 */
export function planArguments(
  spec: CallableSpec<unknown>,
  kind: 'filter' | 'test',
  name: string,
  positional: number,
  keywords: readonly string[],
): ArgumentPlan {
  const fn = pythonFunction(kind, name);
  const error =
    fn.kind === 'def'
      ? defError(fn, spec, positional, keywords)
      : nativeError(fn, positional, keywords.length);
  const params: ArgumentPlan['params'] = spec.params.map(() => null);
  const extraPositional: number[] = [];
  const extraKeywords: number[] = [];
  for (let i = 0; i < positional; i++) {
    if (i < params.length) params[i] = ['pos', i];
    else extraPositional.push(i);
  }
  keywords.forEach((key, i) => {
    const index = spec.params.indexOf(key);
    if (index >= 0) params[index] = ['kw', i];
    else extraKeywords.push(i);
  });
  return { params, extraPositional, extraKeywords, error };
}

/**
 * The TypeError CPython raises for a call to a `def` function, or null. CPython checks in this order: each
 * keyword in turn (a leading parameter or one already given: "multiple values"; an unknown one without
 * `**kwargs`: "unexpected"), then too many positional arguments, then the missing required ones.
 */
function defError(
  fn: PythonFunction,
  spec: CallableSpec<unknown>,
  positional: number,
  keywords: readonly string[],
): string | null {
  const given = spec.params.map((_, i) => i < positional);
  for (const key of keywords) {
    const index = spec.params.indexOf(key);
    if (fn.hidden.includes(key) || (index >= 0 && given[index])) {
      return `${fn.name}() got multiple values for argument '${key}'`;
    }
    if (index >= 0) given[index] = true;
    else if (!spec.kwargs) return `${fn.name}() got an unexpected keyword argument '${key}'`;
  }
  if (positional > spec.params.length && !spec.varargs) {
    const least = fn.leading + (spec.required ?? 0);
    const most = fn.leading + spec.params.length;
    const takes = least === most ? `${most}` : `from ${least} to ${most}`;
    return `${fn.name}() takes ${takes} positional argument${most === 1 ? '' : 's'} but ${fn.leading + positional} were given`;
  }
  const missing = spec.params.slice(0, spec.required ?? 0).filter((_, i) => !given[i]);
  if (missing.length === 0) return null;
  const count = `${missing.length} required positional argument${missing.length === 1 ? '' : 's'}`;
  return `${fn.name}() missing ${count}: ${pythonList(missing.map((p) => `'${p}'`))}`;
}

/** Python's list of missing names: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`. */
function pythonList(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`;
}

/**
 * The TypeError a C function raises, or null: it refuses keywords before it counts its arguments, and it
 * takes exactly one (`builtin`) or two (`operator`), the value included.
 */
function nativeError(fn: PythonFunction, positional: number, keywords: number): string | null {
  const given = fn.leading + positional;
  if (fn.kind === 'operator') {
    if (keywords > 0) return `_operator.${fn.name}() takes no keyword arguments`;
    return given === 2 ? null : `${fn.name} expected 2 arguments, got ${given}`;
  }
  if (keywords > 0) return `${fn.name}() takes no keyword arguments`;
  return given === 1 ? null : `${fn.name}() takes exactly one argument (${given} given)`;
}

/**
 * Binds arguments known only at run time (`*args`/`**kwargs` in the call, or a filter called by name from
 * `map` or `select`): plans for their shape and applies the plan. Throws Python's TypeError for a bad call.
 */
export function bindArguments(
  spec: CallableSpec<unknown>,
  kind: 'filter' | 'test',
  name: string,
  positional: readonly unknown[],
  keywords: Kwargs,
): unknown[] {
  const names = keywordNames(keywords);
  const plan = plannedFor(spec, kind, name, positional.length, names);
  return applyPlan(
    spec,
    plan,
    positional,
    names.map((key) => keywords[key]),
    names,
  );
}

/**
 * Plans made at run time, by implementation and shape: `map`, `select` and their kin bind the same call each time
 * the template runs them. A plan depends on nothing else, so it is made once.
 */
const runTimePlans = new WeakMap<CallableSpec<unknown>, Map<string, ArgumentPlan>>();
const PLANS_PER_SPEC = 64;

function plannedFor(
  spec: CallableSpec<unknown>,
  kind: 'filter' | 'test',
  name: string,
  positional: number,
  keywords: readonly string[],
): ArgumentPlan {
  let plans = runTimePlans.get(spec);
  if (plans === undefined) {
    plans = new Map();
    runTimePlans.set(spec, plans);
  }
  const shape =
    keywords.length === 0
      ? `${kind}\0${name}\0${positional}`
      : `${kind}\0${name}\0${positional}\0${keywords.join('\0')}`;
  let plan = plans.get(shape);
  if (plan === undefined) {
    plan = planArguments(spec, kind, name, positional, keywords);
    if (plans.size >= PLANS_PER_SPEC) plans.clear();
    plans.set(shape, plan);
  }
  return plan;
}

/** Applies a plan to evaluated arguments, giving the argument list after the input value; throws its error. */
export function applyPlan(
  spec: CallableSpec<unknown>,
  plan: ArgumentPlan,
  positional: readonly unknown[],
  keywordValues: readonly unknown[],
  keywordNames: readonly string[],
): unknown[] {
  if (plan.error !== null) throw new TemplateRuntimeError('TypeError', plan.error);
  const { params, extraPositional, extraKeywords } = plan;
  // Arrays are pushed, not stored into `new Array(n)`: holey arrays are slower in code all templates share.
  const out: unknown[] = [];
  for (let i = 0; i < params.length; i++) {
    const source = params[i];
    out.push(
      source === null ? undefined : source[0] === 'pos' ? positional[source[1]] : keywordValues[source[1]],
    );
  }
  if (spec.varargs) {
    const rest: unknown[] = [];
    for (let i = 0; i < extraPositional.length; i++) rest.push(positional[extraPositional[i]]);
    out.push(rest);
  }
  if (spec.kwargs) {
    const extra: Kwargs = {};
    for (const i of extraKeywords) setKey(extra, keywordNames[i], keywordValues[i]);
    out.push(extra);
  }
  return out;
}

/**
 * An evaluator of compiled arguments, in order, into a new array. Up to four are called from their own sites,
 * which V8 can inline, where `evaluateAll` calls every one from the same site.
 */
export function listOf<F>(items: ReadonlyArray<(f: F) => unknown>): (f: F) => unknown[] {
  switch (items.length) {
    case 0:
      return () => [];
    case 1: {
      const [a] = items;
      return (f) => [a(f)];
    }
    case 2: {
      const [a, b] = items;
      return (f) => [a(f), b(f)];
    }
    case 3: {
      const [a, b, c] = items;
      return (f) => [a(f), b(f), c(f)];
    }
    case 4: {
      const [a, b, c, d] = items;
      return (f) => [a(f), b(f), c(f), d(f)];
    }
    default:
      return (f) => evaluateAll(items, f);
  }
}

/** Evaluates compiled arguments in order, into a new array. */
export function evaluateAll<F>(args: ReadonlyArray<(f: F) => unknown>, f: F): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < args.length; i++) out.push(args[i](f));
  return out;
}
