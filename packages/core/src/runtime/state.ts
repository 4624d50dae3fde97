import type { Limits } from '../limits';

/** A filter or test as the compiler calls it, with Jinja2's parameter names for keyword binding. */
export interface CallableSpec<R> {
  /**
   * Parameter names after the input value, in Jinja2's order (`truncate`: `['length', 'killwords', 'end', 'leeway']`).
   * The compiler binds positional and keyword arguments to these at compile time; an argument not given is passed
   * as JS `undefined`, so JS default parameters supply Jinja2's defaults.
   */
  readonly params: readonly string[];
  /** How many of `params` must be given. Defaults to `0`. */
  readonly required?: number;
  /** Extra positional arguments (`*args`) are accepted and passed as one array after the bound params. */
  readonly varargs?: boolean;
  /** Extra keyword arguments (`**kwargs`) are accepted and passed as one record after the varargs (or params). */
  readonly kwargs?: boolean;
  /**
   * For a call whose arguments are all literals (`map(attribute='name')`, `selectattr('age', '>', 30)`): the
   * implementation with them bound once, when the template is compiled, or undefined to keep `fn` (which raises
   * any error the call has, where Jinja2 raises it). Optional.
   */
  readonly specialize?: (
    registry: Registry,
    args: readonly unknown[],
    kwargs: Record<string, unknown>,
  ) => ((state: RenderState, value: unknown) => R) | undefined;
  /**
   * For a filter whose arguments only shape what it does with the value (`sort(attribute='price')` builds a key
   * getter): that function, made from the arguments bound to `params` as `fn`'s are. The compiler calls it once for
   * a call whose arguments are all literals, and keeps `fn` when it throws, so the error comes where Jinja2 raises
   * it. Optional.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each implementation declares its own parameter types; the compiler binds them by name
  readonly prepare?: (...args: any[]) => (state: RenderState, value: unknown) => R;
  /** For a test that is one of Python's comparison operators: the comparison, which `x is <test> y` compiles as. */
  readonly comparesAs?: 'eq' | 'ne' | 'lt' | 'lteq' | 'gt' | 'gteq';
  /** The implementation: `fn(state, value, ...boundParams, [varargs], [kwargs])`. */
  // biome-ignore lint/suspicious/noExplicitAny: each implementation declares its own parameter types; the compiler binds them by name
  readonly fn: (state: RenderState, value: unknown, ...args: any[]) => R;
}

/** A filter: `value|name(args)`. */
export type FilterSpec = CallableSpec<unknown>;
/** A test: `value is name(args)`. */
export type TestSpec = CallableSpec<boolean>;

/** The filters and tests a template can use, by name. */
export interface Registry {
  readonly filters: ReadonlyMap<string, FilterSpec>;
  readonly tests: ReadonlyMap<string, TestSpec>;
}

/** What one render carries: its limits, its clock and its counters. Passed to every filter, test and method. */
export interface RenderState {
  readonly limits: Limits;
  /** The filters and tests (for `map`, `select`, `selectattr`, ... that call others by name). */
  readonly registry: Registry;
  /** "Now", from the engine's clock option, for the date filters. */
  now(): Date;
  /** Loop iterations left in this render's budget. @internal */
  iterationsLeft: number;
  /** `Date.now()` past which the render fails; 0 until the clock is first read (see `spend`). @internal */
  deadline: number;
  /** Work units left before the clock is read again (see `spend`). @internal */
  unitsLeft: number;
  /** Current macro / recursive-loop depth. @internal */
  depth: number;
}
