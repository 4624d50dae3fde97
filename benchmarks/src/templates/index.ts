/** The realistic templates of `pnpm bench`, beside the e-mail the engine was first measured on. */
import { abandonedCart } from './abandoned-cart';
import { accountStatement } from './account-statement';
import { headerFooter } from './header-footer';
import { loyaltyStatement } from './loyalty-statement';
import { newsletter } from './newsletter';
import { orderConfirmation } from './order-confirmation';
import { push } from './push';
import type { RealisticTemplate } from './realistic-template';
import { sms } from './sms';

export type { RealisticTemplate } from './realistic-template';

/** Every realistic template, one per style. */
export const realisticTemplates: readonly RealisticTemplate[] = [
  orderConfirmation,
  newsletter,
  abandonedCart,
  loyaltyStatement,
  sms,
  push,
  accountStatement,
  headerFooter,
];
