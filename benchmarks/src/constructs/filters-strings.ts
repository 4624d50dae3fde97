/** Jinja2's string filters, each applied to one field of the 20 order lines. */
import { escapeHtml, jinjaTitle, jinjaTruncate, pyCapitalize, pyNumber } from '../python-text';
import { type Construct, perLine } from './construct';

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
const WHITESPACE_RUN = /\s+/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** MarkupSafe's `striptags`: tags and comments out, the entities the data uses back, whitespace collapsed. */
function striptags(html: string): string {
  const text = html.replace(TAG_OR_COMMENT, '').replace(ENTITY, (_, name: string) => ENTITIES[name]);
  return text.replace(WHITESPACE_RUN, ' ').trim();
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
  perLine('filter', '|upper', '{{ item.name|upper }}', (item) => `${item.name.toUpperCase()}`),
  perLine('filter', '|lower', '{{ item.brand|lower }}', (item) => `${item.brand.toLowerCase()}`),
  perLine('filter', '|title', '{{ item.name|title }}', (item) => `${jinjaTitle(item.name)}`),
  perLine('filter', '|capitalize', '{{ item.name|capitalize }}', (item) => `${pyCapitalize(item.name)}`),
  perLine('filter', '|trim', '[{{ item.feed_title|trim }}]', (item) => `[${item.feed_title.trim()}]`),
  perLine(
    'filter',
    '|truncate',
    '{{ item.description|truncate(40) }}',
    (item) => `${jinjaTruncate(item.description, 40)}`,
  ),
  perLine(
    'filter',
    '|replace',
    "{{ item.sku|replace('-', ' #') }}",
    (item) => `${item.sku.replaceAll('-', ' #')}`,
  ),
  perLine(
    'filter',
    '|default',
    "{{ item.color|default('assorted') }}",
    (item) => `${item.color ?? 'assorted'}`,
  ),
  perLine(
    'filter',
    '|e',
    '<a title="{{ item.brand|e }}">{{ item.name|e }}</a>',
    (item) => `<a title="${escapeHtml(item.brand)}">${escapeHtml(item.name)}</a>`,
  ),
  perLine(
    'filter',
    '|escape',
    '<img alt="{{ item.summary_html|escape }}">',
    (item) => `<img alt="${escapeHtml(item.summary_html)}">`,
  ),
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
  perLine('filter', '|safe', '{{ item.summary_html|safe }}', (item) => `${item.summary_html}`),
  perLine(
    'filter',
    '|string',
    "{{ item.quantity|string ~ ' x ' ~ item.price|string }}",
    (item) => `${item.quantity} x ${pyNumber(item.price)}`,
  ),
  perLine('filter', '|center', '|{{ item.sku|center(20) }}|', (item) => `|${center(item.sku, 20)}|`),
  perLine(
    'filter',
    '|indent',
    '- {{ item.name }}\n  {{ item.care|indent(2) }}',
    (item) => `- ${item.name}\n  ${indent(item.care, 2)}`,
  ),
  perLine(
    'filter',
    '|striptags',
    '{{ item.summary_html|striptags }}',
    (item) => `${striptags(item.summary_html)}`,
  ),
  perLine(
    'filter',
    '|wordcount',
    '{{ item.description|wordcount }} words',
    (item) => `${item.description.match(WORD)?.length ?? 0} words`,
  ),
  perLine(
    'filter',
    '|wordwrap',
    '{{ item.description|wordwrap(40) }}',
    (item) => `${wordwrap(item.description, 40)}`,
  ),
  perLine('filter', '|urlize', '{{ item.tracking_note|urlize }}', (item) => `${urlize(item.tracking_note)}`),
  perLine(
    'filter',
    '|d',
    '{{ (item.discount|d(0) * 100)|int }}% off',
    (item) => `${Math.trunc((item.discount ?? 0) * 100)}% off`,
  ),
  perLine(
    'filter',
    '|default(boolean=true)',
    "{{ item.tags|join(', ')|default('no tags', true) }}",
    (item) => `${item.tags.join(', ') || 'no tags'}`,
  ),
];
