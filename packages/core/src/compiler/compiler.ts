import {
  LimitError,
  NotSentSignal,
  TemplateAssertionError,
  TemplateError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from '../errors';
import { builtinFilters, type ItemStage, itemStage, renderStage } from '../filters/index';
import { type KeyReaderMaker, withKeyReaders } from '../filters/lookup';
import { serviceFilters } from '../filters/service';
import {
  DEFAULT_LIMITS,
  enterRender,
  type Limits,
  leaveRender,
  readClock,
  spend,
  spendOnItems,
  spendOnText,
  spendRunning,
} from '../limits';
import type * as ast from '../parser/ast';
import {
  type AnyNode,
  eachChild,
  LOOP_ASSIGNMENT,
  loopAssignments,
  pythonCompileError,
} from '../parser/validate';
import {
  callValue,
  getattr,
  getitem,
  isInheritedName,
  itemReader,
  type MemberAccess,
  memberAccess,
  newDict,
  readsOwnValueFirst,
  slice,
  surrogateFree,
} from '../runtime/access';
import { marksOf } from '../runtime/array-marks';
import {
  ATTRIBUTE_NAME_END,
  escapedText,
  formatsInTurn,
  type PlainPercent,
  plainFormatter,
  plainPercent,
  str,
  strRepr,
} from '../runtime/format';
import { countItems, dictEntries, dictLength, iterate, ownKeys } from '../runtime/iterate';
import { NOT_PLAIN, type PropertyLoad, propertyLoad } from '../runtime/keyed-access';
import { dictResizeCount } from '../runtime/member-sets';
import {
  callResolved,
  DICT_ATTRIBUTE_NAMES,
  dictSet,
  methodsNamed,
  updateWithPair,
} from '../runtime/methods';
import {
  add,
  checkLength,
  contains,
  containsText,
  eq,
  equalsText,
  floordiv,
  ge,
  gt,
  isPlainSequence,
  le,
  lt,
  mod,
  mul,
  ne,
  neg,
  pos,
  pow,
  sub,
  truediv,
  truthy,
  typeName,
} from '../runtime/operators';
import type { CallableSpec, FilterSpec, Registry, RenderState } from '../runtime/state';
import { hasSurrogate, isPySpaceCode, isSurrogateUnit } from '../runtime/strings';
import { undefinedError } from '../runtime/undefined';
import {
  AttributeSource,
  isDict,
  isIndexLike,
  isLoopObject,
  isPlainObject,
  type Kwargs,
  keepKeywordOrder,
  keywordNames,
  Markup,
  Namespace,
  NO_KWARGS,
  NO_OBJECT,
  PyCallable,
  PyFloat,
  setKey,
  textOf,
  tuple,
  Undefined,
} from '../runtime/values';
import { comparisonWith } from '../tests/comparisons';
import { builtinTests } from '../tests/index';
import { type ArgumentPlan, applyPlan, bindArguments, evaluateAll, listOf, planArguments } from './arguments';
import { moveTextIntoBranches } from './branch-text';
import {
  CALLS_OF_INPUT,
  CALLS_WITH_CONSTANT,
  CALLS_WITH_TWO_CONSTANTS,
  type Call,
  TEXT_METHOD_CALLS,
  type TextMethod,
} from './call-copies';
import {
  CONTEXT_FILTERS,
  ConstantFolder,
  FOLDED_SIZE,
  type Folded,
  freshCopy,
  safeRepr,
  smallValue,
} from './fold';
import { type Cond, Control, type Ev, Frame, MISSING, Run, type St, slotsMaker } from './frame';
import {
  DICT,
  GLOBALS,
  JOINER,
  joiner,
  missingName,
  NAMESPACE,
  RANGE,
  rangeFrom,
  rangeLengthFrom,
  rangeLengthTo,
  rangeTo,
} from './globals';
import {
  type ChainConsumer,
  type ChainStage,
  chainFeed,
  chainOf,
  FEED_END,
  ItemFeed,
  type RenderedStage,
} from './item-stages';
import { FIRST, LAST, LoopContext, loopRead, plainLoopAttribute } from './loop';
import { ownFilter, ownTest } from './own-filters';
import { firstUse, noteAssigned, Scope, setBeforeUse } from './scope';
import {
  assignedPlace,
  attributeSlotName,
  frameOut,
  IN_SLOTS,
  namespaceKeywords,
  type SlotPlaces,
  slotNamespace,
  slotNamespaces,
  slotVariable,
} from './slot-namespaces';
import { exprSource } from './source';
import { TemplateReference, topFrame } from './template-reference';
import {
  addsDictKeys,
  changesNothing,
  loopsThatMayCall,
  NAMING_FILTERS,
  namesMethods,
  RESIZING_METHODS,
} from './unchanging';

/** What a template reads from its render variables, known before it runs (for prefetching). */
export interface TemplateNames {
  /** Every render variable the template may read (not names it surely assigns first, nor globals). */
  variables: string[];
  /**
   * For each render variable read through constant member accesses (`UserAttribute['First Name']`,
   * `ProductSet.bestsellers`): the member names. A variable also used whole, or with a computed key, is listed
   * in `wholeVariables`.
   */
  members: Record<string, string[]>;
  /** Render variables used other than through constant member access (`x`, `x[key]`, `x|length`). */
  wholeVariables: string[];
}

/** The compiled form of a template: a tree of closures over the syntax tree, run once per render. */
export interface Program {
  readonly run: (run: Run) => string;
  readonly names: TemplateNames;
}

const BINARY: Record<ast.BinOperator, (state: RenderState, a: unknown, b: unknown) => unknown> = {
  '+': add,
  '-': sub,
  '*': mul,
  '/': truediv,
  '//': floordiv,
  '%': mod,
  '**': pow,
};

const COMPARE: Record<ast.CompareOperator, (a: unknown, b: unknown) => boolean> = {
  eq,
  ne,
  lt,
  lteq: le,
  gt,
  gteq: ge,
  in: (a, b) => contains(b, a),
  notin: (a, b) => !contains(b, a),
};

/**
 * The number each of a set of texts stands for. Up to eight texts are compared in turn, which measured faster
 * than a `Map`'s hashing of a text it has not seen (the data's); more are looked up in a `Map`.
 */
class TextTable {
  private readonly texts: string[] = [];
  private readonly numbers: number[] = [];
  private readonly map: Map<string, number> | null;

  constructor(entries: ReadonlyMap<string, number>) {
    this.map = entries.size > 8 ? new Map(entries) : null;
    for (const [text, n] of entries) {
      this.texts.push(text);
      this.numbers.push(n);
    }
  }

  /** The number `text` stands for, or undefined. */
  get(text: string): number | undefined {
    if (this.map !== null) return this.map.get(text);
    const texts = this.texts;
    for (let i = 0; i < texts.length; i++) if (texts[i] === text) return this.numbers[i];
    return undefined;
  }
}

/** What each branch of an `if` and its `else` print, when all of them print only text (`branchTexts`). */
interface BranchTexts {
  texts: string[];
  otherwise: string;
}

/** Python's `a in members` for a list of strings: equality with one of them, which only a str or Markup has. */
function inTexts(a: unknown, members: ReadonlySet<string>): boolean {
  return typeof a === 'string' ? members.has(a) : a instanceof Markup && members.has(a.value);
}

/**
 * `inTexts` for a short list, searched in order: comparing a few texts costs less than a set's hash lookup (a
 * status tested against two texts in a loop of 20: 133 -> 94 ns in plain JS).
 */
function inFewTexts(a: unknown, members: readonly string[]): boolean {
  const text = typeof a === 'string' ? a : a instanceof Markup ? a.value : undefined;
  if (text === undefined) return false;
  for (let i = 0; i < members.length; i++) if (members[i] === text) return true;
  return false;
}

/**
 * The most units of a text a slice's fast path looks at one by one: past that, searching a copy by a regular
 * expression is faster (`description[:24]` ran 0.21x hand-written by `charCodeAt`, 0.60x by the expression).
 */
const FEW_UNITS = 8;

/** The longest list of texts `in` searches item by item (`inFewTexts`); a longer one is a set. */
const FEW_TEXTS = 8;

/**
 * `x == 'a'`, `x != 3`, `x > 10`, `x in ['a', 'b']`: a comparison of `left` against a constant, with the common
 * case decided inline and the rest left to the operator. Null when the right side is not such a constant.
 */
function constantComparison(op: ast.CompareOperator, right: ast.Expr, left: Ev): Cond | null {
  if (right.type === 'Const') {
    const c = right.value;
    // Only None equals None (an Undefined does not); a bool equals itself, and the numbers `eq` finds equal to it.
    if (c === null && (op === 'eq' || op === 'ne')) {
      return op === 'eq' ? (f) => left(f) === null : (f) => left(f) !== null;
    }
    if (typeof c === 'boolean' && (op === 'eq' || op === 'ne')) {
      const equal = (f: Frame): boolean => {
        const a = left(f);
        return a === c || (typeof a !== 'boolean' && eq(a, c));
      };
      return op === 'eq' ? equal : (f) => !equal(f);
    }
    if (typeof c === 'string') {
      switch (op) {
        case 'eq':
          return (f) => equalsText(left(f), c);
        case 'ne':
          return (f) => !equalsText(left(f), c);
        case 'lt':
        case 'lteq':
        case 'gt':
        case 'gteq': {
          // By code point, as the tests bound to a text compare (`selectattr('expires', 'ge', today)`).
          const holds = comparisonWith(op, c) as (state: RenderState, value: unknown) => boolean;
          return (f) => holds(f.run, left(f));
        }
        default:
          return null;
      }
    }
    if (typeof c === 'number') {
      switch (op) {
        case 'eq':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a === c : eq(a, c);
          };
        case 'ne':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a !== c : !eq(a, c);
          };
        case 'lt':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a < c : lt(a, c);
          };
        case 'lteq':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a <= c : le(a, c);
          };
        case 'gt':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a > c : gt(a, c);
          };
        case 'gteq':
          return (f) => {
            const a = left(f);
            return typeof a === 'number' ? a >= c : ge(a, c);
          };
        default:
          return null;
      }
    }
    return null;
  }
  if ((op === 'in' || op === 'notin') && (right.type === 'List' || right.type === 'Tuple')) {
    const items = right.items;
    if (
      items.length === 0 ||
      !items.every((item) => item.type === 'Const' && typeof item.value === 'string')
    ) {
      return null;
    }
    const texts = [...new Set(items.map((item) => (item as ast.Const).value as string))];
    if (texts.length <= FEW_TEXTS) {
      return op === 'in' ? (f) => inFewTexts(left(f), texts) : (f) => !inFewTexts(left(f), texts);
    }
    const members = new Set(texts);
    return op === 'in' ? (f) => inTexts(left(f), members) : (f) => !inTexts(left(f), members);
  }
  return null;
}

/**
 * `a < b` between two expressions: each operator in a closure of its own, with two numbers compared inline, where
 * one closure called the operator it was given (every comparison of a template shared that call, so none was
 * inlined).
 */
function twoSidedComparison(op: ast.CompareOperator, left: Ev, right: Ev): Cond {
  switch (op) {
    case 'lt':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return typeof a === 'number' && typeof b === 'number' ? a < b : lt(a, b);
      };
    case 'lteq':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return typeof a === 'number' && typeof b === 'number' ? a <= b : le(a, b);
      };
    case 'gt':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return typeof a === 'number' && typeof b === 'number' ? a > b : gt(a, b);
      };
    case 'gteq':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return typeof a === 'number' && typeof b === 'number' ? a >= b : ge(a, b);
      };
    case 'eq':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return a === b || eq(a, b);
      };
    case 'ne':
      return (f) => {
        const a = left(f);
        const b = right(f);
        return a !== b && !eq(a, b);
      };
    default: {
      const compare = COMPARE[op];
      return (f) => compare(left(f), right(f));
    }
  }
}

/**
 * The names `{% set name = loop %}` assigns anywhere in `template`: how a nested loop reads the loop around it
 * (`outer.index`), whose attributes are then read as `loop`'s are, straight off the loop object when the name holds
 * one (through the general read, a loop's attribute cost 14-22 ns).
 */
function loopAliases(template: ast.TemplateNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: AnyNode): void => {
    if (
      node.type === 'Assign' &&
      node.target.type === 'Name' &&
      node.node.type === 'Name' &&
      node.node.name === 'loop'
    ) {
      names.add(node.target.name);
    }
    eachChild(node, visit);
  };
  visit(template);
  return names;
}

/** The `{% block %}` statements of a template, in order, nested ones too. */
function blocksOf(template: ast.TemplateNode): ast.Block[] {
  const blocks: ast.Block[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type === 'Block') blocks.push(node);
    eachChild(node, visit);
  };
  visit(template);
  return blocks;
}

/**
 * The names a template only ever subscripts (`labels[key]`), besides assigning them with `{% set %}`: a list or
 * dict literal of texts and numbers assigned to one can be one object for every render, since nothing reaches it
 * to change it (a method call, a filter, a loop, printing it: any other use of the name) and what a subscript
 * gives back cannot be changed either.
 */
function subscriptedOnly(template: ast.TemplateNode): Set<string> {
  const names = new Set<string>();
  const otherwise = new Set<string>();
  const visit = (node: AnyNode, parent: AnyNode | null): void => {
    if (node.type === 'Name') {
      names.add(node.name);
      const read = parent?.type === 'Getitem' && parent.node === node;
      const assigned = parent?.type === 'Assign' && parent.target === node;
      if (!read && !assigned) otherwise.add(node.name);
      return;
    }
    eachChild(node, (child) => visit(child, node));
  };
  visit(template, null);
  for (const name of otherwise) names.delete(name);
  return names;
}

/** Whether `value` is a list or dict whose items are all texts, numbers, booleans or None. */
function flatConstants(value: unknown): boolean {
  const immutable = (v: unknown) =>
    typeof v !== 'object' || v === null || v instanceof Markup || v instanceof PyFloat;
  if (Array.isArray(value)) return marksOf(value) === undefined && value.every(immutable);
  if (value instanceof Map) return [...value.values()].every(immutable);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every(immutable);
  return false;
}

/** The value of a parameter a call does not give: JS `undefined`, so the implementation's default applies. */
const NOT_GIVEN: Ev = () => undefined;

/**
 * The kind, key and object of `x.key` and `x['key']` read as a member (not a dict method's name nor a value of `loop`), for
 * the tests of a member compiled without reading it whole; else null.
 */
function namedMember(node: ast.Expr): [kind: 'attribute' | 'item', key: string, object: ast.Expr] | null {
  if (node.type === 'Getattr' && !DICT_ATTRIBUTE_NAMES.has(node.attr) && plainLoopAttribute(node.attr) < 0) {
    return ['attribute', node.attr, node.node];
  }
  if (node.type === 'Getitem' && node.arg.type === 'Const' && typeof node.arg.value === 'string') {
    return ['item', node.arg.value, node.node];
  }
  return null;
}

/**
 * `str()` of a value for output, with text and small ints converted here (see `toText` in runtime/format.ts,
 * which the filters use). The compiler keeps its own: each copy of the compiler has it, so the output closures
 * of a hot template call a function whose feedback is theirs alone. An int is printed by a template literal, which
 * V8 answers from its cache of number texts: `String(n)` measured 1.8x slower on a loop printing one int an item.
 * The literal converts `value | 0`, not `value`: V8's optimizing compiler takes a template literal's conversion
 * for pure and may compute it before the test that guards it, and on a float read from an object (a price) the
 * conversion of `value` itself cost 65-75 ns an item printed, where the float's own text takes 10 ns.
 */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && (value | 0) === value ? `${value | 0}` : str(value);
}

/**
 * What names the object a member is read from, for `propertyLoad`: the variable (`item` of `item.price`) or the
 * member it is itself (`specs` of `item.specs.origin` and of `item['specs']['origin']`). Objects named alike are
 * mostly alike, so a key read from a `variant` and from an `item` gets two inline caches, each seeing its own
 * kind of object's shapes.
 */
function ownerHint(node: ast.Expr): string {
  if (node.type === 'Name') return node.name;
  if (node.type === 'Getattr') return node.attr;
  if (node.type === 'Getitem' && node.arg.type === 'Const' && typeof node.arg.value === 'string') {
    return node.arg.value;
  }
  return '';
}

/**
 * What tells one template's member reads from another's, for `propertyLoad`: a hash of its source. Two
 * templates' `item.price` read objects of different shapes (a cart's lines, an order's), which one inline cache
 * would see all of; the same source compiled again gets the same copies. (The render variables are read by name
 * alone: every template's are alike, and a copy each measured no faster.)
 */
function templateMark(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The reader of a render variable: from plain-object variables (the usual case) by a direct read, since the
 * name is not one they inherit; otherwise through `lookupVariable`.
 */
function variableReader(name: string): Ev {
  if (isInheritedName(name)) return (f) => lookupVariable(f.run, name);
  const load = propertyLoad(name);
  const global = GLOBALS.get(name);
  if (global !== undefined) {
    // `namespace`, `range`, ...: the global is known now, and is the value unless the variables have the name.
    return (f) => {
      const run = f.run;
      if (run.plainCtx) {
        const ctx = run.ctx;
        const value = load(ctx, name);
        if (value === undefined) {
          // `in` is an inline cache's check on plain data, where `Object.hasOwn` is a call: the same answer, as
          // the name is none that `Object.prototype` has (`isInheritedName`).
          if (!(name in ctx)) return global;
        } else if (value !== NOT_PLAIN && typeof value !== 'function') return value;
      }
      return lookupVariable(run, name);
    };
  }
  return (f) => {
    const run = f.run;
    if (run.plainCtx) {
      const value = load(run.ctx, name);
      if (value !== undefined && value !== NOT_PLAIN && typeof value !== 'function') return value;
    }
    return lookupVariable(run, name);
  };
}

/** Reads a render variable (or a global); data that JS code put there but Python has no value for is Undefined. */
function lookupVariable(run: Run, name: string): unknown {
  const ctx = run.ctx;
  if (Object.hasOwn(ctx, name)) {
    const value = ctx[name];
    if (value !== undefined && typeof value !== 'function') return value;
    return missingName(name);
  }
  return GLOBALS.get(name) ?? missingName(name);
}

/** Calls any template value. */
function invoke(run: Run, fn: unknown, args: unknown[], kwargs: Kwargs): unknown {
  if (fn instanceof PyCallable) return fn.call(run, args, kwargs, fn);
  // A loop of any copy's code (see `isLoopObject`): each has `LoopContext`'s methods.
  if (isLoopObject(fn)) return (fn as LoopContext).call(run, args, kwargs);
  return callValue(run, fn, args, kwargs);
}

/** True for an int or float whose Python repr starts with a minus sign (-0.0 included, not NaN). */
function isNegativeNumber(value: unknown): boolean {
  if (typeof value === 'bigint') return value < 0n;
  if (value instanceof PyFloat) return value.value < 0 || Object.is(value.value, -0);
  return typeof value === 'number' && value < 0;
}

/**
 * A piece Jinja2 yields into the output without `str()` (a `{% filter %}` block's or a `{% call %}`'s result): text
 * as it is; anything else fails as Python's `''.join` does, once the output it is part of is joined (see `joined`):
 * until then the render goes on, and an error it meets first is the one reported. The message leaves out the
 * position among the pieces joined that Python's names (a listed difference).
 */
function outputPiece(v: unknown, at: ast.Span, source: string, run: Run): string {
  if (typeof v === 'string') return v;
  if (v instanceof Markup) return v.value;
  run.joinError ??= new TemplateRuntimeError(
    'TypeError',
    `sequence item: expected str instance, ${typeName(v)} found`,
  ).locate(at.line, at.col, source);
  return '';
}

/**
 * Output that Jinja2 collects and joins as one text (the template's, a macro's, a `{% set %}` or `{% filter %}`
 * block's body): a piece in it that is not text (see `outputPiece`) fails once `render` is done, unless a
 * `break`/`continue` left the body before Jinja2 would join it.
 */
function joined<T>(render: (f: Frame) => T): (f: Frame) => T {
  return (f) => {
    const run = f.run;
    const outer = run.joinError;
    run.joinError = null;
    const out = render(f);
    const error = run.joinError;
    run.joinError = outer;
    if (error !== null && run.control === Control.None) throw error;
    return out;
  };
}

/** Just the place of a node: closures keep this instead of the node, so the syntax tree can be freed. */
function spanOf(node: ast.Span): ast.Span {
  return { line: node.line, col: node.col };
}

/**
 * The limit a JS RangeError stands for: a string or array past what JS can hold is output that grew too large
 * somewhere no check caught it; anything else is the JS stack running out.
 */
export function rangeLimit(error: RangeError): LimitError {
  return /string length|array length/i.test(error.message)
    ? new LimitError('maxOutputSize', 'the template builds text or a list too large to hold')
    : new LimitError('maxCallDepth', 'the template nests calls too deeply');
}

/** Turns anything thrown below a node into a TemplateError that names the node's place. */
function locate(error: unknown, node: ast.Span, source: string): TemplateError {
  if (error instanceof TemplateError) return error.locate(node.line, node.col, source);
  return asTemplateError(error, 'the engine failed to evaluate this expression').locate(
    node.line,
    node.col,
    source,
  );
}

/**
 * Anything thrown while rendering as a TemplateError: a TemplateError as it is, a RangeError as the limit it
 * stands for, anything else as an InternalError that says `message` and keeps the error as its cause.
 */
export function asTemplateError(error: unknown, message: string): TemplateError {
  if (error instanceof TemplateError) return error;
  if (error instanceof RangeError) return rangeLimit(error);
  const wrapped = new TemplateRuntimeError('InternalError', message);
  wrapped.cause = error;
  return wrapped;
}

function unpack(value: unknown, count: number): unknown[] {
  let items: unknown[];
  try {
    items = iterate(value);
  } catch (error) {
    if (error instanceof TemplateRuntimeError && error.kind === 'TypeError') {
      throw new TemplateRuntimeError('TypeError', `cannot unpack non-iterable ${typeName(value)} object`);
    }
    throw error;
  }
  if (items.length < count) {
    throw new TemplateRuntimeError(
      'ValueError',
      `not enough values to unpack (expected ${count}, got ${items.length})`,
    );
  }
  if (items.length > count) {
    throw new TemplateRuntimeError('ValueError', `too many values to unpack (expected ${count})`);
  }
  return items;
}

/** Runs statements in order, stopping early when a `break`/`continue` is pending. */
function sequence(parts: St[], watchControl: boolean): St {
  if (watchControl) return watchedSequence(parts);
  switch (parts.length) {
    case 0:
      return () => '';
    case 1:
      return parts[0];
    case 2: {
      const [a, b] = parts;
      return (f) => a(f) + b(f);
    }
    case 3: {
      const [a, b, c] = parts;
      return (f) => a(f) + b(f) + c(f);
    }
    case 4: {
      const [a, b, c, d] = parts;
      return (f) => a(f) + b(f) + c(f) + d(f);
    }
    case 5: {
      const [a, b, c, d, e] = parts;
      return (f) => a(f) + b(f) + c(f) + d(f) + e(f);
    }
    case 6: {
      const [a, b, c, d, e, g] = parts;
      return (f) => a(f) + b(f) + c(f) + d(f) + e(f) + g(f);
    }
    case 7: {
      const [a, b, c, d, e, g, h] = parts;
      return (f) => a(f) + b(f) + c(f) + d(f) + e(f) + g(f) + h(f);
    }
    case 8: {
      const [a, b, c, d, e, g, h, k] = parts;
      return (f) => a(f) + b(f) + c(f) + d(f) + e(f) + g(f) + h(f) + k(f);
    }
    default: {
      // Runs of eight, each one closure with its calls written out, then the runs in turn the same way: a loop
      // over the parts calls them all from one site, which V8 cannot inline.
      const runs: St[] = [];
      for (let i = 0; i < parts.length; i += 8) runs.push(sequence(parts.slice(i, i + 8), false));
      return sequence(runs, false);
    }
  }
}

/**
 * Statements in order that stop once a `break`/`continue` is pending: up to three are one closure with their
 * calls written out; more are runs of three, in turn the same way.
 */
function watchedSequence(parts: St[]): St {
  switch (parts.length) {
    case 0:
      return () => '';
    case 1:
      return parts[0];
    case 2: {
      const [a, b] = parts;
      return (f) => {
        const out = a(f);
        return f.run.control !== Control.None ? out : out + b(f);
      };
    }
    case 3: {
      const [a, b, c] = parts;
      return (f) => {
        let out = a(f);
        if (f.run.control !== Control.None) return out;
        out += b(f);
        return f.run.control !== Control.None ? out : out + c(f);
      };
    }
    default: {
      const runs: St[] = [];
      for (let i = 0; i < parts.length; i += 3) runs.push(watchedSequence(parts.slice(i, i + 3)));
      return watchedSequence(runs);
    }
  }
}

/**
 * The read by which `'key' in d` and `d.get('key')` find a literal key in a plain object read from `owner`, or
 * null for `__proto__`, which names the prototype: that key goes the general way.
 */
function ownValueLoad(key: string, owner: string): PropertyLoad | null {
  return key === '__proto__' ? null : propertyLoad(key, owner);
}

/** What a loop at `node` runs over; what `iterate` throws is located at the loop's iterable. */
function loopItems(value: unknown, node: { iter: ast.Span }, source: string): unknown[] {
  try {
    return iterate(value);
  } catch (error) {
    throw locate(error, node.iter, source);
  }
}

/** The `LimitError` of a loop at `node` that would run past the render's iterations. */
function iterationsError(run: Run, node: ast.Span, source: string): LimitError {
  return new LimitError(
    'maxLoopIterations',
    `the render ran more than ${run.limits.maxLoopIterations} loop iterations`,
  ).locate(node.line, node.col, source);
}

/** The dict whose size a loop over `value` must see unchanged: `value` itself, or the dict a view was made from. */
function sizedDict(value: unknown): Record<string, unknown> | Map<unknown, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) return (marksOf(value)?.source as Map<unknown, unknown> | undefined) ?? null;
  return isDict(value) ? (value as Record<string, unknown> | Map<unknown, unknown>) : null;
}

