import { describe, expect, it } from 'vitest';
import { compile, type Template } from '../src';

// A template keeps the state of its last render for the next (the object is reset, not made again): nothing one
// render learned may leak into the next.
describe('a template rendered again starts from a fresh state', () => {
  it('sees a list changed between renders, though `in` made a set of it in the render before', () => {
    const taken = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'];
    const template = compile('{% for seat in probes %}{{ seat in taken }} {% endfor %}');
    const probes = ['a1', 'b1', 'a9', 'b1'];
    expect(template.render({ probes, taken })).toBe('True False True False ');
    taken[0] = 'b1';
    expect(template.render({ probes, taken })).toBe('False True True True ');
    taken.length = 0;
    expect(template.render({ probes, taken })).toBe('False False False False ');
  });

  it('counts loop iterations, time and call depth afresh', () => {
    const template = compile(
      '{% macro m(n) %}{% if n %}{{ m(n - 1) }}{% endif %}.{% endmacro %}{% for i in range(n) %}{{ m(3) }}{% endfor %}',
      { limits: { maxLoopIterations: 12, maxCallDepth: 5 } },
    );
    // Each render alone is within the limits; their sum is not.
    for (let i = 0; i < 5; i++) expect(template.render({ n: 2 })).toBe('........');
    expect(() => template.render({ n: 13 })).toThrow(/iteration/i);
    expect(template.render({ n: 2 })).toBe('........');
  });

  it('starts at call depth 0 after a render that failed deep inside macros', () => {
    const template = compile(
      '{% macro m(n) %}{% if n %}{{ m(n - 1) }}{% else %}{{ missing.x if boom }}{% endif %}.{% endmacro %}{{ m(3) }}',
      { limits: { maxCallDepth: 4 } },
    );
    expect(template.render({ boom: false })).toBe('....');
    for (let i = 0; i < 3; i++) expect(() => template.render({ boom: true })).toThrow(/missing/);
    expect(template.render({ boom: false })).toBe('....');
  });

  it('renders itself inside its own render with a state of its own, and both go on', () => {
    let template: Template | undefined;
    const again = {
      params: [],
      fn: (_state: unknown, depth: unknown) => (depth ? (template as Template).render({ depth: 0 }) : ''),
    };
    template = compile(
      '{{ depth }}{% for i in range(2) %}{{ i }}{% endfor %}<{{ depth|again }}>{{ depth }}',
      {
        filters: { again },
      },
    );
    expect(template.render({ depth: 1 })).toBe('101<001<>0>1');
    expect(template.render({ depth: 1 })).toBe('101<001<>0>1');
    expect(template.render({ depth: 0 })).toBe('001<>0');
  });
});
