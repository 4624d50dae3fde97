import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ContentApiArguments, compile, createRenderer, type Resolvers } from '../src/index';
import { PyCallable } from '../src/runtime/values';
import { USER_1 } from './helpers/personalization';

const ATTRIBUTES = ['First Name', 'City', 'Tier', 'Points', 'x'];
const IDENTIFIERS = ['City', 'Tier', 'Points', 'x'];
const SETS = ['top', 'sale'];
const APIS = ['weather', 'cart', 'broken'];

const attributeValue = fc.oneof(
  fc.constantFrom('gold', 'silver', 'jane', ''),
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', 'é', '1'), maxLength: 6 }),
  fc.integer({ min: -100, max: 100 }),
  fc.boolean(),
  fc.constant(null),
);
const attributes = fc.dictionary(fc.constantFrom(...ATTRIBUTES), attributeValue, { maxKeys: 5 });
const product = fc.record({
  title: fc.constantFrom('Lamp', 'Desk', 'Rug'),
  price: fc.integer({ min: 0, max: 99 }),
});
const text = fc.string({ unit: fc.constantFrom('a', ' ', '-', '\n', 'Z'), maxLength: 5 });

/** One piece of template that reads the data objects. */
const part = fc.oneof(
  text,
  fc.constantFrom(...ATTRIBUTES).map((name) => `{{ UserAttribute['${name}'] }}`),
  fc.constantFrom(...IDENTIFIERS).map((name) => `{{ UserAttribute.${name}|default('d') }}`),
  fc.constantFrom(...ATTRIBUTES).map((name) => `{{ EventAttribute['${name}']|default('-') }}`),
  fc
    .constantFrom(...SETS)
    .map((set) => `{% for p in ProductSet.${set} %}{{ p.title }}:{{ p.price }};{% endfor %}`),
  fc.constantFrom(...SETS).map((set) => `{{ ProductSet['${set}']|length }}{{ ProductSet.${set}[:1] }}`),
  fc.constantFrom('footer', 'legal', 'promo').map((name) => `[{{ ContentBlock['${name}'] }}]`),
  fc
    .constantFrom(...APIS)
    .map(
      (api) =>
        `{% set r = ContentApi.${api}({'params': {'k': UserAttribute['City']|default('none')|string}}) %}{{ r.v }}`,
    ),
  fc.constant("{% if UserAttribute.Tier == 'gold' %}G{% else %}N{% endif %}"),
  fc.constant('{{ UserAttribute.items()|list }}'),
  fc.constant('{{ EventAttribute|length }}'),
);
const template = fc.array(part, { maxLength: 6 }).map((parts) => parts.join(''));

/** Block sources: `footer` may include `legal` and `promo`, `legal` may include `promo`: never a cycle. */
const blockPart = (lower: string[]) =>
  fc.oneof(
    text,
    fc.constantFrom(...ATTRIBUTES).map((name) => `{{ UserAttribute['${name}'] }}`),
    fc.constantFrom(...ATTRIBUTES).map((name) => `{{ EventAttribute['${name}'] }}`),
    ...(lower.length > 0 ? [fc.constantFrom(...lower).map((name) => `({{ ContentBlock.${name} }})`)] : []),
  );
const blocks = fc.record({
  footer: fc.array(blockPart(['legal', 'promo']), { maxLength: 4 }).map((p) => p.join('')),
  legal: fc.array(blockPart(['promo']), { maxLength: 4 }).map((p) => p.join('')),
  promo: fc.array(blockPart([]), { maxLength: 4 }).map((p) => p.join('')),
});