/** How many entries a dict has, as Python counts them. */

/** Python's error for a dict that gained or lost a key while a loop at `node` walked it. */
function changedSizeError(node: ast.Span, source: string): Error {
  return locate(
    new TemplateRuntimeError('RuntimeError', 'dictionary changed size during iteration'),
    node,
    source,
  );
}

/** The `LimitError` of a loop at `node` whose output grew past `maxOutput`. */
function loopOutputError(maxOutput: number, node: ast.Span, source: string): LimitError {
  return new LimitError('maxOutputSize', `the output is longer than ${maxOutput} characters`).locate(
    node.line,
    node.col,
    source,
  );
}

/**
 * True when a `break`/`continue` in these statements belongs to the loop whose body they are. Jinja2 writes a
 * `{% filter %}` or block `{% set %}` body, and an inner loop's `else`, inline in the loop's Python code, so a
 * `break` there leaves the enclosing loop too; a macro, call block or block body is a function of its own.
 */
function containsControl(body: readonly ast.Stmt[]): boolean {
  return body.some((node) => {
    switch (node.type) {
      case 'Break':
      case 'Continue':
        return true;
      case 'If':
        return (
          containsControl(node.body) ||
          node.elif.some((branch) => containsControl(branch.body)) ||
          containsControl(node.else_)
        );
      case 'With':
      case 'FilterBlock':
      case 'AssignBlock':
        return containsControl(node.body);
      case 'For':
        return containsControl(node.else_);
      default:
        return false;
    }
  });
}

/** The text of a variable or a chain of its members by name (`item.status`, `user['tier']`), else null. */
function memberPath(node: ast.Expr): string | null {
  if (node.type === 'Name') return node.name;
  if (node.type === 'Getattr') {
    const object = memberPath(node.node);
    return object === null ? null : `${object}.${node.attr}`;
  }
  if (node.type === 'Getitem' && node.arg.type === 'Const' && typeof node.arg.value === 'string') {
    const object = memberPath(node.node);
    return object === null ? null : `${object}[${JSON.stringify(node.arg.value)}]`;
  }
  return null;
}

/**
 * When every test of an `if`/`elif` chain (two or more) is `subject == literal` for one variable or member path
 * and text or finite number literals, the subject and the literals; else null.
 */
function caseLabels(tests: readonly ast.Expr[]): { subject: ast.Expr; labels: (string | number)[] } | null {
  if (tests.length < 2) return null;
  let path: string | null = null;
  const labels: (string | number)[] = [];
  for (const test of tests) {
    if (test.type !== 'Compare' || test.ops.length !== 1 || test.ops[0].op !== 'eq') return null;
    const literal = test.ops[0].expr;
    if (literal.type !== 'Const') return null;
    const value = literal.value;
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return null;
    const subject = memberPath(test.expr);
    if (subject === null || (path !== null && subject !== path)) return null;
    path = subject;
    labels.push(value);
  }
  return { subject: (tests[0] as ast.Compare).expr, labels };
}

/** `loop.cycle(...)` or `loop.changed(...)` as a direct call on the loop, else null. */
function loopMethodOf(
  callee: ast.Getattr,
  positional: (f: Frame) => unknown[],
  args: readonly Ev[],
): ((loop: LoopContext, f: Frame) => unknown) | null {
  if (callee.node.type !== 'Name' || callee.node.name !== 'loop') return null;
  if (callee.attr === 'cycle') return (loop, f) => loop.cycle(positional(f));
  if (callee.attr !== 'changed') return null;
  if (args.length === 1) {
    // `loop.changed(item.category)`: no list made for the argument while it stays the same.
    const [only] = args;
    return (loop, f) => loop.changedTo(only(f));
  }
  return (loop, f) => loop.changed(positional(f));
}

/**
 * `o.key` as the member read `read` gives it, except that a key a plain object lacks is `undefined` instead of the
 * Undefined the read would make: the members that are only tested (`if item.discount`, `is defined`, `or`,
 * `default`) on data where most items have none. A plain object inherits only functions and its prototype under
 * such keys (`frameMember`), so any other value `load` finds is the object's own.
 */
function memberOrAbsent(o: unknown, key: string, read: MemberAccess, load: PropertyLoad): unknown {
  if (typeof o === 'object' && o !== null) {
    const value = load(o as Record<string, unknown>, key);
    if (value !== NOT_PLAIN && typeof value !== 'function') return value;
  }
  return read(o, key, load);
}

/** A macro's parameters, as `callPlan` binds a call to them. */
interface MacroSignature {
  params: readonly string[];
  firstDefault: number;
  catchesVarargs: boolean;
  kwargsSlot: number;
  readsCaller: boolean;
  /** What each parameter no argument gave holds before the defaults run. */
  unset: readonly unknown[];
  /** Each default that is a literal text, number, bool or None (the same value at every call), else NOT_FIXED. */
  fixedDefaults: readonly unknown[];
}

/** What a call site needs of a macro to bind its arguments itself (`directMacroCall`). */
interface MacroCode {
  newSlots: () => unknown[];
  paramSlots: readonly number[];
  /** Runs a call whose arguments are bound: the frame, the defaults the plan leaves, the body. */
  enterBound(
    run: Run,
    defining: Frame,
    vars: unknown[],
    plan: CallPlan,
    extra: unknown[],
    rest: Kwargs | null,
  ): unknown;
  /** How a call of `given` positional arguments and these keywords binds, or null where `bindCall` must. */
  plan(given: number, keywords: readonly string[]): CallPlan | null;
}

/** How the arguments of one call site bind to one macro's parameters. */
interface CallPlan {
  /** The parameter each keyword gives, or -1 for one that goes to `**kwargs`. */
  keywordParams: readonly number[];
  /** The parameters no argument gives, in order, */
  unsetParams: readonly number[];
  /** and what each holds before the defaults run: Undefined, or its default when that is a literal. */
  unsetValues: readonly unknown[];
  /** The defaults left to run in the macro's frame. */
  defaultsLeft: readonly number[];
  /** Whether some keyword goes to `**kwargs`. */
  restKeywords: boolean;
  /**
   * The keywords that go to `**kwargs`, in the call's order, each holding undefined: a call copies it and fills it,
   * with no new hidden class per key (null when there are none).
   */
  restShape: Kwargs | null;
}

/**
 * How a call binds, as `bindCall` binds it, or null for what it leaves to `bindCall` (errors, `caller=`, a
 * number-like keyword for `**kwargs`, which keeps its place in a Map).
 */
function callPlan(signature: MacroSignature, given: number, keywords: readonly string[]): CallPlan | null {
  const { params, firstDefault, kwargsSlot } = signature;
  if (given > params.length && !signature.catchesVarargs) return null;
  const keywordParams: number[] = [];
  let restKeywords = false;
  for (const key of keywords) {
    if (key === 'caller' && signature.readsCaller) return null;
    const at = params.indexOf(key);
    if (at >= given) keywordParams.push(at);
    else if (kwargsSlot < 0 || isIndexLike(key)) return null;
    else {
      keywordParams.push(-1);
      restKeywords = true;
    }
  }
  const unsetParams: number[] = [];
  const unsetValues: unknown[] = [];
  const defaultsLeft: number[] = [];
  for (let i = given; i < params.length; i++) {
    if (keywordParams.includes(i)) continue;
    unsetParams.push(i);
    const fixed = i < firstDefault ? NOT_FIXED : signature.fixedDefaults[i - firstDefault];
    // A literal default is bound with the arguments while no default that runs comes before it (one that runs
    // may read a later parameter, which must then still be unset).
    if (fixed !== NOT_FIXED && defaultsLeft.length === 0) unsetValues.push(fixed);
    else {
      unsetValues.push(signature.unset[i]);
      if (i >= firstDefault) defaultsLeft.push(i);
    }
  }
  let restShape: Kwargs | null = null;
  if (restKeywords) {
    restShape = {};
    for (let k = 0; k < keywords.length; k++)
      if (keywordParams[k] < 0) setKey(restShape, keywords[k], undefined);
  }
  return { keywordParams, unsetParams, unsetValues, defaultsLeft, restKeywords, restShape };
}

/** The built-in filters that call something for each item when given an argument (`itemFilter`). */
const ITEM_FILTERS = new Set([
  'sum',
  'min',
  'max',
  'sort',
  'unique',
  'groupby',
  'join',
  'map',
  'select',
  'reject',
  'selectattr',
  'rejectattr',
  'dictsort',
]);

/** A plan a call site keeps (see `directMacroCall`). */
interface SitePlan {
  code: MacroCode;
  plan: CallPlan | null;
  /** The plan as the written-out closures bind by, when they can. */
  bound: BoundSite | null;
}

