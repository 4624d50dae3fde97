/** Jinja2's number filters over the order lines' prices, ratings and counts. */
import { pyFloatRepr, pyNumber, pyRoundText } from '../python-text';
import type { Construct } from './construct';

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
  {
    name: '|round',
    family: 'filter',
    template: '{% for item in items %}{{ item.price|round(1) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyRoundText(item.price, 1)}\n`;
      return out;
    },
  },
  {
    name: '|int',
    family: 'filter',
    template: '{% for item in items %}{{ item.rating|int }}/5\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${Math.trunc(item.rating)}/5\n`;
      return out;
    },
  },
  {
    name: '|float',
    family: 'filter',
    template: '{% for item in items %}{{ item.quantity|float }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyFloatRepr(item.quantity)}\n`;
      return out;
    },
  },
  {
    name: '|abs',
    family: 'filter',
    template: '{% for item in items %}{{ (item.reviews - 200)|abs }} reviews from 200\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${Math.abs(item.reviews - 200)} reviews from 200\n`;
      return out;
    },
  },
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
  {
    name: '|float on text',
    family: 'filter',
    template: "{% for item in items %}{{ (item.sku.split('-')[1]|float) / 100 }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyFloatRepr(Number.parseFloat(item.sku.split('-')[1]) / 100)}\n`;
      return out;
    },
  },
  {
    name: '|int on text',
    family: 'filter',
    template: '{% for item in items %}#{{ item.sku[4:]|int + 1 }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `#${Number.parseInt(item.sku.slice(4), 10) + 1}\n`;
      return out;
    },
  },
  {
    name: '|filesizeformat',
    family: 'filter',
    template: '{% for item in items %}{{ (item.weight_grams * 1024)|filesizeformat }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${filesizeformat(item.weight_grams * 1024)}\n`;
      return out;
    },
  },
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
  {
    name: '|attr',
    family: 'filter',
    template: "{% for item in items %}{{ item.reviews|attr('real') }} reviews\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.reviews} reviews\n`;
      return out;
    },
  },
];
