/**
 * The sets `in` makes of the lists it searches again (`memberSet`), and the count of list changes that makes one
 * stale. A module of its own, shared by every copy of the operators a hot template's code has (see
 * compiler/code-copies.ts): a list one template changes (a content block's render, run inside another's) must be
 * seen as changed by every other.
 */
import { runningRender, spendRunningOnItems } from '../limits';

/** How many times lists have been changed (`append`, `pop`, `sort`...): a `memberSet` made before is stale. */
let listEdits = 0;

/** Notes that a list is about to change (see `memberSet`). */
export function noteListEdit(): void {
  listEdits++;
}

/**
 * How many times a dict has gained or lost a key: a loop over a dict compares its size again only when this moved
 * (Python's "dictionary changed size during iteration"). Shared for the same reason as `listEdits`.
 */
let dictResizes = 0;

/** Notes that a dict gained or lost a key. */
export function noteDictResize(): void {
  dictResizes++;
}

/** The count `noteDictResize` keeps. */
export function dictResizeCount(): number {
  return dictResizes;
}

/** A list's items as a set, for the render that made it while no list changed (see `memberSet`). */
interface Members {
  render: object;
  edits: number;
  /** The set, once the list has been searched twice; null before, and for a list of other items. */
  set: Set<unknown> | null;
  /** Whether the set was tried for (on the second search). */
  tried: boolean;
}

/** The lists `in` searched in the render running, by identity. */
const memberSets = new WeakMap<readonly unknown[], Members>();
/** The list `memberSet` found last in `memberSets`, and what it found (a list kept alive until the next). */
let lastSearched: readonly unknown[] | null = null;
let lastMembers: Members = { render: {}, edits: -1, set: null, tried: true };
/** The shortest list `memberSet` makes a set of. */
const MEMBER_SET_LIST = 8;

/**
 * The items of a list that is all texts or all numbers (but NaN), as a set, when `in` searches it a second time
 * in one render while no list has changed: Python's `==` between two texts, or two numbers, is the set's
 * equality, so `x in list` is `set.has(x)` for a text or a number `x`. A seat map testing 112 seats against a
 * list of 57 taken ones searched 6,400 items a render. Null for any other list, and for the first search.
 */
export function memberSet(list: readonly unknown[]): Set<unknown> | null {
  if (list.length < MEMBER_SET_LIST) return null;
  const render = runningRender();
  if (render === undefined) return null;
  // The list searched last is asked first: a loop's `x in list` searches the same one at every item, where the
  // weak map's lookup cost more than the set's.
  if (list === lastSearched && lastMembers.render === render && lastMembers.edits === listEdits) {
    return lastMembers.set;
  }
  const known = memberSets.get(list);
  if (known === undefined || known.render !== render || known.edits !== listEdits) {
    memberSets.set(list, { render, edits: listEdits, set: null, tried: false });
    return null;
  }
  lastSearched = list;
  lastMembers = known;
  if (known.set !== null || known.tried) return known.set;
  known.tried = true;
  const kind = typeof list[0];
  if (kind !== 'string' && kind !== 'number') return null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== kind || (kind === 'number' && Number.isNaN(item))) return null;
  }
  spendRunningOnItems(list);
  known.set = new Set(list);
  return known.set;
}
