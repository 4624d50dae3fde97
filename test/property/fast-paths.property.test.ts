import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaCase, startJinja } from '../jinja/bridge';

// The quick ways of the render path (ASCII case mapping, plain decimal text, int arithmetic without BigInt,
// repr without escapes, whitespace by number, digit grouping, keyword binding of macros, per-key property
// reads) against Jinja2 itself, on inputs drawn to sit on both sides of each quick way's condition. One batch
// per kind (`PROPERTY_RUNS` cases, default 300; `PROPERTY_SEED` replays).

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

/** Text mostly ASCII, with the characters that leave each quick way: accents, final sigma, ß, ǅ, nbsp, emoji. */
const text = fc.string({
  unit: fc.constantFrom(
    ...'aZq Mx-y1_.&\'"\\\t\n'.split(''),
    'é',
    'Σ',
    'ß',
    'ǅ',
    '\u00a0',
    '\u2028',
    '\u200b',
    '😀',
    '\x7f',
    '\x1c',
  ),
  maxLength: 16,
});

const caseMapping: fc.Arbitrary<JinjaCase> = text.map((s) => ({
  template:
    '{{ s.title() }}|{{ s.capitalize() }}|{{ s|capitalize }}|{{ s|title }}|{{ ("x-" ~ s ~ "(y")|title }}|{{ [s] }}|{{ {s: 1} }}|{{ (s,) }}',
  data: { s },
}));

/** Numeric text: plain decimals and what only the full parser reads (underscores, spaces, signs, exponents). */
const numericText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 18 }),
  fc.string({ unit: fc.constantFrom(...'0123456789-+._ e'.split('')), maxLength: 12 }),
  fc.tuple(fc.boolean(), fc.nat(), fc.nat(99)).map(([neg, n, d]) => `${neg ? '-' : ''}${n}.${d}`),
);
const numberParsing: fc.Arbitrary<JinjaCase> = numericText.map((s) => ({
  template: '{{ s|int }}|{{ s|float }}|{{ s|int(-1, 16) }}|{{ s|float(-1) }}|{{ s|int(-1, 0) }}',
  data: { s },
}));

/**
 * Ints around zero and the edge of the safe range, where the quick arithmetic must hand over to BigInt (each
 * one JSON writes exactly, so that Jinja2 reads the same int).
 */
const int = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.integer(),
  fc.constantFrom(2 ** 53 - 1, -(2 ** 53) + 1, 2 ** 53, 94906265, 94906266, 3037000499, 3037000500),
);
const arithmetic: fc.Arbitrary<JinjaCase> = fc
  .tuple(int, int, fc.integer({ min: 0, max: 70 }))
  .map(([a, b, e]) => ({
    template:
      "{{ a / b if b else 'z' }}|{{ a // b if b else 'z' }}|{{ a % b if b else 'z' }}|{{ a ** e }}|{{ (a * 1.5) / (b or 1) }}|{{ '{:,}'.format(a) }}|{{ '{:_}'.format(a * 0.5) }}",
    data: { a, b, e },
  }));

/** Replacement of short, repeated or absent text, with and without a count (a `$` is plain text to Python). */
const piece = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '$', '&', 'é', '😀'), maxLength: 3 });
const replacing: fc.Arbitrary<JinjaCase> = fc
  .tuple(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '$', 'é', '😀'), maxLength: 12 }), piece, piece)
  .chain(([s, old, by]) =>
    fc.integer({ min: -2, max: 4 }).map((n) => ({
      template: `{{ s.replace(old, by) }}|{{ s.replace(old, by, n) }}|{{ s|replace(old, by) }}|{{ s|replace(old, by, n) }}|{{ s.replace(old, by).replace(by, old) }}`,
      data: { s, old, by, n },
    })),
  );

