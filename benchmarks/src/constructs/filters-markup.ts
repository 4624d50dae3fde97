/** Filters that write markup, JSON and URLs: `tojson`, `pprint`, `urlencode`, `xmlattr`. */
import { escapeHtml, pyRepr } from '../python-text';
import type { Construct } from './construct';

const JSON_UNSAFE = /[<>&'\u0080-\uffff]/g;

/**
 * Jinja2's `tojson`: Python's `json.dumps(value, sort_keys=True)` (`, ` and `: ` separators, non-ASCII as
 * `\uXXXX`), with `<`, `>`, `&` and `'` escaped for HTML. Numbers print as JavaScript prints them, which is
 * Python's repr for the data's ints and non-integral floats.
 */
function tojson(value: unknown): string {
  return pyJson(value).replace(JSON_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function pyJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${pyJson(record[key])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

const NOT_URL_SAFE = /[!'()*]/g;

/** Python's `urllib.parse.quote(text, safe='/')`, which Jinja2's `urlencode` uses for text. */
function urlQuote(text: string): string {
  return encodeURIComponent(text)
    .replace(NOT_URL_SAFE, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '/');
}

export const markupFilterConstructs: Construct[] = [
  {
    name: '|tojson',
    family: 'filter',
    template:
      '{% for item in items %}<script type="application/json">{{ item.variants|tojson }}</script>\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `<script type="application/json">${tojson(item.variants)}</script>\n`;
      return out;
    },
  },
  {
    name: '|pprint',
    family: 'filter',
    template: '{% for item in items %}{{ item.specs|pprint }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      // pprint sorts a dict's keys; the specs are written in key order, and short enough for one line.
      for (const item of items) out += `${pyRepr(item.specs)}\n`;
      return out;
    },
  },
  {
    name: '|urlencode',
    family: 'filter',
    template:
      '{% for item in items %}https://shop.example.com/search?q={{ item.name|urlencode }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) out += `https://shop.example.com/search?q=${urlQuote(item.name)}\n`;
      return out;
    },
  },
  {
    name: '|urlencode (dict)',
    family: 'filter',
    template:
      "{% for item in items %}?{{ {'utm_source': 'newsletter', 'sku': item.sku, 'q': item.brand}|urlencode }}\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const query = new URLSearchParams({ utm_source: 'newsletter', sku: item.sku, q: item.brand });
        out += `?${query}\n`;
      }
      return out;
    },
  },
  {
    name: '|xmlattr',
    family: 'filter',
    template:
      "{% for item in items %}<a{{ {'href': item.url, 'class': 'product', 'data-sku': item.sku}|xmlattr }}>{{ item.name }}</a>\n{% endfor %}",
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        out += `<a href="${escapeHtml(item.url)}" class="product" data-sku="${escapeHtml(item.sku)}">${item.name}</a>\n`;
      }
      return out;
    },
  },
];
