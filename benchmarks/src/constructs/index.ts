/** Every construct of the per-construct benchmark, in the order the families are listed in the README. */
import type { Construct } from './construct';
import { listFilterConstructs } from './filters-lists';
import { markupFilterConstructs } from './filters-markup';
import { numberFilterConstructs } from './filters-numbers';
import { stringFilterConstructs } from './filters-strings';
import { formattingConstructs } from './formatting';
import { loopConstructs } from './loop';
import { methodConstructs } from './methods';
import { operatorConstructs } from './operators';
import { outputConstructs } from './output';
import { serviceConstructs } from './service';
import { statementConstructs } from './statements';
import { testConstructs } from './tests';

export type { Construct, Family } from './construct';
export { type ShopData, shopData } from './shop-data';

function unique(constructs: Construct[]): Construct[] {
  const seen = new Set<string>();
  for (const c of constructs) {
    if (seen.has(c.name)) throw new Error(`two constructs are named ${JSON.stringify(c.name)}`);
    seen.add(c.name);
  }
  return constructs;
}

/** All constructs; names are unique. */
export const constructs: readonly Construct[] = unique([
  ...outputConstructs,
  ...stringFilterConstructs,
  ...numberFilterConstructs,
  ...listFilterConstructs,
  ...markupFilterConstructs,
  ...testConstructs,
  ...methodConstructs,
  ...operatorConstructs,
  ...statementConstructs,
  ...loopConstructs,
  ...formattingConstructs,
  ...serviceConstructs,
]);