const world = fc.record({
  stored: attributes,
  supplied: attributes,
  event: attributes,
  sets: fc.record({ top: fc.array(product, { maxLength: 3 }), sale: fc.array(product, { maxLength: 3 }) }),
  blocks,
  later: fc.record({ users: fc.boolean(), sets: fc.boolean(), blocks: fc.boolean(), apis: fc.boolean() }),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

/** The API every renderer and oracle shares: a result computed from the argument, or a failure. */
function apiResult(name: string, key: unknown): Record<string, unknown> {
  if (name === 'broken') throw new Error('broken API');
  return { v: `${name}-${String(key)}` };
}

/** Python's `{**stored, **supplied}` without the None values, written independently of the engine. */
function merged(stored: Record<string, unknown>, supplied: Record<string, unknown>): Record<string, unknown> {
  const out = new Map<string, unknown>(Object.entries(stored));
  for (const [key, value] of Object.entries(supplied)) out.set(key, value);
  return Object.fromEntries([...out].filter(([, value]) => value !== null));
}

const maybeLater = <T>(delay: boolean, value: T): T | Promise<T> => (delay ? Promise.resolve(value) : value);

function resolversOf(w: World): Resolvers {
  return {
    users: { userAttributes: () => maybeLater(w.later.users, w.stored) },
    productSets: {
      productSet: (name) => maybeLater(w.later.sets, (w.sets as Record<string, unknown[]>)[name]),
      productSetNames: () => SETS,
    },
    contentBlocks: {
      contentBlock: (name) => maybeLater(w.later.blocks, (w.blocks as Record<string, string>)[name]),
      contentBlockNames: () => Object.keys(w.blocks),
    },
    contentApis: {
      callContentApi: (name, args: ContentApiArguments) => {
        const result = apiResult(name, (args.params as { k: unknown }).k);
        return maybeLater(w.later.apis, result);
      },
    },
  };
}

/** Every data object as a plain render variable. */
function plainVariables(w: World): Record<string, unknown> {
  const user = merged(w.stored, w.supplied);
  const event = merged(w.event, {});
  const data = { UserAttribute: user, EventAttribute: event };
  const promo = compile(w.blocks.promo).render(data);
  const legal = compile(w.blocks.legal).render({ ...data, ContentBlock: { promo } });
  const footer = compile(w.blocks.footer).render({ ...data, ContentBlock: { promo, legal } });
  const api = (name: string) =>
    new PyCallable(name, (_state, args) => {
      const params = (args[0] as { params: { k: unknown } }).params;
      try {
        return apiResult(name, params.k);
      } catch {
        return {};
      }
    });
  return {
    ...data,
    ProductSet: w.sets,
    ContentBlock: { footer, legal, promo },
    ContentApi: new PyCallable('ContentApi', () => null, new Map(APIS.map((name) => [name, api(name)]))),
  };
}

function outcomeOf(run: () => string): string {
  try {
    return `text:${run()}`;
  } catch (error) {
    return `error:${(error as Error).message}`;
  }
}

describe('personalization properties', () => {
  it('rendering with resolvers equals rendering the same template with all data passed as plain variables', async () => {
    await fc.assert(
      fc.asyncProperty(template, world, async (source, w) => {
        const expected = outcomeOf(() => compile(source).render(plainVariables(w)));
        const renderer = createRenderer({ resolvers: resolversOf(w) });
        const input = { user: USER_1, userAttributes: w.supplied, eventAttributes: w.event };
        let actual: string;
        try {
          const result = await renderer.render(source, input);
          actual = result.status === 'sent' ? `text:${result.text}` : `not sent:${result.reason}`;
        } catch (error) {
          actual = `error:${(error as Error).message}`;
        }
        expect(actual).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('a payload renders each field as rendering that field alone does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(template, { minLength: 1, maxLength: 4 }), world, async (sources, w) => {
        const renderer = createRenderer({ resolvers: resolversOf(w) });
        const input = { user: USER_1, userAttributes: w.supplied, eventAttributes: w.event };
        const alone = await Promise.all(sources.map((source) => renderer.render(source, input)));
        const together = await renderer.renderPayload(sources, input);
        expect(together.failures).toEqual([]);
        expect(together.payload).toEqual(
          alone.map((result) => (result.status === 'sent' ? result.text : null)),
        );
      }),
      { numRuns: 100 },
    );
  });
});
