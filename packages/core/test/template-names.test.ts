/**
 * `Template.names`: what a template reads from its render variables, known before it runs, so a caller can
 * prefetch exactly those (user attributes, product sets, content API calls).
 */
import { describe, expect, it } from 'vitest';
import { compile, type TemplateNames } from '../src/index';

/** The names of `source`, with every list sorted so the comparison does not depend on reading order. */
function namesOf(source: string): TemplateNames {
  const { variables, members, wholeVariables } = compile(source).names;
  return {
    variables: [...variables].sort(),
    members: Object.fromEntries(
      Object.entries(members)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, [...v].sort()]),
    ),
    wholeVariables: [...wholeVariables].sort(),
  };
}

describe('variables, members and whole variables', () => {
  it('constant keys and attributes of a personalization object are its members', () => {
    expect(
      namesOf("Hi {{ UserAttribute['First Name']|default('there') }} from {{ UserAttribute.city }}"),
    ).toEqual({
      variables: ['UserAttribute'],
      members: { UserAttribute: ['First Name', 'city'] },
      wholeVariables: [],
    });
  });

  it('a product set read in a loop is a member, and the loop variable is not a render variable', () => {
    expect(
      namesOf('{% for p in ProductSet.bestsellers[:3] %}{{ p.title }}{{ loop.index }}{% endfor %}'),
    ).toEqual({
      variables: ['ProductSet'],
      members: { ProductSet: ['bestsellers'] },
      wholeVariables: [],
    });
  });

  it('a content API call is a member of ContentApi and its arguments are read too', () => {
    expect(
      namesOf(
        "{% set r = ContentApi.weather({'params': {'q': UserAttribute.city}, 'static_params': {}}) %}{{ r.temp }}",
      ),
    ).toEqual({
      variables: ['ContentApi', 'UserAttribute'],
      members: { ContentApi: ['weather'], UserAttribute: ['city'] },
      wholeVariables: [],
    });
  });

  it('event attributes, content blocks and several objects are all listed', () => {
    expect(
      namesOf(
        "{{ EventAttribute['Add to Cart. Product Name'] }}{{ ContentBlock['footer'] }}{{ ContentApi.cart() }}",
      ),
    ).toEqual({
      variables: ['ContentApi', 'ContentBlock', 'EventAttribute'],
      members: {
        ContentApi: ['cart'],
        ContentBlock: ['footer'],
        EventAttribute: ['Add to Cart. Product Name'],
      },
      wholeVariables: [],
    });
  });

  it('a variable used whole, with a computed key or through a filter is a whole variable', () => {
    expect(namesOf('{{ u.a }}{{ u[k] }}{{ v|length }}{{ w }}')).toEqual({
      variables: ['k', 'u', 'v', 'w'],
      members: { u: ['a'] },
      wholeVariables: ['k', 'u', 'v', 'w'],
    });
  });

  it('a variable read both by member and whole is in both lists', () => {
    expect(namesOf("{{ UserAttribute['First Name'] }}{{ UserAttribute|tojson }}")).toEqual({
      variables: ['UserAttribute'],
      members: { UserAttribute: ['First Name'] },
      wholeVariables: ['UserAttribute'],
    });
  });

  it('calling a dict method such as items() reads the whole dict, not a key', () => {
    expect(namesOf('{% for k, v in d.items() %}{{ k }}{% endfor %}{{ e.get("x") }}')).toEqual({
      variables: ['d', 'e'],
      members: {},
      wholeVariables: ['d', 'e'],
    });
  });

  it('only the first member of a chain is recorded', () => {
    expect(namesOf("{{ a.b.c }}{{ a['x']['y'] }}{{ a[0] }}")).toEqual({
      variables: ['a'],
      members: { a: ['b', 'x'] },
      wholeVariables: ['a'],
    });
  });
});

