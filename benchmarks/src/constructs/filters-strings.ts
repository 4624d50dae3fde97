/** Jinja2's string filters, each applied to one field of the 20 order lines. */
import { escapeHtml, jinjaTitle, jinjaTruncate, pyCapitalize } from '../python-text';
import type { Construct } from './construct';

export const stringFilterConstructs: Construct[] = [
  {
    name: '|upper',
    family: 'filter',
    template: '{% for item in items %}{{ item.name|upper }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.name.toUpperCase()}\n`;
      return out;
    },
  },
  {
    name: '|lower',
    family: 'filter',
    template: '{% for item in items %}{{ item.brand|lower }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.brand.toLowerCase()}\n`;
      return out;
    },
  },
  {
    name: '|title',
    family: 'filter',
    template: '{% for item in items %}{{ item.name|title }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${jinjaTitle(item.name)}\n`;
      return out;
    },
  },
  {
    name: '|capitalize',
    family: 'filter',
    template: '{% for item in items %}{{ item.name|capitalize }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${pyCapitalize(item.name)}\n`;
      return out;
    },
  },
  {
    name: '|trim',
    family: 'filter',
    template: '{% for item in items %}[{{ item.feed_title|trim }}]\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `[${item.feed_title.trim()}]\n`;
      return out;
    },
  },
  {
    name: '|truncate',
    family: 'filter',
    template: '{% for item in items %}{{ item.description|truncate(40) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${jinjaTruncate(item.description, 40)}\n`;
      return out;
    },
  },
  {
    name: '|replace',
    family: 'filter',
    template: "{% for item in items %}{{ item.sku|replace('-', ' #') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.sku.replaceAll('-', ' #')}\n`;
      return out;
    },
  },
  {
    name: '|default',
    family: 'filter',
    template: "{% for item in items %}{{ item.color|default('assorted') }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.color ?? 'assorted'}\n`;
      return out;
    },
  },
  {
    name: '|e',
    family: 'filter',
    template: '{% for item in items %}<a title="{{ item.brand|e }}">{{ item.name|e }}</a>\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `<a title="${escapeHtml(item.brand)}">${escapeHtml(item.name)}</a>\n`;
      return out;
    },
  },
];