/** Ints printed by format specs of every radix, sign, width and grouping, safe and past the safe range. */
const intFormats: fc.Arbitrary<JinjaCase> = fc
  .tuple(int, fc.constantFrom('d', 'x', 'X', 'o', 'b', 'n', ''), fc.constantFrom('', '+', ' ', '-'))
  .chain(([a, type, sign]) =>
    fc.constantFrom('', '#', '08', ',', '_', '>12', '^9', '=+10').map((extra) => ({
      template: `{{ '{:${sign}${extra}${type}}'.format(a) }}|{{ '{:c}'.format(a % 1114112) }}|{{ '%d|%x|%o' % (a, a, a) }}|{{ [a, a]|unique|list|length }}`,
      data: { a },
    })),
  );

/**
 * `%` formats of one conversion (the quick way) and of two, by operator and by the `format` filter, on one
 * argument, a tuple of one, of none or of two, and values of every type, negated (`-0.0` included).
 */
const percentFormats: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.constantFrom('', '-', '+', ' ', '0', '#', '-0'),
    fc.constantFrom('', '5', '12'),
    fc.constantFrom('', '.0', '.2', '.7'),
    fc.constantFrom('s', 'r', 'a', 'd', 'i', 'x', 'X', 'o', 'f', 'F', 'e', 'E', 'g', 'G', 'c', 'y'),
    fc.oneof(
      int,
      // JSON keeps no integral float, NaN or infinity apart from an int or null.
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)),
      text,
      fc.constantFrom(null, true, [1, 'a'], { k: 'v' }, 0.1, 2.5, 1e-7, 123456789.125),
    ),
    fc.constantFrom('', 'x ', '%% '),
    fc.constantFrom(
      'F|format(v)',
      'F % v',
      'F % (v,)',
      'F % ()',
      'F % (v, v)',
      '(F ~ "%s") % (v, 1)',
      'F % (v * -1.0)',
      'FF % (v, v * -1.0)',
      'FF|format(v, v)',
    ),
  )
  .map(([flags, width, precision, conv, v, around, applied]) => {
    const field = `${around}%${flags}${width}${precision}${conv}${around}`;
    const template = applied
      .replace('FF', JSON.stringify(`${field}|${field}`))
      .replace('F', JSON.stringify(field));
    return { template: `{{ ${template} }}`, data: { v } };
  });

/**
 * `%` formats of bare conversions (`%s`, `%d`, `%.2f`: no flag, no width), which print a text, an int or a float
 * directly: one to three of them with text between, on items of every type, negated (`-0.0` included), by
 * operator (one item bare, in a tuple written out or made at run time) and by the `format` filter.
 */
const plainPercents: fc.Arbitrary<JinjaCase> = fc
  .array(
    fc.tuple(
      fc.constantFrom('%s', '%d', '%i', '%f', '%F', '%.0f', '%.1f', '%.2f', '%.3f', '%.12f', '%.3s'),
      fc.oneof(
        { weight: 3, arbitrary: int },
        {
          weight: 3,
          // As JSON carries them: an integral double would reach Jinja2 as a float and the engine as an int.
          arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)),
        },
        { weight: 1, arbitrary: fc.constantFrom(0.005, 0.125, 2.675, 1.5e-9, 0) },
        { weight: 2, arbitrary: text },
        { weight: 1, arbitrary: fc.constantFrom(null, true, [1, 'a'], { k: 'v' }) },
      ),
      fc.boolean(),
      fc.constantFrom('', ' x ', '%%', '('),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .chain((fields) =>
    fc.constantFrom('%', '% bare', '% tuple value', '|format').map((how) => {
      const spec = JSON.stringify(fields.map(([conv, , , around]) => `${around}${conv}`).join(''));
      const items = fields.map(([, , negated], i) => (negated ? `(v${i} * -1.0)` : `v${i}`));
      const data = Object.fromEntries(fields.map(([, v], i) => [`v${i}`, v]));
      // A bare item and a tuple made at run time (not written out) take the operator's general way in.
      const one = items.length === 1;
      const applied =
        how === '|format'
          ? `${spec}|format(${items.join(', ')})`
          : how === '% bare' && one
            ? `${spec} % ${items[0]}`
            : how === '% tuple value' && one
              ? `${spec} % ((${items[0]},) if true)`
              : `${spec} % (${items.join(', ')},)`;
      return { template: `{{ ${applied} }}`, data };
    }),
  );

