/**
 * A chain of `map`, `select`, `reject`, `selectattr` and `rejectattr` run as one loop over the items.
 *
 * Jinja2's filters of the chain are generators: `items|selectattr('stock')|map(attribute='size')` takes the first
 * item through both filters before it looks at the second. Run a filter at a time, each filter made a list of all
 * the items for the next, and each list was marked as Python's generator; run as one loop, an item goes through
 * every step and only what the chain yields is kept, in the order Python runs the steps (so the first error is the
 * one Jinja2 raises). What consumes the chain decides what is kept:
 * - `|list` takes the items as a new list (no generator made, then copied);
 * - `|list|length` and `|list|count` count them;
 * - `|first` stops at the first, as `next()` on the generator does;
 * - `|sum`, `|min` and `|max` take each item as it comes;
 * - a `for` loop pulls each item as it reaches it (`chainFeed`);
 * - anything else (`|join`, printing) gets the generator.
 *
 * The loops live in the compiler's copied code (see code-copies.ts), so each hot template's chain calls its own
 * steps from a loop of its own, where the filters' shared loops saw the steps of every template. Each consumer's
 * loop is written out rather than shared through a callback per item, which is the call this module removes.
 */
import { type ItemStage, stageIteratorName } from '../filters/index';
import { ignoreCase } from '../filters/lookup';
import { spend } from '../limits';
import { iterate } from '../runtime/iterate';
import { add, gt, lt, truthy } from '../runtime/operators';
import type { RenderState } from '../runtime/state';
import { type Kwargs, pyIterator } from '../runtime/values';
import type { Ev, Frame } from './frame';

/** What one step does to an item: its next value, or SKIP when the item leaves the chain. */
type Step = (state: RenderState, item: unknown) => unknown;

/** The value a step returns for an item a selection drops. */
const SKIP: unique symbol = Symbol('skip');

/**
 * A stage whose arguments are known only as the template renders (`selectattr('category', 'eq', favourite)`): its
 * arguments are evaluated and the stage bound (`renderStage`) at each render.
 */
export interface RenderedStage {
  readonly kind: 'rendered';
  /** The name Python prints for the filter's generator. */
  readonly iteratorName: string;
  /** The arguments' values, evaluated in order. */
  readonly values: (f: Frame) => { args: unknown[]; kwargs: Kwargs };
  /** The stage bound to those values, failing as the filter fails when it runs. */
  readonly bind: (state: RenderState, args: unknown[], kwargs: Kwargs) => ItemStage;
}

/** A stage of a chain: bound when compiled, or at each render. */
export type ChainStage = ItemStage | RenderedStage;

/** What consumes the chain's items (see the module's comment). */
export type ChainConsumer = 'generator' | 'list' | 'count' | 'first' | 'sum' | 'min' | 'max';

/**
 * The evaluator of a chain: `source`'s items through `stages` (innermost first), consumed by `consumer`. Errors
 * thrown by a stage are passed to its `fail` (which locates them at its filter); the first stage's `fail` takes
 * those of evaluating and iterating the source too. `empty` is the consumer's value when nothing is left (`|first`,
 * `|min`, `|max`); `consumed` locates the errors of the consumer's own work (`|sum`'s additions, `|min`'s
 * comparisons) at its filter.
 */
