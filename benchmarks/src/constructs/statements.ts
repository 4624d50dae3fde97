/** Statements: `if`/`elif`, loops, `set`, macros, `call` and `filter` blocks, `with`, `break`/`continue`. */
import { jinjaTitle, pyNumber, pyRoundText } from '../python-text';
import { type Construct, perLine } from './construct';
import type { MenuNode } from './shop-data';

export const statementConstructs: Construct[] = [
  {
    name: '{% if/elif %} chain',
    family: 'statement',
    template:
      "{% for item in items %}{% if item.status == 'shipped' %}On its way{% elif item.status == 'processing' %}Being packed{% elif item.status == 'delivered' %}Delivered{% else %}Back-ordered{% endif %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        if (item.status === 'shipped') out += 'On its way\n';
        else if (item.status === 'processing') out += 'Being packed\n';
        else if (item.status === 'delivered') out += 'Delivered\n';
        else out += 'Back-ordered\n';
      }
      return out;
    },
  },
  {
    name: '{% for %} nested',
    family: 'statement',
    template:
      '{% for item in items %}{{ item.sku }}:{% for variant in item.variants %} {{ variant.size }}={{ variant.stock }}{% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.sku}:`;
        for (const variant of item.variants) out += ` ${variant.size}=${variant.stock}`;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% set %} in a loop',
    family: 'statement',
    template:
      '{% for item in items %}{% set total = item.price * item.quantity %}{% set label = item.name|title %}{{ label }}: {{ total|round(2) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const total = item.price * item.quantity;
        out += `${jinjaTitle(item.name)}: ${pyRoundText(total, 2, !Number.isInteger(item.price))}\n`;
      }
      return out;
    },
  },
  {
    name: '{% macro %} with arguments',
    family: 'statement',
    template:
      "{% macro price_tag(amount, currency='R$', note='') %}{{ currency }} {{ '%.2f'|format(amount) }}{% if note %} ({{ note }}){% endif %}{% endmacro %}{% for item in items %}{{ price_tag(item.price, note=item.size) }}\n{% endfor %}",
    byHand: ({ items }) => {
      const priceTag = (amount: number, currency = 'R$', note = '') =>
        `${currency} ${amount.toFixed(2)}${note ? ` (${note})` : ''}`;
      let out = '';
      for (const item of items) out += `${priceTag(item.price, undefined, item.size)}\n`;
      return out;
    },
  },
  perLine(
    'statement',
    '{% if %}',
    '{{ item.sku }}{% if item.discount %} on sale{% endif %}',
    (item) => `${item.sku}${item.discount ? ' on sale' : ''}`,
  ),
  {
    name: '{% for %} else',
    family: 'statement',
    template:
      '{% for item in items %}{% for tag in item.tags %}#{{ tag }} {% else %}(no tags){% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        if (item.tags.length === 0) out += '(no tags)';
        for (const tag of item.tags) out += `#${tag} `;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% for %} if filter',
    family: 'statement',
    template:
      '{% for item in items %}{% for v in item.variants if v.stock %}{{ v.size }} {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const v of item.variants) if (v.stock) out += `${v.size} `;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% for a, b %} unpacking',
    family: 'statement',
    template:
      "{% for item in items %}{% for label, value in [('Size', item.size), ('Qty', item.quantity), ('SKU', item.sku)] %}{{ label }}: {{ value }}; {% endfor %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const rows: Array<[string, string | number]> = [
          ['Size', item.size],
          ['Qty', item.quantity],
          ['SKU', item.sku],
        ];
        for (const [label, value] of rows) out += `${label}: ${value}; `;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% break %}',
    family: 'statement',
    template:
      '{% for item in items %}{% for v in item.variants %}{% if not v.stock %}{% break %}{% endif %}{{ v.size }} {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const v of item.variants) {
          if (!v.stock) break;
          out += `${v.size} `;
        }
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% continue %}',
    family: 'statement',
    template:
      '{% for item in items %}{% for v in item.variants %}{% if not v.stock %}{% continue %}{% endif %}{{ v.size }}:{{ v.stock }} {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const v of item.variants) {
          if (!v.stock) continue;
          out += `${v.size}:${v.stock} `;
        }
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% set %}',
    family: 'statement',
    template:
      "{% set currency = 'R$' %}{% set free_from = 100 %}{% for item in items %}{{ currency }} {{ item.price }}{% if item.price >= free_from %} (free shipping){% endif %}\n{% endfor %}",
    byHand: ({ items }) => {
      const currency = 'R$';
      const freeFrom = 100;
      let out = '';
      for (const item of items)
        out += `${currency} ${pyNumber(item.price)}${item.price >= freeFrom ? ' (free shipping)' : ''}\n`;
      return out;
    },
  },
  {
    name: '{% set a, b = %}',
    family: 'statement',
    template:
      "{% for item in items %}{% set first, rest = item.name.split(' ', 1) %}{{ first|upper }} {{ rest }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const space = item.name.indexOf(' ');
        out += `${item.name.slice(0, space).toUpperCase()} ${item.name.slice(space + 1)}\n`;
      }
      return out;
    },
  },
  {
    name: '{% set %} block',
    family: 'statement',
    template:
      '{% for item in items %}{% set line %}{{ item.quantity }} x {{ item.name }} ({{ item.size }}){% endset %}{{ line|length }} {{ line }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const line = `${item.quantity} x ${item.name} (${item.size})`;
        out += `${line.length} ${line}\n`;
      }
      return out;
    },
  },
  {
    name: '{% with %}',
    family: 'statement',
    template:
      '{% for item in items %}{% with total = item.price * item.quantity, label = item.brand %}{{ label }}: {{ total|round(2) }}{% endwith %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `${item.brand}: ${pyRoundText(item.price * item.quantity, 2, !Number.isInteger(item.price))}\n`;
      }
      return out;
    },
  },
  {
    name: '{% filter %} block',
    family: 'statement',
    template:
      '{% for item in items %}{% filter upper %}{{ item.brand }} - {{ item.name }}{% endfilter %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${`${item.brand} - ${item.name}`.toUpperCase()}\n`;
      return out;
    },
  },
  {
    name: '{% call %} block',
    family: 'statement',
    template:
      '{% macro card(title) %}<div class="card"><h3>{{ title }}</h3>{{ caller() }}</div>{% endmacro %}{% for item in items %}{% call card(item.name) %}{{ item.brand }}, size {{ item.size }}{% endcall %}\n{% endfor %}',
    byHand: ({ items }) => {
      const card = (title: string, body: () => string) =>
        `<div class="card"><h3>${title}</h3>${body()}</div>`;
      let out = '';
      for (const item of items) out += `${card(item.name, () => `${item.brand}, size ${item.size}`)}\n`;
      return out;
    },
  },
  {
    name: '{% call(x) %} with arguments',
    family: 'statement',
    template:
      '{% macro each_size(variants) %}{% for v in variants %}{{ caller(v) }}{% endfor %}{% endmacro %}{% for item in items %}{% call(v) each_size(item.variants) %}[{{ v.size }} {{ v.stock }}]{% endcall %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const v of item.variants) out += `[${v.size} ${v.stock}]`;
        out += '\n';
      }
      return out;
    },
  },
  {
    name: '{% cycle %}',
    family: 'statement',
    template:
      "{% for item in items %}<tr class=\"{% cycle('odd', 'even') %}\">{{ item.sku }}</tr>\n{% endfor %}",
    // The service's form; Jinja2 has its equivalent (spec section 1).
    jinjaTemplate:
      "{% for item in items %}<tr class=\"{{ loop.cycle('odd', 'even') }}\">{{ item.sku }}</tr>\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (let i = 0; i < items.length; i++)
        out += `<tr class="${i % 2 === 0 ? 'odd' : 'even'}">${items[i].sku}</tr>\n`;
      return out;
    },
  },
  {
    name: 'whitespace control',
    family: 'statement',
    template: `<ul>
{%- for item in items %}
  <li>
    {{- item.name -}}
    {%- if item.discount %} <em>sale</em>{% endif -%}
  </li>
{%- endfor %}
</ul>`,
    byHand: ({ items }) => {
      let out = '<ul>';
      for (const item of items) out += `\n  <li>${item.name}${item.discount ? ' <em>sale</em>' : ''}</li>`;
      return `${out}\n</ul>`;
    },
  },
  {
    name: '{% for %} recursive',
    family: 'statement',
    template:
      '{% for node in menu recursive %}{{ "  " * (loop.depth - 1) }}- {{ node.title }}\n{% if node.children %}{{ loop(node.children) }}{% endif %}{% endfor %}',
    byHand: ({ menu }) => {
      const walk = (nodes: MenuNode[], depth: number): string => {
        let out = '';
        for (const node of nodes) {
          out += `${'  '.repeat(depth)}- ${node.title}\n`;
          if (node.children.length > 0) out += walk(node.children, depth + 1);
        }
        return out;
      };
      return walk(menu, 0);
    },
  },
];
