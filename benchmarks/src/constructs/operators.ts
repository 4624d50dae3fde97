/** Expressions: arithmetic (ints and floats), `~`, comparisons, `in`, boolean logic, conditionals, subscripts. */
import { pyFloatRepr, pyNumber, pyRepr, pyRoundText } from '../python-text';
import { type Construct, perLine } from './construct';
import type { OrderLine } from './shop-data';

/** A construct printing `{{ <expression> }}` for each line, beside `byHand` for the line. */
const expression = (name: string, source: string, byHand: (item: OrderLine) => string): Construct =>
  perLine('operator', name, `{{ ${source} }}`, byHand);

/** Python's `//` and `%` on ints: floor division, remainder with the divisor's sign. */
const floorDiv = (a: number, b: number) => Math.floor(a / b);
const pyMod = (a: number, b: number) => ((a % b) + b) % b;

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
  perLine(
    'operator',
    'a in list',
    "{% if 'new' in item.tags %}NEW {% endif %}{{ item.sku }}",
    (item) => `${item.tags.includes('new') ? 'NEW ' : ''}${item.sku}`,
  ),
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
  perLine(
    'operator',
    'a if c else b',
    "{{ 'In stock' if item.in_stock else 'Sold out' }}",
    (item) => `${item.in_stock ? 'In stock' : 'Sold out'}`,
  ),
  expression('a + b, a - b (int)', 'item.reviews + item.quantity - 1', (item) =>
    String(item.reviews + item.quantity - 1),
  ),
  expression(
    'a // b, a % b',
    "item.weight_grams // 1000 ~ ' kg ' ~ item.weight_grams % 1000 ~ ' g'",
    (item) => `${floorDiv(item.weight_grams, 1000)} kg ${pyMod(item.weight_grams, 1000)} g`,
  ),
  expression('a ** b', '2 ** item.quantity', (item) => String(2 ** item.quantity)),
  expression('-a', '-item.price', (item) => pyNumber(-item.price)),
  expression('a / b', 'item.price / item.quantity', (item) => pyFloatRepr(item.price / item.quantity)),
  expression('str + str', "item.brand + ' — ' + item.name", (item) => `${item.brand} — ${item.name}`),
  expression('str * n', "'★' * item.rating|int", (item) => '★'.repeat(Math.trunc(item.rating))),
  expression('list + list', "(item.tags + [item.category|lower])|join(', ')", (item) =>
    [...item.tags, item.category.toLowerCase()].join(', '),
  ),
  expression('a == b, a != b', "item.status == 'shipped' and item.size != 'S'", (item) =>
    item.status === 'shipped' && item.size !== 'S' ? 'True' : 'False',
  ),
  expression('chained a < b < c', "'mid' if 20 <= item.price < 60 else 'edge'", (item) =>
    item.price >= 20 && item.price < 60 ? 'mid' : 'edge',
  ),
  expression('a in str', "'wool' in item.name", (item) => (item.name.includes('wool') ? 'True' : 'False')),
  expression('key in dict', "'origin' in item.specs", (item) => ('origin' in item.specs ? 'True' : 'False')),
  expression('a not in b', "item.size not in ['S', 'M']", (item) =>
    item.size !== 'S' && item.size !== 'M' ? 'True' : 'False',
  ),
  expression('and, or, not', 'item.in_stock and not item.discount is defined or item.price > 100', (item) =>
    (item.in_stock && item.discount === undefined) || item.price > 100 ? 'True' : 'False',
  ),
  expression('a or b', "item.gift_message or 'No message'", (item) => item.gift_message || 'No message'),
  expression(
    'a[0], a[-1]',
    "item.variants[0].size ~ '-' ~ item.variants[-1].size",
    (item) => `${item.variants[0].size}-${item.variants[item.variants.length - 1].size}`,
  ),
  expression('str[:n] slice', 'item.description[:24]', (item) => item.description.slice(0, 24)),
  expression('list[1:] slice', "item.variants[1:]|map(attribute='size')|join(',')", (item) =>
    item.variants
      .slice(1)
      .map((v) => v.size)
      .join(','),
  ),
  expression('[::-1] slice', 'item.sku[::-1]', (item) => [...item.sku].reverse().join('')),
  expression('list literal', "[item.size, item.color|default('any'), item.quantity]", (item) =>
    pyRepr([item.size, item.color ?? 'any', item.quantity]),
  ),
  expression('dict literal', "{'sku': item.sku, 'qty': item.quantity}", (item) =>
    pyRepr({ sku: item.sku, qty: item.quantity }),
  ),
  {
    name: 'range()',
    family: 'operator',
    template:
      '{% for item in items %}{% for i in range(item.rating|int) %}*{% endfor %}{% for i in range(5 - item.rating|int) %}.{% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const stars = Math.trunc(item.rating);
        out += `${'*'.repeat(stars)}${'.'.repeat(5 - stars)}\n`;
      }
      return out;
    },
  },
];
