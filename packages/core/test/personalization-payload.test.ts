import { describe, expect, it, vi } from 'vitest';
import { createRenderer, LimitError, NotFoundError, type Resolvers, TemplateSyntaxError } from '../src/index';
import { later, rendererFor, USER_1 } from './helpers/personalization';

/** Resolvers that answer later and count every fetch. */
function countingResolvers() {
  const users = vi.fn(() => later(2, { 'First Name': 'jane', City: 'Berlin' }));
  const blocks = vi.fn((name: string) =>
    later(2, name === 'footer' ? 'Bye {{ UserAttribute.City }}' : undefined),
  );
  const sets = vi.fn((name: string) => later(2, name === 'top' ? [{ title: 'Lamp' }] : undefined));
  const apis = vi.fn((_name: string) => later(2, { temp: 21 }));
  const resolvers: Resolvers = {
    users: { userAttributes: users },
    contentBlocks: { contentBlock: blocks, contentBlockNames: () => ['footer'] },
    productSets: { productSet: sets, productSetNames: () => ['top'] },
    contentApis: { callContentApi: apis },
  };
  return { resolvers, users, blocks, sets, apis };
}

describe('renderPayload', () => {
  it('renders every string of a nested payload and keeps every other value', async () => {
    const renderer = rendererFor({ users: [{ id: 'u-1', attributes: { City: 'Berlin' } }] });
    const payload = {
      title: 'Hi {{ UserAttribute.City }}',
      count: 3,
      flag: true,
      none: null,
      ANDROID: {
        basic_details: { message: '{{ 1 + 1 }}' },
        buttons: [{ btn_name: 'Go {{ UserAttribute.City|upper }}' }, 7],
      },
    };
    expect(await renderer.renderPayload(payload, { user: USER_1 })).toEqual({
      payload: {
        title: 'Hi Berlin',
        count: 3,
        flag: true,
        none: null,
        ANDROID: { basic_details: { message: '2' }, buttons: [{ btn_name: 'Go BERLIN' }, 7] },
      },
      failures: [],
      warnings: [],
    });
  });

  it('all fields of one message share one set of fetches', async () => {
    const counting = countingResolvers();
    const renderer = createRenderer({ resolvers: counting.resolvers, cache: false });
    const payload = {
      title:
        "{{ UserAttribute['First Name'] }} {{ ContentApi.weather({'params': {'c': UserAttribute.City}}).temp }}",
      body: '{{ ContentBlock.footer }} {{ ProductSet.top[0].title }} {{ ContentApi.weather({"params": {"c": "Berlin"}}).temp }}',
      extra: ['{{ ContentBlock.footer }}{{ ProductSet.top|length }}{{ UserAttribute.City }}'],
    };
    const result = await renderer.renderPayload(payload, { user: USER_1 });
    expect(result.payload).toEqual({
      title: 'jane 21',
      body: 'Bye Berlin Lamp 21',
      extra: ['Bye Berlin1Berlin'],
    });
    expect(counting.users).toHaveBeenCalledTimes(1);
    expect(counting.blocks).toHaveBeenCalledTimes(1);
    expect(counting.sets).toHaveBeenCalledTimes(1);
    expect(counting.apis).toHaveBeenCalledTimes(1);
  });

  it('separate renders fetch again: the sharing is per message', async () => {
    const counting = countingResolvers();
    const renderer = createRenderer({ resolvers: counting.resolvers });
    await renderer.render('{{ UserAttribute.City }}{{ ProductSet.top }}', { user: USER_1 });
    await renderer.render('{{ UserAttribute.City }}{{ ProductSet.top }}', { user: USER_1 });
    expect(counting.users).toHaveBeenCalledTimes(2);
    expect(counting.sets).toHaveBeenCalledTimes(2);
  });

  it('a failing field is listed with its path and its error; the other fields render', async () => {
    const renderer = rendererFor({ productSets: { top: [] } });
    const result = await renderer.renderPayload({
      ok: 'fine',
      list: ['a', '{{ ProductSet.gone }}', { deep: '{{ oops }' }],
    });
    expect(result.payload).toEqual({ ok: 'fine', list: ['a', '', { deep: '' }] });
    expect(result.failures.map((f) => [f.path, f.status])).toEqual([
      [['list', 1], 'error'],
      [['list', 2, 'deep'], 'error'],
    ]);
    const [notFound, syntax] = result.failures;
    expect(notFound.status === 'error' && notFound.error).toBeInstanceOf(NotFoundError);
    expect(syntax.status === 'error' && syntax.error).toBeInstanceOf(TemplateSyntaxError);
  });

  it('fields that finish at once and fields that wait for a fetch are reported alike', async () => {
    const counting = countingResolvers();
    const renderer = createRenderer({ resolvers: counting.resolvers });
    const result = await renderer.renderPayload(
      {
        now: 'plain {{ 2 * 3 }}',
        later: '{{ ProductSet.top[0].title }}',
        gone: '{{ ProductSet.gone }}',
        broken: '{% if %}',
        thrown: '{{ 1 / 0 }}',
        // The call's arguments are known only while rendering: the field waits, then fails.
        fetched: "{{ ContentApi.weather({'params': {'c': UserAttribute.City}}).temp }}",
        thrownLater: "{{ ContentApi.weather({'params': {'c': UserAttribute.City}}).temp / 0 }}",
      },
      { user: USER_1 },
    );
    expect(result.payload).toEqual({
      now: 'plain 6',
      later: 'Lamp',
      gone: '',
      broken: '',
      thrown: '',
      fetched: '21',
      thrownLater: '',
    });
    expect(result.failures.map((f) => [f.path, f.status === 'error' && f.error.name])).toEqual([
      [['gone'], 'NotFoundError'],
      [['broken'], 'TemplateSyntaxError'],
      [['thrown'], 'TemplateRuntimeError'],
      [['thrownLater'], 'TemplateRuntimeError'],
    ]);
  });

  it('a field that says not to send is listed as not sent, with its reason', async () => {
    const renderer = rendererFor({});
    const result = await renderer.renderPayload({
      a: 'x',
      b: "{{ UserAttribute.Name|default('MOE_NOT_SEND') }}",
    });
    expect(result.failures).toEqual([
      { path: ['b'], status: 'not_sent', reason: 'UserAttribute.Name is missing' },
    ]);
  });

  it('warnings of the shared fetches are reported once for the payload', async () => {
    const renderer = createRenderer({
      resolvers: { contentApis: { callContentApi: () => Promise.reject(new Error('down')) } },
    });
    const result = await renderer.renderPayload({
      a: '{{ ContentApi.x().v }}a',
      b: '{{ ContentApi.x().v }}b',
    });
    expect(result).toEqual({
      payload: { a: 'a', b: 'b' },
      failures: [],
      warnings: [{ source: 'content_api', name: 'x', message: "Content API 'x' failed: down" }],
    });
  });

  it('all fields of one message share one timeoutMs: fields that each run to the limit stop together', async () => {
    const renderer = createRenderer({
      limits: { timeoutMs: 100, maxLoopIterations: Number.MAX_SAFE_INTEGER },
    });
    const spin =
      '{% for i in range(100000) %}{% for j in range(100000) %}{% if j < 0 %}x{% endif %}{% endfor %}{% endfor %}';
    const payload = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, spin]));
    const start = Date.now();
    const result = await renderer.renderPayload(payload);
    const ms = Date.now() - start;
    expect(result.failures).toHaveLength(20);
    for (const failure of result.failures) {
      expect(failure.status === 'error' && failure.error).toBeInstanceOf(LimitError);
    }
    // With a limit per field they would take 20 x 100 ms at least.
    expect(ms).toBeLessThan(1_500);
  });

  it('the time between fields and passes that wait for data does not count', async () => {
    const apis = { callContentApi: () => later(150, { temp: 21 }) };
    const renderer = createRenderer({ resolvers: { contentApis: apis }, limits: { timeoutMs: 100 } });
    const result = await renderer.renderPayload({
      a: '{{ ContentApi.weather({"city": "a"}).temp }}',
      b: '{% set w = ContentApi.weather({"city": "b"}) %}{{ ContentApi.weather({"city": w.temp}).temp }}',
    });
    expect(result.failures).toEqual([]);
    expect(result.payload).toEqual({ a: '21', b: '21' });
  });

  it('payload keys such as __proto__ stay plain keys', async () => {
    const payload = JSON.parse('{"__proto__": "{{ 2 * 2 }}", "b": "x"}') as Record<string, string>;
    const result = await rendererFor({}).renderPayload(payload);
    expect(Object.keys(result.payload)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(result.payload, '__proto__')?.value).toBe('4');
  });

  it('a payload that is a single string renders as that string', async () => {
    expect((await rendererFor({}).renderPayload('{{ "a"|upper }}')).payload).toBe('A');
  });
});

