import type { CallBlock, Expr, FilterBlock, For, If, Name, NSRef, Stmt, Tuple, With } from '../parser/ast';
import { type AnyNode, eachChild } from '../parser/validate';
import { attributeSlotName } from './slot-namespaces';

const NONE_IN_SLOTS: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * How a scope's variable starts, before the scope's own statements assign it, as Jinja2 3.1's symbol tracking
 * decides: `set` for loop targets, macro parameters and `with` targets; `outer` when a read falls through to
 * the enclosing scopes and then the render variables (the name was read before any assignment here, or is
 * assigned only in some `if` branches, or an enclosing scope knows it); `unset` when the scope assigns it and
 * nothing outside knows it: until the assignment runs, a read (from a macro or loop defined earlier, say) is
 * undefined, even when the render variables hold the name.
 */
export type Start = 'set' | 'outer' | 'unset';

/** What a scope's frame holds, in the order Jinja2 visits it to find its names. */
export interface FrameContents {
  /** Names bound on entry: loop targets, macro parameters, `with` targets. */
  params?: readonly (Name | Tuple)[];
  /** Expressions read before the body: macro defaults, a loop filter. */
  before?: readonly Expr[];
  body?: readonly Stmt[];
  /** Read after the body: a `{% filter %}` block's filter. */
  after?: Expr | null;
}

/**
 * A compile-time scope: which names it assigns and in which slot. Jinja2 scopes follow the template's
 * structure (the template, a loop body, a macro, `with`, a `{% set %}` or `{% filter %}` block), and every
 * name a scope assigns is known before it runs, so variables live in array slots instead of scope chains.
 */
export class Scope {
  private readonly slots = new Map<string, number>();
  /** Names bound before any statement of the scope runs (loop targets, macro parameters, `with` targets). */
  private readonly bound = new Set<string>();
  /** Every name the scope's own statements read or assign, and how it starts (see `analyze`). */
  private starts = new Map<string, Start>();
  /** The names the scope's own statements assign (`if` branches included), and its parameters. */
  private stores: ReadonlySet<string> = new Set();
  /**
   * Names surely assigned by the statements compiled so far (not inside an `if`): a read of them there never
   * reaches the render variables. Only `Template.names` depends on it.
   */
  assigned = new Set<string>();
  /** Set by `runInOuterFrame`: the scope's statements run in the frame of the scope around it. */
  private frameless = false;

  /**
   * `detached`: a `{% block %}`, which Jinja2 renders as a function of its own: beyond it, only the template's
   * top-level variables and the render variables are seen.
   */
  constructor(
    readonly parent: Scope | null,
    private readonly detached = false,
  ) {}

  /**
   * Finds how each name the frame reads or assigns starts, by Jinja2's rules (its `idtracking`), walking the
   * frame's contents in Jinja2's order. Call it once, before compiling the frame's statements; the enclosing
   * scopes must have been analyzed.
   */
  analyze(contents: FrameContents): void {
    const symbols = new Symbols(this.detached ? null : this.parent);
    for (const target of contents.params ?? []) eachName(target, (name) => symbols.param(name));
    for (const expr of contents.before ?? []) symbols.readsIn(expr);
    symbols.statements(contents.body ?? []);
    if (contents.after) symbols.readsIn(contents.after);
    this.starts = symbols.refs;
    this.stores = symbols.stores;
  }

  /**
   * Gives a slot to every name `analyze` found the scope's statements assign, after its bound names, and to each
   * attribute of those whose namespaces live in slots (`inSlots`, see slot-namespaces.ts).
   */
  declareAssigned(inSlots: ReadonlyMap<string, readonly string[]> = NONE_IN_SLOTS): void {
    for (const name of this.stores) this.declare(name);
    for (const name of this.stores) {
      for (const attr of inSlots.get(name) ?? []) this.declare(attributeSlotName(name, attr));
    }
  }

  /** True when this scope or an enclosing one (up to a block's edge) reads or assigns `name` itself. */
  knows(name: string): boolean {
    for (let s: Scope | null = this; s !== null; s = s.detached ? null : s.parent) {
      if (s.starts.has(name)) return true;
    }
    return false;
  }

  /**
   * Makes the scope run without a frame of its own, in the frame of the scope around it: for a scope that assigns
   * nothing (no slots), such as a `{% set %}` block that only prints, whose frame would hold nothing. The scope
   * still counts for how names start (see `analyze`); only the frame hops skip it.
   */
  runInOuterFrame(): void {
    if (this.slots.size > 0 || this.parent === null || this.detached) {
      throw new Error(
        'only a scope without slots inside another, not a block, can run in the frame around it',
      );
    }
    this.frameless = true;
  }

