/**
 * Copies of the closures that call a filter or test, for `applied` (compiler.ts). A closure's calls keep one
 * record of their targets for every closure its function in the source made: one shared call of `fn` sees every
 * filter of the template (`title`, `upper`, `length`...), runs as a generic call and inlines none of them. Each
 * filter of a template gets the next copy in turn, so the calls of one copy see one filter. Copies must be
 * written out: closures made at run time from one function would share its record, and the engine makes no code
 * from text. Every line of a table is the same (a test checks it).
 */
import type { RenderState } from '../runtime/state';
import type { Ev, Frame } from './frame';

/** A filter's or test's function as `applied` calls it. */
export type Call = (state: RenderState, input: unknown, ...args: unknown[]) => unknown;
/** What locates an error at the call, and rethrows it. */
type Fail = (error: unknown) => never;

/** `fn(input)`: a filter or test without arguments. */
export const CALLS_OF_INPUT: ReadonlyArray<(fn: Call, input: Ev, fail: Fail) => Ev> = [
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f));
    } catch (error) {
      return fail(error);
    }
  },
];

/** `fn(input, x)`: one argument known when the template compiles (`default('n/a')`, `round(2)`). */
export const CALLS_WITH_CONSTANT: ReadonlyArray<(fn: Call, input: Ev, x: unknown, fail: Fail) => Ev> = [
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
  (fn, input, x, fail) => (f: Frame) => {
    try {
      return fn(f.run, input(f), x);
    } catch (error) {
      return fail(error);
    }
  },
];
