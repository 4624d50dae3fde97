/**
 * Jinja2's tests, each in the form templates use it: `{% if x is name %}` over the 20 order lines, and the
 * comparison tests (`==`, `gt`, `equalto`...) as `select`/`selectattr` arguments, which is where they appear.
 */
import { type Construct, perLine } from './construct';
import type { OrderLine } from './shop-data';

/** A construct for `{% if <subject> is <test> %}yes{% else %}no{% endif %}` over the lines. */
function ifTest(
  test: string,
  subject: string,
  holds: (item: OrderLine, index: number) => boolean,
): Construct {
  return perLine(
    'test',
    `is ${test}`,
    `{{ item.sku }}: {% if ${subject} is ${test} %}yes{% else %}no{% endif %}`,
    (item, i) => `${item.sku}: ${holds(item, i) ? 'yes' : 'no'}`,
  );
}

/** A construct for `variants|selectattr('stock', '<test>', <argument>)`, counting the sizes kept. */
function selectattrTest(test: string, argument: number, holds: (stock: number) => boolean): Construct {
  return {
    name: `selectattr('stock', '${test}')`,
    family: 'test',
    template: `{% for item in items %}{{ item.variants|selectattr('stock', '${test}', ${argument})|list|length }}\n{% endfor %}`,
    byHand: ({ items }) => {
      let out = '';
      for (const item of items) {
        let kept = 0;
        for (const v of item.variants) if (holds(v.stock)) kept++;
        out += `${kept}\n`;
      }
      return out;
    },
  };
}

export const testConstructs: Construct[] = [
  ifTest('defined', 'item.discount', (item) => item.discount !== undefined),
  ifTest('undefined', 'item.color', (item) => item.color === undefined),
  ifTest('none', 'item.gift_message', (item) => item.gift_message === null),
  ifTest('boolean', 'item.in_stock', (item) => typeof item.in_stock === 'boolean'),
  ifTest('true', 'item.in_stock', (item) => item.in_stock === true),
  ifTest('false', 'item.in_stock', (item) => item.in_stock === false),
  ifTest('integer', 'item.price', (item) => Number.isInteger(item.price)),
  ifTest('float', 'item.price', (item) => !Number.isInteger(item.price)),
  ifTest('number', 'item.discount', (item) => typeof item.discount === 'number'),
  ifTest('string', 'item.color', (item) => typeof item.color === 'string'),
  ifTest('mapping', 'item.specs', (item) => typeof item.specs === 'object'),
  ifTest('iterable', 'item.tags', () => true),
  ifTest('sequence', 'item.tags', () => true),
  ifTest('callable', 'item.name.upper', () => true),
  ifTest('sameas true', 'item.in_stock', (item) => item.in_stock === true),
  ifTest('escaped', '(item.name|e)', () => true),
  ifTest(
    'lower',
    'item.size',
    (item) => item.size === item.size.toLowerCase() && item.size !== item.size.toUpperCase(),
  ),
  ifTest(
    'upper',
    'item.size',
    (item) => item.size === item.size.toUpperCase() && item.size !== item.size.toLowerCase(),
  ),
  ifTest('even', 'item.quantity', (item) => item.quantity % 2 === 0),
  ifTest('odd', 'loop.index', (_, i) => (i + 1) % 2 === 1),
  ifTest('divisibleby 3', 'loop.index', (_, i) => (i + 1) % 3 === 0),
  ifTest(
    "in ['Kitchen', 'Home']",
    'item.category',
    (item) => item.category === 'Kitchen' || item.category === 'Home',
  ),
  ifTest("eq 'shipped'", 'item.status', (item) => item.status === 'shipped'),
  ifTest("ne 'shipped'", 'item.status', (item) => item.status !== 'shipped'),
  ifTest('lt 30', 'item.price', (item) => item.price < 30),
  ifTest('le 30', 'item.price', (item) => item.price <= 30),
  ifTest('gt 4.5', 'item.rating', (item) => item.rating > 4.5),
  ifTest('ge 4.5', 'item.rating', (item) => item.rating >= 4.5),
  ifTest('filter', "'upper'", () => true),
  ifTest('test', "'odd'", () => true),
  selectattrTest('==', 0, (stock) => stock === 0),
  selectattrTest('!=', 0, (stock) => stock !== 0),
  selectattrTest('<', 5, (stock) => stock < 5),
  selectattrTest('<=', 5, (stock) => stock <= 5),
  selectattrTest('>', 5, (stock) => stock > 5),
  selectattrTest('>=', 5, (stock) => stock >= 5),
  selectattrTest('equalto', 0, (stock) => stock === 0),
  selectattrTest('greaterthan', 5, (stock) => stock > 5),
  selectattrTest('lessthan', 5, (stock) => stock < 5),
];
