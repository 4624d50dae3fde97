/**
 * Constant folding, as Jinja2 does it while compiling (its `Optimizer` and each node's `as_const`): an expression
 * made of constants is evaluated once, when the template is compiled. Beyond speed this decides what Jinja2 checks:
 * the part of `(1, 2)[-2:] or x|nope` that a folded expression never evaluates is never compiled, so an unknown
 * filter there is no error.
 */

import { TemplateRuntimeError } from '../errors';
import type * as ast from '../parser/ast';
import { copiedDict } from '../runtime/access';
import { arrayMarks, marksOf, markWith } from '../runtime/array-marks';
import { truthy } from '../runtime/operators';
import { Markup, PyFloat, setKey, Undefined } from '../runtime/values';

/** A folded value; `null` stands for "not a constant" (Jinja2's `Impossible`). */
export interface Folded {
  readonly value: unknown;
}

/**
 * Jinja2's built-in filters given the render context, which never fold. Every other filter of Jinja2's folds, and
 * every test; an application's filter or test, or one replacing a built-in, never does.
 */
export const CONTEXT_FILTERS: ReadonlySet<string> = new Set([
  'map',
  'select',
  'reject',
  'selectattr',
  'rejectattr',
]);

/**
 * Jinja2's `has_safe_repr`: whether a folded value may stand in the compiled template for its expression (None,
 * booleans, numbers, strings, Markup, and lists, tuples, ranges and dicts of such). Anything else (a bound method,
 * an Undefined, a generator) leaves the expression to be compiled, though an enclosing expression may still fold.
 */
export function safeRepr(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null || value instanceof Markup || value instanceof PyFloat) return true;
  if (Array.isArray(value)) {
    const marks = arrayMarks(value);
    const plain =
      marks === undefined ||
      marks.range !== undefined ||
      (marks.tuple && marks.fields === undefined && marks.iterator === undefined && marks.view === undefined);
    return plain && value.every(safeRepr);
  }
  if (value instanceof Map) {
    for (const [key, item] of value) if (!safeRepr(key) || !safeRepr(item)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as Record<string, unknown>).every(safeRepr);
}

/**
 * A copy of a folded value `safeRepr` accepts, for one evaluation: Jinja2 writes such a value into the compiled
 * code as a literal, so each evaluation makes a new list or dict that a template may change (`l.append(1)`).
 */
export function freshCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Markup || value instanceof PyFloat)
    return value;
  if (Array.isArray(value)) {
    const items = value.map(freshCopy);
    const marks = marksOf(value);
    return marks === undefined ? items : markWith(items, marks);
  }
  if (value instanceof Map)
    return copiedDict(
      value,
      [...value].map(([key, item]) => [freshCopy(key), freshCopy(item)]),
    );
  const record = value as Record<string, unknown>;
  const out = Object.create(Object.getPrototypeOf(record)) as Record<string, unknown>;
  for (const key of Object.keys(record)) setKey(out, key, freshCopy(record[key]));
  return out;
}

/**
 * The most folding may build: the `maxOutputSize` it runs within, and the size (characters and items together) a
 * folded value may have to stand in the compiled template. A render whose own `maxOutputSize` is smaller evaluates
 * the expression itself, so its limit holds in every operation; what folds does not depend on a render's limits,
 * since one compiled template serves them all.
 */
export const FOLDED_SIZE = 1024;

/** Whether a folded value may stand in the compiled template (see `FOLDED_SIZE`): a larger one is left to the render. */
export function smallValue(value: unknown): boolean {
  return sizeWithin(value, FOLDED_SIZE) >= 0;
}

/** `budget` less the size of `value`; negative once it is spent. */
function sizeWithin(value: unknown, budget: number): number {
  if (typeof value === 'string') return budget - value.length;
  if (value instanceof Markup) return budget - value.value.length;
  if (typeof value === 'bigint') return budget - String(value).length;
  if (typeof value !== 'object' || value === null || value instanceof PyFloat) return budget - 1;
  const items: unknown[] = Array.isArray(value)
    ? value
    : value instanceof Map
      ? [...value].flat()
      : Object.entries(value as Record<string, unknown>).flat();
  let left = budget - 1;
  for (let i = 0; i < items.length && left >= 0; i++) left = sizeWithin(items[i], left);
  return left;
}

/**
 * Finds the constant value of expressions, by Jinja2's `as_const` rules: `and`, `or`, comparison chains and
 * inline ifs stop where Python's evaluation stops, so `1 or x` is `1`; names and calls are never constant; a filter
 * or test folds only when it is one of Jinja2's own (see `CONTEXT_FILTERS`). Each node is looked at once, so
 * folding a template takes time linear in its size.
 */
export class ConstantFolder {
  private readonly known = new Map<ast.Expr, Folded | null>();
  /** The Python exception the last `operation` failed with, if it failed evaluating. */
  private failure: string | null = null;

  /**
   * @param evaluate evaluates a node whose operands are all `Const` nodes, throwing what the operation throws
   * @param folds whether the filter or test of this name may be evaluated while compiling
   */
  constructor(
    private readonly evaluate: (node: ast.Expr) => unknown,
    private readonly folds: (kind: 'filter' | 'test', name: string) => boolean,
  ) {}

  /** Drops what is known of the nodes, once the template is compiled. */
  forget(): void {
    this.known.clear();
  }

  /** The constant value of `node`, or `null` when it has none (or evaluating it fails, left to the render). */
  valueOf(node: ast.Expr): Folded | null {
    // The commonest nodes, answered without a look-up: a name is never constant.
    if (node.type === 'Name') return null;
    let folded = this.known.get(node);
    if (folded === undefined) {
      folded = this.find(node);
      this.known.set(node, folded);
    }
    return folded;
  }

