import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Differential, runSettings, startDifferential } from './against-jinja';
import type { GeneratedCase } from './template-arbitrary';

// Namespaces made, read and changed in every kind of scope: random templates that make `ns` and `n2` with
// `namespace(...)`, set and read their attributes (some never set, some named with `_`), in loops (with `else`
// and a loop over a loop), `if` branches, macros, call blocks, `with`, `filter` and `{% set %}` blocks, render as
// in Jinja2. The engine keeps such namespaces in slots (slot-namespaces.ts) unless something reads the variable
// whole, which some templates here do; the data sometimes names `ns` or `namespace` too. `PROPERTY_RUNS` sets
// how many templates (default 300).

const { runs, seed, timeoutMs } = runSettings(300);

const variable = fc.constantFrom('ns', 'ns', 'n2');
const attribute = fc.constantFrom('a', 'b', 'items', '_p');
const value = fc.constantFrom('1', "'q'", 'x', '[x]', 'none', '(ns.a or 0) + 1', "n2.b ~ '!'", 'xs|length');
const keywords = fc
  .subarray(['a', 'b', 'items'])
  .chain((keys) => fc.tuple(...keys.map((key) => value.map((v) => `${key}=${key === 'items' ? '[]' : v}`))))
  .map((pairs) => pairs.join(', '));

const statements = fc.letrec<{ body: string; statement: string }>((tie) => {
  const body = tie('body');
  return {
    body: fc.array(tie('statement'), { maxLength: 4 }).map((list) => list.join('')),
    statement: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(variable, keywords).map(([n, k]) => `{% set ${n} = namespace(${k}) %}`),
      fc.tuple(variable, attribute, value).map(([n, a, v]) => `{% set ${n}.${a} = ${v} %}`),
      fc.tuple(variable, attribute).map(([n, a]) => `{% set ${n}.${a} %}<{{ ${n}.${a} }}>{% endset %}`),
      fc.tuple(variable, attribute).map(([n, a]) => `[{{ ${n}.${a} }}]`),
      fc.tuple(variable, attribute).map(([n, a]) => `{{ ${n}.${a} is defined }}`),
      variable.map((n) => `{% if ${n}.a %}T{% endif %}{{ ${n}.items|default([])|join(',') }}`),
      // A namespace made again: the attributes of the one before are gone.
      fc
        .tuple(variable, keywords, attribute, keywords)
        .map(
          ([n, first, a, second]) =>
            `{% set ${n} = namespace(${first}) %}{% set ${n}.${a} = 5 %}{% set ${n} = namespace(${second}) %}` +
            `[{{ ${n}.${a} }}]`,
        ),
      // Reads of the variable whole, which keep its namespace an object.
      fc.constantFrom('{{ ns }}', "{{ n2['a'] }}"),
      fc
        .tuple(body, fc.option(body))
        .map(
          ([loop, otherwise]) =>
            `{% for x in xs %}${loop}${otherwise === null ? '' : `{% else %}${otherwise}`}{% endfor %}`,
        ),
      fc
        .tuple(body, body)
        .map(([then, otherwise]) => `{% if xs|length > 1 %}${then}{% else %}${otherwise}{% endif %}`),
      body.map((inner) => `{% macro m(x) %}${inner}{% endmacro %}{{ m(2) }}{{ m(3) }}`),
      body.map((inner) => `{% macro c() %}<{{ caller() }}>{% endmacro %}{% call c() %}${inner}{% endcall %}`),
      body.map((inner) => `{% with x = 7 %}${inner}{% endwith %}`),
      body.map((inner) => `{% filter upper %}${inner}{% endfilter %}`),
      body.map((inner) => `{% set blk %}${inner}{% endset %}({{ blk }})`),
    ),
  };
});

const data = fc.record(
  {
    xs: fc.constantFrom([], [1], [1, 2, 3]),
    ns: fc.constantFrom('text', { a: 9 }),
    namespace: fc.constant('shadow'),
  },
  { requiredKeys: ['xs'] },
);

const cases: fc.Arbitrary<GeneratedCase> = fc.record({ template: statements.body, data });

let run: Differential;
beforeAll(async () => {
  run = await startDifferential(cases, { runs, seed });
}, timeoutMs);
afterAll(() => run.close());

describe(`templates that make, set and read namespaces (seed ${seed}, ${runs} runs)`, () => {
  it('often render in Jinja2, and often set an attribute in a loop', () => {
    // About 30% render (measured on 3,000): 17% is five standard deviations under that for 300 draws.
    expect(run.results.filter((r) => r.ok).length / run.results.length).toBeGreaterThan(0.17);
    const share = (pattern: RegExp) =>
      run.sample.filter((c) => pattern.test(c.template)).length / run.sample.length;
    expect(share(/\{% for[\s\S]*\{% set n[s2]\.\w+ =[\s\S]*\{% endfor/)).toBeGreaterThan(0.05);
  });

  it('render the same in the engine as in Jinja2', () => run.assertAgreement(), timeoutMs);
});