describe('the template cache', () => {
  it('compiles a source once and reuses it', () => {
    const renderer = createRenderer();
    expect(renderer.compile('{{ x }}')).toBe(renderer.compile('{{ x }}'));
  });

  it('can be turned off', () => {
    const renderer = createRenderer({ cache: { templates: false } });
    expect(renderer.compile('{{ x }}')).not.toBe(renderer.compile('{{ x }}'));
    const none = createRenderer({ cache: false });
    expect(none.compile('{{ x }}')).not.toBe(none.compile('{{ x }}'));
  });

  it('is bounded by entries', () => {
    const renderer = createRenderer({ cache: { templates: { max: 2 } } });
    const first = renderer.compile('a');
    renderer.compile('b');
    renderer.compile('c');
    expect(renderer.compile('a')).not.toBe(first);
    expect(renderer.compile('c')).toBe(renderer.compile('c'));
  });

  it('is bounded by size', () => {
    const renderer = createRenderer({ cache: { templates: { maxSize: 100 } } });
    const big = 'x'.repeat(200);
    expect(renderer.compile(big)).not.toBe(renderer.compile(big));
  });

  it("compiles with the renderer's limits and clock", async () => {
    const renderer = createRenderer({
      limits: { maxLoopIterations: 3 },
      clock: () => new Date(Date.UTC(2020, 9, 14, 12)),
    });
    expect(await renderer.render("{{ '%d/%m/%Y'|today('UTC') }}")).toMatchObject({ text: '14/10/2020' });
    await expect(renderer.render('{% for i in range(5) %}{% endfor %}')).rejects.toMatchObject({
      limit: 'maxLoopIterations',
    });
  });
});
