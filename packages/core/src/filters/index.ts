/** Every filter a template can use: Jinja2 3.1's built-ins (all but `random`) and the service's own. */
import type { FilterSpec } from '../runtime/state';
import { dictFilters } from './dicts';
import { htmlFilters } from './html';
import { listFilters } from './lists';
import { numberFilters } from './numbers';
import { serviceFilters } from './service';
import { stringFilters } from './strings';

/** The built-in filters by name, with their Jinja2 parameter names; the service filters are merged in. */
export const builtinFilters: ReadonlyMap<string, FilterSpec> = new Map([
  ...serviceFilters,
  // Jinja2's own filters come last so a built-in name always means Jinja2's filter.
  ...Object.entries({ ...stringFilters, ...numberFilters, ...listFilters, ...dictFilters, ...htmlFilters }),
]);

export { type ItemStage, itemStage, renderStage, stageIteratorName } from './lists';