/**
 * `x|list|length` and `|count`, counted without the list: values of every type (text with astral characters,
 * dicts, numbers, none, a name never set), straight and through `select`/`reject`, errors included.
 */
const countedLists: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.oneof(
      fc.array(fc.oneof(int, text, fc.constant(null)), { maxLength: 5 }),
      text,
      fc.dictionary(fc.string({ maxLength: 3 }), int, { maxKeys: 4 }),
      int,
      fc.constantFrom(null, true, 2.5),
    ),
    fc.constantFrom('x', 'missing', 'x|select', 'x|reject', '(x|list)', 'x|map("string")'),
    fc.constantFrom('length', 'count'),
  )
  .map(([x, input, counter]) => ({ template: `{{ ${input}|list|${counter} }}`, data: { x } }));

/** `str.format` specs made of random pieces (fill, align, sign, `z`, `#`, `0`, width, grouping, precision, type). */
const formatSpecs: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(
      fc.constantFrom(...Array.from('<>^=+- z#0,_.123dfegEGnxXobcs%r!é\t😀'), ' ', '\x7f', '12', '.3'),
      {
        maxLength: 6,
      },
    ),
    fc.oneof(int, fc.constantFrom(1.5, -2.25, 0.001, 'ab', 'é', true, null)),
  )
  .map(([pieces, v]) => ({
    template: `{{ ${JSON.stringify(`{:${pieces.join('')}}`)}.format(v) }}`,
    data: { v },
  }));

/**
 * `str.format` on a string literal, which compiles to a formatter made for it when its fields are plain: random
 * fields (automatic, numbered, named, missing, with attributes, items, conversions, specs, nested specs, stray
 * braces) called with random positional and keyword arguments of every type.
 */
const literalFormats: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        'x ',
        '{}',
        '{}',
        '{0}',
        '{1}',
        '{2}',
        '{a}',
        '{b}',
        '{z}',
        '{0.real}',
        '{a[0]}',
        '{!r}',
        '{a!s}',
        '{0!a}',
        '{!x}',
        '{:>6}',
        '{b:.2f}',
        '{:,}',
        '{:{w}}',
        '{{',
        '}}',
        '{',
        '}',
        'é',
        '{:d}',
        '{:.0f}',
        '{1:.1F}',
        '{b:.12f}',
        '{:.3f}',
      ),
      { maxLength: 5 },
    ),
    fc.array(fc.constantFrom('v', 's', '1', 'none', '[1]', 'n', 'v * -1.0', '-v'), { maxLength: 3 }),
    fc.subarray(['a=s', 'b=v', 'w=4', 'z=n']),
    fc.oneof(
      int,
      fc.constantFrom(1.5, -2.25, 0.125, 2.675, -0.004, 'ab', 'é', true, null),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)),
    ),
  )
  .map(([pieces, positional, keywords, v]) => ({
    template: `{{ ${JSON.stringify(pieces.join(''))}.format(${[...positional, ...keywords].join(', ')}) }}`,
    data: { v, s: ' te xt ', n: -7 },
  })); // prettier-ignore

/**
 * `select`, `reject` and their `attr` kin with a comparison test against a constant, which tests each item by a
 * quick way when the constant is a number or a string: items of every type, errors included.
 */
