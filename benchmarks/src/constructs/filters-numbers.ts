/** Jinja2's number filters over the order lines' prices, ratings and counts. */
import { pyFloatRepr, pyNumber, pyRoundText } from '../python-text';
import type { Construct } from './construct';

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
];
