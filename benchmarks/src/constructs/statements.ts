/** Statements: `if`/`elif`, loops, `set`, macros, `call` and `filter` blocks, `with`, `break`/`continue`. */
import { jinjaTitle, pyRoundText } from '../python-text';
import type { Construct } from './construct';

export const statementConstructs: Construct[] = [
  {
    name: '{% if/elif %} chain',
    family: 'statement',
    template:
      "{% for item in items %}{% if item.status == 'shipped' %}On its way{% elif item.status == 'processing' %}Being packed{% elif item.status == 'delivered' %}Delivered{% else %}Back-ordered{% endif %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        if (item.status === 'shipped') out += 'On its way\n';
        else if (item.status === 'processing') out += 'Being packed\n';
        else if (item.status === 'delivered') out += 'Delivered\n';
        else out += 'Back-ordered\n';
      }
      return out;
    },
  },
  {
    name: '{% for %} nested',
    family: 'statement',
    template:
      '{% for item in items %}{{ item.sku }}:{% for variant in item.variants %} {{ variant.size }}={{ variant.stock }}{% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.sku}:`;
        for (const variant of item.variants) out += ` ${variant.size}=${variant.stock}`;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% set %} in a loop',
    family: 'statement',
    template:
      '{% for item in items %}{% set total = item.price * item.quantity %}{% set label = item.name|title %}{{ label }}: {{ total|round(2) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const total = item.price * item.quantity;
        out += `${jinjaTitle(item.name)}: ${pyRoundText(total, 2, !Number.isInteger(item.price))}\n`;
      }
      return out;
    },
  },
  {
    name: '{% macro %} with arguments',
    family: 'statement',
    template:
      "{% macro price_tag(amount, currency='R$', note='') %}{{ currency }} {{ '%.2f'|format(amount) }}{% if note %} ({{ note }}){% endif %}{% endmacro %}{% for item in items %}{{ price_tag(item.price, note=item.size) }}\n{% endfor %}",
    byHand: ({ items }) => {
      const priceTag = (amount: number, currency = 'R$', note = '') =>
        `${currency} ${amount.toFixed(2)}${note ? ` (${note})` : ''}`;
      let out = '';
      for (const item of items) out += `${priceTag(item.price, undefined, item.size)}\n`;
      return out;
    },
  },
];
