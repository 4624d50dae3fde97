/** Printing values: the loop that prints one attribute per item, and Python's `str()` of numbers and lists. */
import { pyFloatRepr, pyNumber, pyRepr } from '../python-text';
import { type Construct, perLine } from './construct';

export const outputConstructs: Construct[] = [
  perLine('output', '{{ item.attr }}', '{{ item.name }}', (item) => `${item.name}`),
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
  perLine(
    'output',
    '{{ float }}',
    '{{ item.rating }} stars, {{ item.price }}',
    (item) => `${pyNumber(item.rating)} stars, ${pyNumber(item.price)}`,
  ),
  perLine('output', '{{ list }}', '{{ item.tags }}', (item) => `${pyRepr(item.tags)}`),
  perLine(
    'output',
    '{{ a / b }} float result',
    '{{ item.weight_grams / 1000 }} kg',
    (item) => `${pyFloatRepr(item.weight_grams / 1000)} kg`,
  ),
];