const comparisonSelections: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.constantFrom('select', 'reject', 'selectattr', 'rejectattr'),
    fc.constantFrom(
      '==',
      '!=',
      '<',
      '<=',
      '>',
      '>=',
      'eq',
      'ne',
      'lt',
      'le',
      'gt',
      'ge',
      'equalto',
      'greaterthan',
      'lessthan',
    ),
    fc.constantFrom('3', '0', '-1.5', "'b'", "''", 'true', 'none', '[1]'),
    fc.array(
      fc.oneof(int, fc.constantFrom(3, 0, -1.5, 2.5, -0.0, 'a', 'b', '', true, false, null, [1], [0, 2])),
      { maxLength: 5 },
    ),
  )
  .map(([filter, test, constant, values]) => {
    const attr = filter.endsWith('attr');
    return {
      template: `{{ xs|${filter}(${attr ? "'v', " : ''}'${test}', ${constant})|list }}`,
      data: { xs: attr ? values.map((v) => ({ v })) : values },
    };
  }); // prettier-ignore

/** `truncate` of text around its length plus the leeway (text that fits by UTF-16 units is kept at once). */
const truncations: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.integer({ min: 0, max: 9 }),
    fc.integer({ min: 3, max: 8 }),
    fc.constantFrom('', '', ', true', ", false, '…'", ', leeway=0', ", end=''"),
  )
  .chain(([n, over, rest]) =>
    fc
      .string({
        unit: fc.oneof({ weight: 9, arbitrary: fc.constantFrom('a', ' ', 'é', '-') }, fc.constant('😀')),
        minLength: n + over,
        maxLength: n + over,
      })
      .map((s) => ({ template: `{{ s|truncate(${n}${rest}) }}`, data: { s } })),
  );

/** Slices of text with bounds inside, at and past its ends (a slice past both ends is the text itself). */
const textSlices: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.string({
      unit: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('a', '<', 'é') }, fc.constant('😀')),
      maxLength: 8,
    }),
    fc.constantFrom('', '0', '1', '-1', '-3', '-8', '-20', '3'),
    fc.constantFrom('', '0', '2', '-1', '4', '8', '20'),
  )
  .map(([s, a, b]) => ({
    template: `{{ s[${a}:${b}] }}|{{ (s|e)[${a}:${b}] }}|{{ s[${a}:${b}]|length }}|{{ (s[${a}:${b}] ~ '!')|length }}`,
    data: { s },
  }));

/**
 * `if`/`elif` chains testing one variable or member against literals, which pick their branch by a table: values
 * of every type (`True == 1`, `1.0 == 1`, markup, None, undefined) against text and number literals.
 */
const caseChains: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(fc.constantFrom("'a'", "'b'", "''", '1', '0', '2', '1.5', '-1'), { minLength: 2, maxLength: 4 }),
    fc.constantFrom('v', 'd.v', "d['v']", 'missing', 'd.nope', '(v|float)', '(v|e)'),
    fc.oneof(fc.constantFrom('a', 'b', '', 1, 0, 2, 1.5, -1, true, false, null, [1]), int),
  )
  .map(([labels, subject, v]) => {
    const [first, ...rest] = labels.map((label, i) => `${subject} == ${label} %}${i}`);
    return {
      template: `{% if ${first}${rest.map((branch) => `{% elif ${branch}`).join('')}{% else %}E{% endif %}`,
      data: { v, d: { v } },
    };
  }); // prettier-ignore

/** `'text' in x` and `not in` for containers of every kind, which look for known text by a quick way. */
const textMembership: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.constantFrom("'a'", "''", "'<b>'", "'1'", 'x', 'd.a'),
    fc.constantFrom('in', 'not in', 'is in', 'is not in'),
    fc.constantFrom(
      "['a', '1']",
      'x',
      'd',
      'd.keys()',
      'd.values()',
      'xs',
      '(xs|e)',
      "['a'|e, 1]",
      "('a', 'b')",
      'missing',
      'd.a',
      'n',
      'xs|select',
      "'<b>a'|e",
      'range(3)',
      'namespace(a=1)',
    ),
    fc.oneof(
      fc.constantFrom('a', '<b>', '', 'ba', '1'),
      fc.array(fc.constantFrom('a', '', '1', 1), { maxLength: 3 }),
    ),
    fc.dictionary(fc.constantFrom('a', '1', '<b>', ''), fc.constantFrom(0, 'a', null), { maxKeys: 3 }),
  )
  .map(([key, op, container, x, d]) => ({
    template: `{{ ${key} ${op} ${container} }}`,
    data: { x, xs: Array.isArray(x) ? x : [x], d, n: 5 },
  })); // prettier-ignore