  /** The slot of `name` in this scope, created if new. */
  declare(name: string): number {
    let slot = this.slots.get(name);
    if (slot === undefined) {
      if (this.frameless) throw new Error(`a scope without a frame cannot hold ${name}`);
      slot = this.slots.size;
      this.slots.set(name, slot);
    }
    return slot;
  }

  /** Declares a name that is always bound when the scope's statements run. */
  declareBound(name: string): number {
    this.bound.add(name);
    return this.declare(name);
  }

  /** The slot of `name` here, if this scope assigns it. */
  slot(name: string): number | undefined {
    return this.slots.get(name);
  }

  /** True when a read of `name` here is always answered by a template variable, never a render variable. */
  isLocal(name: string): boolean {
    const { places, end } = this.resolve(name);
    // Or a place it passes through is surely assigned by the statements compiled so far.
    return end !== 'outer' || places.some(([hops]) => this.up(hops).assigned.has(name));
  }

  /** The slot of `name` in the scope `hops` scopes out, if that scope has one. */
  slotOut(hops: number, name: string): number | undefined {
    return this.up(hops).slot(name);
  }

  /** The scope whose frame is `hops` frames out, scopes without frames skipped. */
  private up(hops: number): Scope {
    let s = this.framed();
    for (let i = 0; i < hops; i++) s = (s.parent as Scope).framed();
    return s;
  }

  /** This scope, or the innermost scope around it with a frame of its own. */
  private framed(): Scope {
    let s: Scope = this;
    while (s.frameless) s = s.parent as Scope;
    return s;
  }

  /** The scope's names, each at the index of its slot. */
  slotNames(): string[] {
    return [...this.slots.keys()];
  }

  /** How many slots a frame of this scope needs. */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Every place `name` may live, innermost first, as frame hops and slot, and where a read ends when all of
   * them are still unassigned: `set` (the last place is always bound), `unset` (undefined) or `outer` (the
   * render variables). Beyond a `{% block %}` only the template's own scope is a place.
   */
  resolve(name: string): { places: Array<[hops: number, slot: number]>; end: Start } {
    const places: Array<[number, number]> = [];
    let beyondBlock = false;
    let hops = 0;
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const slot = beyondBlock && s.parent !== null ? undefined : s.slots.get(name);
      if (slot !== undefined) {
        places.push([hops, slot]);
        if (s.bound.has(name)) return { places, end: 'set' };
        if (!beyondBlock && s.starts.get(name) === 'unset') return { places, end: 'unset' };
      }
      if (s.detached) beyondBlock = true;
      if (!s.frameless) hops++;
    }
    return { places, end: 'outer' };
  }
}

/**
 * Jinja2's `Symbols` for one frame, or for one `if` branch of it: a branch holds only what it adds to the
 * symbols it branched from (Jinja2 copies them whole, which costs a template of many `if`s quadratic time).
 */
class Symbols {
  /** How each name this holds starts: the frame's names, or those a branch added. */
  refs = new Map<string, Start>();
  /** The names of `refs` that start `unset`. */
  private unset = new Set<string>();
  /** Names assigned here and not already in `base`. */
  stores = new Set<string>();

  constructor(
    private readonly outer: Scope | null,
    private readonly base: Symbols | null = null,
  ) {}

  private start(name: string): Start | undefined {
    for (let s: Symbols | null = this; s !== null; s = s.base) {
      const start = s.refs.get(name);
      if (start !== undefined) return start;
    }
    return undefined;
  }

  private stored(name: string): boolean {
    for (let s: Symbols | null = this; s !== null; s = s.base) if (s.stores.has(name)) return true;
    return false;
  }

  private outerKnows(name: string): boolean {
    return this.outer?.knows(name) === true;
  }

  param(name: string): void {
    if (!this.stored(name)) this.stores.add(name);
    this.refs.set(name, 'set');
  }

  private store(name: string): void {
    if (!this.stored(name)) this.stores.add(name);
    if (this.start(name) !== undefined) return;
    if (this.outerKnows(name)) {
      this.refs.set(name, 'outer');
    } else {
      this.refs.set(name, 'unset');
      this.unset.add(name);
    }
  }

  private read(name: string): void {
    if (this.start(name) === undefined && !this.outerKnows(name)) this.refs.set(name, 'outer');
  }

