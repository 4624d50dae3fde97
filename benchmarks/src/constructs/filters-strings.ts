/** Jinja2's string filters, each applied to one field of the 20 order lines. */
import { escapeHtml, jinjaTitle, jinjaTruncate, pyCapitalize, pyNumber } from '../python-text';
import type { Construct } from './construct';

/** Python's `str.center(width)`: CPython puts the odd space on the left when both lengths are odd. */
function center(s: string, width: number): string {
  const margin = width - s.length;
  if (margin <= 0) return s;
  const left = (margin >> 1) + (margin & width & 1);
  return ' '.repeat(left) + s + ' '.repeat(margin - left);
}

/** Jinja2's `indent(width)`: every line but the first gets the indent, blank lines stay blank. */
function indent(s: string, width: number): string {
  const pad = ' '.repeat(width);
  return s
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

const TAG_OR_COMMENT = /<!--.*?-->|<[^>]*>/gs;
const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** MarkupSafe's `striptags`: tags and comments out, the entities the data uses back, whitespace collapsed. */
function striptags(html: string): string {
  const text = html.replace(TAG_OR_COMMENT, '').replace(ENTITY, (_, name: string) => ENTITIES[name]);
  return text.split(/\s+/).filter(Boolean).join(' ');
}

/** Greedy wrapping at spaces, as `textwrap` wraps text with single spaces and no long words. */
function wordwrap(s: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Jinja2's `urlize` for text with plain links: each becomes a link with `rel="noopener"`. */
function urlize(text: string): string {
  return escapeHtml(text).replace(URL_IN_TEXT, (url) => `<a href="${url}" rel="noopener">${url}</a>`);
}

const WORD = /[\p{L}\p{N}_]+/gu;

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
  {
    name: '|escape',
    family: 'filter',
    template: '{% for item in items %}<img alt="{{ item.summary_html|escape }}">\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `<img alt="${escapeHtml(item.summary_html)}">\n`;
      return out;
    },
  },
  {
    name: '|forceescape',
    family: 'filter',
    template:
      '{% for item in items %}{{ item.name|forceescape }} &amp; {{ item.brand|forceescape }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${escapeHtml(item.name)} &amp; ${escapeHtml(item.brand)}\n`;
      return out;
    },
  },
  {
    name: '|safe',
    family: 'filter',
    template: '{% for item in items %}{{ item.summary_html|safe }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.summary_html}\n`;
      return out;
    },
  },
  {
    name: '|string',
    family: 'filter',
    template: "{% for item in items %}{{ item.quantity|string ~ ' x ' ~ item.price|string }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.quantity} x ${pyNumber(item.price)}\n`;
      return out;
    },
  },
  {
    name: '|center',
    family: 'filter',
    template: '{% for item in items %}|{{ item.sku|center(20) }}|\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `|${center(item.sku, 20)}|\n`;
      return out;
    },
  },
  {
    name: '|indent',
    family: 'filter',
    template: '{% for item in items %}- {{ item.name }}\n  {{ item.care|indent(2) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `- ${item.name}\n  ${indent(item.care, 2)}\n`;
      return out;
    },
  },
  {
    name: '|striptags',
    family: 'filter',
    template: '{% for item in items %}{{ item.summary_html|striptags }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${striptags(item.summary_html)}\n`;
      return out;
    },
  },
  {
    name: '|wordcount',
    family: 'filter',
    template: '{% for item in items %}{{ item.description|wordcount }} words\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.description.match(WORD)?.length ?? 0} words\n`;
      return out;
    },
  },
  {
    name: '|wordwrap',
    family: 'filter',
    template: '{% for item in items %}{{ item.description|wordwrap(40) }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${wordwrap(item.description, 40)}\n`;
      return out;
    },
  },
  {
    name: '|urlize',
    family: 'filter',
    template: '{% for item in items %}{{ item.tracking_note|urlize }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${urlize(item.tracking_note)}\n`;
      return out;
    },
  },
  {
    name: '|d',
    family: 'filter',
    template: '{% for item in items %}{{ (item.discount|d(0) * 100)|int }}% off\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${Math.trunc((item.discount ?? 0) * 100)}% off\n`;
      return out;
    },
  },
  {
    name: '|default(boolean=true)',
    family: 'filter',
    template: "{% for item in items %}{{ item.tags|join(', ')|default('no tags', true) }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `${item.tags.join(', ') || 'no tags'}\n`;
      return out;
    },
  },
];
