import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ContentApiArgumentError,
  type ContentApiArguments,
  compile,
  contentApiArgumentSources,
  createRenderer,
  memoryResolvers,
  NotFoundError,
  type UserIdentification,
} from '../src/index';
import { rejectionOf, textOf } from './helpers/personalization';

const USERS = [
  { id: 'u-1', attributes: { ID: 'u-1', 'First Name': 'jane', City: 'Berlin' } },
  { id: 'u-2', attributes: { ID: 'u-2', 'First Name': 'omar', City: '{{ UserAttribute.ID }}' } },
];

/** A renderer whose `variants` API echoes its params, recording each call and each user lookup. */
function recordingRenderer(productSets: Record<string, unknown[]> = {}) {
  const calls: ContentApiArguments[] = [];
  const lookups: (readonly string[] | undefined)[] = [];
  const memory = memoryResolvers({
    users: USERS,
    contentBlocks: { greeting: "Hi {{ UserAttribute['First Name']|title }}" },
    productSets,
  });
  const renderer = createRenderer({
    resolvers: {
      ...memory,
      users: {
        userAttributes: (who, names) => {
          lookups.push(names);
          return memory.users.userAttributes(who, names);
        },
      },
      contentApis: {
        callContentApi: (_name, args) => {
          calls.push(args);
          return { echo: args.params };
        },
      },
    },
  });
  return { renderer, calls, lookups };
}

const user = (value: string): UserIdentification => ({ identifier: 'ID', value });

const VARIANTS = `{% set v = ContentApi.variants({"params": {"recipient_id": "{{UserAttribute['ID']}}"}}) %}{{ v.echo.recipient_id }}`;