export function chainOf(
  source: Ev,
  stages: readonly ChainStage[],
  fails: readonly ((error: unknown) => never)[],
  consumer: ChainConsumer,
  empty: (state: RenderState) => unknown,
  consumed: (error: unknown) => never,
): Ev {
  const stepFor = stepper(stages, fails);
  const last = stages[stages.length - 1];
  const name = last.kind === 'rendered' ? last.iteratorName : stageIteratorName(last);
  const cost = stages.length;
  const fail = fails[0];
  switch (consumer) {
    case 'generator':
    case 'list': {
      const generator = consumer === 'generator';
      return (f) => {
        const out = objectArray();
        try {
          const value = source(f);
          const step = stepFor(f, value);
          if (truthy(value)) {
            const items = iterate(value);
            const run = f.run;
            for (let i = 0; i < items.length; i++) {
              spend(run, cost);
              const next = step(run, items[i]);
              if (next !== SKIP) out.push(next);
            }
          }
        } catch (error) {
          return fail(error);
        }
        return generator ? pyIterator(out, 'generator', name) : out;
      };
    }
    case 'count':
      return (f) => {
        let count = 0;
        try {
          const value = source(f);
          const step = stepFor(f, value);
          if (truthy(value)) {
            const items = iterate(value);
            const run = f.run;
            for (let i = 0; i < items.length; i++) {
              spend(run, cost);
              if (step(run, items[i]) !== SKIP) count++;
            }
          }
        } catch (error) {
          return fail(error);
        }
        return count;
      };
    case 'sum':
      // Python's `sum` adds each item as the generator yields it, so an addition that fails comes before a later
      // item's failing step, as in Jinja2.
      return (f) => {
        let total: unknown = 0;
        let item: unknown = SKIP;
        try {
          const value = source(f);
          const step = stepFor(f, value);
          if (truthy(value)) {
            const items = iterate(value);
            const run = f.run;
            for (let i = 0; i < items.length; i++) {
              spend(run, cost);
              item = step(run, items[i]);
              if (item === SKIP) continue;
              total = add(run, total, item);
              item = SKIP;
            }
          }
        } catch (error) {
          return item === SKIP ? fail(error) : consumed(error);
        }
        return total;
      };
    case 'min':
    case 'max': {
      // Python's `min` and `max` compare each item as the generator yields it (by its lower case when a text), so
      // a comparison that fails comes before a later item's failing step, as in Jinja2. (One loop for `sum`, `min`
      // and `max`, with a branch on the consumer, ran a template using `|sum` and `|max` at 0.49x.)
      const better = consumer === 'min' ? lt : gt;
      return (f) => {
        let best: unknown = SKIP;
        let bestKey: unknown;
        let item: unknown = SKIP;
        try {
          const value = source(f);
          const step = stepFor(f, value);
          if (truthy(value)) {
            const items = iterate(value);
            const run = f.run;
            for (let i = 0; i < items.length; i++) {
              spend(run, cost);
              item = step(run, items[i]);
              if (item === SKIP) continue;
              const key = ignoreCase(item);
              if (best === SKIP || better(key, bestKey)) {
                best = item;
                bestKey = key;
              }
              item = SKIP;
            }
          }
        } catch (error) {
          return item === SKIP ? fail(error) : consumed(error);
        }
        return best === SKIP ? empty(f.run) : best;
      };
    }
    case 'first':
      return (f) => {
        try {
          const value = source(f);
          const step = stepFor(f, value);
          if (truthy(value)) {
            const items = iterate(value);
            const run = f.run;
            for (let i = 0; i < items.length; i++) {
              spend(run, cost);
              const next = step(run, items[i]);
              if (next !== SKIP) return next;
            }
          }
          return empty(f.run);
        } catch (error) {
          return fail(error);
        }
      };
  }
}

/** What a feed does to each item of its source: a chain's steps, their cost, and the `fail` of the first. */
interface FeedSteps {
  readonly step: Step;
  readonly cost: number;
  readonly fail: (error: unknown) => never;
}

/** What `ItemFeed.next` gives past the last item. */
export const FEED_END: unique symbol = Symbol('end of the items');

/**
 * A loop's items taken one at a time from what yields them, as Jinja2's loop takes them from a generator
 * (`select`, `map`, the loop's own `if`): an item is pulled when the loop reaches it, or when `loop.last` or
 * `loop.nextitem` looks one ahead, or when `loop.length` counts the rest. So a step that would fail on a later
 * item fails after the bodies before it, never when `break` leaves the loop first, and a step or filter sees what
 * the bodies before it changed.
 */
export class ItemFeed {
  /** The items pulled so far, in order. */
  readonly items: unknown[] = [];
  private at = 0;

  constructor(
    /** The items to pull from. */
    private readonly source: readonly unknown[],
    /** The chain each source item goes through, or null. */
    private readonly steps: FeedSteps | null,
    /** The loop's `if` filter, or null. */
    private readonly kept: ((item: unknown) => boolean) | null,
    private readonly run: RenderState,
  ) {}

  /** True when there is an item at `index`, pulling up to it when it has not been pulled yet. */
  has(index: number): boolean {
    return index < this.items.length || this.pullTo(index);
  }

  /**
   * The next item, pulled through the steps and the loop's filter but not kept in `items`, or `FEED_END` past the
   * last: for a loop that reads each item once, in order, and nothing else (`pulledLoop`), and for `has`. A feed
   * is read by `has` or by this, not both.
   */
  next(): unknown {
    const { source, steps, kept, run } = this;
    while (this.at < source.length) {
      let item = source[this.at++];
      if (steps !== null) {
        spend(run, steps.cost);
        try {
          item = steps.step(run, item);
        } catch (error) {
          return steps.fail(error);
        }
        if (item === SKIP) continue;
      } else spend(run, 1);
      if (kept === null || kept(item)) return item;
    }
    return FEED_END;
  }

  /** `has` for an item not pulled yet. Each source item spends from the render's time, as a loop's item does. */
  private pullTo(index: number): boolean {
    const items = this.items;
    while (index >= items.length) {
      const item = this.next();
      if (item === FEED_END) return false;
      items.push(item);
    }
    return true;
  }
}