/** A plan the written-out closures of `directMacroCall` bind by: the slot of each argument, positional first. */
interface BoundSite {
  code: MacroCode;
  plan: CallPlan;
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

/** Most plans one call site keeps. */
const SITE_PLANS = 8;

/** A default that is not a literal of an unchanging value (see `MacroSignature.fixedDefaults`). */
const NOT_FIXED: unique symbol = Symbol('not fixed');

/**
 * `name(args, key=value)`, where the name is often a macro of the template: its arguments go straight into the
 * macro's variables, by a plan made once for the macro the call site meets (an inline cache), with no list of
 * arguments, keyword record or binding loop per call (a call with keywords and defaults: 160 -> 72 ns; one that
 * catches varargs and kwargs: 380 -> 230 ns). Anything else (another callable, or a macro the plan leaves to
 * `bindCall`) is called as usual.
 *
 * A call of up to four arguments that all go to parameters (no `varargs`, no `**kwargs`), the usual one, runs
 * in a closure written out for its number of arguments, each bound to a slot the cache holds: the general
 * closure's loops took V8's inlining budget, and a macro of one argument cost 35 ns a call against 22.
 */
function directMacroCall(
  fn: Ev,
  args: readonly Ev[],
  names: readonly string[],
  values: readonly Ev[],
  positional: (f: Frame) => unknown[],
  keywords: (f: Frame) => Kwargs,
  at: ast.Span,
  source: string,
): Ev {
  const given = args.length;
  /**
   * The plans made at this site, each with its macro and the slots it binds the arguments to (null where the
   * written-out closures cannot bind it). A site may meet several macros in turn: the `caller()` in a macro that
   * two call blocks call meets each block's body at every item, and planned each again (two nested call blocks of
   * one macro: 9.2 µs a render for 30 items, against 0.6 µs hand-written).
   */
  const plans: SitePlan[] = [];
  const planOf = (code: MacroCode): SitePlan => {
    for (let i = 0; i < plans.length; i++) if (plans[i].code === code) return plans[i];
    const plan = code.plan(given, names);
    const slots = code.paramSlots;
    let bound: BoundSite | null = null;
    if (plan !== null && !plan.restKeywords && given <= slots.length) {
      const [t0 = -1, t1 = -1, t2 = -1, t3 = -1] = [
        ...slots.slice(0, given),
        ...plan.keywordParams.map((param) => slots[param]),
      ];
      bound = { code, plan, t0, t1, t2, t3 };
    }
    const entry: SitePlan = { code, plan, bound };
    // Enough for any site met in a template; past that, a macro is planned at each call (still rightly).
    if (plans.length < SITE_PLANS) plans.push(entry);
    return entry;
  };
  /** Any call of this site's callee, planned or not. */
  const call = (f: Frame, callee: unknown): unknown => {
    if (callee instanceof PyCallable && callee.macro !== undefined) {
      const code = callee.macro as MacroCode;
      const found = planOf(code).plan;
      if (found !== null) {
        const vars = code.newSlots();
        const slots = code.paramSlots;
        const count = slots.length;
        let extra: unknown[] = NO_ARGS;
        for (let i = 0; i < given; i++) {
          const value = args[i](f);
          if (i < count) vars[slots[i]] = value;
          else {
            if (extra === NO_ARGS) extra = [];
            extra.push(value);
          }
        }
        const rest: Kwargs | null = found.restShape === null ? null : { ...found.restShape };
        const keywordParams = found.keywordParams;
        for (let k = 0; k < names.length; k++) {
          const value = values[k](f);
          const param = keywordParams[k];
          if (param >= 0) vars[slots[param]] = value;
          else setKey(rest as Kwargs, names[k], value);
        }
        return code.enterBound(f.run as Run, callee.defining as Frame, vars, found, extra, rest);
      }
    }
    return invoke(f.run, callee, positional(f), keywords(f));
  };
  const evs = [...args, ...values];
  if (evs.length > 4) {
    return (f) => {
      try {
        return call(f, fn(f));
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  // The macro whose plan the written-out closures bind by, and the slot of each argument.
  let bound: MacroCode | null = null;
  let boundPlan: CallPlan | null = null;
  let t0 = -1;
  let t1 = -1;
  let t2 = -1;
  let t3 = -1;
  /** A call of a callee other than the bound macro: binds to it when it can, else calls it as `call` does. */
  const other = (f: Frame, callee: unknown): unknown => {
    if (callee instanceof PyCallable && callee.macro !== undefined) {
      // From the plans kept: a macro this closure cannot bind (one taking `**kwargs` here) is not planned again
      // at every call, nor one met in turn with another.
      const site = planOf(callee.macro as MacroCode).bound;
      if (site !== null) {
        ({ t0, t1, t2, t3 } = site);
        bound = site.code;
        boundPlan = site.plan;
        return fixed(f);
      }
    }
    return call(f, callee);
  };
  const enter = (f: Frame, callee: PyCallable, vars: unknown[]): unknown =>
    (bound as MacroCode).enterBound(
      f.run as Run,
      callee.defining as Frame,
      vars,
      boundPlan as CallPlan,
      NO_ARGS,
      null,
    );
  const [e0, e1, e2, e3] = evs;
  let fixed: Ev;
  switch (evs.length) {
    case 0:
      fixed = (f) => {
        try {
          const callee = fn(f);
          if (callee instanceof PyCallable && callee.macro === bound)
            return enter(f, callee, (bound as MacroCode).newSlots());
          return other(f, callee);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
      break;
    case 1:
      fixed = (f) => {
        try {
          const callee = fn(f);
          if (callee instanceof PyCallable && callee.macro === bound) {
            const vars = (bound as MacroCode).newSlots();
            vars[t0] = e0(f);
            return enter(f, callee, vars);
          }
          return other(f, callee);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
      break;
    case 2:
      fixed = (f) => {
        try {
          const callee = fn(f);
          if (callee instanceof PyCallable && callee.macro === bound) {
            const vars = (bound as MacroCode).newSlots();
            vars[t0] = e0(f);
            vars[t1] = e1(f);
            return enter(f, callee, vars);
          }
          return other(f, callee);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
      break;
    case 3:
      fixed = (f) => {
        try {
          const callee = fn(f);
          if (callee instanceof PyCallable && callee.macro === bound) {
            const vars = (bound as MacroCode).newSlots();
            vars[t0] = e0(f);
            vars[t1] = e1(f);
            vars[t2] = e2(f);
            return enter(f, callee, vars);
          }
          return other(f, callee);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
      break;
    default:
      fixed = (f) => {
        try {
          const callee = fn(f);
          if (callee instanceof PyCallable && callee.macro === bound) {
            const vars = (bound as MacroCode).newSlots();
            vars[t0] = e0(f);
            vars[t1] = e1(f);
            vars[t2] = e2(f);
            vars[t3] = e3(f);
            return enter(f, callee, vars);
          }
          return other(f, callee);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
  }
  return fixed;
}

/**
 * The error of a macro call past `maxCallDepth`. A call counts itself out of `run.depth` only when it returns: an
 * error ends the render (no template catches one, and each render has a `Run` of its own), so a call needs no
 * `finally`, whose cost V8 charged to every call.
 */
function callsTooDeep(run: Run): LimitError {
  return new LimitError('maxCallDepth', `macro calls nest deeper than ${run.limits.maxCallDepth}`);
}

/** No arguments past a macro's parameters (never changed: `extra` is replaced before a push). */
const NO_ARGS: unknown[] = [];

/**
 * The keywords written out in a call, with a `{% call %}` block's body after them as `caller` when there is one: a
 * record of one shape, made as `keywordsOf` makes it. (Spreading the keywords into a record with `caller` added
 * made a slow-mode object, which binding then listed in 400-500 ns.) A call block that names `caller` itself is
 * Python's "keyword argument repeated", which the compile fails with once the template is compiled.
 */
function keywordsWithCaller(
  names: readonly string[],
  values: readonly Ev[],
  caller: ((f: Frame) => unknown) | null,
): (f: Frame) => Kwargs {
  return caller === null ? keywordsOf(names, values) : keywordsOf([...names, 'caller'], [...values, caller]);
}

/**
 * The keyword arguments of a call whose keywords are all written out: none is the shared `NO_KWARGS`, up to three
 * are set with their calls written out.
 */
function keywordsOf(names: readonly string[], values: readonly Ev[]): (f: Frame) => Kwargs {
  if (names.length === 0) return () => NO_KWARGS;
  // `__proto__` must become an own key (setKey); any other name is set as it is.
  if (names.length > 3 || names.includes('__proto__')) {
    return (f) => {
      const out: Kwargs = {};
      for (let i = 0; i < names.length; i++) setKey(out, names[i], values[i](f));
      return out;
    };
  }
  const [n0, n1, n2] = names;
  const [v0, v1, v2] = values;
  // Each record is a copy of one made with the keys already in place: V8 copies its shape, and the stores below
  // change properties rather than add them (adding properties by computed name is slow once its site has seen
  // many names).
  const shape: Kwargs = Object.fromEntries(names.map((name) => [name, undefined]));
  if (names.length === 1) {
    return (f) => {
      const out: Kwargs = { ...shape };
      out[n0] = v0(f);
      return out;
    };
  }
  if (names.length === 2) {
    return (f) => {
      const out: Kwargs = { ...shape };
      out[n0] = v0(f);
      out[n1] = v1(f);
      return out;
    };
  }
  return (f) => {
    const out: Kwargs = { ...shape };
    out[n0] = v0(f);
    out[n1] = v1(f);
    out[n2] = v2(f);
    return out;
  };
}

/**
 * The limits constant expressions are folded within: nothing one builds may pass `FOLDED_SIZE`, and all the folds
 * of a template share a few milliseconds. Folding runs no loop, so a render's loop iterations are not changed.
 */
const FOLD_LIMITS: Limits = Object.freeze({ ...DEFAULT_LIMITS, maxOutputSize: FOLDED_SIZE, timeoutMs: 25 });

/** The arguments `*value` passes: any iterable (an Undefined is empty), else Python's TypeError. */
function starArguments(value: unknown): unknown[] {
  const iterable =
    typeof value === 'string' ||
    Array.isArray(value) ||
    isDict(value) ||
    value instanceof Undefined ||
    value instanceof Markup;
  if (!iterable)
    throw new TemplateRuntimeError('TypeError', `Value after * must be an iterable, not ${typeName(value)}`);
  return iterate(value);
}

/** The keywords `**value` passes: a mapping with string keys, else Python's TypeError. */
function starStarArguments(value: unknown): [string, unknown][] {
  // Python asks the value for `keys` first, which an Undefined refuses.
  if (value instanceof Undefined) throw undefinedError(value);
  if (!isDict(value)) {
    throw new TemplateRuntimeError(
      'TypeError',
      `argument after ** must be a mapping, not ${typeName(value)}`,
    );
  }
  return dictEntries(value).map(([k, v]) => {
    const key = textOf(k);
    if (key === undefined) throw new TemplateRuntimeError('TypeError', 'keywords must be strings');
    return [key, v];
  });
}

/** An unknown filter or test reached at run time: its value is computed first, then `fail` runs. */
function unknownAfter(value: Ev, fail: Ev): Ev {
  return (f) => {
    value(f);
    return fail(f);
  };
}

/** `caller` in a macro called without a call block: a new Undefined each time, as Jinja2 makes one. */
const noCaller = (): Undefined => new Undefined('caller', NO_OBJECT, 'No caller defined');

/** A loop's `if` filter: given the frame around the loop, tells whether an item is kept. */
type LoopFilter = (f: Frame) => (item: unknown) => boolean;

/** A loop's `if` filter: binds an item into the test's slots, then tests it in a frame of those slots. */
interface LoopFilterParts {
  bind: (vars: unknown[], value: unknown) => void;
  keep: Cond;
  /** How many slots the test's frame has, and what makes them. */
  size: number;
  newSlots: () => unknown[];
}

/** The filter as `forLoop` uses it: a frame for the loop's run, then a test of each item in it. */
function loopFilterOf({ bind, keep, newSlots }: LoopFilterParts): LoopFilter {
  return (f) => {
    const vars = newSlots();
    const frame = new Frame(vars, f, f.run);
    return (item) => {
      bind(vars, item);
      return keep(frame);
    };
  };
}

/** True for `namespace(...)`, a call of the name (whatever value it has when the template runs). */
function isNamespaceCall(node: ast.Expr): boolean {
  return node.type === 'Call' && node.node.type === 'Name' && node.node.name === 'namespace';
}

/** Compiles a parsed template into closures. Filters and tests are looked up here, once. */
export class Compiler {
  private readonly free = new Set<string>();
  private readonly whole = new Set<string>();
  private readonly members = new Map<string, Set<string>>();
  /**
   * Inside `if` branches and conditional expressions an unknown filter fails only when it runs, as in Jinja2; a
   * frame of its own inside them (see `framed`) is not soft again.
   */
  private soft = 0;
  /** Loop bodies being compiled that contain `break`/`continue`. */
  private watchControl = false;
  /** Names a `{% set name = namespace(...) %}` compiled so far assigns: their attributes are read namespace first. */
  private readonly namespaceNames = new Set<string>();
  /** The variables whose namespaces live in slots, with their attributes (see slot-namespaces.ts). */
  private inSlots: ReadonlyMap<string, readonly string[]> = new Map();
  /** `slotPlaces`' answers, per scope and name: each is found once, however many times the attributes are used. */
  private readonly placesByScope = new WeakMap<Scope, Map<string, SlotPlaces | null>>();
  /** The compiled literals and their values, for callers that can use the value instead of the closure. */
  private readonly constants = new Map<Ev, unknown>();
  /** The copy of the call closures (call-copies.ts) each filter and test of the template calls through. */
  private readonly callCopies = new Map<unknown, number>();
  /** Folds constant expressions as Jinja2 does while compiling (see `fold.ts`). */
  private readonly folder: ConstantFolder;
  /** Whether the template has a piece of output that may not be text, whose error waits for a join (`joined`). */
  private piecesJoined = false;
  /** The nodes Jinja2 folds to a constant: it generates no code for them, which Python then never checks. */
  private readonly foldedNodes = new Set<ast.Expr>();
  /** Each loop that assigns to `loop` inside it, with the first such name (see `loopAssignments`). */
  private loopAssignments = new Map<ast.For, ast.Name>();
  /** Whether nothing the template does can change a list or dict (see unchanging.ts): its literals are shared. */
  private unchanging = false;
  /** The names the template gives a loop's `loop` by `{% set outer = loop %}` (see `loopAliases`). */
  private loopAliases: ReadonlySet<string> = new Set();
  /** The name of the block being compiled, for `super()`; null outside blocks. */
  private blockName: string | null = null;
  /** Whether the template reads `self`, whose blocks are then compiled to render from the top frame too. */
  private readsSelf = false;
  /** Each block of the template by name, rendered from the template's top frame (for `self.name()`). */
  private readonly blockBodies = new Map<string, St>();
  /** The loops whose body may change a dict's size, in a template that names such a method: they watch the dict. */
  private resizingLoops = new Set<ast.For>();
  /** Whether the template may add keys to a dict, so its dict literals are Maps (see `addsDictKeys`). */
  private keyedDicts = false;
  /** The names only ever subscripted (see `subscriptedOnly`). */
  private subscripted = new Set<string>();
  /** Set while the folder evaluates a node, whose operands are constants already. */
  private folding = false;
  /** The render folding evaluates in: no variables, limits of its own. */
  private foldRun: Run | null = null;
  private readonly foldScope = new Scope(null);
  /** Loops compiled so far. */
  private loops = 0;
  /** The chains of item filters, and filters calling something per item, compiled so far (see `itemChain`). */
  private chains = 0;
  /** This template's mark for `propertyLoad` (see `templateMark`). */
  private readonly template: string;
  /** How the filters this template prepares read attribute paths (see `ownKeyReaders`). */
  private readonly keyReaders: KeyReaderMaker;

  constructor(
    private readonly registry: Registry,
    private readonly source: string,
    /**
     * Another copy of the compiler's code for each loop, as the prototype of its `Compiler` (see code-copies.ts),
     * or undefined when none can be had; null compiles every loop with this code.
     */
    private readonly loopCode: (() => object | undefined) | null = null,
  ) {
    this.template = templateMark(source);
    this.keyReaders = ownKeyReaders(`${this.template}\0attribute=`);
    this.foldScope.analyze({});
    this.folder = new ConstantFolder(
      (node) => this.evaluateConstant(node),
      (kind, name) => {
        if (kind === 'test') return registry.tests.get(name) === builtinTests.get(name);
        const spec = registry.filters.get(name);
        return (
          spec === builtinFilters.get(name) && spec !== serviceFilters.get(name) && !CONTEXT_FILTERS.has(name)
        );
      },
    );
  }

  /** Whose reads `propertyLoad` tells apart: this template's, of the object `node` names (see `ownerHint`). */
  private owner(node: ast.Expr): string {
    return `${this.template}\0${ownerHint(node)}`;
  }

  /** Compiles the whole template. */
  compile(template: ast.TemplateNode): Program {
    this.inSlots = slotNamespaces(template);
    this.loopAliases = loopAliases(template);
    this.loopAssignments = loopAssignments(template);
    this.subscripted = subscriptedOnly(template);
    this.keyedDicts = addsDictKeys(template);
    this.resizingLoops = namesMethods(template, RESIZING_METHODS)
      ? loopsThatMayCall(template, RESIZING_METHODS)
      : new Set();
    this.unchanging = changesNothing(template, (kind, name) =>
      kind === 'filter'
        ? this.registry.filters.get(name) === builtinFilters.get(name)
        : this.registry.tests.get(name) === builtinTests.get(name),
    );
    this.piecesJoined = hasUntextedPieces(template);
    const scope = new Scope(null);
    scope.analyze({ body: template.body });
    scope.declareAssigned(this.inSlots);
    const body = this.joinedWhereNeeded(this.statements(template.body, scope));
    if (this.readsSelf) {
      // Each block again, as a body of the template's own scope, the first of each name.
      for (const block of blocksOf(template)) {
        if (!this.blockBodies.has(block.name)) {
          this.blockName = block.name;
          this.blockBodies.set(block.name, this.scopedBody(block.body, scope, { detached: true }));
          this.blockName = null;
        }
      }
    }
    // Python compiles the code Jinja2 generated once all of it is made, after Jinja2's own errors.
    const problem = pythonCompileError(template, this.source, this.foldedNodes);
    if (problem !== null) throw problem;
    this.foldedNodes.clear();
    // A closure that keeps the compiler alive would keep this table of every node too.
    this.folder.forget();
    this.foldRun = null;
    const newSlots = slotsMaker(scope.size);
    // Globals (`range`, `namespace`, ...) are not data a caller would supply, so they are left out.
    const data = (name: string) => !GLOBALS.has(name) && name !== 'self';
    const names: TemplateNames = {
      variables: [...this.free].filter(data),
      members: Object.fromEntries([...this.members].filter(([k]) => data(k)).map(([k, v]) => [k, [...v]])),
      wholeVariables: [...this.whole].filter(data),
    };
    return {
      names,
      run: (run) => body(new Frame(newSlots(), null, run)),
    };
  }

  private fail(message: string, node: ast.Span): never {
    throw new TemplateSyntaxError(message, node.line, node.col).locate(node.line, node.col, this.source);
  }

  /** Fails as Jinja2's code generator does, with a `TemplateAssertionError`. */
  private failAssertion(message: string, node: ast.Span): never {
    throw new TemplateAssertionError(message, node.line, node.col).locate(node.line, node.col, this.source);
  }

  // ---------------------------------------------------------------- statements

  /**
   * The texts the branches of an `if` and its `else` print when each is only text (`{% if n == 1 %}item{% else
   * %}items{% endif %}`, with the text around it moved in), else null: the `if` then picks the text without
   * calling the branch.
   */
  private branchTexts(
    bodies: ReadonlyArray<readonly ast.Stmt[]>,
    otherwise: readonly ast.Stmt[],
  ): BranchTexts | null {
    const other = this.onlyText(otherwise);
    if (other === undefined) return null;
    const texts: string[] = [];
    for (const body of bodies) {
      const text = this.onlyText(body);
      if (text === undefined) return null;
      texts.push(text);
    }
    return { texts, otherwise: other };
  }

  private statements(body: readonly ast.Stmt[], scope: Scope): St {
    const parts: St[] = [];
    for (const node of moveTextIntoBranches(body)) parts.push(this.statement(node, scope));
    return sequence(parts, this.watchControl);
  }

  private statement(node: ast.Stmt, scope: Scope): St {
    switch (node.type) {
      case 'Output':
        return this.output(node, scope);
      case 'If':
        return this.ifStatement(node, scope);
      case 'For':
        // The first loop keeps the template's code: a template of one loop takes one copy.
        return this.loopCode === null || this.loops++ === 0
          ? this.forLoop(node, scope)
          : this.withCodeOf(this.loopCode(), node, scope);
      case 'Assign':
        return this.assign(node, scope);
      case 'AssignBlock':
        return this.assignBlock(node, scope);
      case 'Macro':
        return this.macro(node, scope);
      case 'CallBlock':
        return this.callBlock(node, scope);
      case 'FilterBlock':
        return this.filterBlock(node, scope);
      case 'With':
        return this.withBlock(node, scope);
      case 'Block':
        return this.block(node, scope);
      case 'Break':
        return (f) => {
          f.run.control = Control.Break;
          return '';
        };
      case 'Continue':
        return (f) => {
          f.run.control = Control.Continue;
          return '';
        };
      case 'Cycle':
        return this.cycle(node, scope);
      case 'NotSend':
        return this.notSend(node, scope);
    }
  }

  private output(node: ast.Output, scope: Scope): St {
    // Text between expressions, joined at compile time: statics[i] comes before expressions[i].
    const statics: string[] = [''];
    const expressions: Ev[] = [];
    const spans: ast.Span[] = [];
    for (const child of node.nodes) {
      const text = child.type === 'TemplateData' ? child.data : this.constantText(child);
      if (text !== undefined) statics[statics.length - 1] += text;
      else {
        expressions.push(this.printed(child as ast.Expr, scope));
        spans.push(spanOf(child));
        statics.push('');
      }
    }
    const source = this.source;
    if (expressions.length === 0) {
      const text = statics[0];
      return () => text;
    }
    if (expressions.length === 1) {
      const [before, after] = statics;
      const [expression] = expressions;
      const [span] = spans;
      // Without text on one side or both, no concatenation with an empty string.
      if (before === '') {
        if (after === '') {
          return (f) => {
            try {
              return toText(expression(f));
            } catch (error) {
              throw locate(error, span, source);
            }
          };
        }
        return (f) => {
          try {
            return toText(expression(f)) + after;
          } catch (error) {
            throw locate(error, span, source);
          }
        };
      }
      return (f) => {
        try {
          return before + toText(expression(f)) + after;
        } catch (error) {
          throw locate(error, span, source);
        }
      };
    }
    // More expressions: runs of up to three, each one closure with its calls written out (a loop over the
    // expressions calls them from one site, which V8 cannot inline: 2.5x slower on `{{ a }}{{ b }}`).
    const runs: St[] = [];
    for (let start = 0; start < expressions.length; start += 3) {
      const end = Math.min(start + 3, expressions.length);
      runs.push(
        this.outputRun(
          statics.slice(start, end + 1).map((text, i) => (i === 0 && start > 0 ? '' : text)),
          expressions.slice(start, end),
          spans.slice(start, end),
        ),
      );
    }
    return sequence(runs, false);
  }

  /** Up to three expressions of an output with the text around them: `statics[i]` comes before `expressions[i]`. */
  private outputRun(statics: string[], expressions: Ev[], spans: ast.Span[]): St {
    const source = this.source;
    const [s0, s1, s2, s3] = statics;
    const [e0, e1, e2] = expressions;
    const fail = (error: unknown, at: number): never => {
      throw locate(error, spans[at], source);
    };
    if (expressions.length === 1) {
      return (f) => {
        try {
          return s0 + toText(e0(f)) + s1;
        } catch (error) {
          return fail(error, 0);
        }
      };
    }
    if (expressions.length === 2) {
      return (f) => {
        let at = 0;
        try {
          const a = toText(e0(f));
          at = 1;
          return s0 + a + s1 + toText(e1(f)) + s2;
        } catch (error) {
          return fail(error, at);
        }
      };
    }
    return (f) => {
      let at = 0;
      try {
        const a = toText(e0(f));
        at = 1;
        const b = toText(e1(f));
        at = 2;
        return s0 + a + s1 + b + s2 + toText(e2(f)) + s3;
      } catch (error) {
        return fail(error, at);
      }
    };
  }

  /** The text of an output that is a plain string literal, joined with the template text at compile time. */
  private constantText(node: ast.Expr): string | undefined {
    return node.type === 'Const' && typeof node.value === 'string' ? node.value : undefined;
  }

  /**
   * An expression printed by `{{ }}`. Like Jinja2's `Output`, it prints any value the expression folds to, not only
   * those `safeRepr` accepts (`{{ 5[1:] }}` folds to an Undefined, so prints nothing).
   */
  private printed(node: ast.Expr, scope: Scope): Ev {
    // `{{ x|safe }}` and `{{ x|string }}` print what `{{ x }}` prints, `str(x)`: output is never escaped here, so
    // the Markup they make would only be made and read back.
    if (
      node.type === 'Filter' &&
      (node.name === 'safe' || node.name === 'string') &&
      node.node !== null &&
      isBareFilter(node) &&
      this.registry.filters.get(node.name) === builtinFilters.get(node.name)
    ) {
      return this.printed(node.node, scope);
    }
    const folded = this.folder.valueOf(node);
    // Jinja2 prints the value an output folds to, however large.
    if (folded !== null) this.foldedNodes.add(node);
    if (folded === null || !smallValue(folded.value)) return this.expression(node, scope);
    const slow = this.softExpression(node, scope, false);
    try {
      return this.foldedConstant(toText(folded.value), slow);
    } catch {
      return slow;
    }
  }

  /**
   * Evaluates a node whose operands are `Const` nodes, for the folder: compiled with folding off, run in a render
   * of its own whose small limits bound what a fold may build or spend (a larger value is left to the render, and
   * to its limits).
   */
  private evaluateConstant(node: ast.Expr): unknown {
    if (this.foldRun === null) {
      // One time limit for all the folds of a template: a template of many costly constants compiles as quickly as
      // one of a few, leaving the rest to the render.
      this.foldRun = new Run({}, FOLD_LIMITS, this.registry, () => new Date());
      this.foldRun.deadline = Date.now() + FOLD_LIMITS.timeoutMs;
    }
    const run = this.foldRun;
    run.depth = 0;
    this.folding = true;
    this.soft++;
    // Work counted on the running render (`spendRunning`) counts on this one, and its time limit.
    const outer = enterRender(run);
    try {
      return this.compileExpression(node, this.foldScope)(new Frame([], null, run));
    } finally {
      leaveRender(outer);
      this.folding = false;
      this.soft--;
    }
  }

  /** A compiled constant, recorded for callers that can use the value instead of the closure. */
  private constant(value: unknown): Ev {
    const ev = () => value;
    this.constants.set(ev, value);
    return ev;
  }

  /**
   * A folded value (or truth), or what `slow` evaluates in a render whose `maxOutputSize` is below what folding
   * allowed itself. A number's value is recorded as a literal's is; a string's is not, since a caller using it
   * would skip that check.
   */
  private foldedConstant<T>(value: T, slow: (f: Frame) => T): (f: Frame) => T {
    const ev = (f: Frame) => (f.run.limits.maxOutputSize >= FOLDED_SIZE ? value : slow(f));
    if (typeof value === 'number' || typeof value === 'boolean' || value === null)
      this.constants.set(ev, value);
    return ev;
  }

  /**
   * A list or dict literal of texts and numbers that is only subscripted (`{...}[key]`, or a `{% set %}` of a name
   * `subscriptedOnly` found), as one object for every render instead of a copy per evaluation (a table of labels
   * looked up once per message: a copy of four entries cost more than the lookup); null for anything else.
   */
  private lookupLiteral(node: ast.Expr, scope: Scope): Ev | null {
    // In a template that changes nothing, `expression` shares every folded literal already.
    if (this.unchanging || (node.type !== 'Dict' && node.type !== 'List')) return null;
    // Every item a value Jinja2 writes as it is (as `assignedValue` asks of a dict a `{% set %}` assigns).
    const written = (item: ast.Expr) => {
      const value = this.folder.valueOf(item);
      return value !== null && safeRepr(value.value);
    };
    const items = node.type === 'List' ? node.items : node.items.flatMap((pair) => [pair.key, pair.value]);
    if (!items.every(written)) return null;
    const folded = this.folder.valueOf(node);
    if (
      folded === null ||
      !safeRepr(folded.value) ||
      !smallValue(folded.value) ||
      !flatConstants(folded.value)
    )
      return null;
    this.foldedNodes.add(node);
    return this.foldedConstant(folded.value, this.softExpression(node, scope, true));
  }

  private guarded(at: ast.Span, ev: Ev): Ev {
    const node = spanOf(at);
    const source = this.source;
    return (f) => {
      try {
        return ev(f);
      } catch (error) {
        throw locate(error, node, source);
      }
    };
  }

  private ifStatement(node: ast.If, scope: Scope): St {
    this.soft++;
    // `if`/`elif`/`elif`... as one list of tests and bodies. A branch may not run: what it assigns counts as
    // assigned inside it only.
    const branches = [node, ...node.elif];
    const cases = caseLabels(branches.map((branch) => branch.test));
    const assigned = scope.assigned;
    if (cases !== null) {
      const subject = this.expression(cases.subject, scope);
      const bodies = branches.map((branch) => {
        scope.assigned = new Set(assigned);
        return this.statements(branch.body, scope);
      });
      scope.assigned = new Set(assigned);
      const otherwise = this.statements(node.else_, scope);
      scope.assigned = assigned;
      this.soft--;
      const printed = this.branchTexts(
        branches.map((branch) => branch.body),
        node.else_,
      );
      return this.caseBranches(subject, cases.labels, bodies, otherwise, node.testAt ?? node.test, printed);
    }
    const tests: Cond[] = [];
    const bodies: St[] = [];
    const spans: ast.Span[] = [];
    for (const branch of branches) {
      tests.push(this.condition(branch.test, scope));
      spans.push(branch.testAt ?? branch.test);
      scope.assigned = new Set(assigned);
      bodies.push(this.statements(branch.body, scope));
    }
    scope.assigned = new Set(assigned);
    const otherwise = this.statements(node.else_, scope);
    scope.assigned = assigned;
    this.soft--;
    const printed = this.branchTexts(
      branches.map((branch) => branch.body),
      node.else_,
    );
    return this.branches(tests, bodies, spans.map(spanOf), otherwise, printed);
  }

  /**
   * The first test that holds picks its body, else `otherwise` runs; what a test throws is located at it. Up to
   * three tests are one closure with their calls written out; a longer chain continues in its `otherwise`.
   */
  private branches(
    tests: Cond[],
    bodies: St[],
    spans: ast.Span[],
    otherwise: St,
    printed: BranchTexts | null,
  ): St {
    const source = this.source;
    if (tests.length > 3) {
      const rest = this.branches(
        tests.slice(3),
        bodies.slice(3),
        spans.slice(3),
        otherwise,
        printed === null ? null : { texts: printed.texts.slice(3), otherwise: printed.otherwise },
      );
      return this.branches(tests.slice(0, 3), bodies.slice(0, 3), spans.slice(0, 3), rest, null);
    }
    const [t0, t1, t2] = tests;
    const [b0, b1, b2] = bodies;
    const fail = (error: unknown, at: number): never => {
      throw locate(error, spans[at], source);
    };
    if (printed !== null) {
      const [x0, x1, x2] = printed.texts;
      const other = printed.otherwise;
      if (tests.length === 1) {
        return (f) => {
          try {
            return t0(f) ? x0 : other;
          } catch (error) {
            return fail(error, 0);
          }
        };
      }
      if (tests.length === 2) {
        return (f) => {
          let at = 0;
          try {
            if (t0(f)) return x0;
            at = 1;
            return t1(f) ? x1 : other;
          } catch (error) {
            return fail(error, at);
          }
        };
      }
      return (f) => {
        let at = 0;
        try {
          if (t0(f)) return x0;
          at = 1;
          if (t1(f)) return x1;
          at = 2;
          return t2(f) ? x2 : other;
        } catch (error) {
          return fail(error, at);
        }
      };
    }
    if (tests.length === 1) {
      return (f) => {
        let holds: boolean;
        try {
          holds = t0(f);
        } catch (error) {
          return fail(error, 0);
        }
        return holds ? b0(f) : otherwise(f);
      };
    }
    if (tests.length === 2) {
      return (f) => {
        let at = 0;
        let pick: St;
        try {
          if (t0(f)) pick = b0;
          else {
            at = 1;
            pick = t1(f) ? b1 : otherwise;
          }
        } catch (error) {
          return fail(error, at);
        }
        return pick(f);
      };
    }
    return (f) => {
      let at = 0;
      let pick: St;
      try {
        if (t0(f)) pick = b0;
        else {
          at = 1;
          if (t1(f)) pick = b1;
          else {
            at = 2;
            pick = t2(f) ? b2 : otherwise;
          }
        }
      } catch (error) {
        return fail(error, at);
      }
      return pick(f);
    };
  }

  /**
   * An `if`/`elif` chain testing one variable or member against text and number literals
   * (`{% if item.status == 'shipped' %}...{% elif item.status == 'processing' %}`), as Python runs it: the subject
   * read once (reading it again gives the same value and cannot fail where the first read did not) and the first
   * branch whose literal it equals picked, by a table for text, numbers and booleans (`True == 1`); any other value
   * is compared with each literal in turn.
   */
  private caseBranches(
    subject: Ev,
    labels: readonly (string | number)[],
    bodies: St[],
    otherwise: St,
    at: ast.Span,
    printed: BranchTexts | null,
  ): St {
    const texts = new Map<string, number>();
    const numbers = new Map<number, number>();
    labels.forEach((label, i) => {
      if (typeof label === 'string') {
        if (!texts.has(label)) texts.set(label, i);
      } else if (!numbers.has(label)) numbers.set(label, i);
    });
    const node = spanOf(at);
    const source = this.source;
    const textTable = new TextTable(texts);
    /** The branch the subject's value picks, -1 for none. */
    const pickOf = (f: Frame): number => {
      let v: unknown;
      try {
        v = subject(f);
      } catch (error) {
        throw locate(error, node, source);
      }
      let pick: number | undefined;
      if (typeof v === 'string') pick = textTable.get(v);
      else if (typeof v === 'number') pick = numbers.get(v);
      else if (typeof v === 'boolean') pick = numbers.get(v ? 1 : 0);
      else if (v instanceof Markup) pick = textTable.get(v.value);
      else pick = labels.findIndex((label) => eq(v, label));
      return pick ?? -1;
    };
    if (printed !== null) {
      const { texts: each, otherwise: other } = printed;
      return (f) => {
        const pick = pickOf(f);
        return pick < 0 ? other : each[pick];
      };
    }
    return (f) => {
      const pick = pickOf(f);
      return pick < 0 ? otherwise(f) : bodies[pick](f);
    };
  }

  /**
   * Compiles an expression whose truth is all that is wanted (`if`, `elif`, a loop's `if`, `x if c`): a
   * comparison, `not`, `and` and `or` of such give booleans without going through `truthy`.
   */
  private condition(node: ast.Expr, scope: Scope): Cond {
    const folded = this.folding ? null : this.folder.valueOf(node);
    if (folded !== null && safeRepr(folded.value)) this.foldedNodes.add(node);
    // A large value is left to the render, unfolded (`smallValue`, checked first: it stops early).
    if (folded === null || !smallValue(folded.value) || !safeRepr(folded.value))
      return this.conditionOf(node, scope);
    this.soft++;
    let slow: Cond;
    try {
      slow = this.conditionOf(node, scope);
    } finally {
      this.soft--;
    }
    return this.foldedConstant(truthy(folded.value), slow);
  }

  private conditionOf(node: ast.Expr, scope: Scope): Cond {
    switch (node.type) {
      case 'Compare':
        return this.compare(node, scope);
      case 'UnaryOp':
        if (node.op === 'not') {
          const operand = this.condition(node.node, scope);
          return (f) => !operand(f);
        }
        break;
      case 'And': {
        const left = this.condition(node.left, scope);
        const right = this.condition(node.right, scope);
        return (f) => left(f) && right(f);
      }
      case 'Or': {
        const left = this.condition(node.left, scope);
        const right = this.condition(node.right, scope);
        return (f) => left(f) || right(f);
      }
      case 'Test': {
        const comparison = this.comparisonTest(node);
        if (comparison !== null) return this.compare(comparison, scope);
        const defined = this.memberDefined(node, scope) ?? this.presenceTest(node, scope);
        if (defined !== null) return defined;
        break;
      }
      default:
        break;
    }
    const member = this.memberTruth(node, scope) ?? this.loopTruth(node, scope);
    if (member !== null) return member;
    const ev = this.expression(node, scope);
    return (f) => truthy(ev(f));
  }

  /**
   * The truth of `item.key` or `item['key']` for a variable of this frame's, without making the Undefined a
   * missing key reads as (it is false): `{% if item.discount %}` on data where most items have none.
   */
  private memberTruth(node: ast.Expr, scope: Scope): Cond | null {
    const member = this.frameMember(node, scope);
    if (member === null) return null;
    const { key, slot, read, load } = member;
    return (f) => {
      const value = memberOrAbsent(f.vars[slot], key, read, load);
      return value !== undefined && truthy(value);
    };
  }

  /**
   * `x.key` or `x['key']` of a variable of this frame's, read as a member with a key a plain object cannot inherit:
   * its slot, its read and the key's own load, for the tests of a member that do not read it whole; else null.
   */
  private frameMember(
    node: ast.Expr,
    scope: Scope,
  ): { key: string; slot: number; read: MemberAccess; load: PropertyLoad } | null {
    const named = namedMember(node);
    if (named === null) return null;
    const [kind, key, object] = named;
    const place = this.fixedPlace(object, scope);
    if (place === null || place[0] !== 0 || !readsOwnValueFirst(key)) return null;
    return {
      key,
      slot: place[1],
      read: memberAccess(kind, key),
      load: propertyLoad(key, this.owner(object)),
    };
  }

  /**
   * `item.nickname or item.first_name` for a variable of this frame's: a key a plain object lacks reads as an
   * Undefined, which is false, so the right side is the value, found without making the Undefined (as
   * `memberTruth` does for a condition).
   */
  private memberOr(
    { key, slot, read, load }: NonNullable<ReturnType<Compiler['frameMember']>>,
    right: Ev,
  ): Ev {
    return (f) => {
      const value = memberOrAbsent(f.vars[slot], key, read, load);
      return value !== undefined && truthy(value) ? value : right(f);
    };
  }

  /**
   * `item.key is defined` (or `is undefined`, the built-in tests) for a variable of this frame's: a key a plain
   * object lacks is not defined, found without making the Undefined its read would give (`{% if
   * item.discount is defined %}` on data where most items have none). Null for any other test.
   */
  private memberDefined(node: ast.Test, scope: Scope): Cond | null {
    if (node.name !== 'defined' && node.name !== 'undefined') return null;
    if (node.args.length > 0 || node.kwargs.length > 0 || node.dynArgs !== null || node.dynKwargs !== null) {
      return null;
    }
    if (this.registry.tests.get(node.name) !== builtinTests.get(node.name)) return null;
    const member = this.frameMember(node.node, scope);
    if (member === null) return null;
    const { key, slot, read, load } = member;
    const defined = node.name === 'defined';
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      let value: unknown;
      try {
        value = memberOrAbsent(f.vars[slot], key, read, load);
      } catch (error) {
        throw locate(error, at, source);
      }
      return (value !== undefined && !(value instanceof Undefined)) === defined;
    };
  }

  /**
   * `{% if loop.first %}`, `{% if loop.previtem %}` and the other attributes that are values, on the loop of this
   * frame: `first` and `last` as the comparison itself, without making the boolean and asking `truthy` for it; the
   * others read straight from the loop. A variable the template named `loop` still works.
   */
  private loopTruth(node: ast.Expr, scope: Scope): Cond | null {
    if (node.type !== 'Getattr' || node.node.type !== 'Name' || node.node.name !== 'loop') return null;
    const code = plainLoopAttribute(node.attr);
    if (code < 0) return null;
    const place = this.fixedPlace(node.node, scope);
    if (place === null || place[0] !== 0) return null;
    const slot = place[1];
    const name = node.attr;
    if (code === FIRST || code === LAST) {
      const holds = loopRead(code) as (loop: LoopContext) => boolean;
      return (f) => {
        const o = f.vars[slot];
        return o instanceof LoopContext ? holds(o) : truthy(getattr(o, name));
      };
    }
    const read = loopRead(code);
    return (f) => {
      const o = f.vars[slot];
      return truthy(o instanceof LoopContext ? read(o) : getattr(o, name));
    };
  }

  /** `cond` with what it throws located at `at`. */
  private located(at: ast.Span, cond: Cond): Cond {
    const node = spanOf(at);
    const source = this.source;
    return (f) => {
      try {
        return cond(f);
      } catch (error) {
        throw locate(error, node, source);
      }
    };
  }

  /**
   * Compiles a loop with the methods of another copy of the compiler (`code`, its `Compiler`'s prototype), so the
   * loop's closures are made by that copy's functions and V8 keeps what it learns of them apart from the rest of the
   * template's (see code-copies.ts). This compiler's state serves both: only the prototype changes, for the while.
   */
  private withCodeOf(code: object | undefined, node: ast.For, scope: Scope): St {
    return this.compiledBy(code, () => this.forLoop(node, scope));
  }

  /** What `compile` gives, compiled by the copy of the code whose prototype `code` is (this one's when undefined). */
  private compiledBy<T>(code: object | undefined, compile: () => T): T {
    if (code === undefined) return compile();
    const own = Object.getPrototypeOf(this);
    Object.setPrototypeOf(this, code);
    try {
      return compile();
    } finally {
      Object.setPrototypeOf(this, own);
    }
  }

  private forLoop(forNode: ast.For, scope: Scope): St {
    const assignment = this.loopAssignments.get(forNode);
    if (assignment !== undefined) this.failAssertion(LOOP_ASSIGNMENT, assignment);
    const source = this.source;
    const node = { ...spanOf(forNode), iter: spanOf(forNode.iter) };
    // A loop over a chain of `select`, `map`... pulls each item through it as it reaches the item (`chainFeed`).
    const chain = forNode.iter.type === 'Filter' ? this.chainStages(forNode.iter, scope) : null;
    const feed = chain === null ? null : chainFeed(chain.source, chain.stages, chain.fails);
    // With a feed, the chain is compiled there, and the loops below that take `iterable` are not chosen.
    const iterable: Ev =
      feed === null ? this.guarded(forNode.iter, this.expression(forNode.iter, scope)) : () => undefined;
    const inner = new Scope(scope);
    inner.analyze({ params: [forNode.target], body: forNode.body });
    const bind = this.loopBinder(forNode.target, inner, forNode);
    // `for item in ...`: the item goes straight into its slot, without calling the binder.
    const itemSlot = forNode.target.type === 'Name' ? (inner.slot(forNode.target.name) as number) : -1;
    // Jinja2 makes the loop's `loop` only when the body's first use of the name reads it (`find_undeclared`): a body
    // that first binds it (a `with` target, a macro or call-block parameter) reads `loop` from around the loop.
    const loopSlot =
      forNode.recursive || firstUse(forNode.body, 'loop') === 'read' ? inner.declareBound('loop') : -1;
    const fixedSlots = inner.size;
    inner.declareAssigned(this.inSlots);
    // The names the body sets keep no value from one iteration into the next: emptied, unless the body surely sets
    // them before any use (a namespace in slots goes with its variable: its `set` writes every attribute's slot).
    const setFirst = setBeforeUse(forNode.body);
    const resets = inner
      .slotNames()
      .map((name, slot) => (slot >= fixedSlots && !setFirst.has(slotVariable(name)) ? slot : -1))
      .filter((slot) => slot >= 0);
    const resetLocals = resets.length > 0;
    const size = inner.size;
    const newSlots = slotsMaker(size);
    const test = forNode.test;
    const filter =
      test === null ? null : this.framed(this.loopFilterParts, forNode.target, test, scope, forNode);
    const keep = filter === null ? null : loopFilterOf(filter);
    const outerWatch = this.watchControl;
    this.watchControl = containsControl(forNode.body);
    const body = this.framed(this.statements, forNode.body, inner);
    this.watchControl = outerWatch;
    const otherwise = forNode.else_.length > 0 ? this.scopedBody(forNode.else_, scope) : null;
    const recursive = forNode.recursive;
    // The loops without `loop`, `else`, `break`/`continue` or names the body assigns have code of their own.
    // A loop whose body may change a dict's size (by a method, or a macro it calls) is the general one, which sees
    // a dict it walks change size.
    const watchSizes = this.resizingLoops.has(forNode);
    const simple =
      loopSlot < 0 && otherwise === null && !resetLocals && !containsControl(forNode.body) && !watchSizes;
    if (simple && feed === null && itemSlot >= 0 && keep === null) {
      const text = this.onlyText(forNode.body);
      if (text !== undefined) {
        const items = (value: unknown): number => loopItems(value, node, source).length;
        const count = this.rangeLength(forNode.iter, scope, items) ?? ((f: Frame) => items(iterable(f)));
        return this.repeatedText(count, text, node, source);
      }
      return this.plainLoop(iterable, itemSlot, newSlots, body, node, source);
    }
    if (simple && feed !== null && itemSlot >= 0 && keep === null) {
      return this.pulledLoop(feed, itemSlot, newSlots, body, node, source);
    }
    if (simple && feed === null && itemSlot < 0 && keep === null) {
      const pairs = this.dictItemsPairs(forNode, inner, scope);
      if (pairs !== null) return this.dictItemsLoop(pairs, bind, newSlots, body, node, source);
      return this.unpackingLoop(iterable, bind, newSlots, body, node, source);
    }
    if (simple && feed === null && itemSlot >= 0 && filter !== null) {
      return this.filteredLoop(iterable, filter, itemSlot, size, newSlots, body, node, source);
    }

    // `status.finished` tells whether `else` is skipped: Jinja2 runs it when no iteration finished its body.
    // `fed` is the chain's feed at the top level, null for the items of `value`.
    const loop = (
      f: Frame,
      value: unknown,
      depth0: number,
      status: { finished: boolean } | null,
      fed: ItemFeed | null,
    ): string => {
      const run = f.run;
      // Jinja2 filters lazily, before each iteration, so the filter sees what earlier iterations changed. Without
      // `loop`, the filter is asked in the loop below; with it, through a feed, which `loop.last` and
      // `loop.length` pull ahead of the loop as Jinja2's do. A chain's feed applies the filter itself.
      const kept = keep === null || fed !== null ? null : keep(f);
      const lazy = kept !== null && loopSlot < 0;
      if (kept !== null && !lazy) fed = new ItemFeed(loopItems(value, node, source), null, kept, run);
      const all = fed === null ? loopItems(value, node, source) : fed.items;
      if (fed === null ? all.length === 0 : !fed.has(0)) return '';
      // A dict walked (or its view) must keep its size, as Python's iterator checks at each step.
      const sized = watchSizes && fed === null ? sizedDict(value) : null;
      const size = sized === null ? 0 : dictLength(sized);
      let resizes = sized === null ? 0 : dictResizeCount();
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const context =
        loopSlot < 0
          ? null
          : new LoopContext(
              all,
              depth0,
              recursive
                ? (state, children) => {
                    const r = state as Run;
                    if (++r.depth > r.limits.maxCallDepth) {
                      throw new LimitError(
                        'maxCallDepth',
                        `recursive loops nest deeper than ${r.limits.maxCallDepth}`,
                      );
                    }
                    try {
                      // Each recursive call runs the loop's `else` as the first call does, as Jinja2's loop function does.
                      if (otherwise === null) return loop(f, children, depth0 + 1, null, null);
                      const status = { finished: false };
                      const out = loop(f, children, depth0 + 1, status, null);
                      return status.finished ? out : out + otherwise(f);
                    } finally {
                      r.depth--;
                    }
                  }
                : null,
              fed,
            );
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let i = 0; fed === null ? i < all.length : fed.has(i); i++) {
        if (--run.unitsLeft < 0) readClock(run);
        if (lazy && !(kept as (item: unknown) => boolean)(all[i])) continue;
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        if (resetLocals && i > 0) for (let r = 0; r < resets.length; r++) vars[resets[r]] = MISSING;
        if (itemSlot >= 0) vars[itemSlot] = all[i];
        else bind(vars, all[i]);
        if (context !== null) {
          context.index0 = i;
          vars[loopSlot] = context;
        }
        out += body(frame);
        if (run.control !== Control.None) {
          const stop = run.control === Control.Break;
          run.control = Control.None;
          if (stop) break;
        } else if (status !== null) status.finished = true;
        if (sized !== null && dictResizeCount() !== resizes) {
          resizes = dictResizeCount();
          if (dictLength(sized) !== size) throw changedSizeError(node, source);
        }
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };

    const start = (f: Frame, status: { finished: boolean } | null): string =>
      feed === null
        ? loop(f, iterable(f), 0, status, null)
        : loop(f, undefined, 0, status, feed(f, keep?.(f) ?? null));
    if (otherwise === null) return (f) => start(f, null);
    return (f) => {
      const status = { finished: false };
      const out = start(f, status);
      return status.finished ? out : out + otherwise(f);
    };
  }

  /** The text statements print when they are only text (none at all is ''), else undefined. */
  private onlyText(body: readonly ast.Stmt[]): string | undefined {
    let text = '';
    for (const statement of body) {
      if (statement.type !== 'Output') return undefined;
      for (const child of statement.nodes) {
        const piece = child.type === 'TemplateData' ? child.data : this.constantText(child);
        if (piece === undefined) return undefined;
        text += piece;
      }
    }
    return text;
  }

  /**
   * The number of items of `range(...)` (one to three positional arguments) when the name is the global, with
   * its checks, without making the items; when the name has another value (the data's, a macro's), that value is
   * called as usual and `count` counts what it returns. Null for any other expression.
   */
  private rangeLength(
    node: ast.Expr,
    scope: Scope,
    count: (value: unknown) => number,
  ): ((f: Frame) => number) | null {
    if (node.type !== 'Call' || node.node.type !== 'Name' || node.node.name !== 'range') return null;
    const n = node.args.length;
    if (node.dynArgs !== null || node.dynKwargs !== null || node.kwargs.length > 0 || n < 1 || n > 3)
      return null;
    const fn = this.expression(node.node, scope);
    const args = node.args.map((arg) => this.expression(arg, scope));
    const positional = listOf(args);
    const [a, b, c] = args;
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      let value: unknown;
      try {
        const v = fn(f);
        if (v === RANGE) {
          return n === 1
            ? rangeLengthTo(f.run, a(f))
            : rangeLengthFrom(f.run, a(f), b(f), n === 3 ? c(f) : 1);
        }
        value = invoke(f.run, v, positional(f), NO_KWARGS);
      } catch (error) {
        throw locate(error, at, source);
      }
      return count(value);
    };
  }

  /**
   * A plain loop whose body prints only `text` (`{% for i in range(item.rating) %}★{% endfor %}`): the text once
   * per item, made at once, `items` giving their number (a range is not made: `rangeLength`). The item is never
   * read, so it is not bound; the iterations, the time and the output limit are counted as the loop would count
   * them, before the text is made.
   */
  private repeatedText(
    items: (f: Frame) => number,
    text: string,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    return (f) => {
      const count = items(f);
      if (count === 0) return '';
      const run = f.run;
      const maxOutput = run.limits.maxOutputSize;
      spend(run, count);
      // The loop would fail at the first iteration past the count (checked before the body), or at the first
      // whose text passes the output limit (after it), whichever comes first.
      const iterationsPast = count > run.iterationsLeft;
      const outputPast = text.length * count > maxOutput;
      if (iterationsPast && (!outputPast || run.iterationsLeft <= Math.floor(maxOutput / text.length))) {
        throw iterationsError(run, node, source);
      }
      if (outputPast) throw loopOutputError(maxOutput, node, source);
      run.iterationsLeft -= count;
      return text.repeat(count);
    };
  }

  /**
   * The most common loop, `{% for item in items %}` with neither `loop`, an `if` filter, `else`, `break` nor
   * names the body assigns: the same steps as `forLoop`'s without the ones it does not need. Being code of its
   * own, it also keeps V8's feedback for these loops apart from that of the others.
   */
  private plainLoop(
    iterable: Ev,
    itemSlot: number,
    newSlots: () => unknown[],
    body: St,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    return (f) => {
      const items = loopItems(iterable(f), node, source);
      if (items.length === 0) return '';
      const run = f.run;
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let i = 0; i < items.length; i++) {
        if (--run.unitsLeft < 0) readClock(run);
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        vars[itemSlot] = items[i];
        out += body(frame);
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };
  }

  /**
   * `plainLoop` over a chain of `select`, `map`... (`chainFeed`): each item is pulled through the chain when the
   * loop reaches it, as Jinja2's loop takes it from the generators. Written out for the same reason.
   */
  private pulledLoop(
    feed: (f: Frame, kept: null) => ItemFeed,
    itemSlot: number,
    newSlots: () => unknown[],
    body: St,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    return (f) => {
      const fed = feed(f, null);
      const first = fed.next();
      if (first === FEED_END) return '';
      const run = f.run;
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let item = first; item !== FEED_END; item = fed.next()) {
        if (--run.unitsLeft < 0) readClock(run);
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        vars[itemSlot] = item;
        out += body(frame);
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };
  }

  /**
   * `plainLoop` for a target that unpacks each item (`{% for key, value in prices|dictsort %}`), through the binder,
   * which fails at the `for` tag when an item does not unpack. Written out for the same reason as `plainLoop`.
   */
  private unpackingLoop(
    iterable: Ev,
    bind: (vars: unknown[], value: unknown) => void,
    newSlots: () => unknown[],
    body: St,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    return (f) => {
      const items = loopItems(iterable(f), node, source);
      if (items.length === 0) return '';
      const run = f.run;
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let i = 0; i < items.length; i++) {
        if (--run.unitsLeft < 0) readClock(run);
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        bind(vars, items[i]);
        out += body(frame);
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };
  }

  /**
   * For `{% for key, value in d.items() %}`: the slots of `key` and `value`, what `d` evaluates to, and `d.items()`
   * called on a value `d` gave (the call as written, its receiver the value held); null for any other loop.
   */
  private dictItemsPairs(forNode: ast.For, inner: Scope, scope: Scope): DictItemsPairs | null {
    const { target, iter } = forNode;
    if (
      target.type !== 'Tuple' ||
      target.items.length !== 2 ||
      !target.items.every((item) => item.type === 'Name') ||
      iter.type !== 'Call' ||
      iter.node.type !== 'Getattr' ||
      iter.node.attr !== 'items' ||
      iter.args.length !== 0 ||
      iter.kwargs.length !== 0 ||
      iter.dynArgs !== null ||
      iter.dynKwargs !== null
    ) {
      return null;
    }
    const [keySlot, valueSlot] = target.items.map((item) => inner.slot((item as ast.Name).name) as number);
    const dict = this.guarded(iter.node.node, this.expression(iter.node.node, scope));
    const { hold, receiver } = heldReceiver();
    const items = this.guarded(iter, this.call(iter, scope, null, receiver));
    return { keySlot, valueSlot, dict, items, hold };
  }

  /**
   * `unpackingLoop` over `d.items()` into `key, value`: a plain object's keys and values go straight into their
   * slots, without the list of pairs `items()` makes (the method of a dict, so a key named `items` does not
   * change it); anything else loops over what `items()` gives, as written. Written out for the same reason as
   * `plainLoop`.
   */
  private dictItemsLoop(
    { keySlot, valueSlot, dict, items, hold }: DictItemsPairs,
    bind: (vars: unknown[], value: unknown) => void,
    newSlots: () => unknown[],
    body: St,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    const pairsLoop = this.unpackingLoop(items, bind, newSlots, body, node, source);
    return (f) => {
      const d = dict(f);
      if (typeof d !== 'object' || d === null || !isPlainObject(d)) {
        hold(d);
        return pairsLoop(f);
      }
      const keys = ownKeys(d);
      if (keys.length === 0) return '';
      const run = f.run;
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let i = 0; i < keys.length; i++) {
        const value = d[keys[i]];
        // A JS undefined or function is no entry of the dict (see `isVisible`).
        if (value === undefined || typeof value === 'function') continue;
        if (--run.unitsLeft < 0) readClock(run);
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        vars[keySlot] = keys[i];
        vars[valueSlot] = value;
        out += body(frame);
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };
  }

  /**
   * `{% for item in items if test %}` with neither `loop`, `else`, `break` nor names the body assigns: `plainLoop`
   * with the test of each item first, in its own frame, as the lazy path of `forLoop` runs it.
   */
  private filteredLoop(
    iterable: Ev,
    { bind, keep, size: testSize, newSlots: newTestSlots }: LoopFilterParts,
    itemSlot: number,
    size: number,
    newSlots: () => unknown[],
    body: St,
    node: ast.Span & { iter: ast.Span },
    source: string,
  ): St {
    // The test's scope and the body's hold the item alone, in one slot: one frame serves both.
    const shared = testSize === 1 && size === 1 && itemSlot === 0;
    return (f) => {
      const items = loopItems(iterable(f), node, source);
      if (items.length === 0) return '';
      const run = f.run;
      const vars = newSlots();
      const frame = new Frame(vars, f, run);
      const testVars = shared ? vars : newTestSlots();
      const testFrame = shared ? frame : new Frame(testVars, f, run);
      const maxOutput = run.limits.maxOutputSize;
      let out = '';
      for (let i = 0; i < items.length; i++) {
        if (--run.unitsLeft < 0) readClock(run);
        const item = items[i];
        bind(testVars, item);
        if (!keep(testFrame)) continue;
        if (--run.iterationsLeft < 0) throw iterationsError(run, node, source);
        vars[itemSlot] = item;
        out += body(frame);
        if (out.length > maxOutput) throw loopOutputError(maxOutput, node, source);
      }
      return out;
    };
  }

  /**
   * Compiles a loop's `if` filter. It runs in its own scope holding only the loop target, so `loop` there is an
   * enclosing loop's (or undefined) and names the body assigns keep their outer values, as in Jinja2.
   */
  private loopFilterParts(
    target: ast.Name | ast.Tuple,
    test: ast.Expr,
    scope: Scope,
    at: ast.Span,
  ): LoopFilterParts {
    const inner = new Scope(scope);
    inner.analyze({ params: [target], before: [test] });
    return {
      bind: this.loopBinder(target, inner, at),
      keep: this.located(test, this.condition(test, inner)),
      size: inner.size,
      newSlots: slotsMaker(inner.size),
    };
  }

  /** Compiles a loop target; an item that does not unpack is an error at the `for` tag. */
  private loopBinder(
    target: ast.Name | ast.Tuple,
    scope: Scope,
    at: ast.Span,
  ): (vars: unknown[], value: unknown) => void {
    const bind = this.binder(target, scope, true);
    if (target.type === 'Name') return bind;
    const node = spanOf(at);
    const source = this.source;
    return (vars, value) => {
      try {
        bind(vars, value);
      } catch (error) {
        throw locate(error, node, source);
      }
    };
  }

  /** Compiles an assignment target into a function that stores a value into a frame's slots. */
  private binder(
    target: ast.Name | ast.Tuple,
    scope: Scope,
    bound: boolean,
  ): (vars: unknown[], value: unknown) => void {
    if (target.type === 'Name') {
      const slot = bound ? scope.declareBound(target.name) : scope.declare(target.name);
      return (vars, value) => {
        vars[slot] = value;
      };
    }
    const parts = target.items.map((item) => {
      if (item.type !== 'Name' && item.type !== 'Tuple') this.fail("can't assign to this expression", item);
      return this.binder(item, scope, bound);
    });
    const count = parts.length;
    if (count === 2 && target.items.every((item) => item.type === 'Name')) {
      // `key, value`: a list or tuple of two (what `items()` and `dictsort` give) goes straight into the slots.
      const [first, second] = target.items.map((item) => scope.slot((item as ast.Name).name) as number);
      return (vars, value) => {
        const items = Array.isArray(value) && value.length === 2 ? value : unpack(value, 2);
        vars[first] = items[0];
        vars[second] = items[1];
      };
    }
    return (vars, value) => {
      const items = unpack(value, count);
      for (let i = 0; i < count; i++) parts[i](vars, items[i]);
    };
  }

  private assign(node: ast.Assign, scope: Scope): St {
    if (node.target.type === 'Name') {
      // `{% set x = ... %}`: the value goes straight into its slot.
      const ev =
        (this.subscripted.has(node.target.name) ? this.lookupLiteral(node.node, scope) : null) ??
        this.assignedValue(node.node, scope);
      if (isNamespaceCall(node.node)) this.namespaceNames.add(node.target.name);
      const slot = scope.declare(node.target.name);
      noteAssigned(scope, node.target);
      const span = spanOf(node.node);
      const source = this.source;
      if (this.inSlots.has(node.target.name))
        return this.slotAssign(node.target.name, node.node, ev, slot, scope);
      return (f) => {
        try {
          f.vars[slot] = ev(f);
        } catch (error) {
          throw locate(error, span, source);
        }
        return '';
      };
    }
    const value = this.guarded(node.node, this.assignedValue(node.node, scope));
    const store = this.store(node.target, scope, node);
    noteAssigned(scope, node.target);
    const counter =
      this.namespaceCounter(node, scope, store, value) ?? this.namespaceAppend(node, scope, store, value);
    if (counter !== null) return counter;
    return (f) => {
      store(f, value);
      return '';
    };
  }

  /**
   * `{% set ns.total = ns.total + x %}` (or `-`), the way a template keeps a count or a sum across a loop, where
   * `ns`'s namespace lives in slots of this frame or the one around it: the attribute's slot is read, added to and
   * written by one closure, two ints of 31 bits without the generic `add`. Null for any other `set`.
   */
  private namespaceCounter(
    node: ast.Assign,
    scope: Scope,
    store: (f: Frame, value: Ev) => void,
    value: Ev,
  ): St | null {
    const sum = node.node;
    if (sum.type !== 'BinOp' || (sum.op !== '+' && sum.op !== '-')) return null;
    const near = this.selfUpdate(node, sum.left, scope);
    if (near === null) return null;
    const { out, slot, attrSlot } = near;
    const right = this.expression(sum.right, scope);
    const adds = sum.op === '+';
    const op = BINARY[sum.op];
    const span = spanOf(sum);
    const source = this.source;
    return (f) => {
      const vars = out === 0 ? f.vars : (f.up as Frame).vars;
      const a = vars[slot] === IN_SLOTS ? vars[attrSlot] : MISSING;
      // Not yet set (MISSING), or a namespace of its own: as any `set` does it.
      if (typeof a !== 'number') {
        store(f, value);
        return '';
      }
      try {
        const b = right(f);
        if (typeof b === 'number' && (a | 0) === a && (b | 0) === b) {
          const r = adds ? a + b : a - b;
          vars[attrSlot] = r === 0 ? 0 : r;
        } else vars[attrSlot] = op(f.run, a, b);
      } catch (error) {
        throw locate(error, span, source);
      }
      return '';
    };
  }

  /**
   * Where `{% set ns.attr = ... %}` keeps `ns.attr` (see `nearAttributeSlot`), when `first`, the first operand of
   * its value, reads that same attribute (`ns.total + x`, `ns.text ~ x`); else null.
   */
  private selfUpdate(
    node: ast.Assign,
    first: ast.Expr,
    scope: Scope,
  ): { out: number; slot: number; attrSlot: number } | null {
    const { target } = node;
    if (
      target.type !== 'NSRef' ||
      first.type !== 'Getattr' ||
      first.attr !== target.attr ||
      first.node.type !== 'Name' ||
      first.node.name !== target.name
    )
      return null;
    return this.nearAttributeSlot(target, scope);
  }

  /**
   * `{% set ns.text = ns.text ~ x %}`, the way a template builds a text across a loop, where `ns`'s namespace lives
   * in slots of this frame or the one around it: the attribute's text is read, joined with `x`'s and written by
   * one closure, as `namespaceCounter` adds. Null for any other `set`.
   */
  private namespaceAppend(
    node: ast.Assign,
    scope: Scope,
    store: (f: Frame, value: Ev) => void,
    value: Ev,
  ): St | null {
    const joined = node.node;
    if (joined.type !== 'Concat' || joined.nodes.length !== 2) return null;
    const [first, second] = joined.nodes;
    const near = this.selfUpdate(node, first, scope);
    if (near === null) return null;
    const { out, slot, attrSlot } = near;
    const right = this.expression(second, scope);
    const span = spanOf(joined);
    const source = this.source;
    return (f) => {
      const vars = out === 0 ? f.vars : (f.up as Frame).vars;
      const a = vars[slot] === IN_SLOTS ? vars[attrSlot] : MISSING;
      // Not yet set (MISSING), Markup, or any other value: as any `set` does it.
      if (typeof a !== 'string') {
        store(f, value);
        return '';
      }
      try {
        const b = right(f);
        const text = a + (typeof b === 'string' ? b : toText(b));
        checkLength(f.run, text.length);
        vars[attrSlot] = text;
      } catch (error) {
        throw locate(error, span, source);
      }
      return '';
    };
  }

  /**
   * The value of a `{% set %}`. Jinja2 writes a dict literal there as Python code, item by item, without folding it
   * whole as it folds one inside an expression: a value it folds to something it cannot write (`1[1:]`, an
   * Undefined) is evaluated when the template runs, even where a later equal key drops it
   * (`{'k': 1[1:], 'k': 4}` fails with Python's TypeError, where the whole dict would fold to `{'k': 4}`).
   */
  private assignedValue(node: ast.Expr, scope: Scope): Ev {
    if (node.type !== 'Dict' || this.folder.valueOf(node) === null) return this.expression(node, scope);
    const unwritten = (item: ast.Expr) => {
      const folded = this.folder.valueOf(item);
      return folded !== null && !safeRepr(folded.value);
    };
    const hidden = node.items.some((pair) => unwritten(pair.key) || unwritten(pair.value));
    return hidden ? this.compileExpression(node, scope) : this.expression(node, scope);
  }

  /**
   * `{% set ns = namespace(key=value, ...) %}` where `ns`'s namespace lives in slots (see slot-namespaces.ts):
   * when `namespace` is the global, the values go to the attributes' slots (the others emptied) and the
   * variable's slot holds `IN_SLOTS`; else the variable holds what the call, `general`, returns.
   */
  private slotAssign(name: string, value: ast.Expr, general: Ev, slot: number, scope: Scope): St {
    const call = value as ast.Call;
    const callee = this.expression(call.node, scope);
    const names = this.inSlots.get(name) as readonly string[];
    const slotOf = (attr: string) => scope.slot(attributeSlotName(name, attr)) as number;
    const keys = namespaceKeywords(call) as string[];
    const given = keys.map(slotOf);
    const values = call.kwargs.map((keyword) => this.expression(keyword.value, scope));
    const emptied = names.filter((attr) => !keys.includes(attr)).map(slotOf);
    const span = spanOf(value);
    const source = this.source;
    const count = values.length;
    const [v0, v1] = values;
    const [s0, s1] = given;
    return (f) => {
      const vars = f.vars;
      try {
        if (callee(f) !== NAMESPACE) {
          vars[slot] = general(f);
          return '';
        }
        // Every value is found before any slot changes, as the call finds its arguments before it makes the object.
        if (count === 1) {
          vars[s0] = v0(f);
        } else if (count === 2) {
          const first = v0(f);
          vars[s1] = v1(f);
          vars[s0] = first;
        } else if (count > 2) {
          const found = values.map((v) => v(f));
          for (let i = 0; i < count; i++) vars[given[i]] = found[i];
        }
      } catch (error) {
        throw locate(error, span, source);
      }
      for (let i = 0; i < emptied.length; i++) vars[emptied[i]] = MISSING;
      vars[slot] = IN_SLOTS;
      return '';
    };
  }

  /**
   * Compiles storing into a target; the value is evaluated after the target is checked, as in Jinja2, except
   * for the `{% set ns.attr %}` block (`block`), whose body Jinja2 3.1.2 renders first.
   */
  private store(
    target: ast.Name | ast.Tuple | ast.NSRef,
    scope: Scope,
    at: ast.Span,
    block = false,
  ): (f: Frame, value: Ev) => void {
    const source = this.source;
    if (target.type === 'NSRef') {
      const store = this.namespaceAttributeStore(target, scope, at);
      if (!block) return store;
      // The block's body is rendered before `ns` is checked, as Jinja2 3.1.2 does it.
      return (f, value) => {
        const v = value(f);
        store(f, () => v);
      };
    }
    const bind = this.binder(target, scope, false);
    return (f, value) => {
      const result = value(f);
      try {
        bind(f.vars, result);
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * `{% set ns.attr = ... %}`: into the attribute's slot when `ns`'s namespace lives in slots (see
   * slot-namespaces.ts) and the variable holds it, else on the `Namespace` (`namespaceStore`).
   */
  private namespaceAttributeStore(
    target: ast.NSRef,
    scope: Scope,
    at: ast.Span,
  ): (f: Frame, value: Ev) => void {
    const general = this.namespaceStore(target, scope, at);
    const places = this.slotPlaces(target.name, scope);
    if (places === null) return general;
    const index = (this.inSlots.get(target.name) as readonly string[]).indexOf(target.attr);
    const { hops, slots, attributeSlots } = places;
    const near = this.nearAttributeSlot(target, scope);
    if (near !== null) {
      const { out, slot, attrSlot } = near;
      return (f, value) => {
        const vars = out === 0 ? f.vars : (f.up as Frame).vars;
        if (vars[slot] === IN_SLOTS) vars[attrSlot] = value(f);
        else general(f, value);
      };
    }
    return (f, value) => {
      const p = assignedPlace(f, places);
      const vars = p < 0 ? null : frameOut(f, hops[p]).vars;
      if (vars !== null && vars[slots[p]] === IN_SLOTS) vars[attributeSlots[p][index]] = value(f);
      else general(f, value);
    };
  }

  /**
   * Where `ns.attr` lives when `ns`'s namespace is in slots of this frame (`out` 0) or the one around it (1), the
   * only place the variable can be: the variable's slot and the attribute's. Null anywhere else.
   */
  private nearAttributeSlot(
    target: ast.NSRef,
    scope: Scope,
  ): { out: number; slot: number; attrSlot: number } | null {
    const places = this.slotPlaces(target.name, scope);
    if (places === null || places.hops.length !== 1 || places.hops[0] > 1) return null;
    const index = (this.inSlots.get(target.name) as readonly string[]).indexOf(target.attr);
    return { out: places.hops[0], slot: places.slots[0], attrSlot: places.attributeSlots[0][index] };
  }

  /** `{% set ns.attr = ... %}` on a `Namespace`. */
  private namespaceStore(target: ast.NSRef, scope: Scope, at: ast.Span): (f: Frame, value: Ev) => void {
    const source = this.source;
    const read = this.name(target.name, scope);
    const attr = target.attr;
    // An attribute the namespace has is written in place, by this template's own code (see code-copies.ts),
    // where `Namespace.set`'s write sees every template's names; a new one goes through `set`, which keeps
    // the order of names.
    const load = readsOwnValueFirst(attr) ? propertyLoad(attr, `${this.template}\0${target.name}`) : null;
    return (f, value) => {
      const ns = read(f);
      if (!(ns instanceof Namespace)) {
        throw new TemplateRuntimeError(
          'TemplateRuntimeError',
          'cannot assign attribute on non-namespace object',
        ).locate(at.line, at.col, source);
      }
      const v = value(f);
      const attrs = ns.attrs;
      const had = load === null ? undefined : load(attrs, attr);
      if (had !== undefined && had !== NOT_PLAIN) attrs[attr] = v;
      else ns.set(attr, v);
    };
  }

  /**
   * `-2 ** x` (also `(-2) ** x`, `(1 - 3) ** x`, `[-2][0] ** x`) as Jinja2 3.1 runs it: it folds the base to the
   * constant -2 and writes its repr into the Python it generates, `(-2 ** l_x)`, which Python reads as `-(2 ** x)`.
   * So a negative number base that folds, with an exponent that does not, is the negated power of its absolute
   * value (`{{ -2 ** a }}` is -4 for a = 2, `{{ -1 ** f }}` is -1.0 for f = 0.5). Null for any other power.
   */
  private negatedPower(node: ast.BinOp, scope: Scope): Ev | null {
    const base = this.folder.valueOf(node.left);
    if (base === null || !isNegativeNumber(base.value) || this.folder.valueOf(node.right) !== null)
      return null;
    const magnitude = neg(base.value);
    const exponent = this.expression(node.right, scope);
    return (f) => neg(pow(f.run, magnitude, exponent(f)));
  }

  /**
   * Compiles a body that runs in its own scope, as `{% set %}`, `{% filter %}` and `{% block %}` bodies and a
   * loop's `{% else %}` do. A block's `filter` runs in the block's scope, after the body, as in Jinja2;
   * `detached` is a `{% block %}`'s scope (see `Scope`); `buffered`, a `{% set %}` or `{% filter %}` block's body,
   * which Jinja2 joins into one text (see `joined`).
   *
   * A `break`/`continue` in the body (of a loop around it) stops the body where it is, and then the filter does
   * not run: Jinja2 leaves the loop before it would filter the buffered text (its arguments are not evaluated
   * either), so the body gives '' and the caller (`filterBlock`, `assignBlock`) drops it. The text goes to the
   * filter through a slot of the body's frame.
   */
  private scopedBody<T = string>(
    body: readonly ast.Stmt[],
    scope: Scope,
    {
      filter = null,
      detached = false,
      buffered = false,
    }: { filter?: ast.Filter | null; detached?: boolean; buffered?: boolean } = {},
  ): (f: Frame) => T {
    const inner = new Scope(scope, detached);
    inner.analyze({ body, after: filter });
    inner.declareAssigned(this.inSlots);
    const watch = containsControl(body);
    // Not a name a template can write, so no variable shares the slot.
    const textSlot = watch && filter !== null ? inner.declareBound(' filtered text') : -1;
    // A body that assigns nothing (a `{% set %}` block that only prints) has nothing to keep in a frame.
    const frameless = !detached && inner.size === 0;
    if (frameless) inner.runInOuterFrame();
    const outerWatch = this.watchControl;
    this.watchControl = watch;
    const statements = this.framed(this.statements, body, inner);
    const run = buffered ? this.joinedWhereNeeded(statements) : statements;
    this.watchControl = outerWatch;
    let value: (f: Frame) => T;
    if (filter === null) value = run as (f: Frame) => T;
    else if (textSlot < 0) value = this.framed(this.filterChain, filter, inner, run) as (f: Frame) => T;
    else {
      const filtered = this.framed(this.filterChain, filter, inner, (f: Frame) => f.vars[textSlot]) as (
        f: Frame,
      ) => T;
      value = (f) => {
        const text = run(f);
        if (f.run.control !== Control.None) return '' as T;
        f.vars[textSlot] = text;
        return filtered(f);
      };
    }
    if (frameless) return value;
    const newSlots = slotsMaker(inner.size);
    return (f) => value(new Frame(newSlots(), f, f.run));
  }

  private assignBlock(node: ast.AssignBlock, scope: Scope): St {
    const value = this.scopedBody<unknown>(node.body, scope, { filter: node.filter, buffered: true });
    const store = this.store(node.target, scope, node, true);
    noteAssigned(scope, node.target);
    if (containsControl(node.body)) {
      // A `break`/`continue` in the body leaves the loop before Jinja2 would assign.
      return (f) => {
        const v = value(f);
        if (f.run.control === Control.None) store(f, () => v);
        return '';
      };
    }
    return (f) => {
      store(f, value);
      return '';
    };
  }

  /**
   * `{% filter f %}...{% endfilter %}`. Jinja2 puts the filter's result into the output as it is, so a filter that
   * gives no text (`length`, `wordcount`, `first` of '') fails when the output is joined (see `outputPiece`).
   */
  private filterBlock(node: ast.FilterBlock, scope: Scope): St {
    const value = this.scopedBody<unknown>(node.body, scope, { filter: node.filter, buffered: true });
    const at = spanOf(node);
    const source = this.source;
    return (f) => outputPiece(value(f), at, source, f.run);
  }

  /** `{% block %}`: a body of the template's own scope, or with `scoped` of the scope around it, as in Jinja2. */
  private block(node: ast.Block, scope: Scope): St {
    const outer = this.blockName;
    this.blockName = node.name;
    const body = this.scopedBody(node.body, scope, { detached: !node.scoped });
    this.blockName = outer;
    return body;
  }

  private withBlock(node: ast.With, scope: Scope): St {
    const values = node.values.map((value) => this.guarded(value, this.expression(value, scope)));
    const inner = new Scope(scope);
    inner.analyze({ params: node.targets, body: node.body });
    const slots = node.targets.map((target) => inner.declareBound(target.name));
    inner.declareAssigned(this.inSlots);
    const body = this.framed(this.statements, node.body, inner);
    const newSlots = slotsMaker(inner.size);
    return (f) => {
      const vars = newSlots();
      for (let i = 0; i < slots.length; i++) vars[slots[i]] = values[i](f);
      return body(new Frame(vars, f, f.run));
    };
  }

  /**
   * Compiles a macro body into a function that makes a call's frame, binds the arguments as Jinja2 does
   * (positional, keyword, defaults evaluated in the macro's scope, `varargs`, `kwargs`, `caller`) and renders.
   * `name` is null for the `caller` of a call block, which Jinja2 leaves anonymous.
   */
  private macroFunction(
    name: string | null,
    { args: params, defaults: defaultNodes, body, line, col }: ast.Macro | ast.CallBlock,
    scope: Scope,
  ): (defining: Frame) => PyCallable {
    const inner = new Scope(scope);
    inner.analyze({ params, before: defaultNodes, body });
    const paramSlots = params.map((param) => inner.declareBound(param.name));
    const readsCaller = firstUse(body, 'caller') === 'read';
    // A parameter named `caller` receives the call block's body like any keyword argument, so it needs a
    // default for the calls without one.
    const explicitCaller = params.findIndex((param) => param.name === 'caller');
    if (readsCaller && explicitCaller >= 0 && explicitCaller < params.length - defaultNodes.length) {
      this.failAssertion(
        'When defining macros or call blocks the special "caller" argument must be omitted or be given a default.',
        { line, col },
      );
    }
    const callerSlot = readsCaller && explicitCaller < 0 ? inner.declareBound('caller') : -1;
    // A parameter named `varargs` or `kwargs` is an ordinary one, and the macro then catches no such arguments.
    const catches = (name: string) =>
      firstUse(body, name) === 'read' && !params.some((param) => param.name === name);
    const varargsSlot = catches('varargs') ? inner.declareBound('varargs') : -1;
    const kwargsSlot = catches('kwargs') ? inner.declareBound('kwargs') : -1;
    inner.declareAssigned(this.inSlots);
    const firstDefault = params.length - defaultNodes.length;
    const defaults = this.framed(this.guardedAll, defaultNodes, inner);
    const outerWatch = this.watchControl;
    this.watchControl = false;
    const render = this.joinedWhereNeeded(this.framed(this.statements, body, inner));
    this.watchControl = outerWatch;
    const paramNames = params.map((param) => param.name);
    // What a parameter no argument gave holds while the defaults run: Jinja2 makes one without a default the
    // "not provided" Undefined before any default runs, while one with a default is still unset, which a default
    // that reads it (its own, or a later parameter's) sees as a plain undefined name (`'a' is undefined`).
    const notProvided = paramNames.map((param, i) =>
      i < firstDefault ? `parameter ${strRepr(param)} was not provided` : undefined,
    );
    // Made once: an Undefined is a value no one changes (a call that left out two parameters with defaults made
    // two per call).
    const unset = paramNames.map((param, i) => new Undefined(param, NO_OBJECT, notProvided[i]));
    const size = inner.size;
    const attributes = new Map<string, unknown>([
      ['name', name],
      ['arguments', tuple([...paramNames])],
      ['catch_varargs', varargsSlot >= 0],
      ['catch_kwargs', kwargsSlot >= 0],
      ['caller', readsCaller],
    ]);
    const label = `macro ${name === null ? 'None' : strRepr(name)}`;

    const newSlots = slotsMaker(size);
    const paramCount = paramSlots.length;
    const tooMany = () =>
      new TemplateRuntimeError('TypeError', `${label} takes not more than ${paramCount} argument(s)`);
    /** The usual call, with positional arguments only. */
    const bindPositional = (vars: unknown[], frame: Frame, args: unknown[]): void => {
      const given = args.length;
      if (given > paramCount && varargsSlot < 0) throw tooMany();
      for (let i = 0; i < paramCount; i++) {
        vars[paramSlots[i]] = i < given ? args[i] : unset[i];
      }
      for (let i = Math.max(given, firstDefault); i < paramCount; i++) {
        vars[paramSlots[i]] = defaults[i - firstDefault](frame);
      }
      if (callerSlot >= 0) vars[callerSlot] = noCaller();
      if (kwargsSlot >= 0) vars[kwargsSlot] = {};
      if (varargsSlot >= 0) vars[varargsSlot] = tuple(args.slice(paramCount));
    };
    /**
     * Any call with keywords, bound as Jinja2 binds them, without copying the keywords: every parameter is bound
     * before any default runs (a default sees the arguments given after it too), and keywords no parameter took
     * (one named like a parameter given positionally among them) go to `**kwargs` or are an error.
     */
    const bindCall = (vars: unknown[], frame: Frame, args: unknown[], kwargs: Kwargs): void => {
      const given = args.length;
      let used = 0;
      for (let i = 0; i < paramCount; i++) {
        const param = paramNames[i];
        if (i < given) vars[paramSlots[i]] = args[i];
        else if (Object.hasOwn(kwargs, param)) {
          vars[paramSlots[i]] = kwargs[param];
          used++;
        } else vars[paramSlots[i]] = unset[i];
      }
      const hasCaller = callerSlot >= 0 && Object.hasOwn(kwargs, 'caller');
      if (callerSlot >= 0) vars[callerSlot] = hasCaller && kwargs.caller != null ? kwargs.caller : noCaller();
      // Counted, not listed: the names are needed only when some keyword is left over.
      let count = 0;
      for (const _ in kwargs) count++;
      let rest: Kwargs | Map<string, unknown> = {};
      if (count > used + (hasCaller ? 1 : 0)) {
        const names = keywordNames(kwargs);
        const left = names.filter(
          (key) => paramNames.indexOf(key) < given && !(hasCaller && key === 'caller'),
        );
        // A number-like name keeps its place in a Map, as in a dict literal.
        if (left.some(isIndexLike)) rest = new Map(left.map((key) => [key, kwargs[key]]));
        else for (const key of left) setKey(rest, key, kwargs[key]);
        if (kwargsSlot < 0) {
          if (left.includes('caller')) {
            throw new TemplateRuntimeError(
              'TypeError',
              `${label} was invoked with two values for the special caller argument. This is most likely a bug.`,
            );
          }
          throw new TemplateRuntimeError(
            'TypeError',
            `${label} takes no keyword argument ${strRepr(left[0])}`,
          );
        }
      }
      if (kwargsSlot >= 0) vars[kwargsSlot] = rest;
      if (varargsSlot >= 0) vars[varargsSlot] = tuple(args.slice(paramCount));
      else if (given > paramCount) throw tooMany();
      // Defaults run in the macro's body, once the call is known to be valid.
      for (let i = Math.max(given, firstDefault); i < paramCount; i++) {
        if (!Object.hasOwn(kwargs, paramNames[i])) vars[paramSlots[i]] = defaults[i - firstDefault](frame);
      }
    };

    /**
     * `bindCall` given only `caller` as a keyword, the call a `{% call %}` block makes with positional arguments,
     * in `bindCall`'s order (the defaults run last, seeing `caller`); for a macro that reads `caller`.
     */
    const bindWithCaller = (vars: unknown[], frame: Frame, args: unknown[], caller: PyCallable): void => {
      const given = args.length;
      for (let i = 0; i < paramCount; i++) {
        vars[paramSlots[i]] = i < given ? args[i] : unset[i];
      }
      vars[callerSlot] = caller;
      if (kwargsSlot >= 0) vars[kwargsSlot] = {};
      if (varargsSlot >= 0) vars[varargsSlot] = tuple(args.slice(paramCount));
      else if (given > paramCount) throw tooMany();
      for (let i = Math.max(given, firstDefault); i < paramCount; i++) {
        vars[paramSlots[i]] = defaults[i - firstDefault](frame);
      }
    };

    const text = name === null ? '<Macro anonymous>' : `<Macro ${strRepr(name)}>`;
    /** One call: a frame of the macro's own, bound by `bindWithCaller` when a call block's body is given. */
    const enter = (
      state: RenderState,
      defining: Frame,
      args: unknown[],
      kwargs: Kwargs,
      caller: PyCallable | null,
    ): unknown => {
      const run = state as Run;
      if (++run.depth > run.limits.maxCallDepth) throw callsTooDeep(run);
      try {
        spend(run, 1);
        const vars = newSlots();
        const frame = new Frame(vars, defining, run);
        if (caller !== null) bindWithCaller(vars, frame, args, caller);
        else if (kwargs === NO_KWARGS) bindPositional(vars, frame, args);
        else bindCall(vars, frame, args, kwargs);
        return render(frame);
      } finally {
        run.depth--;
      }
    };
    /** A call bound by a call site (`directMacroCall`): the variables hold the arguments, `unset` the rest. */
    const enterBound: MacroCode['enterBound'] = (run, defining, vars, plan, extra, rest) => {
      if (++run.depth > run.limits.maxCallDepth) throw callsTooDeep(run);
      spend(run, 1);
      const frame = new Frame(vars, defining, run);
      const unsetParams = plan.unsetParams;
      for (let i = 0; i < unsetParams.length; i++) vars[paramSlots[unsetParams[i]]] = plan.unsetValues[i];
      if (callerSlot >= 0) vars[callerSlot] = noCaller();
      if (kwargsSlot >= 0) vars[kwargsSlot] = rest ?? {};
      if (varargsSlot >= 0) vars[varargsSlot] = tuple(extra === NO_ARGS ? [] : extra);
      const left = plan.defaultsLeft;
      for (let i = 0; i < left.length; i++)
        vars[paramSlots[left[i]]] = defaults[left[i] - firstDefault](frame);
      const out = render(frame);
      run.depth--;
      return out;
    };
    const signature: MacroSignature = {
      params: paramNames,
      firstDefault,
      catchesVarargs: varargsSlot >= 0,
      kwargsSlot,
      readsCaller: callerSlot >= 0,
      unset,
      fixedDefaults: defaultNodes.map((node) =>
        node.type === 'Const' &&
        (node.value === null || typeof node.value !== 'object' || node.value instanceof PyFloat)
          ? node.value
          : NOT_FIXED,
      ),
    };
    const code: MacroCode = {
      newSlots,
      paramSlots,
      enterBound,
      plan: (given, keywords) => callPlan(signature, given, keywords),
    };
    // One function for each kind of call, whichever time the definition ran (a call block's makes its `caller` at
    // every call): the frame is the callable's own.
    const call: PyCallable['call'] = (state, args, kwargs, self) =>
      enter(state, self.defining as Frame, args, kwargs, null);
    // A macro that reads `caller` takes a call block's body straight into its slot, as `bindCall` would.
    const callWithCaller: PyCallable['callWithCaller'] =
      callerSlot < 0
        ? undefined
        : (state, args, caller, self) => enter(state, self.defining as Frame, args, NO_KWARGS, caller);
    return (defining) =>
      new PyCallable(
        name ?? 'caller',
        call,
        attributes,
        'jinja2.runtime.Macro',
        text,
        callWithCaller,
        code,
        defining,
      );
  }

  private macro(node: ast.Macro, scope: Scope): St {
    const slot = scope.declare(node.name);
    const make = this.macroFunction(node.name, node, scope);
    scope.assigned.add(node.name);
    return (f) => {
      f.vars[slot] = make(f);
      return '';
    };
  }

  /**
   * `{% call f() %}...{% endcall %}`. Jinja2 puts what the call returns into the output as it is, as it does a
   * `{% filter %}` block's result: a macro's text, but a dict from `dict()` or a namespace fails when the output
   * is joined (see `outputPiece`).
   */
  private callBlock(node: ast.CallBlock, scope: Scope): St {
    const makeCaller = this.macroFunction(null, node, scope);
    const call = this.call(node.call, scope, (f) => makeCaller(f));
    const at = spanOf(node);
    const source = this.source;
    return (f) => outputPiece(call(f), at, source, f.run);
  }

  private cycle(cycle: ast.Cycle, scope: Scope): St {
    const loop = this.name('loop', scope);
    const args = listOf(cycle.args.map((arg) => this.expression(arg, scope)));
    const source = this.source;
    const node = spanOf(cycle);
    return (f) => {
      const context = loop(f);
      if (!isLoopObject(context)) {
        throw new TemplateRuntimeError(
          'TemplateRuntimeError',
          "'cycle' can only be used inside a for loop",
        ).locate(node.line, node.col, source);
      }
      return toText((context as LoopContext).cycle(args(f)));
    };
  }

  private notSend(notSend: ast.NotSend, scope: Scope): St {
    const reason = notSend.reason === null ? null : this.expression(notSend.reason, scope);
    const node = spanOf(notSend);
    return (f) => {
      throw new NotSentSignal(reason === null ? 'MOE_NOT_SEND' : toText(reason(f))).locate(
        node.line,
        node.col,
      );
    };
  }

  // ---------------------------------------------------------------- expressions

  /**
   * Compiles an expression. One that folds (as `safeRepr` allows) to a small value becomes that value, a list,
   * tuple or dict copied for each evaluation as Jinja2's folded literal is made anew. A render with a smaller
   * `maxOutputSize` than folding's evaluates the expression itself, compiled like Jinja2 without checking the
   * filters its folding never reached (`[1] or x|nope`).
   */
  private expression(node: ast.Expr, scope: Scope): Ev {
    if (this.folding || node.type === 'Const') return this.compileExpression(node, scope);
    const folded = this.folder.valueOf(node);
    // Jinja2 writes a folded value whose repr it can write, however large.
    if (folded !== null && safeRepr(folded.value)) this.foldedNodes.add(node);
    // A large value is left to the render, unfolded (`smallValue`, checked first: it stops early).
    if (folded === null || !smallValue(folded.value) || !safeRepr(folded.value))
      return this.compileExpression(node, scope);
    const slow = this.softExpression(node, scope, true);
    const value = folded.value;
    const immutable =
      typeof value !== 'object' || value === null || value instanceof Markup || value instanceof PyFloat;
    // A list or dict no code of the template can change is the one folded (months, labels by language).
    if (immutable || this.unchanging) return this.foldedConstant(value, slow);
    return (f) => (f.run.limits.maxOutputSize >= FOLDED_SIZE ? freshCopy(value) : slow(f));
  }

  /**
   * Compiles an expression with unknown filters and tests left to fail when run (what Jinja2's folding never
   * reached). No closure here refers to the compiler: a closure kept by the program would keep it, and its folder's
   * table of every node, alive as long as the template.
   */
  private softExpression(node: ast.Expr, scope: Scope, unfolded: boolean): Ev {
    this.soft++;
    try {
      return unfolded ? this.compileExpression(node, scope) : this.expression(node, scope);
    } finally {
      this.soft--;
    }
  }

  private compileExpression(node: ast.Expr, scope: Scope): Ev {
    switch (node.type) {
      case 'Const':
        return this.constant(node.value);
      case 'Name':
        this.noteWhole(node.name, scope);
        return this.name(node.name, scope);
      case 'Getattr':
        return this.getattr(node, scope);
      case 'Getitem':
        return this.getitem(node, scope);
      case 'Slice':
        return this.fail('a slice is only allowed inside brackets', node);
      case 'Call':
        return this.call(node, scope, null);
      case 'Filter':
        if (node.node === null) return this.fail('a filter needs a value', node);
        this.requireKnown('filter', node);
        return (
          this.itemChain(node, scope) ??
          this.literalXmlattr(node, scope) ??
          this.itemFilter(node, scope, this.expression(node.node, scope))
        );
      case 'Test':
        return this.test(node, scope);
      case 'CondExpr': {
        this.soft++;
        const test = this.condition(node.test, scope);
        const yes = this.expression(node.expr1, scope);
        const no = node.expr2 === null ? null : this.expression(node.expr2, scope);
        this.soft--;
        const hint = `the inline if-expression on line ${node.line} evaluated to false and no else section was defined.`;
        return (f) => {
          if (test(f)) return yes(f);
          return no === null ? new Undefined(undefined, NO_OBJECT, hint) : no(f);
        };
      }
      case 'BinOp': {
        if (node.op === '%' && node.right.type === 'Tuple') {
          const formatted = this.literalPercent(node.left, node.right.items, scope, null);
          if (formatted !== null) return formatted;
        }
        const op = BINARY[node.op];
        if (node.op === '**') {
          const signed = this.negatedPower(node, scope);
          if (signed !== null) return signed;
        }
        const left = this.expression(node.left, scope);
        const right = this.expression(node.right, scope);
        const plain = node.op === '%' ? literalPlainPercent(node.left, 1) : null;
        if (plain !== null) {
          // `'%.1f%%' % x`: a text or number is the one item; anything else (a tuple, a dict) as `%` takes it.
          const [head] = plain.literals;
          const [print] = plain.fields;
          const { tail } = plain;
          return (f) => {
            const v = right(f);
            return typeof v === 'string' || typeof v === 'number'
              ? head + print(v) + tail
              : op(f.run, left(f), v);
          };
        }
        // Python ints that fit a double's integers, and floats whose result is not integral (a JS number; an integral
        // float is a `PyFloat`), added, subtracted, multiplied or divided here (what `add`, `sub`, `mul` and
        // `truediv` do first for them, without the call); other operands, integral floats and results past 2**53
        // take the operator. One closure each: sharing one for both measured half the gain on `a + b - 1`.
        if (node.op === '+') {
          return (f) => {
            const a = left(f);
            const b = right(f);
            if (typeof a === 'number' && typeof b === 'number') {
              const r = a + b;
              if (Number.isInteger(a) && Number.isInteger(b)) {
                if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
              } else if (!Number.isInteger(r)) return r;
            } else if (typeof a === 'string' && typeof b === 'string') {
              // Text joined here too, checked against the output limit as `add` checks it.
              const limit = f.run.limits.maxOutputSize;
              if (a.length + b.length <= limit) return a + b;
            }
            return op(f.run, a, b);
          };
        }
        if (node.op === '-') {
          return (f) => {
            const a = left(f);
            const b = right(f);
            if (typeof a === 'number' && typeof b === 'number') {
              const r = a - b;
              if (Number.isInteger(a) && Number.isInteger(b)) {
                if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
              } else if (!Number.isInteger(r)) return r;
            }
            return op(f.run, a, b);
          };
        }
        if (node.op === '*') {
          return (f) => {
            const a = left(f);
            const b = right(f);
            if (typeof a === 'number' && typeof b === 'number') {
              const r = a * b;
              if (Number.isInteger(a) && Number.isInteger(b)) {
                if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
              } else if (!Number.isInteger(r)) return r;
            }
            return op(f.run, a, b);
          };
        }
        if (node.op === '/') {
          return (f) => {
            const a = left(f);
            const b = right(f);
            // Safe ints and floats divide exactly as Python does (`truediv`); an int's `-0` is 0.
            if (typeof a === 'number' && typeof b === 'number' && b !== 0) {
              const r = (a === 0 ? 0 : a) / b;
              if (!Number.isInteger(r) && (Number.isSafeInteger(a) || !Number.isInteger(a))) {
                if (Number.isSafeInteger(b) || !Number.isInteger(b)) return r;
              }
            }
            return op(f.run, a, b);
          };
        }
        return (f) => op(f.run, left(f), right(f));
      }
      case 'UnaryOp': {
        if (node.op === 'not') return this.condition(node, scope);
        const operand = this.expression(node.node, scope);
        const op = node.op === '-' ? neg : pos;
        return (f) => op(operand(f));
      }
      case 'And': {
        const left = this.expression(node.left, scope);
        const right = this.expression(node.right, scope);
        return (f) => {
          const value = left(f);
          return truthy(value) ? right(f) : value;
        };
      }
      case 'Or': {
        const member = this.frameMember(node.left, scope);
        if (member !== null) return this.memberOr(member, this.expression(node.right, scope));
        const left = this.expression(node.left, scope);
        const right = this.expression(node.right, scope);
        return (f) => {
          const value = left(f);
          return truthy(value) ? value : right(f);
        };
      }
      case 'Concat':
        return this.concat(node, scope);
      case 'Compare':
        return this.compare(node, scope);
      case 'List':
        return listOf(node.items.map((item) => this.expression(item, scope)));
      case 'Tuple': {
        const items = listOf(node.items.map((item) => this.expression(item, scope)));
        return (f) => tuple(items(f));
      }
      case 'Dict':
        return this.dict(node, scope);
    }
  }

  /**
   * `a ~ ' ' ~ b`: as Jinja2 joins them, every operand evaluated first, then each one's text (`l ~ l.append(1)`
   * prints the list with the item appended). Text literals are joined with their neighbours when compiled, and
   * up to three other operands are one closure with their calls written out.
   */
  private concat(node: ast.Concat, scope: Scope): Ev {
    // statics[i] comes before parts[i]; the last one ends the text.
    const statics: string[] = [''];
    const parts: Ev[] = [];
    for (const operand of node.nodes) {
      const text = this.constantText(operand);
      if (text !== undefined) statics[statics.length - 1] += text;
      else {
        parts.push(this.expression(operand, scope));
        statics.push('');
      }
    }
    const [s0, s1, s2, s3] = statics;
    const [e0, e1, e2] = parts;
    switch (parts.length) {
      case 0:
        return () => s0;
      case 1:
        return (f) => {
          const out = s0 + toText(e0(f)) + s1;
          checkLength(f.run, out.length);
          return out;
        };
      case 2:
        return (f) => {
          const a = e0(f);
          const b = e1(f);
          const out = s0 + toText(a) + s1 + toText(b) + s2;
          checkLength(f.run, out.length);
          return out;
        };
      case 3:
        return (f) => {
          const a = e0(f);
          const b = e1(f);
          const c = e2(f);
          const out = s0 + toText(a) + s1 + toText(b) + s2 + toText(c) + s3;
          checkLength(f.run, out.length);
          return out;
        };
      default:
        return (f) => {
          const values = parts.map((part) => part(f));
          let out = s0;
          for (let i = 0; i < values.length; i++) out += toText(values[i]) + statics[i + 1];
          checkLength(f.run, out.length);
          return out;
        };
    }
  }

  /** Reads a variable: from the innermost scope that has assigned it, else from the render variables. */
  private name(name: string, scope: Scope): Ev {
    // `super()` in a block: a template has no parent, so there is no parent block.
    if (name === 'super' && this.blockName !== null && scope.resolve(name).places.length === 0) {
      const missing = new Undefined(
        name,
        NO_OBJECT,
        `there is no parent block called ${strRepr(this.blockName)}.`,
      );
      return () => missing;
    }
    // `self` the template does not set is its reference, whatever the render variables hold, as in Jinja2.
    if (name === 'self' && scope.resolve(name).places.length === 0) {
      this.readsSelf = true;
      const blocks = this.blockBodies;
      return (f) => new TemplateReference(blocks, topFrame(f));
    }
    const read = this.variable(name, scope);
    const places = this.slotPlaces(name, scope);
    if (places === null) return read;
    // A namespace that lives in slots, read whole by a path that is not a slot access: made from its slots.
    const names = this.inSlots.get(name) as readonly string[];
    return (f) => {
      const value = read(f);
      return value === IN_SLOTS ? slotNamespace(f, places, names, assignedPlace(f, places)) : value;
    };
  }

  /**
   * Where a variable whose namespace lives in slots may be, and its attributes' slots there (see
   * slot-namespaces.ts); null when a place lacks them, and the variable is then read the general way.
   */
  private slotPlaces(name: string, scope: Scope): SlotPlaces | null {
    const names = this.inSlots.get(name);
    if (names === undefined) return null;
    let known = this.placesByScope.get(scope);
    if (known === undefined) {
      known = new Map();
      this.placesByScope.set(scope, known);
    }
    let places = known.get(name);
    if (places === undefined) {
      places = this.findSlotPlaces(name, names, scope);
      known.set(name, places);
    }
    return places;
  }

  private findSlotPlaces(name: string, names: readonly string[], scope: Scope): SlotPlaces | null {
    const { places } = scope.resolve(name);
    const attributeSlots: number[][] = [];
    for (const [hops] of places) {
      const slots = names.map((attr) => scope.slotOut(hops, attributeSlotName(name, attr)));
      if (slots.some((slot) => slot === undefined)) return null;
      attributeSlots.push(slots as number[]);
    }
    return { hops: places.map(([hops]) => hops), slots: places.map(([, slot]) => slot), attributeSlots };
  }

  /** `name`'s reader without regard to namespaces in slots. */
  private variable(name: string, scope: Scope): Ev {
    const { places, end } = scope.resolve(name);
    if (end === 'set' && places.length === 1) {
      const [hops, slot] = places[0];
      if (hops === 0) return (f) => f.vars[slot];
      if (hops === 1) return (f) => (f.up as Frame).vars[slot];
    }
    // A name the template assigns may still be read before the assignment runs: from the render variables, or
    // undefined when Jinja2 would not look there (a macro reading a variable the template assigns later).
    if (!scope.isLocal(name)) this.free.add(name);
    if (places.length === 0) return variableReader(name);
    const unset = end === 'outer' ? null : name;
    if (places.length === 1 && places[0][0] === 0) {
      const slot = places[0][1];
      return (f) => {
        const value = f.vars[slot];
        if (value !== MISSING) return value;
        return unset === null ? lookupVariable(f.run, name) : new Undefined(unset, NO_OBJECT);
      };
    }
    // One place out: a name the template sets, read in a loop or macro (no loop over hops per read: 8 -> 6 ns).
    if (places.length === 1 && places[0][0] === 1) {
      const slot = places[0][1];
      return (f) => {
        const value = (f.up as Frame).vars[slot];
        if (value !== MISSING) return value;
        return unset === null ? lookupVariable(f.run, name) : new Undefined(unset, NO_OBJECT);
      };
    }
    if (places.length === 1 && places[0][0] === 2) {
      const slot = places[0][1];
      return (f) => {
        const value = ((f.up as Frame).up as Frame).vars[slot];
        if (value !== MISSING) return value;
        return unset === null ? lookupVariable(f.run, name) : new Undefined(unset, NO_OBJECT);
      };
    }
    // Plain arrays read by index: destructuring an iterator per read is slow in code every template shares.
    const hopsOf = places.map(([hops]) => hops);
    const slotOf = places.map(([, slot]) => slot);
    return (f) => {
      for (let p = 0; p < hopsOf.length; p++) {
        let frame: Frame = f;
        for (let i = hopsOf[p]; i > 0; i--) frame = frame.up as Frame;
        const value = frame.vars[slotOf[p]];
        if (value !== MISSING) return value;
      }
      return unset === null ? lookupVariable(f.run, name) : new Undefined(unset, NO_OBJECT);
    };
  }

  private noteWhole(name: string, scope: Scope): void {
    if (!scope.isLocal(name)) this.whole.add(name);
  }

  private noteMember(node: ast.Expr, member: unknown, scope: Scope): boolean {
    if (node.type !== 'Name' || typeof member !== 'string' || scope.isLocal(node.name)) return false;
    let set = this.members.get(node.name);
    if (set === undefined) {
      set = new Set();
      this.members.set(node.name, set);
    }
    set.add(member);
    return true;
  }

  private object(node: ast.Expr, member: unknown, scope: Scope): Ev {
    if (node.type === 'Name' && this.noteMember(node, member, scope)) return this.name(node.name, scope);
    return this.expression(node, scope);
  }

  /**
   * `obj.name` or `obj['key']` with a reader made for the name; when `obj` is a variable in a fixed slot of this
   * frame or the one around it, it is read in the same closure.
   */
  private member(
    objNode: ast.Expr,
    member: string | null,
    kind: 'attribute' | 'item',
    key: string,
    scope: Scope,
  ): Ev {
    const read = memberAccess(kind, key);
    const load = propertyLoad(key, this.owner(objNode));
    if (!readsOwnValueFirst(key)) {
      const obj = this.object(objNode, member, scope);
      return (f) => read(obj(f), key, load);
    }
    if (objNode.type === 'Name' && this.namespaceNames.has(objNode.name)) {
      // `ns.total` where `ns` is set to a namespace: its attribute is read first, as `read` reads it.
      const obj = this.object(objNode, member, scope);
      return (f) => {
        const o = obj(f);
        if (o instanceof Namespace) {
          const value = load(o.attrs, key);
          if (value !== undefined && value !== NOT_PLAIN) return value;
        }
        return read(o, key, load);
      };
    }
    const place = this.fixedPlace(objNode, scope);
    // A plain object's own value is read here, by the key's own load; anything else goes to `read`. One call
    // less on the usual path than calling `read` for every value.
    if (place !== null && place[0] === 0) {
      const slot = place[1];
      return (f) => {
        const o = f.vars[slot];
        if (typeof o === 'object' && o !== null) {
          const value = load(o as Record<string, unknown>, key);
          if (value !== undefined && value !== NOT_PLAIN && typeof value !== 'function') return value;
        }
        return read(o, key, load);
      };
    }
    const obj = this.object(objNode, member, scope);
    return (f) => {
      const o = obj(f);
      if (typeof o === 'object' && o !== null) {
        const value = load(o as Record<string, unknown>, key);
        if (value !== undefined && value !== NOT_PLAIN && typeof value !== 'function') return value;
      }
      return read(o, key, load);
    };
  }

  /**
   * `ns.attr` where `ns`'s namespace lives in slots (see slot-namespaces.ts): the attribute's slot beside the
   * variable's, when the variable holds `IN_SLOTS` and the attribute is set; else `general`, the read as written.
   * Null when the slots do not hold `attr` or the sandbox refuses it.
   */
  private slotAttribute(name: string, attr: string, scope: Scope, general: Ev): Ev | null {
    const index = (this.inSlots.get(name) as readonly string[]).indexOf(attr);
    const places = this.slotPlaces(name, scope);
    // The sandbox refuses a namespace's `_name` (`getattr`).
    if (index < 0 || places === null || attr.startsWith('_')) return null;
    const { hops, slots, attributeSlots } = places;
    if (hops.length === 1 && hops[0] <= 1) {
      const slot = slots[0];
      const at = attributeSlots[0][index];
      if (hops[0] === 0) {
        return (f) => {
          const vars = f.vars;
          if (vars[slot] === IN_SLOTS) {
            const value = vars[at];
            if (value !== MISSING) return value;
          }
          return general(f);
        };
      }
      return (f) => {
        const vars = (f.up as Frame).vars;
        if (vars[slot] === IN_SLOTS) {
          const value = vars[at];
          if (value !== MISSING) return value;
        }
        return general(f);
      };
    }
    return (f) => {
      const p = assignedPlace(f, places);
      if (p >= 0) {
        const vars = frameOut(f, hops[p]).vars;
        if (vars[slots[p]] === IN_SLOTS) {
          const value = vars[attributeSlots[p][index]];
          if (value !== MISSING) return value;
        }
      }
      return general(f);
    };
  }

  /** The frame hops (0 or 1) and slot of a variable always bound there, or null. */
  private fixedPlace(node: ast.Expr, scope: Scope): [number, number] | null {
    if (node.type !== 'Name') return null;
    const { places, end } = scope.resolve(node.name);
    // A variable bound in its scope is local, so it is never one of `Template.names`.
    return end === 'set' && places.length === 1 && places[0][0] <= 1 ? places[0] : null;
  }

  private getattr(node: ast.Getattr, scope: Scope): Ev {
    const name = node.attr;
    // `d.items` and the like are dict methods, which read the whole dict.
    const member = DICT_ATTRIBUTE_NAMES.has(name) ? null : name;
    if (node.node.type === 'Name' && this.inSlots.has(node.node.name)) {
      const general = this.member(node.node, member, 'attribute', name, scope);
      return this.slotAttribute(node.node.name, name, scope, general) ?? general;
    }
    // `loop.index`, or `outer.index` of a name the template gives a loop (`{% set outer = loop %}`).
    const code =
      node.node.type === 'Name' && (node.node.name === 'loop' || this.loopAliases.has(node.node.name))
        ? plainLoopAttribute(name)
        : -1;
    if (code >= 0 && node.node.type === 'Name' && node.node.name !== 'loop') {
      // A loop object made by another loop's code (each loop after a template's first has a copy of its own, see
      // code-copies.ts), so known by what it is, not by this copy's class.
      const obj = this.object(node.node, member, scope);
      const read = loopRead(code);
      return (f) => {
        const o = obj(f);
        return isLoopObject(o) ? read(o as LoopContext) : getattr(o, name);
      };
    }
    if (code >= 0) {
      // `loop.index` and its kin, read straight off the loop; a variable the template named `loop` still works.
      const place = this.fixedPlace(node.node, scope);
      if (place !== null && place[0] === 0) {
        const slot = place[1];
        const read = loopRead(code);
        return (f) => {
          const o = f.vars[slot];
          return o instanceof LoopContext ? read(o) : getattr(o, name);
        };
      }
      const obj = this.object(node.node, member, scope);
      const read = loopRead(code);
      return (f) => {
        const o = obj(f);
        return o instanceof LoopContext ? read(o) : getattr(o, name);
      };
    }
    return this.member(node.node, member, 'attribute', name, scope);
  }

  private getitem(node: ast.Getitem, scope: Scope): Ev {
    const arg = node.arg;
    if (arg.type === 'Tuple' && arg.items.some((item) => item.type === 'Slice')) {
      // `x[1:2, 3]`, which Python rejects in the code Jinja2 writes: `pythonCompileError` reports it once the whole
      // template is compiled, so only Jinja2's checks of the parts (an unknown filter) are made here.
      this.expression(node.node, scope);
      for (const item of arg.items) {
        const parts = item.type === 'Slice' ? [item.start, item.stop, item.step] : [item];
        for (const part of parts) if (part !== null) this.expression(part, scope);
      }
      return () => {
        throw new TemplateSyntaxError('a slice is only allowed inside brackets', node.line, node.col);
      };
    }
    if (arg.type === 'Slice') {
      const obj = this.expression(node.node, scope);
      const part = (e: ast.Expr | null): Ev | null => (e === null ? null : this.expression(e, scope));
      const start = part(arg.start);
      const stop = part(arg.stop);
      const step = part(arg.step);
      const tail = this.textTail(arg);
      if (tail !== null) {
        // `code[3:]`, `code[-4:]`: the units past the first `tail` (or the last `-tail`) when no surrogate is among
        // the units that decide where the cut falls, so that units and code points count alike there.
        return (f) => {
          const o = obj(f);
          if (typeof o === 'string') {
            const n = o.length;
            // The units that place the cut: the first `tail`, or the last `-tail`.
            const from = tail > 0 ? 0 : Math.max(n + tail, 0);
            const to = tail > 0 ? Math.min(tail, n) : n;
            if (to - from <= FEW_UNITS ? surrogateFree(o, from, to) : !hasSurrogate(o.slice(from, to))) {
              return tail >= n ? '' : o.slice(tail);
            }
          }
          return slice(o, tail, null, null);
        };
      }
      const head = this.textHead(arg);
      if (head !== null) {
        const [from, to] = head;
        return (f) => {
          const o = obj(f);
          if (typeof o === 'string') {
            // Code points and UTF-16 units count alike up to `to` when no surrogate comes before it: only those
            // units are searched, not the whole text. (A regular expression: a loop of `charCodeAt` measured 2x
            // slower on texts that are not Latin-1.)
            if (to >= o.length) {
              if (from === 0) return o;
              if (!hasSurrogate(o)) return from < o.length ? o.slice(from) : '';
            } else if (to <= FEW_UNITS) {
              // A few units (`code[:3]`) are looked at one by one, without a copy to search.
              if (surrogateFree(o, 0, to)) return o.slice(from, to);
            } else {
              const head = o.slice(0, to);
              if (!hasSurrogate(head)) return from === 0 ? head : o.slice(from, to);
            }
          }
          return slice(o, from, to, null);
        };
      }
      return (f) =>
        slice(
          obj(f),
          start === null ? null : start(f),
          stop === null ? null : stop(f),
          step === null ? null : step(f),
        );
    }
    if (arg.type === 'Const' && typeof arg.value === 'string') {
      return this.member(node.node, arg.value, 'item', arg.value, scope);
    }
    const part = this.splitPart(node, scope);
    if (part !== null) return part;
    const obj = this.lookupLiteral(node.node, scope) ?? this.expression(node.node, scope);
    const key = this.expression(arg, scope);
    return (f) => {
      const o = obj(f);
      const k = key(f);
      // A text key of a plain object (`d[name]`, `d[k]` in a loop over `d`): its own entry, asked here, where
      // `getitem` first told a Map from it and asked for the entry through `dictLookup`. Plain as the property
      // loads tell it (`constructor === Object`, keyed-access.ts); what such an object inherits is a function, or
      // the prototype through `__proto__`, so a value that is neither is its own, without `Object.hasOwn` (18 ns
      // a lookup with it and `getPrototypeOf`, 8 ns so).
      if (typeof k === 'string') {
        if (typeof o === 'object' && o !== null && o.constructor === Object && k !== '__proto__') {
          const value = (o as Record<string, unknown>)[k];
          if (value !== undefined && typeof value !== 'function') return value;
        }
        return getitem(o, k);
      }
      // A character of text near its start (`name[0]`, an initial): the code point at `k` is the unit at `k` when
      // no surrogate comes up to it, found without splitting the text into code points.
      if (
        typeof o === 'string' &&
        typeof k === 'number' &&
        k >= 0 &&
        k < 16 &&
        k < o.length &&
        Number.isInteger(k)
      ) {
        let plain = true;
        for (let i = 0; i <= k && plain; i++) plain = !isSurrogateUnit(o.charCodeAt(i));
        if (plain) return o[k];
      }
      // An iterator or a dict view is no sequence: `getitem` gives Python's Undefined. A negative index counts
      // from the end.
      if (typeof k === 'number' && isPlainSequence(o) && Number.isInteger(k)) {
        const at = k < 0 ? k + o.length : k;
        if (at >= 0 && at < o.length) {
          const value = o[at];
          if (value !== undefined && typeof value !== 'function') return value;
        }
      }
      return getitem(o, k);
    };
  }

  /**
   * `s.split(sep)[i]` or `s.split()[i]`, with a text literal `sep` and an int literal `i` from -1 to 64
   * (`name.split(' ')[0]`, `email.split('@')[-1]`, `full_name.split()[0]`): on text, the part is found where
   * `split` finds it (separators by `indexOf` from the left, words between whitespace), without making the list
   * of parts. Anything else, and an index past the parts, as written.
   */
  private splitPart(node: ast.Getitem, scope: Scope): Ev | null {
    const { arg, node: call } = node;
    // `-1` is the negation of the literal 1.
    const index =
      arg.type === 'Const'
        ? arg.value
        : arg.type === 'UnaryOp' && arg.op === '-' && arg.node.type === 'Const' && arg.node.value === 1
          ? -1
          : undefined;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < -1 ||
      index > 64 ||
      call.type !== 'Call' ||
      call.node.type !== 'Getattr' ||
      call.node.attr !== 'split' ||
      call.args.length > 1 ||
      call.kwargs.length !== 0 ||
      call.dynArgs !== null ||
      call.dynKwargs !== null
    ) {
      return null;
    }
    // No separator: the runs between whitespace, as `split()` gives them.
    const sepNode = call.args.length === 0 ? null : call.args[0];
    if (
      sepNode !== null &&
      (sepNode.type !== 'Const' || typeof sepNode.value !== 'string' || sepNode.value === '')
    ) {
      return null;
    }
    const sep = sepNode === null ? null : (sepNode.value as string);
    const text = this.expression(call.node.node, scope);
    // The call as written, on the value `text` gave.
    const { hold, receiver } = heldReceiver();
    const parts = this.call(call, scope, null, receiver);
    const whole = (f: Frame, s: unknown): unknown => {
      hold(s);
      return getitem(parts(f), index);
    };
    return (f) => {
      const s = text(f);
      if (typeof s !== 'string') return whole(f, s);
      spendOnText(f.run, s);
      if (sep === null) return wordAt(s, index) ?? whole(f, s);
      let from = 0;
      if (index < 0) {
        // The last part: after the last separator `split` finds, scanning from the left (they do not overlap).
        for (let at = s.indexOf(sep); at >= 0; at = s.indexOf(sep, from)) {
          spend(f.run, 1);
          from = at + sep.length;
        }
        return s.slice(from);
      }
      for (let n = 0; n < index; n++) {
        spend(f.run, 1);
        const at = s.indexOf(sep, from);
        if (at < 0) return whole(f, s);
        from = at + sep.length;
      }
      const end = s.indexOf(sep, from);
      return end < 0 ? s.slice(from) : s.slice(from, end);
    };
  }

  /**
   * The `n` of a slice `[n:]` with a small constant `n`, not 0 (`[3:]`, and `[-4:]`, a negation the folder reads as
   * the constant it is), else null.
   */
  private textTail(arg: ast.Slice): number | null {
    const { start, stop, step } = arg;
    if (step !== null || stop !== null || start === null) return null;
    const n = start.type === 'Const' ? start.value : this.folder.valueOf(start)?.value;
    return typeof n === 'number' && Number.isInteger(n) && n !== 0 && Math.abs(n) <= 256 ? n : null;
  }

  /**
   * The bounds of `[:n]` and `[m:n]` with int literals `0 <= m <= n <= 256` and no step, the slice that takes the
   * head of a text; else null.
   */
  private textHead(arg: ast.Slice): [number, number] | null {
    const { start, stop, step } = arg;
    if (step !== null || stop?.type !== 'Const' || (start !== null && start.type !== 'Const')) return null;
    const to = stop.value;
    const from = start === null ? 0 : start.value;
    const small = (n: unknown): n is number =>
      typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 256;
    return small(from) && small(to) && from <= to ? [from, to] : null;
  }

  private dict(node: ast.Dict, scope: Scope): Ev {
    // `{}` is a Map: a dict a template starts empty is one it fills (`d.update({key: value})`), with keys of any
    // type (an id, a tuple), which a plain object could not take.
    if (node.items.length === 0) return newDict;
    const keys = node.items.map((pair) => this.expression(pair.key, scope));
    const values = node.items.map((pair) => this.expression(pair.value, scope));
    const plainKeys =
      !this.keyedDicts &&
      node.items.every(
        (pair) =>
          pair.key.type === 'Const' &&
          typeof pair.key.value === 'string' &&
          pair.key.value !== '__proto__' &&
          !/^(0|[1-9]\d*)$/.test(pair.key.value),
      );
    if (plainKeys) {
      return (f) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) out[keys[i](f) as string] = values[i](f);
        return out;
      };
    }
    /** The dict as a Map from the `from`th pair on, the pairs before it already in `out`. */
    const asMap = (
      f: Frame,
      out: Record<string, unknown>,
      from: number,
      firstKey: unknown,
    ): Map<unknown, unknown> => {
      const d = newDict();
      for (const key of Object.keys(out)) d.set(key, out[key]);
      // A key equal to an earlier one (`1`, `1.0`, `True`) keeps the earlier key, as `dictSet` finds it.
      for (let i = from; i < keys.length; i++) dictSet(d, i === from ? firstKey : keys[i](f), values[i](f));
      return d;
    };
    // A template that adds keys to dicts has Maps for all its literals (see `addsDictKeys`); written-out texts
    // are keys no other key equals.
    if (this.keyedDicts) {
      const texts = node.items.every(
        (pair) => pair.key.type === 'Const' && typeof pair.key.value === 'string',
      );
      if (!texts) return (f) => asMap(f, {}, 0, keys[0](f));
      return (f) => {
        const d = newDict();
        for (let i = 0; i < keys.length; i++) d.set(keys[i](f), values[i](f));
        return d;
      };
    }
    return (f) => {
      // Keys read at the render (`{item.type: n}`) that are plain text make a plain object, as written keys do;
      // the first that is not (a number, markup, text like `'1'` or `__proto__`) turns the dict into a Map.
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i](f);
        if (typeof key !== 'string' || key === '__proto__' || isIndexLike(key)) {
          return asMap(f, out, i, key);
        }
        out[key] = values[i](f);
      }
      return out;
    };
  }

  private compare(node: ast.Compare, scope: Scope): Cond {
    if (node.ops.length === 1 && node.expr.type === 'Const' && typeof node.expr.value === 'string') {
      const [{ op, expr }] = node.ops;
      if (op === 'in' || op === 'notin') {
        // `'vip' in user.tags`, `'origin' in item.specs`: the text is known, so is how it is looked for.
        const key = node.expr.value;
        const container = this.expression(expr, scope);
        const load = ownValueLoad(key, this.owner(expr));
        const holds =
          load === null
            ? (f: Frame): boolean => containsText(container(f), key)
            : (f: Frame): boolean => {
                // What a plain object holds under the key, by the key's own read: its own value, or none when
                // that is undefined or a function (all a plain object inherits under the key is a function).
                const c = container(f);
                if (typeof c === 'object' && c !== null && !Array.isArray(c)) {
                  const value = load(c as Record<string, unknown>, key);
                  if (value !== NOT_PLAIN) return value !== undefined && typeof value !== 'function';
                }
                return containsText(c, key);
              };
        return op === 'in' ? holds : (f) => !holds(f);
      }
    }
    const first = this.expression(node.expr, scope);
    if (node.ops.length === 1) {
      const [{ op, expr }] = node.ops;
      const against = constantComparison(op, expr, first);
      if (against !== null) return against;
      const right = this.expression(expr, scope);
      return twoSidedComparison(op, first, right);
    }
    const ops = node.ops.map((operand) => ({
      op: COMPARE[operand.op],
      expr: this.expression(operand.expr, scope),
    }));
    if (ops.length === 2) {
      // `18 <= user.age < 30`: the two comparisons written out (each operator decides two numbers first), where the
      // loop below took 4.4x the time.
      const [{ op: c0, expr: e1 }, { op: c1, expr: e2 }] = ops;
      return (f) => {
        const a = first(f);
        const b = e1(f);
        return c0(a, b) && c1(b, e2(f));
      };
    }
    return (f) => {
      let left = first(f);
      for (const { op, expr } of ops) {
        const right = expr(f);
        if (!op(left, right)) return false;
        left = right;
      }
      return true;
    };
  }

  /** Compiles positional and keyword arguments (with `*args` / `**kwargs`) into one evaluator. */
  /**
   * A call's arguments, or a filter's or test's. For a call (`call`), a `**` key that repeats a keyword is a
   * TypeError, as Python's call refuses it (a filter takes the later value), and a `{% call %}` block's body
   * (`caller`) goes between the keywords and the `**` ones, where Jinja2's call passes it.
   */
  private arguments(
    node: ast.CallArgs,
    scope: Scope,
    call = false,
    caller: ((f: Frame) => unknown) | null = null,
  ): {
    positional: (f: Frame) => unknown[];
    keywords: (f: Frame) => Kwargs;
    args: Ev[];
    names: string[];
    values: Ev[];
  } {
    const args = node.args.map((arg) => this.expression(arg, scope));
    const names = node.kwargs.map((kw) => kw.key);
    const values = node.kwargs.map((kw) => this.expression(kw.value, scope));
    const dynArgs = node.dynArgs === null ? null : this.expression(node.dynArgs, scope);
    const dynKwargs = node.dynKwargs === null ? null : this.expression(node.dynKwargs, scope);
    const list = listOf(args);
    return {
      args,
      names,
      values,
      positional:
        dynArgs === null
          ? list
          : (f) => {
              const out = list(f);
              out.push(...starArguments(dynArgs(f)));
              return out;
            },
      keywords:
        dynKwargs === null
          ? keywordsWithCaller(names, values, caller)
          : (f) => {
              const out: Kwargs = {};
              for (let i = 0; i < names.length; i++) setKey(out, names[i], values[i](f));
              if (caller !== null) out.caller = caller(f);
              let order: string[] | null = null;
              for (const [k, v] of starStarArguments(dynKwargs(f))) {
                if (call && Object.hasOwn(out, k)) {
                  throw new TemplateRuntimeError(
                    'TypeError',
                    `jinja2.sandbox.SandboxedEnvironment.call() got multiple values for keyword argument ${strRepr(k)}`,
                  );
                }
                if (order === null && isIndexLike(k)) order = Object.keys(out);
                if (order !== null && !Object.hasOwn(out, k)) order.push(k);
                setKey(out, k, v);
              }
              if (order !== null) keepKeywordOrder(out, order);
              return out;
            },
    };
  }

  private call(node: ast.Call, scope: Scope, caller: ((f: Frame) => unknown) | null, receiver?: Ev): Ev {
    const format = caller === null ? this.literalFormat(node, scope) : null;
    if (format !== null) return format;
    const dictGet = caller === null && receiver === undefined ? this.dictGetByKey(node, scope) : null;
    if (dictGet !== null) return dictGet;
    const update = caller === null && receiver === undefined ? this.dictUpdateByLiteral(node, scope) : null;
    if (update !== null) return update;
    const global = caller === null && receiver === undefined ? this.globalCall(node, scope) : null;
    if (global !== null) return global;
    const {
      positional,
      keywords: withCaller,
      args,
      names,
      values,
    } = this.arguments(node, scope, true, caller);
    const callee = node.node;
    const at = spanOf(node);
    const source = this.source;
    if (callee.type === 'Getattr') {
      const obj =
        receiver ??
        this.object(callee.node, DICT_ATTRIBUTE_NAMES.has(callee.attr) ? null : callee.attr, scope);
      const attr = callee.attr;
      // A method of a string, list or dict runs directly; anything else is looked up first, as Jinja2 does,
      // before the arguments are evaluated.
      // With positional arguments only, a method's binding is known now (it may have nothing to do), and
      // `loop.cycle(...)`/`loop.changed(...)` go straight to the loop (another value named `loop` as before).
      const plain =
        node.kwargs.length === 0 && node.dynArgs === null && node.dynKwargs === null && caller === null;
      const methods = methodsNamed(attr, plain ? node.args.length : null);
      const find = methods.find;
      // A str or dict method whose binding has nothing to do runs without the search and the binding check: the
      // receivers most calls have (1.1x-1.4x on `.upper()`, `.replace()`, `d.get()`).
      const onText = methods.str?.bindFree ? methods.str.method.fn : null;
      const onDict = methods.dict?.bindFree ? methods.dict.method.fn : null;
      const onList = methods.list?.bindFree ? methods.list.method.fn : null;
      const loopMethod = plain ? loopMethodOf(callee, positional, args) : null;
      // Any other receiver than a string, for the call below.
      const other = (f: Frame, o: unknown): unknown => {
        // A list first: told by one check, where the engine's objects are told by their prototypes.
        if (onList !== null && Array.isArray(o) && marksOf(o) === undefined) {
          spendOnItems(f.run, o);
          return onList(f.run, o, positional(f), NO_KWARGS);
        }
        if (o instanceof AttributeSource) {
          // The engine's objects (`loop`, a cycler, a joiner) have no str, list or dict method.
          if (loopMethod !== null && o instanceof LoopContext) return loopMethod(o, f);
          const own = o.method(attr);
          if (own !== undefined) return own(o, f.run, positional(f), withCaller(f));
        } else {
          if (onDict !== null && isDict(o)) return onDict(f.run, o, positional(f), NO_KWARGS);
          const method = find(o);
          if (method !== null) return callResolved(f.run, method, o, positional(f), withCaller(f));
        }
        return invoke(f.run, getattr(o, attr), positional(f), withCaller(f));
      };
      // A method strings have, through the copy of the call for that method (call-copies.ts).
      if (onText !== null) {
        const fail = (error: unknown): never => {
          throw locate(error, at, source);
        };
        return TEXT_METHOD_CALLS[this.callCopy(onText)](onText as TextMethod, obj, positional, other, fail);
      }
      // What a call throws is located at the call, by a try in the call's own closure rather than a `guarded`
      // wrapper.
      return (f) => {
        try {
          return other(f, obj(f));
        } catch (error) {
          throw locate(error, at, source);
        }
      };
    }
    const fn = this.expression(callee, scope);
    if (caller !== null && node.kwargs.length === 0 && node.dynKwargs === null) {
      // `{% call m(...) %}` with positional arguments only: a macro that reads `caller` takes the body without a
      // keyword record (see `PyCallable.callWithCaller`); anything else is called as usual.
      return (f) => {
        try {
          const v = fn(f);
          if (v instanceof PyCallable && v.callWithCaller !== undefined) {
            return v.callWithCaller(f.run, positional(f), caller(f) as PyCallable, v);
          }
          return invoke(f.run, v, positional(f), withCaller(f));
        } catch (error) {
          throw locate(error, at, source);
        }
      };
    }
    if (caller === null && node.dynArgs === null && node.dynKwargs === null && callee.type === 'Name') {
      return directMacroCall(fn, args, names, values, positional, withCaller, at, source);
    }
    if (
      caller === null &&
      node.args.length === 0 &&
      node.kwargs.length === 0 &&
      node.dynArgs === null &&
      node.dynKwargs === null
    ) {
      // `f()`, as a joiner or a macro without parameters is called: no arguments to evaluate.
      return (f) => {
        try {
          return invoke(f.run, fn(f), [], NO_KWARGS);
        } catch (error) {
          throw locate(error, at, source);
        }
      };
    }
    return (f) => {
      try {
        return invoke(f.run, fn(f), positional(f), withCaller(f));
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * `range(...)` with one to three positional arguments, and `joiner()` and `joiner(sep)`. The name is read at
   * the render as any name is (a template or its data may give it another value): when it is the global, its work
   * runs at once, with no argument list and no calling convention; any other value is called as usual. Null for
   * any other call. `namespace(...)` with keywords goes to `namespaceCall`.
   */
  private globalCall(node: ast.Call, scope: Scope): Ev | null {
    const callee = node.node;
    if (callee.type !== 'Name' || node.dynArgs !== null || node.dynKwargs !== null) return null;
    const count = node.args.length;
    const isRange = callee.name === 'range' && node.kwargs.length === 0 && count >= 1 && count <= 3;
    const isJoiner = callee.name === 'joiner' && count <= 1 && node.kwargs.length === 0;
    if (callee.name === 'namespace' && count === 0 && node.kwargs.length > 0)
      return this.namespaceCall(node, scope);
    if (callee.name === 'dict' && count === 0 && node.kwargs.length > 0) return this.dictCall(node, scope);
    if (!isRange && !isJoiner) return null;
    const fn = this.expression(callee, scope);
    const at = spanOf(node);
    const source = this.source;
    const fail = (error: unknown): never => {
      throw locate(error, at, source);
    };
    const args = node.args.map((arg) => this.expression(arg, scope));
    const positional = listOf(args);
    const [a, b, c] = args;
    if (isJoiner) {
      return (f) => {
        try {
          const v = fn(f);
          if (v !== JOINER) return invoke(f.run, v, positional(f), NO_KWARGS);
          return joiner(count === 1 ? a(f) : ', ');
        } catch (error) {
          return fail(error);
        }
      };
    }
    if (count === 1) {
      return (f) => {
        try {
          const v = fn(f);
          return v === RANGE ? rangeTo(f.run, a(f)) : invoke(f.run, v, positional(f), NO_KWARGS);
        } catch (error) {
          return fail(error);
        }
      };
    }
    return (f) => {
      try {
        const v = fn(f);
        if (v !== RANGE) return invoke(f.run, v, positional(f), NO_KWARGS);
        return rangeFrom(f.run, a(f), b(f), count === 3 ? c(f) : 1);
      } catch (error) {
        return fail(error);
      }
    };
  }

  /**
   * `namespace(name=value, ...)` with keywords only: when the name is the global, the namespace keeps the call's
   * keyword record as its attributes at once, without a calling convention (1.1x-1.2x on a namespace made per
   * item); any other value is called as usual.
   */
  private namespaceCall(node: ast.Call, scope: Scope): Ev {
    const fn = this.expression(node.node, scope);
    const { keywords } = this.arguments(node, scope);
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      try {
        const v = fn(f);
        if (v !== NAMESPACE) return invoke(f.run, v, [], keywords(f));
        // The names are identifiers, never array indexes: the record lists them in the call's order.
        return new Namespace(undefined, keywords(f));
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * `dict(name=value, ...)` with keywords only: when the name is the global, the dict is made at once, as the
   * call's keyword record (2x-4x faster than a Map) unless the template may add keys to it (`addsDictKeys`), when
   * it is the Map the global makes; any other value is called as usual.
   */
  private dictCall(node: ast.Call, scope: Scope): Ev {
    const fn = this.expression(node.node, scope);
    const { keywords, names, values } = this.arguments(node, scope);
    const at = spanOf(node);
    const source = this.source;
    const keyed = this.keyedDicts;
    const make = (f: Frame): unknown => {
      if (!keyed) return keywords(f);
      const d = newDict();
      for (let i = 0; i < names.length; i++) d.set(names[i], values[i](f));
      return d;
    };
    return (f) => {
      try {
        const v = fn(f);
        return v === DICT ? make(f) : invoke(f.run, v, [], keywords(f));
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * `d.get('key')` and `d.get('key', default)` with positional arguments only and the key a text literal: on a
   * plain object, the key's own property read (see `compare` for why what it finds is the object's own value),
   * then the default evaluated, as Python evaluates a call's arguments after finding the method. Any other
   * receiver goes the way of every call (`call` given the receiver already read). Null for any other call.
   */
  private dictGetByKey(node: ast.Call, scope: Scope): Ev | null {
    const callee = node.node;
    if (callee.type !== 'Getattr' || callee.attr !== 'get') return null;
    if (node.kwargs.length > 0 || node.dynArgs !== null || node.dynKwargs !== null) return null;
    const [first, second] = node.args;
    if (node.args.length > 2 || first?.type !== 'Const' || typeof first.value !== 'string') return null;
    const key = first.value;
    const load = ownValueLoad(key, this.owner(callee.node));
    if (load === null) return null;
    const obj = this.object(callee.node, null, scope);
    const fallback = second === undefined ? null : this.expression(second, scope);
    // Set just before `general` runs, which reads it first.
    let received: unknown;
    const general = this.call(node, scope, null, () => received);
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      let o: unknown;
      try {
        o = obj(f);
        // As `'key' in d` reads a plain object (see `compare`).
        if (typeof o === 'object' && o !== null && !Array.isArray(o)) {
          const value = load(o as Record<string, unknown>, key);
          if (value !== NOT_PLAIN) {
            const otherwise = fallback === null ? null : (fallback(f) ?? null);
            return value === undefined || typeof value === 'function' ? otherwise : value;
          }
        }
      } catch (error) {
        throw locate(error, at, source);
      }
      received = o;
      return general(f);
    };
  }

  /**
   * `d.update({key: value, ...})`, the way a template adds to a dict: on a dict, the literal's keys and values are
   * evaluated in order and set in `d`, with no dict made for them (which cost a new object's keyed store and a
   * read of its keys, half of such a call). Any other receiver is called as usual. Null for any other call.
   */
  private dictUpdateByLiteral(node: ast.Call, scope: Scope): Ev | null {
    const callee = node.node;
    if (callee.type !== 'Getattr' || callee.attr !== 'update' || node.args.length !== 1) return null;
    if (node.kwargs.length > 0 || node.dynArgs !== null || node.dynKwargs !== null) return null;
    const [literal] = node.args;
    if (literal.type !== 'Dict' || literal.items.length === 0) return null;
    const obj = this.object(callee.node, null, scope);
    const keys = literal.items.map((pair) => this.expression(pair.key, scope));
    const values = literal.items.map((pair) => this.expression(pair.value, scope));
    // Set just before `general` runs, which reads it first.
    let received: unknown;
    const general = this.call(node, scope, null, () => received);
    const at = spanOf(node);
    const source = this.source;
    if (keys.length === 1) {
      const [key, value] = [keys[0], values[0]];
      return (f) => {
        let o: unknown;
        try {
          o = obj(f);
          if (isDict(o)) {
            updateWithPair(f.run, o, key(f), value(f));
            return null;
          }
        } catch (error) {
          throw locate(error, at, source);
        }
        received = o;
        return general(f);
      };
    }
    return (f) => {
      let o: unknown;
      try {
        o = obj(f);
        if (isDict(o)) {
          // All of the literal first, as Python builds it before the call (`{'a': d.b, 'b': d.a}` swaps).
          const pairs: unknown[] = [];
          for (let i = 0; i < keys.length; i++) pairs.push(keys[i](f), values[i](f));
          for (let i = 0; i < pairs.length; i += 2) updateWithPair(f.run, o, pairs[i], pairs[i + 1]);
          return null;
        }
      } catch (error) {
        throw locate(error, at, source);
      }
      received = o;
      return general(f);
    };
  }

  /**
   * `'...'.format(...)` on a string literal whose fields are all plain (`plainFormatter`): the arguments are
   * evaluated in Python's order into one list and formatted, without binding the call or parsing the string
   * per call. Null for any other call, which compiles as calls do.
   */
  private literalFormat(node: ast.Call, scope: Scope): Ev | null {
    const callee = node.node;
    if (callee.type !== 'Getattr' || callee.attr !== 'format' || callee.node.type !== 'Const') return null;
    const fmt = callee.node.value;
    if (typeof fmt !== 'string' || node.dynArgs !== null || node.dynKwargs !== null) return null;
    const formatter = plainFormatter(
      fmt,
      node.args.length,
      node.kwargs.map((kw) => kw.key),
    );
    if (formatter === null) return null;
    const values = listOf(
      [...node.args, ...node.kwargs.map((kw) => kw.value)].map((arg) => this.expression(arg, scope)),
    );
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      try {
        return formatter(f.run, values(f));
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /** Each expression compiled, what it throws located at it. */
  private guardedAll(nodes: readonly ast.Expr[], scope: Scope): Ev[] {
    return nodes.map((node) => this.guarded(node, this.expression(node, scope)));
  }

  /**
   * Compiles what Jinja2 compiles in a frame of its own (`frame.inner()`: a loop's body, filter and `else`, a `with`
   * body, a `{% set %}` or `{% filter %}` block, a macro's defaults and body): such a frame is not soft, so an unknown
   * filter or test there fails while compiling even inside an `if` branch.
   */
  private framed<A extends unknown[], T>(compile: (this: Compiler, ...args: A) => T, ...args: A): T {
    // A method and its arguments, not a closure: a closure here would put the caller's locals (AST nodes, scopes)
    // in a context that the closures it returns keep alive, 4.6 KB more heap per compiled e-mail template.
    const outer = this.soft;
    this.soft = 0;
    try {
      return compile.apply(this, args);
    } finally {
      this.soft = outer;
    }
  }

  /** `render` as `joined` makes it when the template has pieces that may not be text; else as it is (no cost). */
  private joinedWhereNeeded<T>(render: (f: Frame) => T): (f: Frame) => T {
    return this.piecesJoined ? joined(render) : render;
  }

  /**
   * Fails for an unknown filter or test outside conditional code, before its value is compiled: Jinja2 looks up
   * the outermost of `x|f|g` first.
   */
  private requireKnown(kind: 'filter' | 'test', node: ast.Filter | ast.Test): void {
    const table = kind === 'filter' ? this.registry.filters : this.registry.tests;
    if (this.soft === 0 && !table.has(node.name))
      this.failAssertion(`No ${kind} named '${node.name}'.`, node);
  }

  /** Looks a filter or test up at compile time and binds its arguments; an unknown one fails as Jinja2 does. */
  private bound<R>(
    kind: 'filter' | 'test',
    node: ast.Filter | ast.Test,
    scope: Scope,
  ): { spec: CallableSpec<R>; args: (f: Frame) => unknown[]; sources?: Ev[] } | Ev {
    const table = kind === 'filter' ? this.registry.filters : this.registry.tests;
    const found = table.get(node.name) as CallableSpec<R> | undefined;
    const spec =
      kind === 'filter'
        ? ownFilter(node.name, found, builtinFilters.get(node.name))
        : ownTest(node.name, found, builtinTests.get(node.name));
    if (spec === undefined) {
      const message = `No ${kind} named '${node.name}' found.`;
      // Python evaluates the arguments of the call that fails first.
      const { positional, keywords } = this.arguments(node, scope);
      return (f) => {
        positional(f);
        keywords(f);
        throw new TemplateRuntimeError('TemplateRuntimeError', message);
      };
    }
    if (node.dynArgs !== null || node.dynKwargs !== null) {
      const { positional: dynPositional, keywords } = this.arguments(node, scope);
      return {
        spec,
        args: (f) => bindArguments(spec, kind, node.name, dynPositional(f), keywords(f)),
      };
    }
    const positional = node.args.map((arg) => this.expression(arg, scope));
    const names = node.kwargs.map((kw) => kw.key);
    const values = node.kwargs.map((kw) => this.expression(kw.value, scope));
    const special = this.specialized(spec, positional, names, values);
    if (special !== undefined) return { spec: { params: [], fn: special }, args: () => [], sources: [] };
    const plan: ArgumentPlan = planArguments(spec, kind, node.name, positional.length, names);
    if (plan.error === null && !spec.varargs && !spec.kwargs) {
      // Parameters after the last one given are left out, so the implementation's defaults apply.
      let given = plan.params.length;
      while (given > 0 && plan.params[given - 1] === null) given--;
      const sources: Ev[] = plan.params
        .slice(0, given)
        .map((source) =>
          source === null ? NOT_GIVEN : source[0] === 'pos' ? positional[source[1]] : values[source[1]],
        );
      const prepared = this.prepared(spec, sources);
      if (prepared !== undefined) return { spec: { params: [], fn: prepared }, args: () => [], sources: [] };
      return { spec, args: listOf(sources), sources };
    }
    if (plan.error === null && names.length === 0) {
      // `x|format(a, b)`: positional arguments only, those past the parameters gathered into `*args`; a
      // `**kwargs` parameter gets none.
      const count = spec.params.length;
      const extra = positional.slice(count);
      // Parameters not given are passed as `undefined`, so the implementation's defaults apply.
      const sources: Ev[] = Array.from({ length: count }, (_, i) => positional[i] ?? (() => undefined));
      if (spec.varargs) sources.push(listOf(extra));
      if (spec.kwargs) sources.push(() => NO_KWARGS);
      return { spec, args: listOf(sources), sources };
    }
    // With `*args` / `**kwargs`, or a plan that failed: applyPlan raises the error after the arguments are
    // evaluated (one of them may fail first, as in Python).
    return {
      spec,
      args: (f) => applyPlan(spec, plan, evaluateAll(positional, f), evaluateAll(values, f), names),
    };
  }

  /** `spec.prepare`'s function for a call whose bound arguments are all literals (or not given), if it makes one. */
  private prepared<R>(spec: CallableSpec<R>, sources: readonly Ev[]): CallableSpec<R>['fn'] | undefined {
    const { constants } = this;
    if (spec.prepare === undefined) return undefined;
    const args: unknown[] = [];
    for (const source of sources) {
      if (source !== NOT_GIVEN && !constants.has(source)) return undefined;
      args.push(constants.get(source));
    }
    const prepare = spec.prepare;
    try {
      return withKeyReaders(this.keyReaders, () => prepare(...args));
    } catch {
      return undefined;
    }
  }

  /** `spec.specialize`'s implementation for a call whose arguments are all literals, if it gives one. */
  private specialized<R>(
    spec: CallableSpec<R>,
    positional: readonly Ev[],
    names: readonly string[],
    values: readonly Ev[],
  ): CallableSpec<R>['fn'] | undefined {
    const { constants } = this;
    if (spec.specialize === undefined || ![...positional, ...values].every((ev) => constants.has(ev))) {
      return undefined;
    }
    const kwargs: Kwargs = {};
    for (let i = 0; i < names.length; i++) setKey(kwargs, names[i], constants.get(values[i]));
    const specialize = spec.specialize;
    return withKeyReaders(this.keyReaders, () =>
      specialize(
        this.registry,
        positional.map((ev) => constants.get(ev)),
        kwargs,
      ),
    );
  }

  private filter(node: ast.Filter, scope: Scope, input: Ev): Ev {
    if (
      (node.name === 'default' || node.name === 'd') &&
      node.args[0]?.type === 'Const' &&
      node.args[0].value === 'MOE_NOT_SEND'
    ) {
      const reason = `${node.node === null ? 'the value' : exprSource(node.node)} is missing`;
      const { line, col } = node;
      return (f) => {
        const value = input(f);
        if (value instanceof Undefined) throw new NotSentSignal(reason).locate(line, col);
        return value;
      };
    }
    const defaulted = builtinDefault(node, this.registry);
    if (defaulted !== null) {
      const fast =
        this.lazyDefault(node, defaulted, scope, input) ?? this.memberDefault(node, defaulted, scope);
      if (fast !== null) return fast;
    }
    if (
      node.name === 'format' &&
      node.node !== null &&
      node.kwargs.length === 0 &&
      node.dynArgs === null &&
      node.dynKwargs === null &&
      this.registry.filters.get('format') === builtinFilters.get('format')
    ) {
      const formatted = this.literalPercent(node.node, node.args, scope, node);
      if (formatted !== null) return formatted;
    }
    const counted = this.countedList(node, scope);
    if (counted !== null) return counted;
    const bound = this.bound<unknown>('filter', node, scope);
    if (typeof bound === 'function') return unknownAfter(input, bound);
    return this.applied(node, bound, input);
  }

  /**
   * `value|default(base|title)`, whose fallback is a text made from a read by filters that cannot fail on a text
   * (`replace`, `title`, `upper`...): Jinja2 computes the fallback before `default` looks at the value, and
   * throws it away when the value is defined. Here the base is read (so what reading it raises is raised, in
   * Jinja2's order), and the filters run only when the fallback is used or the base is not a text. Writing
   * `d[key] if key in d else key|replace('_', ' ')|title` by hand skips that work too: a `default` in a loop ran
   * at 0.10x hand-written code. Null for any other `default`, or when a filter is not the built-in one.
   */
  private lazyDefault(
    node: ast.Filter,
    { fallback, boolean }: DefaultArguments,
    scope: Scope,
    input: Ev,
  ): Ev | null {
    const { filters } = this.registry;
    let base: ast.Expr = fallback;
    while (base.type === 'Filter') {
      if (
        base.node === null ||
        !textFilterCannotFail(base) ||
        filters.get(base.name) !== builtinFilters.get(base.name)
      )
        return null;
      base = base.node;
    }
    if (base === fallback || !isPlainRead(base)) return null;
    const read = this.expression(base, scope);
    // The whole fallback, the base read again: a read does nothing but read.
    const made = this.expression(fallback, scope);
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      const value = input(f);
      const text = read(f);
      if (typeof text === 'string' && !(value instanceof Undefined)) {
        if (!boolean) return value;
        try {
          if (truthy(value)) return value;
        } catch (error) {
          throw locate(error, at, source);
        }
      }
      const other = made(f);
      try {
        return value instanceof Undefined || (boolean && !truthy(value)) ? other : value;
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * `item.name|default('n/a')` (and `|d`, and a literal `boolean`) for a variable of this frame's, with a literal
   * text, number, bool or None for the fallback: a key a plain object lacks gives the fallback without making the
   * Undefined it reads as. Null for any other `default`.
   */
  private memberDefault(
    node: ast.Filter,
    { fallback: written, boolean }: DefaultArguments,
    scope: Scope,
  ): Ev | null {
    if (node.node === null || written.type !== 'Const') return null;
    const fallback = written.value;
    if (fallback !== null && typeof fallback === 'object') return null;
    const member = this.frameMember(node.node, scope);
    if (member === null) return null;
    const { key, slot, read, load } = member;
    return (f) => {
      const value = memberOrAbsent(f.vars[slot], key, read, load);
      return value === undefined || value instanceof Undefined || (boolean && !truthy(value))
        ? fallback
        : value;
    };
  }

  /**
   * `x|list|length` (or `|count`), the way a template counts what a generator yields (`select`, `map`): the items
   * `list` would copy are counted where they are, so no list is made. Null for any other filter, or when either
   * filter is not the built-in one.
   */
  private countedList(node: ast.Filter, scope: Scope): Ev | null {
    const list = node.node;
    if (
      (node.name !== 'length' && node.name !== 'count') ||
      !isBareFilter(node) ||
      list?.type !== 'Filter' ||
      list.name !== 'list' ||
      list.node === null ||
      !isBareFilter(list)
    )
      return null;
    const { filters } = this.registry;
    if (
      filters.get(node.name) !== builtinFilters.get(node.name) ||
      filters.get('list') !== builtinFilters.get('list')
    )
      return null;
    const items = this.expression(list.node, scope);
    const at = spanOf(list);
    const source = this.source;
    return (f) => {
      const value = items(f);
      try {
        return countItems(value);
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  /**
   * A chain of `map`, `select`, `reject`, `selectattr` and `rejectattr` with literal arguments, run as one loop
   * (item-stages.ts), with what consumes it: `|list`, `|list|length` (or `|count`), `|first`, or anything else.
   * Null when `node` ends no such chain, or when a filter of it is not the built-in one.
   */
  private itemChain(node: ast.Filter, scope: Scope): Ev | null {
    const builtin = (name: string): boolean => this.registry.filters.get(name) === builtinFilters.get(name);
    let consumer: ChainConsumer = 'generator';
    let top: ast.Expr | null = node;
    if (isBareFilter(node) && builtin(node.name)) {
      const inner = node.node;
      if (
        (node.name === 'length' || node.name === 'count') &&
        inner?.type === 'Filter' &&
        inner.name === 'list' &&
        isBareFilter(inner) &&
        builtin('list')
      ) {
        consumer = 'count';
        top = inner.node;
      } else if (
        node.name === 'list' ||
        node.name === 'first' ||
        node.name === 'sum' ||
        node.name === 'min' ||
        node.name === 'max'
      ) {
        consumer = node.name;
        top = inner;
      }
    }
    const chain = top === null ? null : this.chainStages(top, scope);
    if (chain === null) return null;
    // What the consumer gives for no items; only `|first`, `|min` and `|max` ask.
    const consumerSpec = builtinFilters.get(
      consumer === 'min' || consumer === 'max' ? consumer : 'first',
    ) as FilterSpec;
    const empty = (state: RenderState): unknown => consumerSpec.fn(state, []);
    const consumedAt = spanOf(node);
    const source = this.source;
    const consumed = (error: unknown): never => {
      throw locate(error, consumedAt, source);
    };
    // Each chain after the first consumes its items in a loop of another copy's code (see code-copies.ts), as each
    // loop does: two chains counting items through one loop of code made its call of the steps see both chains'
    // (two `selectattr(...)|list|length` of 120 items: 2.1 µs, against 0.46 µs for one).
    const code = this.loopCode === null || this.chains++ === 0 ? undefined : this.loopCode();
    const consume = code === undefined ? this.consumedChain : (code as Compiler).consumedChain;
    return consume(chain.source, chain.stages, chain.fails, consumer, empty, consumed);
  }

  /**
   * A filter applied to `input`: one that calls something for each item (an attribute's read, a test) and is not the
   * template's first such, compiled by another copy of the code, as a chain is (see `itemChain`). Two
   * `sum(attribute=...)` of 120 items took 1.8 µs against 0.28 µs for one: the filter's loop of one copy called the
   * reads of both.
   */
  private itemFilter(node: ast.Filter, scope: Scope, input: Ev): Ev {
    const perItem =
      ITEM_FILTERS.has(node.name) &&
      (node.args.length > 0 || node.kwargs.length > 0) &&
      this.registry.filters.get(node.name) === builtinFilters.get(node.name);
    const code = !perItem || this.loopCode === null || this.chains++ === 0 ? undefined : this.loopCode();
    return this.compiledBy(code, () => this.filter(node, scope, input));
  }

  /** `chainOf` of this copy of the code: what `itemChain` calls, through the copy it chose. */
  protected consumedChain(...args: Parameters<typeof chainOf>): Ev {
    return chainOf(...args);
  }

  /**
   * The item stages of the chain that `top` ends (innermost first), with the source they take the items of and
   * the `fail` of each, which locates an error at its filter. Null when `top` is no such filter.
   */
  private chainStages(
    top: ast.Expr,
    scope: Scope,
  ): { source: Ev; stages: ChainStage[]; fails: ((error: unknown) => never)[] } | null {
    const builtin = (name: string): boolean => this.registry.filters.get(name) === builtinFilters.get(name);
    const stages: ChainStage[] = [];
    const places: ast.Filter[] = [];
    let inner: ast.Expr | null = top;
    while (inner?.type === 'Filter' && inner.node !== null && builtin(inner.name)) {
      const stage =
        literalItemStage(this.registry, inner, this.keyReaders, (arg) => this.folder.valueOf(arg)) ??
        this.renderedStage(inner, scope);
      if (stage === undefined) break;
      stages.push(stage);
      places.push(inner);
      inner = inner.node;
    }
    if (stages.length === 0 || inner === null) return null;
    stages.reverse();
    places.reverse();
    const source = this.source;
    const fails = places.map((place) => {
      const at = spanOf(place);
      return (error: unknown): never => {
        throw locate(error, at, source);
      };
    });
    return { source: this.expression(inner, scope), stages, fails };
  }

  /**
   * The stage of `map`, `select`, `reject`, `selectattr` or `rejectattr` whose arguments are not all literals (or
   * do not bind when compiled): they are evaluated, and the stage bound as the filter binds them, at each render.
   * Undefined for any other filter, for arguments spread from `*args` or `**kwargs`, and for a call that cannot bind.
   */
  private renderedStage(node: ast.Filter, scope: Scope): RenderedStage | undefined {
    const { name } = node;
    if (
      name !== 'map' &&
      name !== 'select' &&
      name !== 'reject' &&
      name !== 'selectattr' &&
      name !== 'rejectattr'
    )
      return undefined;
    if (node.dynArgs !== null || node.dynKwargs !== null) return undefined;
    // A call Python cannot bind (`map(value=1)`) fails as the filter's call fails.
    const spec = builtinFilters.get(name) as FilterSpec;
    const keys = node.kwargs.map((kw) => kw.key);
    if (planArguments(spec, 'filter', name, node.args.length, keys).error !== null) return undefined;
    const args = node.args.map((arg) => this.expression(arg, scope));
    const keywords = node.kwargs.map((kw) => [kw.key, this.expression(kw.value, scope)] as const);
    return {
      kind: 'rendered',
      iteratorName: name === 'map' ? 'sync_do_map' : 'select_or_reject',
      values: (f) => {
        const values = args.map((arg) => arg(f));
        const kwargs: Kwargs = {};
        for (const [key, value] of keywords) setKey(kwargs, key, value(f));
        return { args: values, kwargs };
      },
      bind: (state, values, kwargs) => renderStage(state, name, values, kwargs),
    };
  }

  /**
   * `{'href': url, 'class': 'product'}|xmlattr` (and `|xmlattr(autospace)` with a literal): the names are known and
   * checked when compiled, so the values are evaluated in turn and printed as `name="value"` with no dict made, no
   * key listed and no name checked per render. Null when the filter is not the built-in one, when the value is not
   * a dict literal of distinct valid text names, or with any other argument.
   */
  private literalXmlattr(node: ast.Filter, scope: Scope): Ev | null {
    const dict = node.node;
    if (node.name !== 'xmlattr' || dict?.type !== 'Dict') return null;
    if (this.registry.filters.get('xmlattr') !== builtinFilters.get('xmlattr')) return null;
    if (node.kwargs.length > 0 || node.dynArgs !== null || node.dynKwargs !== null || node.args.length > 1) {
      return null;
    }
    const [space] = node.args;
    if (space !== undefined && space.type !== 'Const') return null;
    const names: string[] = [];
    for (const { key } of dict.items) {
      if (key.type !== 'Const' || typeof key.value !== 'string') return null;
      if (ATTRIBUTE_NAME_END.test(key.value) || names.includes(key.value)) return null;
      names.push(key.value);
    }
    const autospace = space === undefined || truthy(space.value);
    const heads = names.map((name) => `${escapedText(name)}="`);
    // Every value is evaluated before any is printed, as the dict is made before the filter runs.
    const values = listOf(dict.items.map((pair) => this.expression(pair.value, scope)));
    const at = spanOf(node);
    const source = this.source;
    return (f) => {
      const items = values(f);
      let out = '';
      try {
        for (let i = 0; i < items.length; i++) {
          const value = items[i];
          if (value === null || value instanceof Undefined) continue;
          out += `${out === '' ? '' : ' '}${heads[i]}${escapedText(value)}"`;
        }
      } catch (error) {
        throw locate(error, at, source);
      }
      return autospace && out !== '' ? ` ${out}` : out;
    };
  }

  /**
   * `'...' % (a, b)` and `'...'|format(a, b)` on a string literal whose conversions take the items in turn
   * (`plainPercent`): the items evaluated, then each printed by its conversion (`percentPrinted`), without looking
   * the string up, making a tuple or binding the filter per call; what it throws is located at `at` (the filter)
   * when given, as a filter's errors are. Null for any other format, which compiles as it did.
   */
  private literalPercent(
    format: ast.Expr,
    items: readonly ast.Expr[],
    scope: Scope,
    at: ast.Span | null,
  ): Ev | null {
    const plain = literalPlainPercent(format, items.length);
    if (plain === null) return null;
    // The filter's arguments are all evaluated before it runs; a tuple written after `%` may be formatted item by
    // item, as CPython compiles it (`formatsInTurn`).
    const inTurn = at === null && formatsInTurn((format as ast.Const).value as string, items.length);
    const formatted = percentPrinted(
      plain,
      items.map((item) => this.expression(item, scope)),
      inTurn,
    );
    return at === null ? formatted : this.guarded(at, formatted);
  }

  /** The copy of the call closures that `fn` is called through: the next in turn for each new one. */
  private callCopy(fn: unknown): number {
    let copy = this.callCopies.get(fn);
    if (copy === undefined) {
      copy = this.callCopies.size % CALLS_OF_INPUT.length;
      this.callCopies.set(fn, copy);
    }
    return copy;
  }

  /**
   * Calls a filter or test implementation on `input` with its bound arguments. The common arities get their
   * own closures, so a call allocates no argument array; an error is located at the filter or test.
   */
  private applied<R>(
    place: ast.Span,
    bound: { spec: CallableSpec<R>; args: (f: Frame) => unknown[]; sources?: Ev[] },
    input: Ev,
  ): Ev {
    const fn = bound.spec.fn;
    const source = this.source;
    const node = spanOf(place);
    const fail = (error: unknown): never => {
      throw locate(error, node, source);
    };
    const sources = bound.sources;
    // Constant arguments (`default('n/a')`, `round(2)`, `replace(' ', '')`) are passed as values, not evaluated.
    const constant = (ev: Ev): boolean => this.constants.has(ev);
    switch (sources?.length) {
      case 0:
        return CALLS_OF_INPUT[this.callCopy(fn)](fn as Call, input, fail);
      case 1: {
        const [a] = sources;
        if (constant(a)) {
          return CALLS_WITH_CONSTANT[this.callCopy(fn)](fn as Call, input, this.constants.get(a), fail);
        }
        return (f) => {
          try {
            return fn(f.run, input(f), a(f));
          } catch (error) {
            return fail(error);
          }
        };
      }
      case 2: {
        const [a, b] = sources;
        if (constant(a) && constant(b)) {
          const x = this.constants.get(a);
          const y = this.constants.get(b);
          return CALLS_WITH_TWO_CONSTANTS[this.callCopy(fn)](fn as Call, input, x, y, fail);
        }
        return (f) => {
          try {
            return fn(f.run, input(f), a(f), b(f));
          } catch (error) {
            return fail(error);
          }
        };
      }
      default: {
        const args = bound.args;
        return (f) => {
          try {
            return fn(f.run, input(f), ...args(f));
          } catch (error) {
            return fail(error);
          }
        };
      }
    }
  }

  /** Compiles `a|f|g` where the innermost input is `input` (a `{% filter %}` or `{% set %}` block body). */
  private filterChain(node: ast.Filter, scope: Scope, input: Ev): Ev {
    this.requireKnown('filter', node);
    const inner =
      node.node === null
        ? input
        : node.node.type === 'Filter'
          ? this.filterChain(node.node, scope, input)
          : this.expression(node.node, scope);
    return this.filter(node, scope, inner);
  }

  /**
   * `x is lt 3` as `x < 3`: a test that is one of Python's comparison operators (`comparesAs`, as Jinja2's `lt`,
   * `eq`, `lessthan`, ... are) compiles as the comparison does (one call less, and the comparison's quick paths).
   */
  private comparisonTest(node: ast.Test): ast.Compare | null {
    const spec = this.registry.tests.get(node.name);
    // Jinja2's `in` test is `value in seq`, so `x is in ['a', 'b']` compiles as `x in ['a', 'b']` does.
    const op: ast.CompareOperator | undefined =
      spec !== undefined && spec === builtinTests.get('in') ? 'in' : spec?.comparesAs;
    if (op === undefined || node.args.length !== 1 || node.kwargs.length > 0) return null;
    if (node.dynArgs !== null || node.dynKwargs !== null) return null;
    const { line, col } = node;
    return {
      type: 'Compare',
      line,
      col,
      expr: node.node,
      ops: [{ type: 'Operand', op, expr: node.args[0], line, col }],
    };
  }

  /**
   * `x is defined`, `x is undefined` and `x is none` (the built-in tests, without arguments) as the check itself,
   * without calling the test: `{% if name is defined %}`, `{% if loop.nextitem is defined %}`. Null for any other.
   */
  private presenceTest(node: ast.Test, scope: Scope): Cond | null {
    const name = node.name;
    if (name !== 'defined' && name !== 'undefined' && name !== 'none') return null;
    if (node.args.length > 0 || node.kwargs.length > 0 || node.dynArgs !== null || node.dynKwargs !== null) {
      return null;
    }
    if (this.registry.tests.get(name) !== builtinTests.get(name)) return null;
    const value = this.expression(node.node, scope);
    const at = spanOf(node);
    const source = this.source;
    if (name === 'none') {
      return (f) => {
        try {
          return value(f) === null;
        } catch (error) {
          throw locate(error, at, source);
        }
      };
    }
    const defined = name === 'defined';
    return (f) => {
      try {
        return value(f) instanceof Undefined !== defined;
      } catch (error) {
        throw locate(error, at, source);
      }
    };
  }

  private test(node: ast.Test, scope: Scope): Ev {
    const comparison = this.comparisonTest(node);
    if (comparison !== null) return this.compare(comparison, scope);
    const presence = this.presenceTest(node, scope);
    if (presence !== null) return presence;
    this.requireKnown('test', node);
    const value = this.expression(node.node, scope);
    const bound = this.bound<boolean>('test', node, scope);
    if (typeof bound === 'function') return unknownAfter(value, bound);
    return this.applied(node, bound, value);
  }
}

/** `plainPercent` of a string literal taking `count` items, or null for anything else. */
function literalPlainPercent(format: ast.Expr, count: number): PlainPercent | null {
  return format.type === 'Const' && typeof format.value === 'string'
    ? plainPercent(format.value, count)
    : null;
}

/**
 * The text of a plain `%` format over the items `values` evaluate to: all items first, in order, as Python builds
 * the tuple before formatting; then each printed by its conversion. One and two items need no list. With
 * `inTurn`, each item is printed as soon as it is evaluated, before the next one is (see `formatsInTurn`).
 */
function percentPrinted({ literals, fields, tail }: PlainPercent, values: Ev[], inTurn: boolean): Ev {
  if (inTurn && values.length > 1) {
    if (values.length === 2) {
      const [a, b] = values;
      const [printA, printB] = fields;
      const [head, between] = literals;
      return (f) => head + printA(a(f)) + between + printB(b(f)) + tail;
    }
    return (f) => {
      let out = '';
      for (let i = 0; i < values.length; i++) out += literals[i] + fields[i](values[i](f));
      return out + tail;
    };
  }
  switch (values.length) {
    case 0:
      return () => tail;
    case 1: {
      const [a] = values;
      const [print] = fields;
      const head = literals[0];
      return (f) => head + print(a(f)) + tail;
    }
    case 2: {
      const [a, b] = values;
      const [printA, printB] = fields;
      const [head, between] = literals;
      return (f) => {
        const x = a(f);
        const y = b(f);
        return head + printA(x) + between + printB(y) + tail;
      };
    }
    default: {
      const all = listOf(values);
      return (f) => {
        const items = all(f);
        let out = '';
        for (let i = 0; i < items.length; i++) out += literals[i] + fields[i](items[i]);
        return out + tail;
      };
    }
  }
}

/**
 * The item stage of a filter (`itemStage`) whose arguments are all literals written in the template, or undefined
 * for any other filter or arguments.
 */
function literalItemStage(
  registry: Registry,
  node: ast.Filter,
  keyReaders: KeyReaderMaker,
  folded: (node: ast.Expr) => Folded | null,
): ItemStage | undefined {
  if (node.dynArgs !== null || node.dynKwargs !== null) return undefined;
  // A constant the template folds (`selectattr('status', 'in', ['paid', 'sent'])`) is one value for every item
  // and render when the test or filter the stage calls is a built-in one, which only reads it.
  const naming = NAMING_FILTERS.get(node.name);
  const named = naming === undefined ? undefined : node.args[naming.at];
  const lists =
    naming !== undefined &&
    named?.type === 'Const' &&
    typeof named.value === 'string' &&
    (naming.kind === 'filter' ? registry.filters : registry.tests).get(named.value) ===
      (naming.kind === 'filter' ? builtinFilters : builtinTests).get(named.value);
  const args: unknown[] = [];
  for (const arg of node.args) {
    if (arg.type === 'Const') args.push(arg.value);
    else {
      const constant = lists ? folded(arg) : null;
      if (constant === null) return undefined;
      args.push(constant.value);
    }
  }
  const kwargs: Kwargs = {};
  for (const kw of node.kwargs) {
    if (kw.value.type !== 'Const') return undefined;
    setKey(kwargs, kw.key, kw.value.value);
  }
  return withKeyReaders(keyReaders, () => itemStage(registry, node.name, args, kwargs));
}

/**
 * The maker of the readers of attribute paths (`map(attribute='size')`, `sort(attribute='price')`) for filters
 * prepared when a template is compiled: each text part's plain-object read is this template's own code, with a
 * `propertyLoad` of `owner`'s, where the shared readers see every template's items (`selectattr` 2x, `map` and
 * `sum` with `attribute=` 1.2x-1.6x).
 */
function ownKeyReaders(owner: string): KeyReaderMaker {
  return (key) => {
    if (!readsOwnValueFirst(key)) return itemReader(key);
    const read = memberAccess('item', key);
    const load = propertyLoad(key, owner);
    return (item) => {
      if (typeof item === 'object' && item !== null) {
        const value = load(item as Record<string, unknown>, key);
        if (value !== undefined && value !== NOT_PLAIN && typeof value !== 'function') return value;
      }
      return read(item, key, load);
    };
  };
}

/**
 * The word at `index` (-1: the last) of `s.split()`, the runs between Python's whitespace; undefined past the
 * last word.
 */
function wordAt(s: string, index: number): string | undefined {
  if (index < 0) {
    let end = s.length;
    while (end > 0 && isPySpaceCode(s.charCodeAt(end - 1))) end--;
    if (end === 0) return undefined;
    let start = end;
    while (start > 0 && !isPySpaceCode(s.charCodeAt(start - 1))) start--;
    return s.slice(start, end);
  }
  let i = 0;
  for (let n = 0; ; n++) {
    while (i < s.length && isPySpaceCode(s.charCodeAt(i))) i++;
    if (i >= s.length) return undefined;
    const start = i;
    while (i < s.length && !isPySpaceCode(s.charCodeAt(i))) i++;
    if (n === index) return s.slice(start, i);
    spendRunning(1);
  }
}

/**
 * A call's receiver handed over from outside it: `hold(value)` before the call, which reads it first thing (and
 * lets it go), as `receiver`. For idioms whose fast path evaluates the receiver and falls back to the call as
 * written.
 */
function heldReceiver(): { hold: (value: unknown) => void; receiver: () => unknown } {
  let held: unknown;
  return {
    hold: (value) => {
      held = value;
    },
    receiver: () => {
      const value = held;
      held = undefined;
      return value;
    },
  };
}

/** What `dictItemsLoop` loops with (see `dictItemsPairs`). */
interface DictItemsPairs {
  keySlot: number;
  valueSlot: number;
  dict: Ev;
  items: Ev;
  hold: (value: unknown) => void;
}

/** What a built-in `default` is given (`builtinDefault`). */
interface DefaultArguments {
  fallback: ast.Expr;
  /** The literal `boolean` argument's truth (false when it is not given). */
  boolean: boolean;
}

/**
 * The arguments of `x|default(fallback)` or `x|d(fallback, boolean)` (`boolean` literal, given by position or
 * name) when the filter is the built-in one; null for anything else.
 */
function builtinDefault(node: ast.Filter, registry: Registry): DefaultArguments | null {
  if (
    (node.name !== 'default' && node.name !== 'd') ||
    registry.filters.get(node.name) !== builtinFilters.get(node.name) ||
    node.dynArgs !== null ||
    node.dynKwargs !== null ||
    node.args.length === 0 ||
    node.args.length > 2 ||
    node.kwargs.some((kwarg) => kwarg.key !== 'boolean' || node.args.length > 1)
  )
    return null;
  const flag = node.args[1] ?? node.kwargs[0]?.value;
  if (flag !== undefined && flag.type !== 'Const') return null;
  return { fallback: node.args[0], boolean: flag !== undefined && truthy(flag.value) };
}

/** The filters that give a text for a text, whatever their literal arguments of the types listed. */
const TEXT_FILTERS_THAT_CANNOT_FAIL: ReadonlyMap<string, readonly (readonly string[])[]> = new Map([
  [
    'replace',
    [
      ['string', 'string'],
      ['string', 'string', 'number'],
    ],
  ],
  ['title', [[]]],
  ['upper', [[]]],
  ['lower', [[]]],
  ['capitalize', [[]]],
  ['trim', [[], ['string']]],
  ['striptags', [[]]],
  ['string', [[]]],
  ['e', [[]]],
  ['escape', [[]]],
]);

/** Whether the filter is one of `TEXT_FILTERS_THAT_CANNOT_FAIL` with literal arguments of its types. */
function textFilterCannotFail(node: ast.Filter): boolean {
  const signatures = TEXT_FILTERS_THAT_CANNOT_FAIL.get(node.name);
  if (signatures === undefined || !isBareCall(node)) return false;
  return signatures.some(
    (types) =>
      types.length === node.args.length &&
      node.args.every((arg, i) => {
        if (arg.type !== 'Const' || typeof arg.value !== types[i]) return false;
        return types[i] !== 'number' || Number.isSafeInteger(arg.value);
      }),
  );
}

/** Positional arguments alone. */
function isBareCall(node: ast.Filter): boolean {
  return node.kwargs.length === 0 && node.dynArgs === null && node.dynKwargs === null;
}

/**
 * A name, a literal, or attributes and items of them by such keys: an expression that reads and does nothing
 * else, so reading it twice is reading it once.
 */
function isPlainRead(node: ast.Expr): boolean {
  switch (node.type) {
    case 'Name':
    case 'Const':
      return true;
    case 'Getattr':
      return isPlainRead(node.node);
    case 'Getitem':
      return (
        node.arg.type !== 'Slice' &&
        node.arg.type !== 'Tuple' &&
        isPlainRead(node.node) &&
        isPlainRead(node.arg)
      );
    default:
      return false;
  }
}

/** A filter applied with no arguments at all: `|list`, not `|list()` with something in it. */
function isBareFilter(node: ast.Filter): boolean {
  return (
    node.args.length === 0 && node.kwargs.length === 0 && node.dynArgs === null && node.dynKwargs === null
  );
}

/** Whether the template has a `{% filter %}` or `{% call %}` block, whose result may not be text (see `joined`). */
function hasUntextedPieces(node: AnyNode): boolean {
  if (node.type === 'FilterBlock' || node.type === 'CallBlock') return true;
  let found = false;
  eachChild(node, (child) => {
    found ||= hasUntextedPieces(child);
  });
  return found;
}