describe('names the template assigns itself', () => {
  it('a name assigned by `set` and read after it is not a render variable', () => {
    expect(namesOf('{% set greeting = "Hi" %}{{ greeting }} {{ name }}')).toEqual({
      variables: ['name'],
      members: {},
      wholeVariables: ['name'],
    });
  });

  it('a name read before its `set` is a render variable', () => {
    expect(namesOf('{{ x.y }}{% set x = 1 %}{{ x }}')).toEqual({
      variables: ['x'],
      members: { x: ['y'] },
      wholeVariables: [],
    });
  });

  it('a name read in the value of its own `set` is a render variable', () => {
    expect(namesOf('{% set total = total + 1 %}{{ total }}').variables).toEqual(['total']);
  });

  it('a `set` inside an `if` may not run, so a read after the `if` is a render variable', () => {
    expect(namesOf('{% if c %}{% set x = 1 %}{{ x }}{% endif %}{{ x }}').variables).toEqual(['c', 'x']);
    expect(namesOf('{% if c %}{% set x = 1 %}{{ x }}{% endif %}').variables).toEqual(['c']);
  });

  it('a `set` in one branch does not count in another', () => {
    expect(namesOf('{% if c %}{% set x = 1 %}{% else %}{{ x }}{% endif %}').variables).toEqual(['c', 'x']);
  });

  it('loop targets, `with` targets, macro parameters and macros are not render variables', () => {
    expect(
      namesOf(
        '{% for k, v in pairs %}{{ k }}{{ v }}{% endfor %}{% with w = 1 %}{{ w }}{% endwith %}' +
          '{% macro m(a, b=a) %}{{ a }}{{ b }}{{ varargs }}{% endmacro %}{{ m(1) }}',
      ),
    ).toEqual({ variables: ['pairs'], members: {}, wholeVariables: ['pairs'] });
  });

  it('a loop target read after the loop is a render variable', () => {
    expect(namesOf('{% for k in ks %}{% endfor %}{{ k }}').variables).toEqual(['k', 'ks']);
  });

  it('a name set in a loop body and read before that set is a render variable', () => {
    expect(namesOf('{% for i in xs %}{{ seen }}{% set seen = i %}{% endfor %}').variables).toEqual([
      'seen',
      'xs',
    ]);
  });

  it('a name set before a loop and read in it is not a render variable', () => {
    expect(namesOf('{% set sep = ", " %}{% for i in xs %}{{ i }}{{ sep }}{% endfor %}').variables).toEqual([
      'xs',
    ]);
  });

  it('a namespace and its attributes are not render variables, what is stored into them is', () => {
    expect(namesOf('{% set ns = namespace(a=1) %}{% set ns.a = q %}{{ ns.a }}')).toEqual({
      variables: ['q'],
      members: {},
      wholeVariables: ['q'],
    });
  });

  it('a macro reading a name the template assigns only later never reads the render variable, as in Jinja2', () => {
    expect(
      namesOf('{% macro m() %}{{ x }}{% endmacro %}{{ m() }}{% set x = 1 %}{{ m() }}').variables,
    ).toEqual([]);
  });

  it('the render variable is read when the template reads the name before assigning it', () => {
    expect(namesOf('{{ x }}{% macro m() %}{{ x }}{% endmacro %}{% set x = 1 %}{{ m() }}').variables).toEqual([
      'x',
    ]);
    expect(
      namesOf('{% macro m() %}{{ x }}{% endmacro %}{% if c %}{% set x = 1 %}{% endif %}').variables,
    ).toEqual(['c', 'x']);
  });

  it('globals such as range, dict, namespace, cycler and joiner are not render variables', () => {
    expect(
      namesOf('{{ range(3)|list }}{{ dict(a=1) }}{{ namespace() }}{{ cycler(1).next() }}{{ joiner()() }}'),
    ).toEqual({ variables: [], members: {}, wholeVariables: [] });
  });

  it('a render variable can still replace a global at render time', () => {
    expect(compile('{{ range }}').render({ range: 'mine' })).toBe('mine');
  });

  it('a template of plain text reads nothing', () => {
    expect(namesOf('Hello there')).toEqual({ variables: [], members: {}, wholeVariables: [] });
  });
});

describe('the names match what a render reads', () => {
  it('rendering with only the listed members gives the same text as rendering with everything', () => {
    const source =
      "{% set n = UserAttribute['First Name']|title %}Hi {{ n }}! " +
      '{% for p in ProductSet.bestsellers %}{{ p.title }}{% if not loop.last %}, {% endif %}{% endfor %}';
    const data = {
      UserAttribute: { 'First Name': 'ada', city: 'Paris', unused: 'x' },
      ProductSet: { bestsellers: [{ title: 'Lamp' }, { title: 'Desk' }], other: [{ title: 'Nope' }] },
    };
    const template = compile(source);
    const { members, wholeVariables } = template.names;
    expect(wholeVariables).toEqual([]);
    const picked: Record<string, Record<string, unknown>> = {};
    for (const [name, keys] of Object.entries(members)) {
      const all = data[name as keyof typeof data] as Record<string, unknown>;
      picked[name] = Object.fromEntries(keys.map((k) => [k, all[k]]));
    }
    expect(template.render(picked)).toBe(template.render(data));
    expect(template.render(picked)).toBe('Hi Ada! Lamp, Desk');
  });
});
