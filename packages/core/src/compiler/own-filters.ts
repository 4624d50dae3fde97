/**
 * The built-in filters' own code for a copy of the compiler (see code-copies.ts): this module is copied with the
 * compiler, and with it the modules of the filters below, so a hot template's filters run functions of its own,
 * whose feedback (the texts, numbers and shapes they see) is its own. `title`, `'{:.2f}'.format` and the like, run
 * by every template through one shared function, ran 1.3x-1.5x slower once a process had rendered a few other
 * templates. The tests (`is even`, `is defined`...) are its own too. The stages of `map`, `select`... that the
 * compiler runs as one loop (item-stages.ts) stay shared.
 */
import { dictFilters } from '../filters/dicts';
import { htmlFilters } from '../filters/html';
import { listFilters } from '../filters/lists';
import { numberFilters } from '../filters/numbers';
import { stringFilters } from '../filters/strings';
import type { FilterSpec, TestSpec } from '../runtime/state';
import { comparisonTests } from '../tests/comparisons';
import { typeTests } from '../tests/types';

const OWN_FILTERS: ReadonlyMap<string, FilterSpec> = new Map(
  Object.entries({ ...stringFilters, ...numberFilters, ...listFilters, ...dictFilters, ...htmlFilters }),
);

const OWN_TESTS: ReadonlyMap<string, TestSpec> = new Map(
  Object.entries({ ...typeTests, ...comparisonTests }),
);

/**
 * The filter to run for `spec`, the registry's filter of that name: this module's own of a built-in one (the same
 * code, loaded once more in a copy), else `spec` itself.
 */
export function ownFilter<S>(name: string, spec: S, builtin: unknown): S {
  if (spec !== builtin) return spec;
  return (OWN_FILTERS.get(name) as S | undefined) ?? spec;
}

/** `ownFilter` for a test. */
export function ownTest<S>(name: string, spec: S, builtin: unknown): S {
  if (spec !== builtin) return spec;
  return (OWN_TESTS.get(name) as S | undefined) ?? spec;
}
