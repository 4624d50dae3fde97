/**
 * A price-drop push notification: title and body on two lines, a percentage computed and rounded in the
 * template, `title` on a product name, a first name that may be missing, and `.format` for the prices.
 */
import { jinjaTitle } from '../python-text';
import type { RealisticTemplate } from './realistic-template';

/** The render variables: the user's attributes and the `Price Dropped` event's. */
export type PushData = {
  UserAttribute: { 'First Name'?: string };
  EventAttribute: {
    'Product Name': string;
    Price: number;
    'Old Price': number;
    Size: string;
    Stock: number;
  };
};

const data: PushData = {
  UserAttribute: {},
  EventAttribute: {
    'Product Name': 'pegasus 41 road-running shoe',
    Price: 104.99,
    'Old Price': 139.99,
    Size: 'EU 42.5',
    Stock: 3,
  },
};

const jinja = `{%- set p = EventAttribute -%}
{%- set drop = ((1 - p['Price'] / p['Old Price']) * 100)|round|int -%}
{{ '🔥 ' if drop >= 20 }}{{ p['Product Name']|title }} is {{ drop }}% off
{{ UserAttribute['First Name']|default('Hey') }}, {{ 'only %d left'|format(p['Stock']) if p['Stock'] < 5 else 'back in stock' }} in {{ p['Size'] }}: now {{ '{:.2f}'.format(p['Price']) }} € instead of {{ '{:.2f}'.format(p['Old Price']) }} €.`;

function byHand({ UserAttribute: user, EventAttribute: p }: PushData): string {
  const drop = Math.round((1 - p.Price / p['Old Price']) * 100);
  const stock = p.Stock < 5 ? `only ${p.Stock} left` : 'back in stock';
  return `${drop >= 20 ? '🔥 ' : ''}${jinjaTitle(p['Product Name'])} is ${drop}% off
${user['First Name'] ?? 'Hey'}, ${stock} in ${p.Size}: now ${p.Price.toFixed(2)} € instead of ${p['Old Price'].toFixed(2)} €.`;
}

/** The push notification. nunjucks' `title` capitalises after spaces only ("Road-running"), so it is left out. */
export const push: RealisticTemplate<PushData> = {
  name: 'push notification',
  style: 'push: arithmetic, round, title, default, format, .format',
  jinja,
  data,
  byHand,
};
