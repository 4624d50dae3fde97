/**
 * The built-in filters' own code for a copy of the compiler (see code-copies.ts): this module is copied with the
 * compiler, and with it the modules of the filters below, so a hot template's filters run functions of its own,
 * whose feedback (the texts, numbers and shapes they see) is its own. `title`, `'{:.2f}'.format` and the like, run
 * by every template through one shared function, ran 1.3x-1.5x slower once a process had rendered a few other
 * templates. The filters of lists (`map`, `select`, `groupby`...) stay shared: the compiler runs their stages
 * itself.
 */
import { dictFilters } from '../filters/dicts';
import { htmlFilters } from '../filters/html';
import { numberFilters } from '../filters/numbers';
import { stringFilters } from '../filters/strings';
import type { FilterSpec } from '../runtime/state';

const OWN_FILTERS: ReadonlyMap<string, FilterSpec> = new Map(
  Object.entries({ ...stringFilters, ...numberFilters, ...dictFilters, ...htmlFilters }),
);

/**
 * The filter to run for `spec`, the registry's filter of that name: this module's own of a built-in one (the same
 * code, loaded once more in a copy), else `spec` itself.
 */
export function ownFilter<S>(name: string, spec: S, builtin: unknown): S {
  if (spec !== builtin) return spec;
  return (OWN_FILTERS.get(name) as S | undefined) ?? spec;
}
