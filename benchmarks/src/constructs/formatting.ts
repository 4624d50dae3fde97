/** Python's string formatting in templates: the `format` filter, the `%` operator and `str.format`. */
import { type Construct, perLine } from './construct';

// Python's `{:,.2f}`: comma thousands, two decimals (no exact ties at two decimals in the data).
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formattingConstructs: Construct[] = [
  perLine(
    'format',
    "'%.2f'|format",
    "R$ {{ '%.2f'|format(item.price) }}",
    (item) => `R$ ${item.price.toFixed(2)}`,
  ),
  perLine(
    'format',
    "'%s %d'|format",
    "{{ '%s x %d'|format(item.name, item.quantity) }}",
    (item) => `${item.name} x ${item.quantity}`,
  ),
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
  perLine(
    'format',
    "'{:,.2f}'.format()",
    "{{ '{:,.2f}'.format(item.price * 1000) }}",
    (item) => `${money.format(item.price * 1000)}`,
  ),
  perLine(
    'format',
    "'{:,}'.format()",
    "{{ '{:,}'.format(item.reviews * 1237) }} views",
    (item) => `${(item.reviews * 1237).toLocaleString('en-US')} views`,
  ),
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
  perLine(
    'format',
    "'{:>8.2f}'.format()",
    "{{ '{:<28}{:>8.2f}'.format(item.name, item.price) }}",
    (item) => `${item.name.padEnd(28)}${item.price.toFixed(2).padStart(8)}`,
  ),
  perLine(
    'format',
    "'{:.0%}'.format()",
    "{{ '{:.0%}'.format(item.discount|default(0)) }} off",
    (item) => `${((item.discount ?? 0) * 100).toFixed(0)}% off`,
  ),
  perLine(
    'format',
    "'%05d' % n",
    "#{{ '%05d' % item.reviews }} {{ '%-6s|' % item.size }}",
    (item) => `#${String(item.reviews).padStart(5, '0')} ${item.size.padEnd(6)}|`,
  ),
];