/**
 * `list.index(x)` of the whole list finds a text by `===` among texts and anything else by Python's `==`
 * (`1 == True == 1.0`, Markup equal to its text); with a start and an end it looks only there.
 */
const listIndexes: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(fc.constantFrom<unknown>('M', 'm', '', 1, 0, 1.5, true, false, null), { maxLength: 5 }),
    fc.constantFrom("'M'", "('M'|safe)", '1', '1.0', 'true', '0', 'none', "''", '1.5', 'xs'),
    fc.constantFrom('', ', 1', ', -2', ', 0, 2', ', 1, -1'),
  )
  .map(([xs, x, bounds]) => ({
    template: `{{ xs.index(${x}${bounds}) }} {{ xs.count(${x}) }}`,
    data: { xs },
  })); // prettier-ignore

/** `odd` and `even` of numbers by a quick way (Python's `%` takes the divisor's sign), of anything else as before. */
const parity: fc.Arbitrary<JinjaCase> = fc
  .oneof(
    int,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(true, false, null, 'a', 2.5, -2.5),
  )
  .map((v) => ({
    template: '{{ v is odd }}|{{ v is even }}|{{ [v, 3, -4]|select("odd")|list }}|{{ (v * 1.0) is odd }}',
    data: { v },
  })); // prettier-ignore

const words: fc.Arbitrary<JinjaCase> = text.map((s) => ({
  template:
    '{{ ("<p>" ~ s ~ "</p>")|striptags }}|{{ s|wordcount }}|{{ s.split()|join("_") }}|{{ s.split(None, 1) }}|{{ s.rsplit() }}|{{ s.rsplit(None, 1) }}|{{ s.split("a") }}|{{ s.split("a", 1) }}|{{ s.rsplit("a") }}|{{ s.rsplit("Z", 1) }}|{{ s.split("xx") }}',
  data: { s },
}));

/** Macro calls that bind by keyword, by position, both, or wrongly (a keyword given twice, one unknown). */
const macroCalls: fc.Arbitrary<JinjaCase> = fc
  .tuple(fc.subarray(['1', '2', '3']), fc.subarray(['a=4', 'b=5', 'c=6', 'z=7']), fc.boolean())
  .map(([positional, keywords, block]) => {
    const call = `m(${[...positional, ...keywords].join(', ')})`;
    const body = '{{ a }}|{{ b }}|{{ c }}{% if caller is defined %}|{{ caller() }}{% endif %}';
    return {
      template: `{% macro m(a, b=a, c=b ~ "!") %}${body}{% endmacro %}${block ? `{% call ${call} %}C{% endcall %}` : `{{ ${call} }}`}`,
    };
  });

/** Attribute reads, `in`, get, setdefault and pop of JSON-like objects, some keys missing, some shaped otherwise. */
const attributeReads: fc.Arbitrary<JinjaCase> = fc
  .array(
    fc.record(
      { name: fc.string({ maxLength: 4 }), price: fc.integer(), color: fc.constantFrom('red', '') },
      { requiredKeys: [] },
    ),
    { maxLength: 4 },
  )
  .map((items) => ({
    template:
      '{% for i in items %}{{ i.name }}:{{ i.price|default(0) }}:{{ i["color"] }}:{% if i %}T{% endif %}{% if i.color %}C{% endif %}{% if not i["price"] %}P{% endif %}{% if i.keys %}K{% endif %}{{ i|length }}:{{ "name" in i }}{{ "color" not in i }}:{{ i.get("price", "none") }}:{{ i.get("color") }}:{{ i.setdefault("color", "blue") }}:{{ i.pop("name", "-") }}:{{ i.items()|list }}{{ i.values()|list }}{{ i|dictsort }}{{ i.items() }};{% endfor %}{% set ns = namespace(n=0) %}{% for i in items %}{% set ns.n = ns.n + 1 %}{% endfor %}{{ ns.n }}{{ dict(k=1, j=2) }}{{ namespace(z=1, a=items|length) }}{% set j = joiner("; ") %}{{ j.used }}{% for i in items %}{{ j() }}{% endfor %}{{ j.used }}{{ j.sep }}',
    data: { items },
  }));

