/** Expressions: arithmetic (ints and floats), `~`, comparisons, `in`, boolean logic, conditionals, subscripts. */
import { pyNumber, pyRoundText } from '../python-text';
import type { Construct } from './construct';

export const operatorConstructs: Construct[] = [
  {
    name: 'a * b (float)',
    family: 'operator',
    template: '{% for item in items %}{{ item.price * item.quantity }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items)
        out += `${pyNumber(item.price * item.quantity, !Number.isInteger(item.price))}\n`;
      return out;
    },
  },
  {
    name: 'float arithmetic',
    family: 'operator',
    template:
      '{% for item in items %}{{ (item.price * item.quantity * (1 - item.discount|default(0)))|round(2) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const discount = item.discount ?? 0;
        const total = item.price * item.quantity * (1 - discount);
        out += `${pyRoundText(total, 2, !Number.isInteger(item.price) || item.discount !== undefined)}\n`;
      }
      return out;
    },
  },
  {
    name: 'a ~ b',
    family: 'operator',
    template:
      "{% for item in items %}{{ item.brand ~ ' ' ~ item.name ~ ' (' ~ item.size ~ ')' }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.brand} ${item.name} (${item.size})\n`;
      return out;
    },
  },
  {
    name: 'a in list',
    family: 'operator',
    template: "{% for item in items %}{% if 'new' in item.tags %}NEW {% endif %}{{ item.sku }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.tags.includes('new') ? 'NEW ' : ''}${item.sku}\n`;
      return out;
    },
  },
  {
    name: 'a < b, a >= b',
    family: 'operator',
    template:
      '{% for item in items %}{% if item.price < 20 %}budget{% elif item.price >= 100 %}premium{% else %}standard{% endif %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.price < 20 ? 'budget' : item.price >= 100 ? 'premium' : 'standard'}\n`;
      }
      return out;
    },
  },
  {
    name: 'a if c else b',
    family: 'operator',
    template: "{% for item in items %}{{ 'In stock' if item.in_stock else 'Sold out' }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.in_stock ? 'In stock' : 'Sold out'}\n`;
      return out;
    },
  },
];
