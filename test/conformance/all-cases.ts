import type { Case } from './case';
import { cases as comparisons } from './cases/comparisons';
import { cases as deliberate } from './cases/deliberate';
import { cases as errors } from './cases/errors';
import { cases as filtersLists } from './cases/filters-lists';
import { cases as filtersMisc } from './cases/filters-misc';
import { cases as filtersNumbers } from './cases/filters-numbers';
import { cases as filtersStrings } from './cases/filters-strings';
import { cases as forLoops } from './cases/for';
import { cases as formatting } from './cases/formatting';
import { cases as ifBlocks } from './cases/if';
import { cases as literals } from './cases/literals';
import { cases as macros } from './cases/macros';
import { cases as markup } from './cases/markup';
import { cases as methods } from './cases/methods';
import { cases as operators } from './cases/operators';
import { cases as sandbox } from './cases/sandbox';
import { cases as scoping } from './cases/scoping';
import { cases as set } from './cases/set';
import { cases as strings } from './cases/strings';
import { cases as syntax } from './cases/syntax';
import { cases as tests } from './cases/tests';
import { cases as truthiness } from './cases/truthiness';
import { cases as undefinedCases } from './cases/undefined';

/** Every conformance case, by area (the case file's name). */
export const areas: readonly { area: string; cases: readonly Case[] }[] = [
  { area: 'syntax', cases: syntax },
  { area: 'literals', cases: literals },
  { area: 'operators', cases: operators },
  { area: 'comparisons', cases: comparisons },
  { area: 'truthiness', cases: truthiness },
  { area: 'strings', cases: strings },
  { area: 'if', cases: ifBlocks },
  { area: 'for', cases: forLoops },
  { area: 'set', cases: set },
  { area: 'scoping', cases: scoping },
  { area: 'macros', cases: macros },
  { area: 'filters-strings', cases: filtersStrings },
  { area: 'filters-numbers', cases: filtersNumbers },
  { area: 'filters-lists', cases: filtersLists },
  { area: 'filters-misc', cases: filtersMisc },
  { area: 'tests', cases: tests },
  { area: 'methods', cases: methods },
  { area: 'markup', cases: markup },
  { area: 'formatting', cases: formatting },
  { area: 'undefined', cases: undefinedCases },
  { area: 'sandbox', cases: sandbox },
  { area: 'errors', cases: errors },
  { area: 'deliberate', cases: deliberate },
];