/**
 * `groupby` over keys that are all texts (grouped by a map, only the distinct keys sorted) and over keys of other
 * kinds (numbers, none, missing: sorted item by item): case-insensitive or not, texts that differ in case only, and
 * texts whose order by code point differs from their order by UTF-16 unit.
 */
const groupings: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(
      fc.record(
        {
          k: fc.oneof(
            {
              weight: 5,
              arbitrary: fc.constantFrom('a', 'A', 'b', 'B', '', 'ab', 'é', 'É', '\u{1F600}', '\uFF5E'),
            },
            { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant(null)) },
          ),
          i: fc.integer({ min: 0, max: 99 }),
        },
        { requiredKeys: ['i'] },
      ),
      { maxLength: 8 },
    ),
    fc.constantFrom("groupby('k')", "groupby('k', case_sensitive=true)", "groupby('k', default='z')"),
  )
  .map(([items, filter]) => ({
    template: `{% for g in items|${filter} %}{{ g.grouper }}:{{ g.list|map(attribute='i')|join(',') }};{% endfor %}`,
    data: { items },
  }));

let jinja: JinjaBridge;
beforeAll(async () => {
  jinja = await startJinja();
});
afterAll(() => jinja.close());

async function mismatches(cases: fc.Arbitrary<JinjaCase>): Promise<string[]> {
  const sample = fc.sample(cases, { seed: SEED, numRuns: RUNS });
  const results = await jinja.render(sample);
  return sample.flatMap((c, i) => {
    const problem = disagreement(c.template, renderWithEngine(c.template, c.data), results[i]);
    return problem === undefined ? [] : [`${c.template} with ${JSON.stringify(c.data)}: ${problem}`];
  });
}

/**
 * Chains of `map`, `select`, `reject`, `selectattr` and `rejectattr` with literal arguments or arguments from
 * variables, which run as one loop:
 * one to three steps, several of which fail on some items (`abs` of text, `gt` between text and ints, `odd` of
 * text), over lists of ints, texts, none and dicts, consumed by each way the compiler knows and by others, loops
 * among them whose bodies fail, `break`, or look ahead (`loop.last`, `loop.nextitem`, `loop.revindex`). Jinja2's
 * generators take each item through every step before the next item, and a loop pulls each item as it reaches it,
 * so which error comes first (or whether one comes at all, after `|first` or a `break`) depends on the order of the
 * work.
 */
