/** Python's string formatting in templates: the `format` filter, the `%` operator and `str.format`. */
import type { Construct } from './construct';

// Python's `{:,.2f}`: comma thousands, two decimals (no exact ties at two decimals in the data).
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formattingConstructs: Construct[] = [
  {
    name: "'%.2f'|format",
    family: 'format',
    template: "{% for item in items %}R$ {{ '%.2f'|format(item.price) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `R$ ${item.price.toFixed(2)}\n`;
      return out;
    },
  },
  {
    name: "'%s %d'|format",
    family: 'format',
    template: "{% for item in items %}{{ '%s x %d'|format(item.name, item.quantity) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name} x ${item.quantity}\n`;
      return out;
    },
  },
  {
    name: "'%s' % (a, b)",
    family: 'format',
    template:
      "{% for item in items %}{{ '%s (%s): %d left' % (item.name, item.size, item.reviews) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name} (${item.size}): ${item.reviews} left\n`;
      return out;
    },
  },
  {
    name: "'{}'.format()",
    family: 'format',
    template:
      "{% for item in items %}{{ '{} by {}, size {}'.format(item.name, item.brand, item.size) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name} by ${item.brand}, size ${item.size}\n`;
      return out;
    },
  },
  {
    name: "'{:,.2f}'.format()",
    family: 'format',
    template: "{% for item in items %}{{ '{:,.2f}'.format(item.price * 1000) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${money.format(item.price * 1000)}\n`;
      return out;
    },
  },
];
