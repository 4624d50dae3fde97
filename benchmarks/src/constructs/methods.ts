/**
 * Python's methods called in templates: every one the spec lists (section 3) on `str`, `list`, `dict`, `int`
 * and `float`, plus the few more that real templates reach for (`ljust`, `partition`, `list.append`...).
 */
import { pyCapitalize, pyFloatRepr, pyRepr } from '../python-text';
import { type Construct, perLine } from './construct';
import type { OrderLine } from './shop-data';

/** Python's `str.title()`: a cased letter after an uncased character is upper-cased, the others lower-cased. */
function pyTitleMethod(s: string): string {
  let out = '';
  let previousCased = false;
  for (const ch of s) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    out += previousCased ? lower : upper;
    previousCased = lower !== upper;
  }
  return out;
}

/** A construct printing `{{ <expression> }}` for each line, beside `byHand` for the line. */
const method = (name: string, expression: string, byHand: (item: OrderLine) => string): Construct =>
  perLine('method', name, `{{ ${expression} }}`, byHand);

const yesNo = (b: boolean) => (b ? 'True' : 'False');

/** Python's `str.count(sub)`: non-overlapping occurrences. */
function occurrences(s: string, sub: string): number {
  let n = 0;
  for (let at = s.indexOf(sub); at !== -1; at = s.indexOf(sub, at + sub.length)) n++;
  return n;
}

export const methodConstructs: Construct[] = [
  method('.upper()', 'item.brand.upper()', (item) => item.brand.toUpperCase()),
  method('.lower()', 'item.feed_title.lower()', (item) => item.feed_title.toLowerCase()),
  method('.title()', 'item.name.title()', (item) => pyTitleMethod(item.name)),
  method('.capitalize()', 'item.name.capitalize()', (item) => pyCapitalize(item.name)),
  method('.strip()', "'[' ~ item.feed_title.strip() ~ ']'", (item) => `[${item.feed_title.trim()}]`),
  method('.lstrip()', "'[' ~ item.feed_title.lstrip() ~ ']'", (item) => `[${item.feed_title.trimStart()}]`),
  method('.rstrip()', "'[' ~ item.feed_title.rstrip() ~ ']'", (item) => `[${item.feed_title.trimEnd()}]`),
  method('.split()', "item.sku.split('-')[1]", (item) => item.sku.split('-')[1]),
  method('.split() no argument', 'item.name.split()|length', (item) => String(item.name.split(' ').length)),
  method('.rsplit()', "item.url.rsplit('/', 1)[1]", (item) => item.url.slice(item.url.lastIndexOf('/') + 1)),
  method('.replace()', "item.name.replace(' ', '-')", (item) => item.name.replaceAll(' ', '-')),
  method('.startswith()', "'secure' if item.url.startswith('https://') else 'plain'", (item) =>
    item.url.startsWith('https://') ? 'secure' : 'plain',
  ),
  method('.endswith()', "item.url.endswith('?ref=mail')", (item) => yesNo(item.url.endsWith('?ref=mail'))),
  method('.find()', "item.description.find(',')", (item) => String(item.description.indexOf(','))),
  method('.count()', "item.description.count('e')", (item) => String(occurrences(item.description, 'e'))),
  method('.join()', "' / '.join(item.tags)", (item) => item.tags.join(' / ')),
  method('.zfill()', 'item.sku[4:].zfill(8)', (item) => item.sku.slice(4).padStart(8, '0')),
  method('.isdigit()', 'item.sku[4:].isdigit()', (item) => yesNo(/^[0-9]+$/.test(item.sku.slice(4)))),
  method('.isalpha()', 'item.size.isalpha()', (item) => yesNo(/^\p{L}+$/u.test(item.size))),
  method('.ljust()', "item.name.ljust(30) ~ '|'", (item) => `${item.name.padEnd(30)}|`),
  method('.rjust()', "item.sku.rjust(12, '.')", (item) => item.sku.padStart(12, '.')),
  method('.partition()', "item.url.partition('?')[0]", (item) => item.url.split('?')[0]),
  method('.removeprefix()', "item.sku.removeprefix('SKU-')", (item) =>
    item.sku.startsWith('SKU-') ? item.sku.slice(4) : item.sku,
  ),
  method('.splitlines()', "item.care.splitlines()|join(' ')", (item) => item.care.split('\n').join(' ')),
  method('list.count()', "item.tags.count('new')", (item) =>
    String(item.tags.filter((t) => t === 'new').length),
  ),
  method('list.index()', "(item.variants|map(attribute='size')|list).index('M')", (item) =>
    String(item.variants.findIndex((v) => v.size === 'M')),
  ),
  {
    name: 'list.append()',
    family: 'method',
    template:
      '{% for item in items %}{% set sizes = [] %}{% for v in item.variants %}{% if v.stock %}{% set _ = sizes.append(v.size) %}{% endif %}{% endfor %}{{ sizes }}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        const sizes: string[] = [];
        for (const v of item.variants) if (v.stock) sizes.push(v.size);
        out += `${pyRepr(sizes)}\n`;
      }
      return out;
    },
  },
  {
    name: 'dict.items()',
    family: 'method',
    template:
      '{% for item in items %}{% for key, value in item.specs.items() %}{{ key }}: {{ value }}; {% endfor %}\n{% endfor %}',
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        for (const [key, value] of Object.entries(item.specs)) out += `${key}: ${value}; `;
        out += '\n';
      }
      return out;
    },
  },
  method('dict.keys()', "item.specs.keys()|join(', ')", (item) => Object.keys(item.specs).join(', ')),
  method('dict.values()', "item.specs.values()|join(' / ')", (item) => Object.values(item.specs).join(' / ')),
  method(
    'dict.get()',
    "item.specs.get('origin', 'unknown') ~ ', ' ~ item.specs.get('finish', 'matte')",
    (item) => `${item.specs.origin ?? 'unknown'}, ${item.specs.finish ?? 'matte'}`,
  ),
  method('int.bit_length()', 'item.reviews.bit_length()', (item) => String(item.reviews.toString(2).length)),
  method('int.conjugate()', 'item.quantity.conjugate()', (item) => String(item.quantity)),
  method('float.is_integer()', '(item.weight_grams / 10).is_integer()', (item) =>
    yesNo(item.weight_grams % 10 === 0),
  ),
  method('float.conjugate()', '(item.weight_grams / 1000).conjugate()', (item) =>
    pyFloatRepr(item.weight_grams / 1000),
  ),
  method('float.fromhex()', "(item.weight_grams / 1000).fromhex('0x1.8p' ~ item.quantity)", (item) =>
    pyFloatRepr(1.5 * 2 ** item.quantity),
  ),
];
