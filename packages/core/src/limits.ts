import { LimitError } from './errors';

/** Bounds on what one template and one render may use. Each has a default and can be set per `compile`. */
export interface Limits {
  /** Longest template source accepted, in characters. Defaults to `1_000_000`. */
  maxTemplateSize: number;
  /** Longest text a render (or any string it builds) may produce, in characters. Defaults to `10_000_000`. */
  maxOutputSize: number;
  /** Loop iterations one render may run, all loops together. Defaults to `1_000_000`. */
  maxLoopIterations: number;
  /** Nesting depth of macro calls and recursive loops. Defaults to `100`. */
  maxCallDepth: number;
  /** Largest `range()` a template may build, as in Jinja2's sandbox. Defaults to `100_000`. */
  maxRange: number;
  /**
   * Wall time one render may take, in milliseconds; renders given one `TimeBudget` (the fields of a payload) share
   * it. Defaults to `1_000`.
   */
  timeoutMs: number;
  /** Nesting depth of content blocks. Defaults to `10`. */
  maxContentBlockDepth: number;
  /** Content API calls one render may make. Defaults to `10`. */
  maxContentApiCalls: number;
}

/**
 * Work units a render may spend between two readings of the clock. A unit is about one loop iteration, one
 * macro call, or a built-in's pass over some hundred characters or items: a few nanoseconds to a microsecond.
 * Reading the clock costs as much as a short render, so small renders never read it.
 */
export const UNITS_PER_CLOCK_READ = 4096;

/** What `spend` needs of a render. */
export interface Budget {
  readonly limits: Limits;
  deadline: number;
  unitsLeft: number;
}

/**
 * Spends `units` of the render's work budget, reading the clock only when the units since the last reading run
 * out; throws a `LimitError` once the render has run longer than `timeoutMs`. The deadline starts at the first
 * reading, so a render's first `UNITS_PER_CLOCK_READ` units (well under a millisecond) are not timed.
 */
export function spend(budget: Budget, units: number): void {
  budget.unitsLeft -= units;
  if (budget.unitsLeft < 0) readClock(budget);
}

/** Past this many characters, a built-in's pass over a text is charged to the render's time (`spendOnText`). */
const LONG_TEXT = 1024;
/** Past this many items, a built-in's pass over a list is charged to the render's time (`spendOnItems`). */
const LONG_LIST = 64;

/**
 * Charges `budget` for a built-in's native pass over `text` (a regex, `toUpperCase`, a copy): a unit per 256
 * characters past `LONG_TEXT`, about what a unit of other work takes; a shorter text costs one comparison. Such a
 * pass runs in one call that spends nothing itself: in a loop over a text of 200,000 characters, a render limited
 * to 300 ms ran for 0.6-21 s before the limit was checked.
 */
export function spendOnText(budget: Budget, text: string): void {
  if (text.length > LONG_TEXT) spend(budget, text.length >> 8);
}

/** `spendOnText` on the running render's budget, for code that is not given one (see `spendRunning`). */
export function spendRunningOnText(text: string): void {
  if (text.length > LONG_TEXT && running !== undefined) spend(running, text.length >> 8);
}

/**
 * Charges `budget` for a pass over each item of a list (a copy, `==`, `in`, `.count()`): a unit per 16 items past
 * `LONG_LIST`, for the same reason as `spendOnText`.
 */
export function spendOnItems(budget: Budget, items: readonly unknown[]): void {
  if (items.length > LONG_LIST) spend(budget, items.length >> 4);
}

/** `spendOnItems` on the running render's budget. */
export function spendRunningOnItems(items: readonly unknown[]): void {
  if (items.length > LONG_LIST && running !== undefined) spend(running, items.length >> 4);
}

/** Reads the clock for `spend`: starts the deadline, or fails when it has passed. */
export function readClock(budget: Budget): void {
  const now = Date.now();
  if (budget.deadline === 0) budget.deadline = now + budget.limits.timeoutMs;
  else if (now > budget.deadline) throw timeLimitError(budget.limits);
  budget.unitsLeft = UNITS_PER_CLOCK_READ;
}

/** The `LimitError` of a render past its time. */
export function timeLimitError(limits: Limits): LimitError {
  return new LimitError('timeoutMs', `the render took longer than ${limits.timeoutMs} ms`);
}

/** The limits used when an option is not given. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxTemplateSize: 1_000_000,
  maxOutputSize: 10_000_000,
  maxLoopIterations: 1_000_000,
  maxCallDepth: 100,
  maxRange: 100_000,
  timeoutMs: 1_000,
  maxContentBlockDepth: 10,
  maxContentApiCalls: 10,
});

/** Fills in the defaults for the limits not given. */
export function resolveLimits(limits: Partial<Limits> | undefined): Limits {
  return limits ? { ...DEFAULT_LIMITS, ...limits } : { ...DEFAULT_LIMITS };
}

/** Throws a `LimitError` when a string or list about to be built (`size` characters or items) would pass `maxOutputSize`. */
export function checkSize(state: { readonly limits: Limits }, size: number, what: string): void {
  if (size > state.limits.maxOutputSize) {
    throw new LimitError(
      'maxOutputSize',
      `${what} would be ${size} characters long, more than the output limit of ${state.limits.maxOutputSize}`,
    );
  }
}

/** The render (or budgeted compile) running now, for work that has no `RenderState` at hand (`str()` of a list). */
let running: Budget | undefined;

/** The render running now, or undefined outside a render. @internal */
export function runningRender(): Budget | undefined {
  return running;
}

/**
 * Makes `budget` the render running now and returns the one it interrupts: renders are synchronous, and a content
 * block renders inside the template that reads it. Give the result back to `leaveRender`. @internal
 */
export function enterRender(budget: Budget): Budget | undefined {
  const outer = running;
  running = budget;
  return outer;
}

/** Ends the render `enterRender` started, making `outer` the one running again. @internal */
export function leaveRender(outer: Budget | undefined): void {
  running = outer;
}

/** `spend` for the render running now; nothing outside a render. For code that has no `RenderState`. */
export function spendRunning(units: number): void {
  if (running !== undefined) spend(running, units);
}

/**
 * One `timeoutMs` shared by several renders: the fields of one payload, the content blocks they include and each
 * pass of a template that calls content APIs. Only time spent rendering counts, not the waits for data between
 * renders; once the budget is spent, every further render fails at once.
 *
 * @example
 * const budget = new TimeBudget(1_000);
 * subject.render(variables, budget);
 * body.render(variables, budget); // both renders together within 1 s
 */
export class TimeBudget {
  private leftMs: number;
  private deadline = 0;
  /** Renders running now: a content block renders inside the template that reads it. */
  private running = 0;

  constructor(readonly timeoutMs: number) {
    this.leftMs = timeoutMs;
  }

  /** Starts a render and gives its deadline, in `Date.now()` time. @internal */
  start(): number {
    if (this.running++ === 0) this.deadline = Date.now() + this.leftMs;
    return this.deadline;
  }

  /** Ends a render started with `start`. @internal */
  stop(): void {
    if (--this.running === 0) this.leftMs = this.deadline - Date.now();
  }

  /** Runs `work` (a compile) on this budget: what it spends with `spendRunning` counts, past it fails. @internal */
  charge<T>(limits: Limits, work: () => T): T {
    const timed: Budget = { limits, deadline: this.start(), unitsLeft: 0 };
    const outer = enterRender(timed);
    try {
      if (Date.now() >= timed.deadline) throw timeLimitError(limits);
      return work();
    } finally {
      leaveRender(outer);
      this.stop();
    }
  }
}
