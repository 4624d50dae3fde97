import { describe, expect, it, vi } from 'vitest';

// Records which key and owner each compiled read asks `propertyLoad` for.
const asked: { key: string; owner: string }[] = [];
vi.mock('../src/runtime/keyed-access', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/runtime/keyed-access')>();
  return {
    ...original,
    propertyLoad: (key: string, owner = '') => {
      asked.push({ key, owner });
      return original.propertyLoad(key, owner);
    },
  };
});

const { compile } = await import('../src/index');

/** The owners the reads of `key` asked for while `source` compiled. */
function ownersOf(source: string, key: string): string[] {
  asked.length = 0;
  compile(source, { cache: false });
  return asked.filter((a) => a.key === key).map((a) => a.owner);
}

describe('member reads get a property read per template and kind of object', () => {
  it('tells two templates apart, and the same template compiled again gets the same', () => {
    const cart = '{% for item in cart %}{{ item.price }}{% endfor %}';
    const order = '{% for item in lines %}{{ item.price }} x{% endfor %}';
    const [inCart] = ownersOf(cart, 'price');
    const [inOrder] = ownersOf(order, 'price');
    expect(inCart).toMatch(/\0item$/);
    expect(inOrder).toMatch(/\0item$/);
    expect(inCart).not.toBe(inOrder);
    expect(ownersOf(cart, 'price')).toEqual([inCart]);
  });

  it('tells kinds of object apart within a template, for reads, `in` and `get`', () => {
    const owners = ownersOf(
      "{{ item.price }}{{ variant['price'] }}{{ 'price' in item.specs }}{{ item.specs.get('price') }}",
      'price',
    );
    expect(owners.map((owner) => owner.split('\0')[1])).toEqual(['item', 'variant', 'specs', 'specs']);
    expect(new Set(owners.map((owner) => owner.split('\0')[0])).size).toBe(1);
  });

  it('reads the render variables by name alone, in every template', () => {
    expect(ownersOf('{{ price }}', 'price')).toEqual(['']);
    expect(ownersOf('{{ price }}!', 'price')).toEqual(['']);
  });
});

describe('render variables of any kind of object', () => {
  it('are read alike, and a name they lack is the global or undefined', () => {
    class Variables {
      name = 'Ana';
    }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'Ana' });
    const kinds: Array<[string, Record<string, unknown>]> = [
      ['plain', { name: 'Ana' }],
      ['without a prototype', bare],
      ['an instance', new Variables() as unknown as Record<string, unknown>],
      ['with its own constructor', { name: 'Ana', constructor: 'x' }],
    ];
    const template = compile(
      '{{ name }}|{{ range(2)|list }}|{{ missing is defined }}|{{ toString is defined }}',
      {
        cache: false,
      },
    );
    for (const [, variables] of kinds) {
      for (let i = 0; i < 3; i++) expect(template.render(variables)).toBe('Ana|[0, 1]|False|False');
    }
  });
});
