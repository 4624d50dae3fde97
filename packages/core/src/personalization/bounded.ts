/**
 * Waiting on sources, bounded: a resolver's answer becomes an `Outcome` (the value, or why there is none) and
 * a promise is never awaited past its time. Values that are already there stay synchronous, so an in-memory
 * source costs no promise at all.
 */
import type { MaybePromise } from './resolvers';

/** A source's answer, or why there is none. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

// Timers exist in browsers, edge runtimes and Node alike; core compiles without any of their type libraries.
const timers = globalThis as unknown as {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
};

/** Longest delay `setTimeout` honours (larger ones fire at once). */
const MAX_DELAY = 2 ** 31 - 1;

/** True for promises and other thenables. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** A failure's reason in words a template author can read: the error's message, never a stack. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** A successful outcome. */
export function succeeded<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

/** A failed outcome. */
export function failed<T>(reason: string): Outcome<T> {
  return { ok: false, reason };
}

/** Calls a resolver: its value or thrown error as an outcome now, or its promise when it answers later. */
export function attempt<T>(produce: () => MaybePromise<T>): Outcome<T> | PromiseLike<T> {
  try {
    const answer = produce();
    return isPromiseLike(answer) ? answer : succeeded(answer);
  } catch (error) {
    return failed(describeFailure(error));
  }
}

/**
 * Waits for `pending` at most `ms` milliseconds; then the outcome is a failure with `timeoutReason`. The timer
 * is cleared as soon as the answer comes, so nothing keeps the process alive, and a late rejection is absorbed.
 */
export function within<T>(pending: PromiseLike<T>, ms: number, timeoutReason: string): Promise<Outcome<T>> {
  return new Promise<Outcome<T>>((resolve) => {
    let timer: unknown;
    const settle = (outcome: Outcome<T>) => {
      if (timer !== undefined) timers.clearTimeout(timer);
      resolve(outcome);
    };
    if (ms <= 0) settle(failed(timeoutReason));
    else timer = timers.setTimeout(() => resolve(failed(timeoutReason)), Math.min(ms, MAX_DELAY));
    pending.then(
      (value) => settle(succeeded(value)),
      (error: unknown) => settle(failed(describeFailure(error))),
    );
  });
}

/** Why a source that had not answered by the end of the render's time gave nothing. */
export const RENDER_DEADLINE = 'the render deadline passed';

/** `attempt`, then `within` when the answer is a promise. */
export function bounded<T>(
  produce: () => MaybePromise<T>,
  ms: number,
  timeoutReason: string,
): Outcome<T> | Promise<Outcome<T>> {
  const answer = attempt(produce);
  return isPromiseLike(answer) ? within(answer, ms, timeoutReason) : answer;
}

/** `next` of an outcome: now when it is here, else once it settles. */
export function andThen<T, R>(
  outcome: Outcome<T> | Promise<Outcome<T>>,
  next: (outcome: Outcome<T>) => R,
): R | Promise<Awaited<R>> {
  // `then` flattens a promise that `next` returns; its declared type does not say so.
  return outcome instanceof Promise ? (outcome.then(next) as Promise<Awaited<R>>) : next(outcome);
}
