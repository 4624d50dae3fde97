/** Python's `str`, `list`, `dict`, `int` and `float` methods called in templates (spec section 3). */
import type { Construct } from './construct';

export const methodConstructs: Construct[] = [
  {
    name: '.strip()',
    family: 'method',
    template: '{% for item in items %}[{{ item.feed_title.strip() }}]\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `[${item.feed_title.trim()}]\n`;
      return out;
    },
  },
  {
    name: '.startswith()',
    family: 'method',
    template:
      "{% for item in items %}{% if item.url.startswith('https://') %}secure{% else %}plain{% endif %}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.url.startsWith('https://') ? 'secure' : 'plain'}\n`;
      return out;
    },
  },
  {
    name: '.replace()',
    family: 'method',
    template: "{% for item in items %}{{ item.name.replace(' ', '-') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name.replaceAll(' ', '-')}\n`;
      return out;
    },
  },
  {
    name: '.split()',
    family: 'method',
    template: "{% for item in items %}{{ item.sku.split('-')[1] }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.sku.split('-')[1]}\n`;
      return out;
    },
  },
  {
    name: '.upper()',
    family: 'method',
    template: '{% for item in items %}{{ item.brand.upper() }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.brand.toUpperCase()}\n`;
      return out;
    },
  },
];
