/**
 * Namespaces kept in slots.
 *
 * `{% set ns = namespace(found=false) %}` inside a loop, then `{% set ns.found = true %}` in a loop nested in it,
 * is how Jinja2 templates carry a value out of a loop. Made as an object, each namespace costs a keyword record
 * and a `Namespace`, and each attribute access a check of the object's class and a property access. But a
 * variable that only such `set`s assign and that is only ever used as `ns.attr` (read, or written by
 * `{% set ns.attr = ... %}`) never escapes: no other code can see the object. So its attributes live in slots of
 * the variable's own frame, beside it, as local variables do (the scalar replacement of an object that does not
 * escape, as optimizing compilers do it), and the variable's slot holds `IN_SLOTS`.
 *
 * Everything else stays exact: when the name `namespace` is not the global at run time, the variable holds what
 * the call returned, and every access to it goes the general way; an attribute that the slots do not hold (never
 * set) and any other read of the variable find a `Namespace` made from the slots (`slotNamespace`).
 */
import type * as ast from '../parser/ast';
import { type AnyNode, eachChild } from '../parser/validate';
import { Namespace } from '../runtime/values';
import { type Frame, MISSING } from './frame';

/** What the slot of a variable whose namespace lives in slots holds (see the module's comment). */
export const IN_SLOTS: unique symbol = Symbol('namespace in slots');

/** Names whose own uses decide nothing here: Jinja2 binds them itself (`loop`, a macro's `caller`...). */
const BOUND_NAMES = new Set(['loop', 'caller', 'varargs', 'kwargs', 'namespace']);

/**
 * The variables of `template` whose namespaces can live in slots, each with the attribute names its slots hold:
 * those its `namespace(...)` calls give and those `{% set name.attr %}` writes. Such a variable is assigned only
 * by `{% set name = namespace(key=value, ...) %}` (keywords only, each once) and every other use of it is
 * `name.attr` or `{% set name.attr %}`.
 */
export function slotNamespaces(template: ast.TemplateNode): Map<string, readonly string[]> {
  const attributes = new Map<string, Set<string>>();
  const assigned = new Set<string>();
  const excluded = new Set<string>(BOUND_NAMES);
  const attributesOf = (name: string): Set<string> => {
    let set = attributes.get(name);
    if (set === undefined) {
      set = new Set();
      attributes.set(name, set);
    }
    return set;
  };
  // The tree's depth is bounded by the parser's checks (`MAX_AST_DEPTH`), so this recursion is safe.
  const visit = (node: AnyNode, parent: AnyNode | null): void => {
    if (node.type === 'Name') {
      if (parent?.type === 'Getattr' && parent.node === node) {
        // `name.attr`: read from the slots.
      } else if (
        parent?.type === 'Assign' &&
        parent.target === node &&
        namespaceKeywords(parent.node) !== null
      ) {
        assigned.add(node.name);
        for (const key of namespaceKeywords(parent.node) ?? []) attributesOf(node.name).add(key);
      } else {
        excluded.add(node.name);
      }
    } else if (node.type === 'NSRef') {
      attributesOf(node.name).add(node.attr);
    } else if (node.type === 'Macro') {
      excluded.add(node.name);
    }
    eachChild(node, (child) => visit(child, node));
  };
  for (const statement of template.body) visit(statement, template);
  const out = new Map<string, readonly string[]>();
  for (const name of assigned) if (!excluded.has(name)) out.set(name, [...attributesOf(name)]);
  return out;
}

/** The keyword names of `namespace(key=value, ...)` with keywords only, each once; null for any other expression. */
export function namespaceKeywords(node: ast.Expr): string[] | null {
  if (node.type !== 'Call' || node.node.type !== 'Name' || node.node.name !== 'namespace') return null;
  if (node.args.length > 0 || node.dynArgs !== null || node.dynKwargs !== null) return null;
  const keys = node.kwargs.map((keyword) => keyword.key);
  return new Set(keys).size === keys.length ? keys : null;
}

/** The name of the slot that holds attribute `attr` of the namespace in variable `name` (not an identifier). */
export function attributeSlotName(name: string, attr: string): string {
  return `${name}.${attr}`;
}

/** The variable a slot belongs to: its own name, or for an attribute's slot the namespace's variable. */
export function slotVariable(slotName: string): string {
  const dot = slotName.indexOf('.');
  return dot < 0 ? slotName : slotName.slice(0, dot);
}

/**
 * Where a variable whose namespace lives in slots may be, innermost first, as `Scope.resolve` lists its places:
 * frame hops and slot, with, for each place, the slot of each attribute.
 */
export interface SlotPlaces {
  hops: readonly number[];
  slots: readonly number[];
  /** Per place, the attributes' slots, in the order of the variable's attribute names. */
  attributeSlots: readonly (readonly number[])[];
}

/** The frame `hops` frames out from `f`. */
export function frameOut(f: Frame, hops: number): Frame {
  let frame = f;
  for (let i = hops; i > 0; i--) frame = frame.up as Frame;
  return frame;
}

/** The index of the first place where the variable is assigned (its slot is not `MISSING`), or -1. */
export function assignedPlace(f: Frame, places: SlotPlaces): number {
  const { hops, slots } = places;
  for (let p = 0; p < hops.length; p++) {
    if (frameOut(f, hops[p]).vars[slots[p]] !== MISSING) return p;
  }
  return -1;
}

/**
 * The namespace the slots of place `p` hold, as an object: what a read of the variable that is not compiled to
 * a slot access gets. It is made anew for each such read; no code writes to it (every write to the variable's
 * attributes goes to the slots), so it is never stale where it is used.
 */
export function slotNamespace(f: Frame, places: SlotPlaces, names: readonly string[], p: number): Namespace {
  const vars = frameOut(f, places.hops[p]).vars;
  const slots = places.attributeSlots[p];
  const entries: [string, unknown][] = [];
  for (let i = 0; i < names.length; i++) {
    const value = vars[slots[i]];
    if (value !== MISSING) entries.push([names[i], value]);
  }
  return new Namespace(entries);
}
