/**
 * Whether a template can change any list or dict it makes: when it cannot, the lists and dicts its literals fold
 * to (`{'en': {...}, 'de': {...}}`, `['January', ...]`) can be one object for all its renders instead of a copy
 * made at each evaluation, as nothing of the template's reaches them to change them.
 *
 * A value is changed only by a method (`append`, `update`, `pop`...) or by code outside the template (a filter or
 * test a user registered, a callable from the data), and is told apart from an equal copy only by `sameas`. So a
 * template qualifies when it names no changing method anywhere (called or not: a method read can be called
 * later), calls nothing but methods of the engine's types, its own macros and the engine's globals, and uses only
 * the engine's own filters and tests (by name too, as `map('upper')` does), none of them `attr` or `sameas`.
 */
import type * as ast from '../parser/ast';
import { type AnyNode, eachChild } from '../parser/validate';
import { METHOD_NAMES } from '../runtime/methods';

/** The methods that change their list or dict. */
const CHANGING_METHODS: ReadonlySet<string> = new Set([
  'append',
  'extend',
  'insert',
  'pop',
  'remove',
  'clear',
  'sort',
  'reverse',
  'popitem',
  'setdefault',
  'update',
]);

/** The names of methods of the engine's types and objects (`loop.cycle`, a cycler's `next`) that change nothing. */
const CALLABLE_METHODS: ReadonlySet<string> = new Set(
  [...Object.values(METHOD_NAMES).flat(), 'cycle', 'changed', 'next', 'reset'].filter(
    (name) => !CHANGING_METHODS.has(name),
  ),
);

/** The engine's globals a template may call. */
const SAFE_GLOBALS: ReadonlySet<string> = new Set([
  'range',
  'dict',
  'namespace',
  'joiner',
  'cycler',
  'lipsum',
]);

/** The filters that take the name of a filter or test to apply, and where that name is among their arguments. */
export const NAMING_FILTERS: ReadonlyMap<string, { kind: 'filter' | 'test'; at: number }> = new Map([
  ['map', { kind: 'filter', at: 0 }],
  ['select', { kind: 'test', at: 0 }],
  ['reject', { kind: 'test', at: 0 }],
  ['selectattr', { kind: 'test', at: 1 }],
  ['rejectattr', { kind: 'test', at: 1 }],
]);

/**
 * True when `template` changes no list or dict and lets nothing else change one (see above). `builtin` says
 * whether a filter or test name is the engine's own in the registry the template compiles with.
 */
export function changesNothing(
  template: ast.TemplateNode,
  builtin: (kind: 'filter' | 'test', name: string) => boolean,
): boolean {
  const macros = new Set<string>();
  const bound = new Set<string>();
  let callerPassed = false;
  const calls: ast.Call[] = [];
  let safe = true;
  const bind = (target: AnyNode): void => {
    if (target.type === 'Name') bound.add(target.name);
    else eachChild(target, bind);
  };
  const visit = (node: AnyNode): void => {
    if (!safe) return;
    switch (node.type) {
      case 'Getattr':
        if (CHANGING_METHODS.has(node.attr)) safe = false;
        break;
      case 'Call':
        calls.push(node);
        if (node.kwargs.some((keyword) => keyword.key === 'caller') || node.dynKwargs !== null) {
          callerPassed = true;
        }
        break;
      case 'Filter':
      case 'Test':
        if (!usesBuiltins(node, builtin)) safe = false;
        break;
      case 'Macro':
        macros.add(node.name);
        for (const arg of node.args) bound.add(arg.name);
        break;
      case 'CallBlock':
        for (const arg of node.args) bound.add(arg.name);
        break;
      case 'Assign':
      case 'AssignBlock':
      case 'For':
        bind(node.target);
        break;
      case 'With':
        for (const target of node.targets) bound.add(target.name);
        break;
      default:
        break;
    }
    eachChild(node, visit);
  };
  visit(template);
  if (!safe) return false;
  // What each call reaches: a method of the engine's types, a macro of this template, `caller` (a call block's
  // body), `loop` (a recursive loop) or a global; never a callable a name was given by the data or an assignment.
  return calls.every((call) => {
    const callee = call.node;
    if (callee.type === 'Getattr') return CALLABLE_METHODS.has(callee.attr);
    if (callee.type !== 'Name' || bound.has(callee.name)) return false;
    const name = callee.name;
    if (name === 'caller') return !callerPassed;
    return macros.has(name) || name === 'loop' || SAFE_GLOBALS.has(name);
  });
}

