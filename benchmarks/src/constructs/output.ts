/** Printing values: the loop that prints one attribute per item, and Python's `str()` of numbers and lists. */
import { pyFloatRepr, pyNumber, pyRepr } from '../python-text';
import type { Construct } from './construct';

export const outputConstructs: Construct[] = [
  {
    name: '{{ item.attr }}',
    family: 'output',
    template: '{% for item in items %}{{ item.name }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name}\n`;
      return out;
    },
  },
  {
    name: '{{ a.b }} several per item',
    family: 'output',
    template:
      '{% for item in items %}<td>{{ item.sku }}</td><td>{{ item.name }}</td><td>{{ item.brand }}</td><td>{{ item.size }}</td><td>{{ item.quantity }}</td>\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `<td>${item.sku}</td><td>${item.name}</td><td>${item.brand}</td><td>${item.size}</td><td>${item.quantity}</td>\n`;
      }
      return out;
    },
  },
  {
    name: "{{ a['key'] }}",
    family: 'output',
    template:
      "{% for item in items %}{{ item['specs']['material'] }} from {{ item['specs']['origin'] }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.specs.material} from ${item.specs.origin}\n`;
      return out;
    },
  },
  {
    name: '{{ float }}',
    family: 'output',
    template: '{% for item in items %}{{ item.rating }} stars, {{ item.price }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyNumber(item.rating)} stars, ${pyNumber(item.price)}\n`;
      return out;
    },
  },
  {
    name: '{{ list }}',
    family: 'output',
    template: '{% for item in items %}{{ item.tags }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyRepr(item.tags)}\n`;
      return out;
    },
  },
  {
    name: '{{ a / b }} float result',
    family: 'output',
    template: '{% for item in items %}{{ item.weight_grams / 1000 }} kg\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyFloatRepr(item.weight_grams / 1000)} kg\n`;
      return out;
    },
  },
];
