import { type Limits, UNITS_PER_CLOCK_READ } from '../limits';
import type { Registry, RenderState } from '../runtime/state';

/** A slot whose variable has not been assigned in this scope yet: reads fall through to the enclosing scope. */
export const MISSING: unique symbol = Symbol('missing');

/**
 * The slots of a new frame, all `MISSING`: a frame copies them with `slice()`, which is quicker than filling
 * a new array. Pushed, so that every frame's slots are a packed array (`new Array(n)` is holey).
 */
export function blankSlots(size: number): readonly unknown[] {
  const slots: unknown[] = [];
  for (let i = 0; i < size; i++) slots.push(MISSING);
  return slots;
}

/**
 * What makes a new frame's slots, all `MISSING`: an array literal up to eight slots (allocated in place by
 * optimized code, about twice as quick as copying `blankSlots` with `slice()`), else that copy.
 */
export function slotsMaker(size: number): () => unknown[] {
  const M = MISSING;
  switch (size) {
    case 0:
      return () => [];
    case 1:
      return () => [M];
    case 2:
      return () => [M, M];
    case 3:
      return () => [M, M, M];
    case 4:
      return () => [M, M, M, M];
    case 5:
      return () => [M, M, M, M, M];
    case 6:
      return () => [M, M, M, M, M, M];
    case 7:
      return () => [M, M, M, M, M, M, M];
    case 8:
      return () => [M, M, M, M, M, M, M, M];
    default: {
      const blank = blankSlots(size);
      return () => blank.slice();
    }
  }
}

/** Loop control raised by `{% break %}` / `{% continue %}`, consumed by the innermost loop. */
export const Control = { None: 0, Break: 1, Continue: 2 } as const;
/** One of `Control`'s values. */
export type Control = (typeof Control)[keyof typeof Control];

/** The variables of a render state between renders. */
const NO_VARIABLES: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** One render: its variables, limits, clock and counters. */
export class Run implements RenderState {
  // What a render counts, set by `reset` for each render (the constructor's too).
  iterationsLeft!: number;
  deadline!: number;
  unitsLeft!: number;
  depth!: number;
  /** Pending `break`/`continue`. */
  control!: Control;
  /**
   * The first piece of output that is not text (a `{% filter %}` block's or a `{% call %}`'s), whose error waits
   * for the output it is part of to be joined, as Python's `''.join` raises it only then (see `outputPiece`).
   */
  joinError!: Error | null;
  /**
   * The render variables are a plain object, so a name they lack is not inherited either (see `lookupVariable`):
   * told as the property loads tell plain objects (`constructor === Object`, keyed-access.ts), a read through
   * the prototype's cache, where `Object.getPrototypeOf` went to the runtime (7 ns of every render).
   */
  readonly plainCtx!: boolean;

  constructor(
    readonly ctx: Record<string, unknown>,
    readonly limits: Limits,
    readonly registry: Registry,
    readonly clock: () => Date,
  ) {
    this.reset(ctx);
  }

  now(): Date {
    return this.clock();
  }

  /** Lets go of the render's variables and error, so that a template kept for its next render holds neither. */
  release(): void {
    (this as { ctx: Record<string, unknown> }).ctx = NO_VARIABLES;
    this.joinError = null;
  }

  /** Makes this the state of a new render with `ctx`: the constructor's, and a kept state's again. */
  reset(ctx: Record<string, unknown>): void {
    (this as { ctx: Record<string, unknown> }).ctx = ctx;
    this.iterationsLeft = this.limits.maxLoopIterations;
    this.deadline = 0;
    this.unitsLeft = UNITS_PER_CLOCK_READ;
    this.depth = 0;
    this.control = Control.None;
    this.joinError = null;
    (this as { plainCtx: boolean }).plainCtx = ctx.constructor === Object;
  }
}

/** The variables of one scope instance (the template, one loop, one macro call, ...). */
export class Frame {
  constructor(
    readonly vars: unknown[],
    readonly up: Frame | null,
    readonly run: Run,
  ) {}
}

/** A compiled expression. */
export type Ev = (f: Frame) => unknown;
/** A compiled expression used for its truth only. */
export type Cond = (f: Frame) => boolean;
/** A compiled statement: returns the text it outputs. */
export type St = (f: Frame) => string;