/** The methods that add keys to a dict. */
const KEY_ADDING_METHODS: ReadonlySet<string> = new Set(['update', 'setdefault']);

/**
 * Whether `template` may add a key to a dict: it names `update` or `setdefault` (called or not, as an attribute,
 * a written-out subscript, which falls back to the method, or the name `attr` is given), or reads an attribute by
 * `attr` with a name not written out. Its dict literals are then Maps, which take keys of any type in the order they
 * come, as Jinja2's dicts do; a plain object would refuse an int key and list a key like `'1'` first. (A method
 * reached by a subscript of a computed name, `d[name]`, is not seen.)
 */
export function addsDictKeys(template: ast.TemplateNode): boolean {
  return namesMethods(template, KEY_ADDING_METHODS);
}

/** The methods that add or remove a dict's keys. */
export const RESIZING_METHODS: ReadonlySet<string> = new Set([
  'update',
  'setdefault',
  'pop',
  'popitem',
  'clear',
]);

/**
 * Whether `template` names one of `methods`: as an attribute, a written-out subscript (which falls back to the
 * method) or the name `attr` is given, or by `attr` with a name not written out.
 */
export function namesMethods(template: ast.TemplateNode, methods: ReadonlySet<string>): boolean {
  let names = false;
  const visit = (node: AnyNode): void => {
    if (names) return;
    if (namesOne(node, methods)) names = true;
    else eachChild(node, visit);
  };
  visit(template);
  return names;
}

/** Whether `node` itself names one of `methods` (see `namesMethods`). */
function namesOne(node: AnyNode, methods: ReadonlySet<string>): boolean {
  if (node.type === 'Getattr') return methods.has(node.attr);
  if (node.type === 'Getitem') return node.arg.type === 'Const' && methods.has(node.arg.value as string);
  if (node.type !== 'Filter' || node.name !== 'attr') return false;
  const [name] = node.args;
  return name === undefined || name.type !== 'Const' || methods.has(name.value as string);
}

/**
 * The loops whose body may call one of `methods`: names one (see `namesMethods`), or calls a name (a macro,
 * `caller`) or a call block, which may. Found in one pass over the template, each loop's body read once.
 */
export function loopsThatMayCall(template: ast.TemplateNode, methods: ReadonlySet<string>): Set<ast.For> {
  const loops = new Set<ast.For>();
  /** Whether `node` or anything in it may call one of `methods`. */
  const visit = (node: AnyNode): boolean => {
    let may =
      namesOne(node, methods) ||
      (node.type === 'Call' && node.node.type === 'Name') ||
      node.type === 'CallBlock';
    if (node.type === 'For') {
      const body = new Set<AnyNode>(node.body);
      let inBody = false;
      eachChild(node, (child) => {
        if (!visit(child)) return;
        may = true;
        if (body.has(child)) inBody = true;
      });
      if (inBody) loops.add(node);
      return may;
    }
    eachChild(node, (child) => {
      if (visit(child)) may = true;
    });
    return may;
  };
  visit(template);
  return loops;
}

/** Whether a filter or test, and any filter or test it applies by name, is the engine's own (`attr` and `sameas` not). */
function usesBuiltins(
  node: ast.Filter | ast.Test,
  builtin: (kind: 'filter' | 'test', name: string) => boolean,
): boolean {
  const kind = node.type === 'Filter' ? 'filter' : 'test';
  if (node.name === 'attr' || node.name === 'sameas' || !builtin(kind, node.name)) return false;
  if (kind === 'test') return true;
  const naming = NAMING_FILTERS.get(node.name);
  if (naming === undefined) return true;
  if (node.dynArgs !== null) return false;
  const named = node.args[naming.at];
  // `selectattr('stock')`, `map(attribute='price')`: no filter or test named.
  if (named === undefined) return true;
  return (
    named.type === 'Const' &&
    typeof named.value === 'string' &&
    named.value !== 'attr' &&
    named.value !== 'sameas' &&
    builtin(naming.kind, named.value)
  );
}
