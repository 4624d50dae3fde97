/** Every Jinja2 3.1 built-in test (`value is name`), by name. */
import type { TestSpec } from '../runtime/state';
import { comparisonTests } from './comparisons';
import { typeTests } from './types';

/** Jinja2's built-in tests with their parameter names, for `is` expressions and `select`/`reject`. */
export const builtinTests: ReadonlyMap<string, TestSpec> = new Map(
  Object.entries({ ...typeTests, ...comparisonTests }),
);
