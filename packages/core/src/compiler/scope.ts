import type { Expr, Name, NSRef, Stmt, Tuple } from '../parser/ast';
import { type AnyNode, eachChild } from '../parser/validate';

/**
 * A compile-time scope: which names it assigns and in which slot. Jinja2 scopes follow the template's
 * structure (the template, a loop body, a macro, `with`, a `{% set %}` or `{% filter %}` block), and every
 * name a scope assigns is known before it runs, so variables live in array slots instead of scope chains.
 */
export class Scope {
  private readonly slots = new Map<string, number>();
  /** Names bound before any statement of the scope runs (loop targets, macro parameters, `with` targets). */
  private readonly bound = new Set<string>();
  /**
   * Names surely assigned by the statements compiled so far (not inside an `if`): a read of them there never
   * reaches the render variables. Only `Template.names` depends on it.
   */
  assigned = new Set<string>();

  constructor(readonly parent: Scope | null) {}

  /** The slot of `name` in this scope, created if new. */
  declare(name: string): number {
    let slot = this.slots.get(name);
    if (slot === undefined) {
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

  /** True when `name` is always bound in this scope. */
  isBound(name: string): boolean {
    return this.bound.has(name);
  }

  /** The slot of `name` here, if this scope assigns it. */
  slot(name: string): number | undefined {
    return this.slots.get(name);
  }

  /** True when a read of `name` here is always answered by a template variable, never a render variable. */
  isLocal(name: string): boolean {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      if (s.slots.has(name) && (s.bound.has(name) || s.assigned.has(name))) return true;
    }
    return false;
  }

  /** How many slots a frame of this scope needs. */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Every place `name` may live, innermost first, as frame hops and slot, up to the first scope where it is
   * always bound. Empty: it is a render variable. `bound` tells whether a read can fall through to the
   * render variables.
   */
  resolve(name: string): { places: Array<[hops: number, slot: number]>; bound: boolean } {
    const places: Array<[number, number]> = [];
    let hops = 0;
    for (let s: Scope | null = this; s !== null; s = s.parent, hops++) {
      const slot = s.slots.get(name);
      if (slot !== undefined) {
        places.push([hops, slot]);
        if (s.bound.has(name)) return { places, bound: true };
      }
    }
    return { places, bound: false };
  }
}

/** Declares, in `scope`, every name the statements assign directly (not inside nested scopes). */
export function declareAssigned(scope: Scope, body: readonly Stmt[]): void {
  for (const node of body) {
    switch (node.type) {
      case 'Assign':
        declareTarget(scope, node.target);
        break;
      case 'AssignBlock':
        declareTarget(scope, node.target);
        break;
      case 'Macro':
        scope.declare(node.name);
        break;
      case 'If':
        declareAssigned(scope, node.body);
        for (const branch of node.elif) declareAssigned(scope, branch.body);
        declareAssigned(scope, node.else_);
        break;
      default:
        break;
    }
  }
}

/** Records that the statement just compiled surely assigned `target`'s names. */
export function noteAssigned(scope: Scope, target: Name | Tuple | NSRef | Expr): void {
  if (target.type === 'Name') scope.assigned.add(target.name);
  else if (target.type === 'Tuple') for (const item of target.items) noteAssigned(scope, item);
}

function declareTarget(scope: Scope, target: Name | Tuple | NSRef | Expr): void {
  if (target.type === 'Name') scope.declare(target.name);
  else if (target.type === 'Tuple') for (const item of target.items) declareTarget(scope, item);
}

/** True when `name` is read anywhere below the statements (conservatively, nested scopes included). */
export function reads(body: readonly unknown[], name: string): boolean {
  const stack: unknown[] = [...body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
    } else if (node !== null && typeof node === 'object' && 'type' in node) {
      const n = node as { type: string; name?: unknown };
      if (n.type === 'Name' && n.name === name) return true;
      if (n.type === 'Cycle' && name === 'loop') return true;
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'type' && value !== null && typeof value === 'object') stack.push(value);
      }
    }
  }
  return false;
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

/**
 * Jinja2's `find_undeclared` for one name: true when, visiting the statements in Jinja2's order (nested macros
 * included, `{% block %}`s not), `name` is first met read rather than assigned. It decides whether a macro
 * takes `caller`, `varargs` and `kwargs`.
 */
export function readsUndeclared(body: readonly Stmt[], name: string): boolean {
  let first: 'read' | 'assigned' | undefined;
  const visit = (node: AnyNode, assigned: boolean): void => {
    if (first !== undefined || node.type === 'Block') return;
    if (node.type === 'Name') {
      if (node.name === name) first = assigned ? 'assigned' : 'read';
      return;
    }
    const targets = storeTargets(node);
    eachChild(node, (child) => visit(child, targets.includes(child) || (assigned && node.type === 'Tuple')));
  };
  for (const node of body) visit(node, false);
  return first === 'read';
}
