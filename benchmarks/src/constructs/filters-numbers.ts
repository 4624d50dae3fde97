/** Jinja2's number filters over the order lines' prices, ratings and counts. */
import { pyFloatRepr, pyNumber, pyRoundText } from '../python-text';
import { type Construct, perLine } from './construct';

const SIZE_PREFIXES = ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Jinja2's `filesizeformat` with decimal units: `1 Byte`, `999 Bytes`, `184.3 kB`. */
function filesizeformat(bytes: number): string {
  if (bytes === 1) return '1 Byte';
  if (bytes < 1000) return `${Math.trunc(bytes)} Bytes`;
  let unit = 1000;
  for (const prefix of SIZE_PREFIXES) {
    unit *= 1000;
    if (bytes < unit) return `${((1000 * bytes) / unit).toFixed(1)} ${prefix}`;
  }
  return `${((1000 * bytes) / unit).toFixed(1)} YB`;
}

export const numberFilterConstructs: Construct[] = [
  perLine('filter', '|round', '{{ item.price|round(1) }}', (item) => `${pyRoundText(item.price, 1)}`),
  perLine('filter', '|int', '{{ item.rating|int }}/5', (item) => `${Math.trunc(item.rating)}/5`),
  perLine('filter', '|float', '{{ item.quantity|float }}', (item) => `${pyFloatRepr(item.quantity)}`),
  perLine(
    'filter',
    '|abs',
    '{{ (item.reviews - 200)|abs }} reviews from 200',
    (item) => `${Math.abs(item.reviews - 200)} reviews from 200`,
  ),
  {
    name: '|sum(attribute=)',
    family: 'filter',
    template: "{% for item in items %}{{ item.variants|sum(attribute='stock') }} in stock\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let stock = 0;
        for (const variant of item.variants) stock += variant.stock;
        out += `${stock} in stock\n`;
      }
      return out;
    },
  },
  {
    name: '|sum',
    family: 'filter',
    template: "{% for item in items %}{{ item.variants|map(attribute='price')|sum|round(2) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let total = 0;
        let isFloat = false;
        for (const variant of item.variants) {
          total += variant.price;
          isFloat ||= !Number.isInteger(variant.price);
        }
        out += `${pyRoundText(total, 2, isFloat)}\n`;
      }
      return out;
    },
  },
  {
    name: '|max',
    family: 'filter',
    template: "{% for item in items %}up to {{ (item.variants|max(attribute='price')).price }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let best = item.variants[0];
        for (const variant of item.variants) if (variant.price > best.price) best = variant;
        out += `up to ${pyNumber(best.price)}\n`;
      }
      return out;
    },
  },
  {
    name: '|round(method=)',
    family: 'filter',
    template:
      "{% for item in items %}{{ item.price|round(0, 'floor') }} to {{ item.price|round(method='ceil') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      // floor and ceil divide by 10 ** precision, so even an int price prints as a float.
      for (const item of items)
        out += `${pyFloatRepr(Math.floor(item.price))} to ${pyFloatRepr(Math.ceil(item.price))}\n`;
      return out;
    },
  },
  perLine(
    'filter',
    '|float on text',
    "{{ (item.sku.split('-')[1]|float) / 100 }}",
    (item) => `${pyFloatRepr(Number.parseFloat(item.sku.split('-')[1]) / 100)}`,
  ),
  perLine(
    'filter',
    '|int on text',
    '#{{ item.sku[4:]|int + 1 }}',
    (item) => `#${Number.parseInt(item.sku.slice(4), 10) + 1}`,
  ),
  perLine(
    'filter',
    '|filesizeformat',
    '{{ (item.weight_grams * 1024)|filesizeformat }}',
    (item) => `${filesizeformat(item.weight_grams * 1024)}`,
  ),
  {
    name: '|min',
    family: 'filter',
    template: "{% for item in items %}from {{ (item.variants|min(attribute='price')).price }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let best = item.variants[0];
        for (const variant of item.variants) if (variant.price < best.price) best = variant;
        out += `from ${pyNumber(best.price)}\n`;
      }
      return out;
    },
  },
  perLine('filter', '|attr', "{{ item.reviews|attr('real') }} reviews", (item) => `${item.reviews} reviews`),
];