  /** Reads every variable in an expression (or an output statement). */
  readsIn(node: AnyNode): void {
    const stack: AnyNode[] = [node];
    while (stack.length > 0) {
      const next = stack.pop() as AnyNode;
      if (next.type === 'Name' || next.type === 'NSRef') this.read(next.name);
      else eachChild(next, (child) => stack.push(child));
    }
  }

  /** Visits a frame's statements as Jinja2's `FrameSymbolVisitor` does: nested frames only by what they read here. */
  statements(body: readonly Stmt[]): void {
    for (const node of body) {
      switch (node.type) {
        case 'Assign':
          this.readsIn(node.node);
          this.assigns(node.target);
          break;
        case 'AssignBlock':
          this.assigns(node.target);
          break;
        case 'Macro':
          this.store(node.name);
          break;
        case 'If':
          this.branches(node);
          break;
        case 'For':
        case 'CallBlock':
        case 'FilterBlock':
        case 'With':
          // A nested frame: only what it reads in this one (the loop's iterable, the call, the filter, the values).
          for (const expr of readInParent(node)) this.readsIn(expr);
          break;
        case 'Block':
          break;
        default:
          this.readsIn(node);
      }
    }
  }

  private assigns(target: Name | Tuple | NSRef | Expr): void {
    if (target.type === 'NSRef') this.read(target.name);
    else eachName(target, (name) => this.store(name));
  }

  /**
   * An `if`: each branch (the body, all `elif`s together, the `else`) is visited on a copy, then merged. A name
   * first assigned in some but not all three starts `outer`; in all three, as the `else` branch left it (Jinja2
   * 3.1.2, the reference).
   */
  private branches(node: If): void {
    this.readsIn(node.test);
    const branch = (visit: (copy: Symbols) => void): Symbols => {
      const copy = new Symbols(this.outer, this);
      visit(copy);
      return copy;
    };
    const all = [
      branch((copy) => copy.statements(node.body)),
      branch((copy) => {
        for (const elif of node.elif) copy.branches(elif);
      }),
      branch((copy) => copy.statements(node.else_)),
    ];
    // A branch's stores are the names it assigns that were not assigned before the `if`. A name first assigned
    // in only some branches starts `outer`; the others keep their start, the last branch's winning.
    const [body, elif, otherwise] = all;
    for (const copy of all) {
      for (const name of copy.unset) {
        if (body.stores.has(name) && elif.stores.has(name) && otherwise.stores.has(name)) continue;
        copy.refs.set(name, 'outer');
        copy.unset.delete(name);
      }
    }
    this.refs = merged(
      this.refs,
      all.map((copy) => copy.refs),
    );
    this.unset = united([this.unset, otherwise.unset]);
    this.stores = united([this.stores, ...all.map((copy) => copy.stores)]);
  }
}

/**
 * `first` updated with each of `later` in turn, into the largest of them: merging the smaller into the larger
 * keeps nested `if`s from costing quadratic time. `first`'s keys are in none of `later`.
 */
function merged<K, V>(first: Map<K, V>, later: readonly Map<K, V>[]): Map<K, V> {
  const maps = [first, ...later];
  let largest = 0;
  for (let i = 1; i < maps.length; i++) if (maps[i].size > maps[largest].size) largest = i;
  const into = maps[largest];
  // Those before the largest lose to it and to each other in order; those after it win.
  for (let i = largest - 1; i >= 0; i--)
    for (const [key, value] of maps[i]) if (!into.has(key)) into.set(key, value);
  for (let i = largest + 1; i < maps.length; i++) for (const [key, value] of maps[i]) into.set(key, value);
  return into;
}

/** The union of the sets, into the largest of them. */
function united<T>(sets: readonly Set<T>[]): Set<T> {
  let into = sets[0];
  for (const set of sets) if (set.size > into.size) into = set;
  for (const set of sets) if (set !== into) for (const item of set) into.add(item);
  return into;
}

/** What a statement that opens a frame of its own reads in the frame around it. */
function readInParent(node: For | CallBlock | FilterBlock | With): readonly Expr[] {
  switch (node.type) {
    case 'For':
      return [node.iter];
    case 'CallBlock':
      return [node.call];
    case 'FilterBlock':
      return [node.filter];
    default:
      return node.values;
  }
}

/** Calls `visit` with each name an assignment target binds. */
function eachName(target: Name | Tuple | NSRef | Expr, visit: (name: string) => void): void {
  if (target.type === 'Name') visit(target.name);
  else if (target.type === 'Tuple') for (const item of target.items) eachName(item, visit);
}

