/** A minimal RenderState for calling filters and tests directly. */
import { dictFilters } from '../../src/filters/dicts';
import { htmlFilters } from '../../src/filters/html';
import { listFilters } from '../../src/filters/lists';
import { numberFilters } from '../../src/filters/numbers';
import { stringFilters } from '../../src/filters/strings';
import { DEFAULT_LIMITS, type Limits } from '../../src/limits';
import type { FilterSpec, RenderState, TestSpec } from '../../src/runtime/state';
import { comparisonTests } from '../../src/tests/comparisons';
import { typeTests } from '../../src/tests/types';

/** Jinja2's built-in filters, without the service's (so these tests do not depend on them). */
export const jinjaFilters: ReadonlyMap<string, FilterSpec> = new Map(
  Object.entries({ ...stringFilters, ...numberFilters, ...listFilters, ...dictFilters, ...htmlFilters }),
);

/** Jinja2's built-in tests. */
export const jinjaTests: ReadonlyMap<string, TestSpec> = new Map(
  Object.entries({ ...typeTests, ...comparisonTests }),
);

/** A render state with the default limits (or the given ones), Jinja's filters and tests, and a fixed clock. */
export function makeState(limits: Partial<Limits> = {}): RenderState {
  return {
    limits: { ...DEFAULT_LIMITS, ...limits },
    registry: { filters: jinjaFilters, tests: jinjaTests },
    now: () => new Date('2024-01-15T12:00:00Z'),
    iterationsLeft: DEFAULT_LIMITS.maxLoopIterations,
    deadline: Number.POSITIVE_INFINITY,
    unitsLeft: Number.POSITIVE_INFINITY,
    depth: 0,
  };
}
