/** Shared pieces of the runtime tests: a render state, float literals, and one printed form for results and errors. */
import { TemplateRuntimeError } from '../../src/errors';
import { DEFAULT_LIMITS, type Limits } from '../../src/limits';
import { repr } from '../../src/runtime/format';
import type { RenderState } from '../../src/runtime/state';
import { UnsafeUndefined, undefinedMessage } from '../../src/runtime/undefined';
import { float, type PyFloat, Undefined } from '../../src/runtime/values';

/** A render state with default limits (or the given ones) and no filters. */
export function runtimeState(limits: Partial<Limits> = {}): RenderState {
  return {
    limits: { ...DEFAULT_LIMITS, ...limits },
    registry: { filters: new Map(), tests: new Map() },
    now: () => new Date('2024-01-15T12:00:00Z'),
    iterationsLeft: DEFAULT_LIMITS.maxLoopIterations,
    deadline: Number.POSITIVE_INFINITY,
    unitsLeft: Number.POSITIVE_INFINITY,
    depth: 0,
  };
}

/** A Python float literal: `f(2)` is `2.0`, `f(0.5)` is `0.5`. */
export function f(x: number): number | PyFloat {
  return float(x);
}

/**
 * What a runtime call gives, printed as the expectation generator prints Jinja2's: `repr` of the result,
 * `Undefined(UndefinedError): message` for an Undefined, `!Kind: message` for an error.
 */
export function outcome(run: () => unknown): string {
  try {
    const v = run();
    if (v instanceof Undefined) {
      const kind = v instanceof UnsafeUndefined ? 'SecurityError' : 'UndefinedError';
      return `Undefined(${kind}): ${undefinedMessage(v)}`;
    }
    return repr(v);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `!${e.kind}: ${e.message}`;
    throw e;
  }
}

/** Like `outcome`, for calls that return text: the text itself rather than its repr. */
export function textOutcome(run: () => string): string {
  try {
    return run();
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `!${e.kind}: ${e.message}`;
    throw e;
  }
}
