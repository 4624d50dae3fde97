import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreement, renderWithEngine } from '../conformance/engine-result';
import { type JinjaBridge, type JinjaCase, startJinja } from '../jinja/bridge';

// The text filters rewritten to run in linear time (`wordwrap`, `striptags`, `urlize`, `indent`, ...) print what
// Jinja2 prints on random text made of the pieces their rules turn on: spaces and line breaks, hyphens, tags and
// comments, entities, brackets, URLs and addresses. `PROPERTY_RUNS` sets how many texts (default 300).

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

const PIECES = [
  ...['a', 'b', 'Z', '7', '_', 'é', '😀', 'ß', '\u00a0', '\u2003', '\x1c'],
  ...[' ', '  ', '\t', '\n', '\r\n', '\x0b', '\x0c', '\u2028'],
  ...['-', '--', '---', 'a-b', 'ab-', '-a', '!', '?', '"', "'", ',', '.', ';', ':', '/', '@', '#', '%'],
  ...['<', '>', '<b>', '</b>', '<br/>', '<!--', '-->', '<a href="x">', '<!-- c -->', '< a', 'a>'],
  ...['&', '&amp;', '&lt;', '&gt;', '&amp', '&#65;', '&#x41;', '&#', '&#x', '&nbsp;', '&notin;', '&notit;'],
  ...['(', ')', '((', '))', '[', ']', '{', '}'],
  ...[
    'http://',
    'https://',
    'www.',
    'example.com',
    'a.org',
    'x.io',
    'mailto:',
    'a@b.co',
    '@x',
    '127.0.0.1',
    ':80',
  ],
];

// Half the texts have no hyphen and no astral character: `wordwrap` finds its lines by position on those.
const PLAIN_PIECES = PIECES.filter((piece) => !piece.includes('-') && !/[\u{10000}-\u{10ffff}]/u.test(piece));
const text = fc
  .oneof(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
    fc.array(fc.constantFrom(...PLAIN_PIECES, 'word', 'longerword', '      '), { maxLength: 40 }),
  )
  .map((parts) => parts.join(''));
const width = fc.integer({ min: 1, max: 30 });
const flag = fc.constantFrom('true', 'false');

/** One call of a text filter on `value`, as a template; the text goes in as data. */
const call: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(width, flag, flag, fc.constantFrom('none', '"|"', '""'))
    .map(([w, longWords, hyphens, wrap]) => `{{ value|wordwrap(${w}, ${longWords}, ${wrap}, ${hyphens}) }}`),
  fc.constant('{{ value|striptags }}'),
  fc
    .tuple(fc.constantFrom('none', '5', '12'), flag, fc.constantFrom('none', '"_blank"'))
    .map(([trim, nofollow, target]) => `{{ value|urlize(${trim}, ${nofollow}, ${target}) }}`),
  fc.constant("{{ value|urlize(extra_schemes=['tel:', 'ftp://']) }}"),
  // Markup is not escaped first: its `<` and `>` reach urlize's brackets as they are.
  fc.constant('{{ value|safe|urlize }}'),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), flag, flag)
    .map(([w, first, blank]) => `{{ value|indent(${w}, ${first}, ${blank}) }}`),
  fc.constant('{{ value|title }}'),
  fc.constant('{{ value|wordcount }}'),
  fc.constant('{{ value|trim }}'),
  fc.constant('{{ value|truncate(12) }}'),
  // Escaping: a short text by a loop, a long one (over 256 characters) in one native pass.
  fc.constantFrom(
    '{{ value|e }}',
    '{{ value|forceescape }}',
    "{{ ('<b>'|safe) ~ value }}",
    '{{ (value * 20)|e }}',
    "{{ ('%s'|safe) % value }}",
  ),
);

const cases = fc.record({ template: call, data: fc.record({ value: text }) });

let jinja: JinjaBridge;
beforeAll(async () => {
  jinja = await startJinja();
});
afterAll(() => jinja.close());

describe(`text filters on random text (seed ${SEED}, ${RUNS} runs)`, () => {
  it('print what Jinja2 prints', async () => {
    const sample: JinjaCase[] = fc.sample(cases, { seed: SEED, numRuns: RUNS });
    const reference = await jinja.render(sample);
    const problems = sample.flatMap((c, i) => {
      const problem = disagreement(c.template, renderWithEngine(c.template, c.data), reference[i]);
      return problem === undefined ? [] : [`${c.template} with ${JSON.stringify(c.data)}: ${problem}`];
    });
    expect(problems.slice(0, 5)).toEqual([]);
  });
});