  private find(node: ast.Expr): Folded | null {
    switch (node.type) {
      case 'Const':
        return { value: node.value };
      case 'And':
      case 'Or': {
        const left = this.valueOf(node.left);
        if (left === null) return null;
        return truthy(left.value) === (node.type === 'Or') ? left : this.valueOf(node.right);
      }
      case 'CondExpr': {
        const test = this.valueOf(node.test);
        if (test === null) return null;
        if (truthy(test.value)) return this.valueOf(node.expr1);
        // An inline if without else gives an Undefined, which Jinja2 leaves to the render.
        return node.expr2 === null ? null : this.valueOf(node.expr2);
      }
      case 'Compare':
        return this.comparison(node);
      case 'Filter':
      case 'Test': {
        const input = node.node;
        if (input === null || !this.folds(node.type === 'Filter' ? 'filter' : 'test', node.name)) return null;
        const dynArgs = node.dynArgs;
        const dynKwargs = node.dynKwargs;
        const operands = [input, ...node.args, ...node.kwargs.map((kw) => kw.value), dynArgs, dynKwargs];
        if (!this.allFold(operands)) return null;
        return this.operation(() => ({
          ...node,
          node: this.operand(input),
          args: node.args.map((arg) => this.operand(arg)),
          kwargs: node.kwargs.map((kw) => ({ ...kw, value: this.operand(kw.value) })),
          dynArgs: dynArgs === null ? null : this.operand(dynArgs),
          dynKwargs: dynKwargs === null ? null : this.operand(dynKwargs),
        }));
      }
      case 'Getattr':
        if (!this.allFold([node.node])) return null;
        return this.operation(() => ({ ...node, node: this.operand(node.node) }));
      case 'Getitem': {
        const arg = node.arg;
        const parts = arg.type === 'Slice' ? [arg.start, arg.stop, arg.step] : [arg];
        if (!this.allFold([node.node, ...parts])) return null;
        if (arg.type !== 'Slice')
          return this.operation(() => ({ ...node, node: this.operand(node.node), arg: this.operand(arg) }));
        const part = (e: ast.Expr | null) => (e === null ? null : this.operand(e));
        const slice = this.operation(() => ({
          ...node,
          node: this.operand(node.node),
          arg: { ...arg, start: part(arg.start), stop: part(arg.stop), step: part(arg.step) },
        }));
        // A compiled slice subscripts directly, but folding goes through the environment's `getitem`, which
        // makes Python's TypeError or LookupError an Undefined: `{{ {'a': 1}[1:] }}` prints nothing.
        if (slice !== null || this.failure === null) return slice;
        return LOOKUP_ERRORS.has(this.failure) ? { value: new Undefined() } : null;
      }
      case 'BinOp':
        if (!this.allFold([node.left, node.right])) return null;
        return this.operation(() => ({
          ...node,
          left: this.operand(node.left),
          right: this.operand(node.right),
        }));
      case 'UnaryOp':
        if (!this.allFold([node.node])) return null;
        return this.operation(() => ({ ...node, node: this.operand(node.node) }));
      case 'Concat':
        if (!this.allFold(node.nodes)) return null;
        return this.operation(() => ({ ...node, nodes: node.nodes.map((part) => this.operand(part)) }));
      case 'List':
      case 'Tuple':
        if (!this.allFold(node.items)) return null;
        return this.operation(() => ({ ...node, items: node.items.map((item) => this.operand(item)) }));
      case 'Dict':
        if (!this.allFold(node.items.flatMap((pair) => [pair.key, pair.value]))) return null;
        return this.operation(() => ({
          ...node,
          items: node.items.map((pair) => ({
            ...pair,
            key: this.operand(pair.key),
            value: this.operand(pair.value),
          })),
        }));
      default:
        // Names, calls, namespace references and slices outside brackets.
        return null;
    }
  }

  /** `a < b < c`: each operand folded only when the comparisons before it held, as Python evaluates the chain. */
  private comparison(node: ast.Compare): Folded | null {
    let left = this.valueOf(node.expr);
    if (left === null) return null;
    let result: Folded | null = null;
    for (const op of node.ops) {
      const right = this.valueOf(op.expr);
      if (right === null) return null;
      const before = left;
      result = this.operation(() => ({
        ...node,
        expr: constant(node.expr, before),
        ops: [{ ...op, expr: constant(op.expr, right) }],
      }));
      if (result === null) return null;
      if (!truthy(result.value)) return { value: false };
      left = right;
    }
    return result;
  }

  /** Whether every node given folds: checked before building an operation, so that `operand` does not throw. */
  private allFold(nodes: readonly (ast.Expr | null)[]): boolean {
    for (const node of nodes) if (node !== null && this.valueOf(node) === null) return false;
    return true;
  }

  /** `node`, which `allFold` has found to fold, as a `Const` node of its value. */
  private operand(node: ast.Expr): ast.Const {
    return constant(node, this.valueOf(node) as Folded);
  }

  /**
   * Evaluates the node `build` makes of constant operands; `null` when the operation fails (Jinja2 leaves a failing
   * expression to the render, which reports it).
   */
  private operation(build: () => ast.Expr): Folded | null {
    this.failure = null;
    try {
      return { value: this.evaluate(build()) };
    } catch (error) {
      this.failure = error instanceof TemplateRuntimeError ? error.kind : null;
      return null;
    }
  }
}

/** Python's exceptions that Jinja2's `getitem` turns into an Undefined. */
const LOOKUP_ERRORS: ReadonlySet<string> = new Set(['TypeError', 'LookupError', 'IndexError', 'KeyError']);

function constant(at: ast.Expr, folded: Folded): ast.Const {
  return { type: 'Const', value: folded.value, line: at.line, col: at.col };
}
