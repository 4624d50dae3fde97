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
];