const itemChains: fc.Arbitrary<JinjaCase> = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.integer({ min: -3, max: 4 }),
        fc.constantFrom('a', '', 'B', 'ab'),
        fc.constant([2]),
        fc.constant(null),
        fc.record({ a: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.constantFrom('x', null)) }),
      ),
      { maxLength: 5 },
    ),
    fc.array(
      fc.constantFrom(
        "map('abs')",
        "map('string')",
        "map('length')",
        "map('first')",
        "map(attribute='a')",
        "map(attribute='a', default=7)",
        'select',
        'reject',
        "select('odd')",
        "select('gt', 0)",
        "reject('none')",
        "reject('string')",
        "selectattr('a')",
        "rejectattr('a', 'eq', 1)",
        "selectattr('a', 'defined')",
        "select('divisibleby', 0)",
        "select('gt', n)",
        'map(f)',
        'selectattr(k)',
        'map(attribute=k)',
        "rejectattr(k, 'eq', n)",
      ),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom(
      '{{ CHAIN|list }}',
      '{{ CHAIN|list|length }}',
      '{{ CHAIN|list|count }}',
      '{{ CHAIN|first }}',
      "{{ CHAIN|join('-') }}",
      '{{ CHAIN|sum }}',
      '{{ CHAIN|min }}',
      '{{ CHAIN|max }}',
      '{% for v in CHAIN %}{{ v }}/{{ loop.length }},{% endfor %}',
      '{% for v in CHAIN %}{{ v + 1 }},{% else %}none{% endfor %}',
      '{% for v in CHAIN %}{{ v }}{% if v is number and v > 1 %}{% break %}{% endif %},{% endfor %}',
      '{% for v in CHAIN %}{{ v }}{% if loop.last %}!{% endif %}{% if loop.index > 1 %}{% break %}{% endif %}{% endfor %}',
      '{% for v in CHAIN if v > 0 %}{{ v }}{{ loop.nextitem is defined }}{% break %}{% endfor %}',
      '{% for v in CHAIN %}{% set w = v %}{{ w|abs }}{{ loop.revindex }}{% endfor %}',
      '{% for v in x if v > 0 %}{{ v }}{{ loop.last }}{% if loop.index > 1 %}{% break %}{% endif %}{% endfor %}',
      '{% set l = CHAIN|list %}{% set _ = l.append(9) %}{{ l }}',
      '{{ (CHAIN|first) is undefined }}',
    ),
  )
  .map(([x, steps, consumer]) => ({
    template: consumer.replace('CHAIN', `x|${steps.join('|')}`),
    // Arguments from variables: the stage is bound at each render (`renderStage`).
    data: { x, n: 0, f: 'abs', k: 'a' },
  }));

/** Each kind of case, with what its renders must show: the same text as Jinja2's. */
const kinds: ReadonlyArray<[string, fc.Arbitrary<JinjaCase>]> = [
  ['str.title(), capitalize and repr of text print what Jinja2 prints', caseMapping],
  ['int and float of numeric text give what Jinja2 gives', numberParsing],
  ['int division, floor division, modulo, powers and grouping print what Jinja2 prints', arithmetic],
  ['replace, by method and filter, with and without a count, gives what Jinja2 gives', replacing],
  ['ints formatted by every radix, sign, width and grouping print what Jinja2 prints', intFormats],
  ['% formats of one conversion and of several print what Jinja2 prints, errors included', percentFormats],
  ['% formats of bare conversions print items of every type as Jinja2 does, errors included', plainPercents],
  ['str.format specs of random pieces print or fail as in Jinja2', formatSpecs],
  ['x|list|length counts what Jinja2 counts, errors included', countedLists],
  ['chains of map and select yield, and fail, item by item as in Jinja2', itemChains],
  ['str.format of literals with random fields and arguments prints or fails as in Jinja2', literalFormats],
  [
    'select and reject by a comparison with a constant keep what Jinja2 keeps, errors included',
    comparisonSelections,
  ],
  ['truncate keeps, cuts or refuses text around its length as Jinja2 does', truncations],
  ['slices of text inside and past its ends give what Jinja2 gives', textSlices],
  ['if/elif chains on one value against literals pick the branch Jinja2 picks', caseChains],
  ['text in containers of every kind is found where Jinja2 finds it, errors included', textMembership],
  ['list.index finds what Jinja2 finds, in bounds and out, errors included', listIndexes],
  ['odd and even hold where Jinja2 finds them, errors included', parity],
  ['striptags, wordcount, split and rsplit see the whitespace and separators Jinja2 sees', words],
  ['macro calls bind keywords as Jinja2 binds them, errors included', macroCalls],
  ['attribute reads, dict truth and namespace writes give what Jinja2 gives', attributeReads],
  ['groupby makes the groups Jinja2 makes, in its order, errors included', groupings],
];

describe(`the render path's quick ways against Jinja2 (seed ${SEED}, ${RUNS} of each)`, () => {
  it.each(kinds)('%s', async (_title, cases) => {
    expect(await mismatches(cases)).toEqual([]);
  });
});