describe('tokens inside content API arguments', () => {
  it("a string of the argument that holds a token is rendered with the user's data before the call", async () => {
    const { renderer, calls } = recordingRenderer();
    expect(await textOf(renderer, VARIANTS, { user: user('u-1') })).toBe('u-1');
    expect(calls).toEqual([{ params: { recipient_id: 'u-1' } }]);
  });

  it("what the token reads is fetched with the template's reads, though the template reads no UserAttribute itself", async () => {
    const { renderer, lookups } = recordingRenderer();
    await renderer.render(VARIANTS, { user: user('u-1') });
    expect(lookups).toEqual([['ID']]);
  });

  it('two users make two calls; the same user again is answered from the result cache', async () => {
    const { renderer, calls } = recordingRenderer();
    const texts = [];
    for (const id of ['u-1', 'u-2', 'u-1', 'u-2'])
      texts.push(await textOf(renderer, VARIANTS, { user: user(id) }));
    expect(texts).toEqual(['u-1', 'u-2', 'u-1', 'u-2']);
    expect(calls).toEqual([{ params: { recipient_id: 'u-1' } }, { params: { recipient_id: 'u-2' } }]);
  });

  it('tokens may read event attributes and content blocks, anywhere in the argument, mixed with text', async () => {
    const { renderer, calls } = recordingRenderer();
    const source =
      '{{ ContentApi.variants({"params": {"ids": ["x", "{{ EventAttribute.sku }}-{{ UserAttribute.City|lower }}"]},' +
      ' "request_body": {"text": "{{ ContentBlock[\'greeting\'] }}!"}}).echo.ids }}';
    const text = await textOf(renderer, source, { user: user('u-1'), eventAttributes: { sku: 'S-9' } });
    expect(text).toBe("['x', 'S-9-berlin']");
    expect(calls).toEqual([{ params: { ids: ['x', 'S-9-berlin'] }, request_body: { text: 'Hi Jane!' } }]);
  });

  it('a string that reaches the argument from data is sent as it is, braces and all', async () => {
    const { renderer, calls } = recordingRenderer();
    const source = "{{ ContentApi.variants({'params': {'city': UserAttribute.City}}).echo.city }}";
    expect(await textOf(renderer, source, { user: user('u-2') })).toBe('{{ UserAttribute.ID }}');
    expect(calls).toEqual([{ params: { city: '{{ UserAttribute.ID }}' } }]);
  });

  it('a token string printed rather than passed stays text', async () => {
    const { renderer } = recordingRenderer();
    const source = `{{ "{{UserAttribute['ID']}}" }} {{ ContentApi.variants({"params": {"id": "{{UserAttribute['ID']}}"}}).echo.id }}`;
    expect(await textOf(renderer, source, { user: user('u-1') })).toBe("{{UserAttribute['ID']}} u-1");
  });

  it('a token string set in a variable first is rendered when the variable is passed', async () => {
    const { renderer, calls } = recordingRenderer();
    const source = `{% set args = {"params": {"id": "{{UserAttribute['ID']}}"}} %}{{ ContentApi.variants(args).echo.id }}`;
    expect(await textOf(renderer, source, { user: user('u-2') })).toBe('u-2');
    expect(calls).toEqual([{ params: { id: 'u-2' } }]);
  });

  it('a token that reads ProductSet is an error naming the API and the place in the argument, at the call', async () => {
    const { renderer, calls } = recordingRenderer({ bestsellers: [{ title: 'Lamp' }] });
    const source = `ok\n{{ ContentApi.variants({"params": {"ids": ["a", "{{ ProductSet.bestsellers|length }}"]}}) }}`;
    const error = await rejectionOf(renderer.render(source, { user: user('u-1') }));
    expect(error).toBeInstanceOf(ContentApiArgumentError);
    expect(error.message).toBe(
      'the argument of ContentApi.variants() at params.ids[1] uses ProductSet: in a token of a content API ' +
        'argument only UserAttribute, EventAttribute and ContentBlock may be used',
    );
    expect((error as ContentApiArgumentError).line).toBe(2);
    expect(calls).toEqual([]);
  });

  it('a token that calls a content API is an error too', async () => {
    const { renderer } = recordingRenderer();
    const source = '{{ ContentApi.variants({"params": {"id": "{{ ContentApi.other().id }}"}}) }}';
    const error = await rejectionOf(renderer.render(source));
    expect(error.message).toMatch(/^the argument of ContentApi\.variants\(\) at params\.id uses ContentApi:/);
  });

  it('a token that does not compile is an error with its place in the token', async () => {
    const { renderer } = recordingRenderer();
    const error = await rejectionOf(
      renderer.render('{{ ContentApi.variants({"params": {"id": "{{ x + }}"}}) }}'),
    );
    expect(error).toBeInstanceOf(ContentApiArgumentError);
    expect(error.message).toMatch(
      /^the argument of ContentApi\.variants\(\) at params\.id does not compile: line 1, column 8: unexpected 'end of print statement'/,
    );
  });

  it('a token that fails while rendering names its error', async () => {
    const { renderer } = recordingRenderer();
    const error = await rejectionOf(
      renderer.render('{{ ContentApi.variants({"params": {"n": "{{ 1 // 0 }}"}}) }}'),
    );
    expect(error.message).toMatch(
      /^the argument of ContentApi\.variants\(\) at params\.n failed: .*division/,
    );
  });

  it("a token saying not to send stops the message, and a user who does not exist is the render's error", async () => {
    const { renderer, calls } = recordingRenderer();
    const coupon = `{{ ContentApi.variants({"params": {"c": "{{ UserAttribute['Coupon']|default('MOE_NOT_SEND') }}"}}) }}`;
    expect(await renderer.render(coupon, { user: user('u-1') })).toMatchObject({ status: 'not_sent' });
    const missing = await rejectionOf(renderer.render(VARIANTS, { user: user('nobody') }));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(calls).toEqual([]);
  });

  it('renderPayload renders tokens of every field, and fields share identical calls', async () => {
    const { renderer, calls } = recordingRenderer();
    const result = await renderer.renderPayload({ a: VARIANTS, b: `[${VARIANTS}]` }, { user: user('u-2') });
    expect(result.payload).toEqual({ a: 'u-2', b: '[u-2]' });
    expect(calls).toHaveLength(1);
  });
});

describe('contentApiArgumentSources', () => {
  it("lists the template's string literals that hold a token, once each, when it calls ContentApi", () => {
    const template = compile(
      `{% set a = "{{ UserAttribute.City }}" %}{{ ContentApi.x({"p": a, "q": "plain", "r": "{{ UserAttribute.City }}", "s": "{{EventAttribute.n}}"}) }}`,
    );
    expect(contentApiArgumentSources(template)).toEqual(['{{ UserAttribute.City }}', '{{EventAttribute.n}}']);
  });

  it('lists nothing for a template that does not call ContentApi', () => {
    expect(contentApiArgumentSources(compile(`{{ "{{ UserAttribute.City }}" }}`))).toEqual([]);
  });
});

describe('tokens inside content API arguments, as a property', () => {
  it('the API receives each token rendered as the template alone renders it, and data strings as they are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), async (id, typed) => {
        const calls: ContentApiArguments[] = [];
        const renderer = createRenderer({
          resolvers: {
            contentApis: {
              callContentApi: (_name, args) => {
                calls.push(args);
                return {};
              },
            },
          },
        });
        const token = "{{ UserAttribute['ID']|upper }}-{{ UserAttribute.Typed|length }}";
        const source = `{{ ContentApi.v({"params": {"id": "${token}", "typed": UserAttribute.Typed}}) }}`;
        const attributes = { ID: id, Typed: typed };
        await renderer.render(source, { userAttributes: attributes });
        expect(calls).toEqual([
          { params: { id: compile(token).render({ UserAttribute: attributes }), typed } },
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
