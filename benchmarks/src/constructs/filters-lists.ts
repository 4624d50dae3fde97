/**
 * Jinja2's list filters. Each order line has two to four variants (sizes) and a few tags, so these run over a
 * short list per line, 20 times, as they do in a cart or a product grid; `groupby` and `sort` run over the lines.
 */
import { pyNumber } from '../python-text';
import type { Construct } from './construct';

export const listFilterConstructs: Construct[] = [
  {
    name: '|join',
    family: 'filter',
    template: "{% for item in items %}{{ item.tags|join(', ') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.tags.join(', ')}\n`;
      return out;
    },
  },
  {
    name: '|length',
    family: 'filter',
    template:
      '{% for item in items %}{{ item.variants|length }} sizes, {{ item.name|length }} letters\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.variants.length} sizes, ${item.name.length} letters\n`;
      return out;
    },
  },
  {
    name: '|first',
    family: 'filter',
    template: '{% for item in items %}from {{ (item.variants|first).price }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `from ${pyNumber(item.variants[0].price)}\n`;
      return out;
    },
  },
  {
    name: '|last',
    family: 'filter',
    template: '{% for item in items %}up to size {{ (item.variants|last).size }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `up to size ${item.variants[item.variants.length - 1].size}\n`;
      return out;
    },
  },
  {
    name: '|map(attribute=)',
    family: 'filter',
    template: "{% for item in items %}{{ item.variants|map(attribute='size')|join('/') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.variants.map((v) => v.size).join('/')}\n`;
      return out;
    },
  },
  {
    name: '|selectattr',
    family: 'filter',
    template:
      "{% for item in items %}{{ item.variants|selectattr('stock')|map(attribute='size')|join(' ') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.variants
          .filter((v) => v.stock)
          .map((v) => v.size)
          .join(' ')}\n`;
      }
      return out;
    },
  },
  {
    name: '|groupby',
    family: 'filter',
    template:
      "{% for group in items|groupby('category') %}{{ group.grouper }}: {% for item in group.list %}{{ item.name }}; {% endfor %}\n{% endfor %}",
    byHand: ({ items }) => {
      const groups = new Map<string, string[]>();
      for (const item of items) {
        const names = groups.get(item.category);
        if (names) names.push(item.name);
        else groups.set(item.category, [item.name]);
      }
      let out = '';
      for (const category of [...groups.keys()].sort()) {
        out += `${category}: `;
        for (const name of groups.get(category) as string[]) out += `${name}; `;
        out += '\n';
      }
      return out;
    },
  },
];
