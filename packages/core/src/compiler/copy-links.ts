/**
 * The modules a copy of the compiler's code links to instead of copying (see code-copies.ts). A copy that asks
 * for one this table does not list fails to load, which template-own-code.test.ts checks on the built copy. They
 * hold the classes, symbols and state every template must agree on (`Markup`, `Undefined`, the error classes,
 * the render's time budget), and the code no copy needs of its own.
 */
import * as errors from '../errors';
import * as args from '../filters/args';
import * as call from '../filters/call';
import * as htmlEntities from '../filters/html-entities';
import * as filters from '../filters/index';
import * as lookup from '../filters/lookup';
import * as ordering from '../filters/ordering';
import * as prettyPrint from '../filters/pretty-print';
import * as serviceFilters from '../filters/service';
import * as limits from '../limits';
import * as validate from '../parser/validate';
import * as access from '../runtime/access';
import * as arrayMarks from '../runtime/array-marks';
import * as dictViews from '../runtime/dict-views';
import * as hashKey from '../runtime/hash-key';
import * as keyedAccess from '../runtime/keyed-access';
import * as memberSets from '../runtime/member-sets';
import * as typeNames from '../runtime/type-name';
import * as undefinedValues from '../runtime/undefined';
import * as values from '../runtime/values';
import * as tests from '../tests/index';
import * as frame from './frame';
import * as slotNamespaces from './slot-namespaces';

/** Each shared module by its path under src/, without the extension. */
export const COPY_LINKS: Readonly<Record<string, object>> = {
  errors,
  'filters/index': filters,
  'filters/args': args,
  'filters/call': call,
  'filters/html-entities': htmlEntities,
  'filters/lookup': lookup,
  'filters/ordering': ordering,
  'filters/pretty-print': prettyPrint,
  'filters/service': serviceFilters,
  limits,
  'parser/validate': validate,
  'runtime/access': access,
  'runtime/array-marks': arrayMarks,
  'runtime/dict-views': dictViews,
  'runtime/hash-key': hashKey,
  'runtime/keyed-access': keyedAccess,
  'runtime/member-sets': memberSets,
  'runtime/type-name': typeNames,
  'runtime/undefined': undefinedValues,
  'runtime/values': values,
  'tests/index': tests,
  'compiler/frame': frame,
  'compiler/slot-namespaces': slotNamespaces,
};
