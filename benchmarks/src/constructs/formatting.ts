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
  {
    name: "'{:,}'.format()",
    family: 'format',
    template: "{% for item in items %}{{ '{:,}'.format(item.reviews * 1237) }} views\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${(item.reviews * 1237).toLocaleString('en-US')} views\n`;
      return out;
    },
  },
  {
    name: "'{name}'.format(name=)",
    family: 'format',
    template:
      "{% for item in items %}{{ '{qty} x {name} ({size})'.format(name=item.name, qty=item.quantity, size=item.size) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.quantity} x ${item.name} (${item.size})\n`;
      return out;
    },
  },
  {
    name: "'{:>8.2f}'.format()",
    family: 'format',
    template: "{% for item in items %}{{ '{:<28}{:>8.2f}'.format(item.name, item.price) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name.padEnd(28)}${item.price.toFixed(2).padStart(8)}\n`;
      return out;
    },
  },
  {
    name: "'{:.0%}'.format()",
    family: 'format',
    template: "{% for item in items %}{{ '{:.0%}'.format(item.discount|default(0)) }} off\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${((item.discount ?? 0) * 100).toFixed(0)}% off\n`;
      return out;
    },
  },
  {
    name: "'%05d' % n",
    family: 'format',
    template: "{% for item in items %}#{{ '%05d' % item.reviews }} {{ '%-6s|' % item.size }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `#${String(item.reviews).padStart(5, '0')} ${item.size.padEnd(6)}|\n`;
      return out;
    },
  },
];
