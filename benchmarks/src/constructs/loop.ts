/** The `loop` variable of `for`, and `namespace()` objects that carry values out of a loop. */
import { pyRoundText } from '../python-text';
import type { Construct } from './construct';

export const loopConstructs: Construct[] = [
  {
    name: 'loop.index',
    family: 'loop',
    template: '{% for item in items %}{{ loop.index }}. {{ item.name }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++) out += `${i + 1}. ${items[i].name}\n`;
      return out;
    },
  },
  {
    name: 'loop.first/last',
    family: 'loop',
    template:
      '{% for item in items %}{% if loop.first %}<tr class="first">{% elif loop.last %}<tr class="last">{% else %}<tr>{% endif %}{{ item.sku }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      const last = items.length - 1;
      for (let i = 0; i <= last; i++) {
        const row = i === 0 ? '<tr class="first">' : i === last ? '<tr class="last">' : '<tr>';
        out += `${row}${items[i].sku}\n`;
      }
      return out;
    },
  },
  {
    name: 'loop.cycle',
    family: 'loop',
    template:
      "{% for item in items %}<tr class=\"{{ loop.cycle('odd', 'even') }}\">{{ item.sku }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++)
        out += `<tr class="${i % 2 === 0 ? 'odd' : 'even'}">${items[i].sku}\n`;
      return out;
    },
  },
  {
    name: 'loop.changed',
    family: 'loop',
    template:
      '{% for item in items %}{% if loop.changed(item.category) %}== {{ item.category }} ==\n{% endif %}{{ item.name }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      let previous: string | undefined;
      for (const item of items) {
        if (item.category !== previous) out += `== ${item.category} ==\n`;
        previous = item.category;
        out += `${item.name}\n`;
      }
      return out;
    },
  },
  {
    name: 'namespace() counter',
    family: 'loop',
    template:
      '{% set ns = namespace(total=0, count=0) %}{% for item in items %}{% set ns.total = ns.total + item.price * item.quantity %}{% set ns.count = ns.count + item.quantity %}{{ ns.count }} items, {{ ns.total|round(2) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      let total = 0;
      let count = 0;
      let totalIsFloat = false;
      for (const item of items) {
        total += item.price * item.quantity;
        totalIsFloat ||= !Number.isInteger(item.price);
        count += item.quantity;
        out += `${count} items, ${pyRoundText(total, 2, totalIsFloat)}\n`;
      }
      return out;
    },
  },
  {
    name: 'loop.index0/revindex',
    family: 'loop',
    template:
      '{% for item in items %}{{ loop.index0 }}/{{ loop.revindex }}/{{ loop.revindex0 }} {{ item.sku }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      const n = items.length;
      for (let i = 0; i < n; i++) out += `${i}/${n - i}/${n - i - 1} ${items[i].sku}\n`;
      return out;
    },
  },
  {
    name: 'loop.length',
    family: 'loop',
    template: '{% for item in items %}{{ item.name }} ({{ loop.index }} of {{ loop.length }})\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++) out += `${items[i].name} (${i + 1} of ${items.length})\n`;
      return out;
    },
  },
  {
    name: 'loop.previtem/nextitem',
    family: 'loop',
    template:
      '{% for item in items %}{{ item.sku }}{% if loop.previtem %} after {{ loop.previtem.sku }}{% endif %}{% if loop.nextitem is defined %} before {{ loop.nextitem.sku }}{% endif %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++) {
        out += items[i].sku;
        if (i > 0) out += ` after ${items[i - 1].sku}`;
        if (i < items.length - 1) out += ` before ${items[i + 1].sku}`;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: 'cycler()',
    family: 'loop',
    template:
      "{% set row = cycler('#ffffff', '#f6f6f6', '#eeeeee') %}{% for item in items %}<tr style=\"background: {{ row.next() }}\">{{ item.sku }}</tr>\n{% endfor %}",
    byHand: ({ items }) => {
      const colours = ['#ffffff', '#f6f6f6', '#eeeeee'];
      let out = '';
      for (let i = 0; i < items.length; i++)
        out += `<tr style="background: ${colours[i % 3]}">${items[i].sku}</tr>\n`;
      return out;
    },
  },
  {
    name: 'joiner()',
    family: 'loop',
    template:
      "{% for item in items %}{% set comma = joiner(', ') %}{% for v in item.variants %}{{ comma() }}{{ v.size }}{% endfor %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let first = true;
        for (const v of item.variants) {
          out += first ? v.size : `, ${v.size}`;
          first = false;
        }
        out += '\n';
      }
      return out;
    },
  },
  {
    name: 'namespace() flag',
    family: 'loop',
    template:
      '{% for item in items %}{% set ns = namespace(low=false) %}{% for v in item.variants %}{% if v.stock < 3 %}{% set ns.low = true %}{% endif %}{% endfor %}{{ item.sku }}{% if ns.low %} (low stock){% endif %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let low = false;
        for (const v of item.variants) if (v.stock < 3) low = true;
        out += `${item.sku}${low ? ' (low stock)' : ''}\n`;
      }
      return out;
    },
  },
];
