/**
 * Copies of the closures that call a filter or test, for `applied` (compiler.ts). A closure's calls keep one
 * record of their targets for every closure its function in the source made: one shared call of `fn` sees every
 * filter of the template (`title`, `upper`, `length`...), runs as a generic call and inlines none of them. Each
 * filter of a template gets the next copy in turn, so the calls of one copy see one filter. Copies must be
 * written out: closures made at run time from one function would share its record, and the engine makes no code
 * from text. Every line of a table is the same (a test checks it).
 */
import { spendOnText } from '../limits';
import type { RenderState } from '../runtime/state';
import { type Kwargs, NO_KWARGS } from '../runtime/values';
import type { Ev, Frame } from './frame';

/** A filter's or test's function as `applied` calls it. */
export type Call = (state: RenderState, input: unknown, ...args: unknown[]) => unknown;
/** What locates an error at the call, and rethrows it. */
type Fail = (error: unknown) => never;

/** `fn(input)`: a filter or test without arguments. */
// biome-ignore format: a copy a line, all alike
export const CALLS_OF_INPUT: ReadonlyArray<(fn: Call, input: Ev, fail: Fail) => Ev> = [
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
  (fn, input, fail) => (f: Frame) => { try { return fn(f.run, input(f)); } catch (error) { return fail(error); } },
];

/** `fn(input, x)`: one argument known when the template compiles (`default('n/a')`, `round(2)`). */
// biome-ignore format: a copy a line, all alike
export const CALLS_WITH_CONSTANT: ReadonlyArray<(fn: Call, input: Ev, x: unknown, fail: Fail) => Ev> = [
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
  (fn, input, x, fail) => (f: Frame) => { try { return fn(f.run, input(f), x); } catch (error) { return fail(error); } },
];

/** `fn(input, x, y)`: two arguments known when the template compiles (`replace('_', ' ')`, `default('n/a', true)`). */
// biome-ignore format: a copy a line, all alike
export const CALLS_WITH_TWO_CONSTANTS: ReadonlyArray<(fn: Call, input: Ev, x: unknown, y: unknown, fail: Fail) => Ev> = [
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
  (fn, input, x, y, fail) => (f: Frame) => { try { return fn(f.run, input(f), x, y); } catch (error) { return fail(error); } },
];

/** A method of `str` called with positional arguments only, its binding nothing to do (`.strip()`, `.replace(a, b)`). */
export type TextMethod = (state: RenderState, s: string, args: unknown[], kwargs: Kwargs) => unknown;

/**
 * `o.method(...)` where `o` is usually a string: `fn` runs on a string receiver, `other(f, o)` on anything else.
 * One copy per method of a template, as for filters.
 */
// biome-ignore format: a copy a line, all alike
export const TEXT_METHOD_CALLS: ReadonlyArray<
  (
    fn: TextMethod,
    obj: Ev,
    positional: (f: Frame) => unknown[],
    other: (f: Frame, o: unknown) => unknown,
    fail: Fail,
  ) => Ev
> = [
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
  (fn, obj, positional, other, fail) => (f: Frame) => { try { const o = obj(f); if (typeof o !== 'string') return other(f, o); spendOnText(f.run, o); return fn(f.run, o, positional(f), NO_KWARGS); } catch (error) { return fail(error); } },
];