/**
 * The chain as a loop pulls it: for each render, the feed of the source's items through the steps, with the loop's
 * `if` filter (`kept`) after them. The source is evaluated when the loop starts, as Jinja2 calls the filters then;
 * errors are located as `chainOf`'s are.
 */
export function chainFeed(
  source: Ev,
  stages: readonly ChainStage[],
  fails: readonly ((error: unknown) => never)[],
): (f: Frame, kept: ((item: unknown) => boolean) | null) => ItemFeed {
  const stepFor = stepper(stages, fails);
  const cost = stages.length;
  const fail = fails[0];
  return (f, kept) => {
    let items: readonly unknown[];
    let step: Step;
    try {
      const value = source(f);
      step = stepFor(f, value);
      items = truthy(value) ? iterate(value) : [];
    } catch (error) {
      return fail(error);
    }
    return new ItemFeed(items, { step, cost, fail }, kept, f.run);
  };
}

/**
 * The chain's step for a render of its source's `value`. Stages bound when compiled make one step for every render.
 * With a rendered stage, the stages' arguments are evaluated from the innermost filter out, as Python evaluates the
 * calls' arguments, and the stages are bound from the outermost in, as Jinja2's generators start: each prepares
 * itself before it pulls from the one inside it, and the innermost only when the source has items (its filter's
 * `if value:`). Each error is located at its filter.
 */
function stepper(
  stages: readonly ChainStage[],
  fails: readonly ((error: unknown) => never)[],
): (f: Frame, value: unknown) => Step {
  if (stages.every((stage) => stage.kind !== 'rendered')) {
    const step = chainStep(stages as readonly ItemStage[], fails);
    return () => step;
  }
  const count = stages.length;
  return (f, value) => {
    const given: ({ args: unknown[]; kwargs: Kwargs } | null)[] = [];
    for (let i = 0; i < count; i++) {
      const stage = stages[i];
      try {
        given.push(stage.kind === 'rendered' ? stage.values(f) : null);
      } catch (error) {
        return fails[i](error);
      }
    }
    const bound = stages.slice() as ItemStage[];
    for (let i = count - 1; i >= 0; i--) {
      const stage = stages[i];
      const values = given[i];
      if (stage.kind !== 'rendered' || values === null) continue;
      if (i === 0 && !truthy(value)) bound[i] = UNUSED;
      else {
        try {
          bound[i] = stage.bind(f.run, values.args, values.kwargs);
        } catch (error) {
          return fails[i](error);
        }
      }
    }
    return chainStep(bound, fails);
  };
}

/** The innermost stage of a render whose source has no items: never applied. */
const UNUSED: ItemStage = { kind: 'attribute', read: (item) => item };

/**
 * The stages' steps as one. The first stage's errors are located by the consumer's own `try`, as those of the
 * source are; each later stage locates its own, so the first stage needs no closure around it.
 */
function chainStep(stages: readonly ItemStage[], fails: readonly ((error: unknown) => never)[]): Step {
  return composed(stages.map((stage, i) => (i === 0 ? stepOf(stage) : located(stepOf(stage), fails[i]))));
}

/**
 * A new empty array whose elements are kept as values of any kind. From an empty literal, V8 would learn from the
 * numbers pushed to keep them unboxed; every shared filter reading such a list boxes each number again (`|sum`
 * over prices ran 0.63x as fast).
 */
function objectArray(): unknown[] {
  const out: unknown[] = [SKIP];
  out.pop();
  return out;
}

/** One stage's step; a selection has a closure for each of its forms. */
function stepOf(stage: ItemStage): Step {
  switch (stage.kind) {
    case 'map':
      return stage.apply;
    case 'attribute': {
      const read = stage.read;
      return (_state, item) => read(item);
    }
  }
  const { keep, transform, test } = stage;
  if (transform === null) {
    return test === null
      ? (_state, item) => (truthy(item) === keep ? item : SKIP)
      : (state, item) => (test(state, item) === keep ? item : SKIP);
  }
  return test === null
    ? (_state, item) => (truthy(transform(item)) === keep ? item : SKIP)
    : (state, item) => (test(state, transform(item)) === keep ? item : SKIP);
}

/** `step` with what it throws passed to `fail`. */
function located(step: Step, fail: (error: unknown) => never): Step {
  return (state, item) => {
    try {
      return step(state, item);
    } catch (error) {
      return fail(error);
    }
  };
}

/** The steps in turn, as one: an item a step drops goes no further. */
function composed(steps: readonly Step[]): Step {
  let step = steps[0];
  for (let i = 1; i < steps.length; i++) {
    const before = step;
    const after = steps[i];
    step = (state, item) => {
      const next = before(state, item);
      return next === SKIP ? SKIP : after(state, next);
    };
  }
  return step;
}