/** Records that the statement just compiled surely assigned `target`'s names. */
export function noteAssigned(scope: Scope, target: Name | Tuple | NSRef | Expr): void {
  if (target.type === 'Name') scope.assigned.add(target.name);
  else if (target.type === 'Tuple') for (const item of target.items) noteAssigned(scope, item);
}

/** The children of `node` that it assigns to: loop and `set` targets, `with` targets, macro parameters. */
function storeTargets(node: AnyNode): readonly AnyNode[] {
  switch (node.type) {
    case 'For':
    case 'Assign':
    case 'AssignBlock':
      return [node.target];
    case 'With':
      return node.targets;
    case 'Macro':
    case 'CallBlock':
      return node.args;
    default:
      return [];
  }
}

/** How a name is first used: read, assigned, or not at all. */
export type FirstUse = 'read' | 'assigned' | null;

/**
 * How `name` is first met visiting the statements in Jinja2's order (nested macros and loops included,
 * `{% block %}`s not), as Jinja2's `find_undeclared` finds it: a macro takes `caller`, `varargs` and `kwargs`
 * when its body first reads them, and a loop makes `loop` when its body uses it.
 */
export function firstUse(body: readonly Stmt[], name: string): FirstUse {
  for (const node of body) {
    const use = firstUseIn(node, name, false);
    if (use !== null) return use;
  }
  return null;
}

/** Per name, each subtree's first use: every subtree is visited once, however deep the macros and loops nest. */
const firstUses = new Map<string, WeakMap<AnyNode, FirstUse>>();

function firstUseIn(node: AnyNode, name: string, assigned: boolean): FirstUse {
  if (node.type === 'Block') return null;
  if (node.type === 'Name') return node.name !== name ? null : assigned ? 'assigned' : 'read';
  // The service's `{% cycle %}` reads the loop.
  if (node.type === 'Cycle' && name === 'loop') return 'read';
  let known = firstUses.get(name);
  if (known === undefined) {
    known = new WeakMap();
    firstUses.set(name, known);
  }
  const cached = assigned ? undefined : known.get(node);
  if (cached !== undefined) return cached;
  const targets = storeTargets(node);
  let use: FirstUse = null;
  eachChild(node, (child) => {
    if (use === null)
      use = firstUseIn(child, name, targets.includes(child) || (assigned && node.type === 'Tuple'));
  });
  if (!assigned) known.set(node, use);
  return use;
}

/** How many nodes of a loop body `setBeforeUse` looks at. */
const SET_BEFORE_USE_NODES = 4096;

/**
 * The names a loop body surely sets before anything in it uses them: each is the target of a `{% set name = ... %}`
 * (or a `{% set name %}` block) at the body's top level that reads nothing of that name, and no statement before it
 * names it (reads, sets, loops over or defines a macro of that name, however deeply nested). A loop's frame keeps
 * these from one iteration to the next without emptying them: every iteration sets them before it could read them.
 */
export function setBeforeUse(body: readonly Stmt[]): Set<string> {
  const seen = new Set<string>();
  const first = new Set<string>();
  // Each loop walks its own body, nested loops included: past this many nodes the rest of the body is not looked
  // at (its names are emptied as before), so loops nested deep in a large template do not cost quadratic time.
  let budget = SET_BEFORE_USE_NODES;
  const visit = (child: AnyNode, stack: AnyNode[]) => {
    if (--budget < 0) throw OUT_OF_NODES;
    stack.push(child);
  };
  try {
    for (const node of body) {
      const target =
        (node.type === 'Assign' || node.type === 'AssignBlock') && node.target.type === 'Name'
          ? node.target
          : null;
      const named = new Set<string>();
      const stack: AnyNode[] = [node];
      while (stack.length > 0) {
        const next = stack.pop() as AnyNode;
        if (next === target) continue;
        if (next.type === 'Name' || next.type === 'NSRef' || next.type === 'Macro') named.add(next.name);
        eachChild(next, (child) => visit(child, stack));
      }
      if (target !== null && !seen.has(target.name) && !named.has(target.name)) first.add(target.name);
      if (target !== null) seen.add(target.name);
      for (const name of named) seen.add(name);
    }
  } catch (error) {
    if (error !== OUT_OF_NODES) throw error;
  }
  return first;
}

/** Thrown by `setBeforeUse`'s walk when it has looked at as many nodes as it may. */
const OUT_OF_NODES = Symbol('out of nodes');
