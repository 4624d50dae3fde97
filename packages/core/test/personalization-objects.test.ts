import { describe, expect, it, vi } from 'vitest';
import {
  compile,
  createRenderer,
  memoryResolvers,
  NotFoundError,
  type Resolvers,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from '../src/index';
import { later, rejectionOf, rendererFor, sentText, textOf, USER_1 } from './helpers/personalization';

const jane = {
  id: 'u-1',
  email: 'Jane@Example.com',
  mobile: '+15550100',
  attributes: { 'First Name': 'jane', City: 'Berlin', Plan: null, Tier: 'gold', 'Loyalty ID': 'L-77' },
};

describe('UserAttribute', () => {
  const renderer = rendererFor({ users: [jane] });

  it('reads a stored attribute by subscript and by attribute access', async () => {
    expect(
      await textOf(renderer, "{{ UserAttribute['First Name']|title }} in {{ UserAttribute.City }}", {
        user: USER_1,
      }),
    ).toBe('Jane in Berlin');
  });

  it('a supplied attribute wins over the stored one', async () => {
    const input = { user: USER_1, userAttributes: { City: 'Paris' } };
    expect(await textOf(renderer, '{{ UserAttribute.City }}', input)).toBe('Paris');
  });

  it('a supplied attribute the store does not have is read as well', async () => {
    const input = { user: USER_1, userAttributes: { Shoe: 42 } };
    expect(await textOf(renderer, '{{ UserAttribute.Shoe + 1 }} {{ UserAttribute.City }}', input)).toBe(
      '43 Berlin',
    );
  });

  it('a stored null is missing: it prints empty, is not defined, and default replaces it', async () => {
    const source =
      "[{{ UserAttribute.Plan }}] {{ UserAttribute.Plan is defined }} {{ UserAttribute.Plan|default('free') }}";
    expect(await textOf(renderer, source, { user: USER_1 })).toBe('[] False free');
  });

  it('a supplied null overrides a stored value and reads as missing', async () => {
    const input = { user: USER_1, userAttributes: { City: null } };
    expect(await textOf(renderer, "{{ UserAttribute.City|default('nowhere') }}", input)).toBe('nowhere');
  });

  it('an attribute neither supplied nor stored is Undefined', async () => {
    const source = "[{{ UserAttribute['Last Name'] }}] {{ UserAttribute['Last Name']|default('?') }}";
    expect(await textOf(renderer, source, { user: USER_1 })).toBe('[] ?');
  });

  it('without a user, UserAttribute holds only the supplied attributes', async () => {
    const input = { userAttributes: { 'First Name': 'max' } };
    expect(await textOf(renderer, "{{ UserAttribute['First Name'] }}-{{ UserAttribute.City }}", input)).toBe(
      'max-',
    );
  });

  it('UserAttribute used whole sees every attribute: stored order, overrides in place, new ones after', async () => {
    const input = { user: USER_1, userAttributes: { City: 'Rome', Extra: 1, Tier: null } };
    expect(await textOf(renderer, '{{ UserAttribute.keys()|list }}', input)).toBe(
      "['First Name', 'City', 'Loyalty ID', 'Extra']",
    );
    expect(await textOf(renderer, "{{ UserAttribute|length }} {{ UserAttribute['Ci' ~ 'ty'] }}", input)).toBe(
      '4 Rome',
    );
  });

  it('the store is asked for the attributes the template names, or for all when it reads them whole', async () => {
    const userAttributes = vi.fn(() => jane.attributes);
    const spied = createRenderer({ resolvers: { users: { userAttributes } } });
    await spied.render("{{ UserAttribute['First Name'] }}{{ UserAttribute.City }}", { user: USER_1 });
    expect(userAttributes).toHaveBeenLastCalledWith(USER_1, ['First Name', 'City']);
    await spied.render('{% for k in UserAttribute %}{{ k }}{% endfor %}', { user: USER_1 });
    expect(userAttributes).toHaveBeenLastCalledWith(USER_1, undefined);
  });

  it('a template that reads no user attribute does not fetch the user', async () => {
    const userAttributes = vi.fn(() => jane.attributes);
    const spied = createRenderer({ resolvers: { users: { userAttributes } } });
    expect(await textOf(spied, 'static {{ 1 + 1 }}', { user: USER_1 })).toBe('static 2');
    expect(userAttributes).not.toHaveBeenCalled();
  });

  it('a user who does not exist is a NotFoundError for a template that reads user attributes', async () => {
    const error = await rejectionOf(
      renderer.render('{{ UserAttribute.City }}', { user: { identifier: 'ID', value: 'u-9' } }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("User with ID 'u-9' not found");
    expect((error as NotFoundError).kind).toBe('user');
  });

  it('a failing user store leaves the supplied attributes and adds a warning', async () => {
    const failing = createRenderer({
      resolvers: {
        users: {
          userAttributes: () => {
            throw new Error('store down');
          },
        },
      },
    });
    const result = await failing.render("{{ UserAttribute.City|default('-') }} {{ UserAttribute.Name }}", {
      user: USER_1,
      userAttributes: { Name: 'Ann' },
    });
    expect(result).toEqual({
      status: 'sent',
      text: '- Ann',
      warnings: [
        {
          source: 'user_attributes',
          name: 'u-1',
          message: 'The stored attributes of the user could not be loaded: store down',
        },
      ],
    });
  });

  it("a missing attribute with default('MOE_NOT_SEND') stops the message, naming the value", async () => {
    const result = await renderer.render("Hi {{ UserAttribute['Last Name']|default('MOE_NOT_SEND') }}", {
      user: USER_1,
    });
    expect(result).toEqual({
      status: 'not_sent',
      reason: "UserAttribute['Last Name'] is missing",
      warnings: [],
    });
  });
});

describe('the in-memory user store', () => {
  const renderer = rendererFor({ users: [jane, { id: 'u-2', attributes: { City: 'Oslo' } }] });
  const cityOf = (identifier: string, value: string) =>
    textOf(renderer, '{{ UserAttribute.City }}', { user: { identifier, value } });

  it('finds a user by ID, by e-mail (case-insensitively), by mobile or phone, and by an attribute', async () => {
    expect(await cityOf('ID', 'u-2')).toBe('Oslo');
    expect(await cityOf('email', 'jane@example.COM')).toBe('Berlin');
    expect(await cityOf('MOBILE', '+15550100')).toBe('Berlin');
    expect(await cityOf('Phone', '+15550100')).toBe('Berlin');
    expect(await cityOf('loyalty id', 'L-77')).toBe('Berlin');
  });

  it('finds no user by a value that matches nothing', async () => {
    expect(await rejectionOf(cityOf('EMAIL', 'nobody@example.com'))).toBeInstanceOf(NotFoundError);
  });
});

describe('EventAttribute', () => {
  const renderer = rendererFor({});

  it('reads the supplied event attributes; a null one is missing', async () => {
    const input = {
      eventName: 'Add to Cart',
      eventAttributes: { 'Add to Cart. Product Name': 'Lamp', Qty: null },
    };
    const source = "{{ EventAttribute['Add to Cart. Product Name'] }} x{{ EventAttribute.Qty|default(1) }}";
    expect(await textOf(renderer, source, input)).toBe('Lamp x1');
  });

  it('an event attribute that was not supplied is Undefined', async () => {
    expect(await textOf(renderer, '[{{ EventAttribute.Price }}]', { eventAttributes: {} })).toBe('[]');
  });
});

describe('ProductSet', () => {
  const products = [
    { title: 'Lamp', price: 19.5 },
    { title: 'Desk', price: 120 },
    { title: 'Chair', price: 45 },
    { title: 'Rug', price: 80 },
  ];
  const renderer = rendererFor({ productSets: { bestsellers: products, empty: [] } });

  it('a product set is a list of dicts: loop, index, slice, filters', async () => {
    const source =
      '{% if ProductSet.bestsellers %}{% for p in ProductSet.bestsellers[:3] %}{{ p.title }}{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}' +
      ' | {{ ProductSet.bestsellers[0].title }} | {{ ProductSet.bestsellers|map(attribute="price")|sum }}' +
      " | {{ ProductSet['empty']|length }}";
    expect(await textOf(renderer, source)).toBe('Lamp, Desk, Chair | Lamp | 264.5 | 0');
  });

  it("an unknown product set is an error in the service's words, placed at its reference", async () => {
    const error = await rejectionOf(
      renderer.render('Top:\n{{ ProductSet.bestsellers[0].title }} {{ ProductSet.nope }}'),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("Product Set with name 'nope' not found");
    expect((error as NotFoundError).line).toBe(2);
    expect((error as NotFoundError).column).toBe(42);
    expect((error as NotFoundError).describe()).toContain('^');
  });

  it('with no product set resolver every set is unknown', async () => {
    const error = await rejectionOf(createRenderer().render('{{ ProductSet.bestsellers }}'));
    expect(error.message).toBe("Product Set with name 'bestsellers' not found");
  });

  it('a failing product set store gives an empty list and a warning', async () => {
    const failing = createRenderer({
      resolvers: {
        productSets: {
          productSet: () => Promise.reject(new Error('503 Service Unavailable')),
          productSetNames: () => [],
        },
      },
    });
    const result = await failing.render(
      '[{% for p in ProductSet.top %}{{ p }}{% endfor %}]{{ ProductSet.top|length }}',
    );
    expect(result).toEqual({
      status: 'sent',
      text: '[]0',
      warnings: [
        {
          source: 'product_set',
          name: 'top',
          message: "Product set 'top' could not be loaded: 503 Service Unavailable",
        },
      ],
    });
  });

  it('a set read by a computed name is found among all sets', async () => {
    const source =
      "{% set name = 'best' ~ 'sellers' %}{{ ProductSet[name]|length }} {{ ProductSet.keys()|list }}";
    expect(await textOf(renderer, source)).toBe("4 ['bestsellers', 'empty']");
  });

  it('answers that come later (promises) are awaited', async () => {
    const resolvers: Resolvers = {
      productSets: {
        productSet: (name) => later(5, name === 'top' ? products : undefined),
        productSetNames: () => [],
      },
      users: { userAttributes: () => later(5, { City: 'Lima' }) },
    };
    const slow = createRenderer({ resolvers });
    expect(
      await textOf(slow, '{{ ProductSet.top[1].title }} {{ UserAttribute.City }}', { user: USER_1 }),
    ).toBe('Desk Lima');
  });
});

describe('render results', () => {
  const renderer = rendererFor({ users: [jane] });

  it('MOE_NOT_SEND gives "not sent" with its reason and no text', async () => {
    const result = await renderer.render('partial text {% MOE_NOT_SEND("no city") %} more', { user: USER_1 });
    expect(result).toEqual({ status: 'not_sent', reason: 'no city', warnings: [] });
  });

  it('a syntax error rejects with the TemplateSyntaxError', async () => {
    const error = await rejectionOf(renderer.render('{{ UserAttribute.City }'));
    expect(error).toBeInstanceOf(TemplateSyntaxError);
  });

  it("a template's own render error rejects, it is not a warning", async () => {
    const error = await rejectionOf(renderer.render('{{ 1 / 0 }}'));
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect((error as TemplateRuntimeError).kind).toBe('ZeroDivisionError');
  });

  it('a Template compiled elsewhere renders with the personalization objects', async () => {
    const template = compile("{{ UserAttribute['First Name']|upper }}");
    expect(sentText(await renderer.render(template, { user: USER_1 }))).toBe('JANE');
  });

  it('memoryResolvers gives a resolver for every source', () => {
    expect(Object.keys(memoryResolvers({})).sort()).toEqual([
      'contentApis',
      'contentBlocks',
      'productSets',
      'users',
    ]);
  });
});
