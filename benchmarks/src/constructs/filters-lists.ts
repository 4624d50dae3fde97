/**
 * Jinja2's list filters. Each order line has two to four variants (sizes) and a few tags, so these run over a
 * short list per line, 20 times, as they do in a cart or a product grid; `groupby` and `sort` run over the lines.
 */
import { pyNumber, pyRepr } from '../python-text';
import { type Construct, perLine } from './construct';

export const listFilterConstructs: Construct[] = [
  perLine('filter', '|join', "{{ item.tags|join(', ') }}", (item) => `${item.tags.join(', ')}`),
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
  perLine(
    'filter',
    '|first',
    'from {{ (item.variants|first).price }}',
    (item) => `from ${pyNumber(item.variants[0].price)}`,
  ),
  perLine(
    'filter',
    '|last',
    'up to size {{ (item.variants|last).size }}',
    (item) => `up to size ${item.variants[item.variants.length - 1].size}`,
  ),
  perLine(
    'filter',
    '|map(attribute=)',
    "{{ item.variants|map(attribute='size')|join('/') }}",
    (item) => `${item.variants.map((v) => v.size).join('/')}`,
  ),
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
  perLine(
    'filter',
    '|join(attribute=)',
    "{{ item.variants|join(', ', attribute='size') }}",
    (item) => `${item.variants.map((v) => v.size).join(', ')}`,
  ),
  perLine(
    'filter',
    "|map('upper')",
    "{{ item.tags|map('upper')|join(' · ') }}",
    (item) => `${item.tags.map((t) => t.toUpperCase()).join(' · ')}`,
  ),
  perLine(
    'filter',
    '|list',
    "{{ item.variants|map(attribute='size')|list }}",
    (item) => `${pyRepr(item.variants.map((v) => v.size))}`,
  ),
  perLine('filter', '|count', '{{ item.tags|count }} tags', (item) => `${item.tags.length} tags`),
  {
    name: '|reverse',
    family: 'filter',
    template:
      "{% for item in items %}{{ item.variants|reverse|map(attribute='size')|join(' ') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.variants
          .map((v) => v.size)
          .reverse()
          .join(' ')}\n`;
      }
      return out;
    },
  },
  {
    name: '|sort',
    family: 'filter',
    template: "{% for item in items %}{{ item.tags|sort|join(', ') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      // Jinja2 sorts text case-insensitively; the tags are lower case, so the default order agrees.
      for (const item of items) out += `${[...item.tags].sort().join(', ')}\n`;
      return out;
    },
  },
  {
    name: '|sort(attribute=)',
    family: 'filter',
    template:
      "{% for item in items %}{% for v in item.variants|sort(attribute='price', reverse=true) %}{{ v.size }} {{ v.price }}; {% endfor %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        // Stable, as Python's sort is: equal prices keep their order.
        const sorted = [...item.variants].sort((a, b) => b.price - a.price);
        for (const v of sorted) out += `${v.size} ${pyNumber(v.price)}; `;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '|unique',
    family: 'filter',
    template:
      "Brands: {{ items|map(attribute='brand')|unique|join(', ') }}\nCategories: {{ items|map(attribute='category')|unique|join(', ') }}\nSizes: {{ items|map(attribute='size')|unique|join(', ') }}",
    byHand: ({ items }) => {
      const distinct = (values: string[]) => [...new Set(values)].join(', ');
      return `Brands: ${distinct(items.map((i) => i.brand))}\nCategories: ${distinct(items.map((i) => i.category))}\nSizes: ${distinct(items.map((i) => i.size))}`;
    },
  },
  {
    name: '|batch',
    family: 'filter',
    template:
      '{% for row in items|batch(3) %}<tr>{% for item in row %}<td>{{ item.sku }}</td>{% endfor %}</tr>\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i += 3) {
        out += '<tr>';
        for (const item of items.slice(i, i + 3)) out += `<td>${item.sku}</td>`;
        out += '</tr>\n';
      }
      return out;
    },
  },
  {
    name: '|slice',
    family: 'filter',
    template:
      '{% for column in items|slice(3) %}<ul>{% for item in column %}<li>{{ item.name }}</li>{% endfor %}</ul>\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      const perColumn = Math.floor(items.length / 3);
      const longer = items.length % 3;
      let start = 0;
      for (let column = 0; column < 3; column++) {
        const end = start + perColumn + (column < longer ? 1 : 0);
        out += '<ul>';
        for (const item of items.slice(start, end)) out += `<li>${item.name}</li>`;
        out += '</ul>\n';
        start = end;
      }
      return out;
    },
  },
  {
    name: '|select',
    family: 'filter',
    template:
      "{% for item in items %}{{ item.variants|map(attribute='stock')|select('odd')|list|length }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.variants.filter((v) => v.stock % 2 === 1).length}\n`;
      return out;
    },
  },
  perLine(
    'filter',
    '|reject',
    "{{ item.tags|reject('equalto', 'new')|join(', ') }}",
    (item) => `${item.tags.filter((t) => t !== 'new').join(', ')}`,
  ),
  {
    name: '|rejectattr',
    family: 'filter',
    template:
      "{% for item in items %}sold out: {{ item.variants|rejectattr('stock')|map(attribute='size')|join(' ') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `sold out: ${item.variants
          .filter((v) => !v.stock)
          .map((v) => v.size)
          .join(' ')}\n`;
      }
      return out;
    },
  },
  {
    name: '|dictsort',
    family: 'filter',
    template:
      '{% for item in items %}{% for key, value in item.specs|dictsort %}{{ key }}: {{ value }}; {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const keys = Object.keys(item.specs).sort();
        for (const key of keys) out += `${key}: ${item.specs[key]}; `;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '|items',
    family: 'filter',
    template:
      '{% for item in items %}{% for key, value in item.specs|items %}{{ key }}={{ value }} {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const [key, value] of Object.entries(item.specs)) out += `${key}=${value} `;
        out += '\n';
      }
      return out;
    },
  },
];
