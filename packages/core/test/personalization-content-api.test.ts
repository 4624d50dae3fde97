import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ContentApiArguments,
  type ContentApiResolver,
  createRenderer,
  NotFoundError,
  type RendererOptions,
  TemplateRuntimeError,
} from '../src/index';
import { later, rejectionOf, rendererFor, textOf, USER_1 } from './helpers/personalization';

type Handler = (name: string, args: ContentApiArguments) => unknown;

/** A content API resolver that records every call it receives. */
function recordingApis(handler: Handler) {
  const calls: [string, ContentApiArguments][] = [];
  const resolver: ContentApiResolver = {
    callContentApi: (name, args) => {
      calls.push([name, args]);
      return handler(name, args) as ReturnType<ContentApiResolver['callContentApi']>;
    },
  };
  return { calls, resolver };
}

function rendererWith(resolver: ContentApiResolver, options: Omit<RendererOptions, 'resolvers'> = {}) {
  return createRenderer({
    ...options,
    resolvers: { contentApis: resolver, users: { userAttributes: () => ({ City: 'Berlin', Zip: '10115' }) } },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ContentApi calls', () => {
  it('a call gives the API result; the resolver gets the name and the argument object', async () => {
    const { calls, resolver } = recordingApis(() => ({ temp: 21, sky: 'clear' }));
    const source =
      '{% set r = ContentApi.weather({"params": {"city": "Berlin"}, "static_params": {"units": "metric"}, ' +
      '"dynamic_params": {"day": 1}, "request_body": {"a": [1, 2]}}) %}{{ r.temp }} and {{ r.sky }}';
    expect(await textOf(rendererWith(resolver), source)).toBe('21 and clear');
    expect(calls).toEqual([
      [
        'weather',
        {
          params: { city: 'Berlin' },
          static_params: { units: 'metric' },
          dynamic_params: { day: 1 },
          request_body: { a: [1, 2] },
        },
      ],
    ]);
  });

  it('ContentApi.cart() with no argument calls with an empty argument object', async () => {
    const { calls, resolver } = recordingApis(() => ({ total: 3 }));
    expect(await textOf(rendererWith(resolver), '{{ ContentApi.cart().total }}')).toBe('3');
    expect(calls).toEqual([['cart', {}]]);
  });

  it('arguments may use set variables and user attributes; they are evaluated before the call', async () => {
    const { calls, resolver } = recordingApis((_name, args) => ({ echo: args.params }));
    const source =
      "{% set day = 2 + 3 %}{% set r = ContentApi.weather({'params': {'city': UserAttribute.City, 'day': day, " +
      "'zip': UserAttribute['Zip'] ~ '-' ~ nothing}}) %}{{ r.echo.city }} {{ r.echo.day }}";
    expect(await textOf(rendererWith(resolver), source, { user: USER_1 })).toBe('Berlin 5');
    expect(calls).toEqual([['weather', { params: { city: 'Berlin', day: 5, zip: '10115-' } }]]);
  });

  it("a call whose arguments use an earlier call's result is made after it, once, with the real value", async () => {
    const { calls, resolver } = recordingApis((name, args) =>
      later(
        5,
        name === 'profile'
          ? { segment: 'vip' }
          : { offer: `${(args.params as { segment: string }).segment}-deal` },
      ),
    );
    const source =
      "{% set p = ContentApi.profile() %}{% set o = ContentApi.offers({'params': {'segment': p.segment}}) %}{{ o.offer }}";
    expect(await textOf(rendererWith(resolver), source)).toBe('vip-deal');
    expect(calls).toEqual([
      ['profile', {}],
      ['offers', { params: { segment: 'vip' } }],
    ]);
  });

  it('calls that do not depend on each other start together', async () => {
    vi.useFakeTimers();
    const { calls, resolver } = recordingApis((name) => later(100, { name }));
    const pending = rendererWith(resolver).render(
      '{{ ContentApi.a().name }}{{ ContentApi.b().name }}{{ ContentApi.c().name }}',
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map(([name]) => name)).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(100);
    expect(await pending).toMatchObject({ text: 'abc' });
  });

  it('identical calls in one render are made once, whatever the key order of their arguments', async () => {
    const { calls, resolver } = recordingApis(() => later(1, { n: 7 }));
    const source =
      "{{ ContentApi.w({'params': {'a': 1, 'b': 2}}).n }}{{ ContentApi.w({'params': {'b': 2, 'a': 1}}).n }}" +
      "{% for i in range(3) %}{{ ContentApi.w({'params': {'a': 1, 'b': 2}}).n }}{% endfor %}";
    expect(await textOf(rendererWith(resolver), source)).toBe('77777');
    expect(calls).toHaveLength(1);
  });

  it('different arguments are different calls', async () => {
    const { calls, resolver } = recordingApis((_name, args) => ({ v: args.params }));
    const source = "{% for i in [1, 2, 1] %}{{ ContentApi.w({'params': i}).v }}{% endfor %}";
    expect(await textOf(rendererWith(resolver), source)).toBe('121');
    expect(calls.map(([, args]) => args.params)).toEqual([1, 2]);
  });

  it('arguments travel as JSON: None and Undefined are null, tuples are lists, 2.0 is 2', async () => {
    const { calls, resolver } = recordingApis(() => ({}));
    await rendererWith(resolver).render(
      "{{ ContentApi.x({'params': {'n': none, 'u': UserAttribute.Nope, 't': (1, 'a'), 'f': 4 / 2, 's': 'x'|safe}}) }}",
    );
    expect(calls).toEqual([['x', { params: { n: null, u: null, t: [1, 'a'], f: 2, s: 'x' } }]]);
  });

  it('an argument that is not a dict, or keyword arguments, are a TypeError', async () => {
    const { resolver } = recordingApis(() => ({}));
    const renderer = rendererWith(resolver);
    const notDict = await rejectionOf(renderer.render('{{ ContentApi.x([1]) }}'));
    expect(notDict).toBeInstanceOf(TemplateRuntimeError);
    expect(notDict.message).toBe('the argument of ContentApi.x() must be a dict, not list');
    const keywords = await rejectionOf(renderer.render('{{ ContentApi.x(params={}) }}'));
    expect(keywords.message).toMatch(/^ContentApi\.x\(\) takes one argument object/);
  });

  it("an unknown content API is an error in the service's words, at the call", async () => {
    const { resolver } = recordingApis(() => undefined);
    const error = await rejectionOf(rendererWith(resolver).render('ok\n{% set r = ContentApi.nope() %}'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("Content API with name 'nope' not found");
    expect((error as NotFoundError).line).toBe(2);
  });

  it('a failing call gives {} and a warning, and the template renders on', async () => {
    const { resolver } = recordingApis(() => Promise.reject(new Error('HTTP 502')));
    const result = await rendererWith(resolver).render(
      "{% set r = ContentApi.weather() %}[{{ r.temp }}] {{ r.temp|default('n/a') }} {{ r|length }}",
    );
    expect(result).toEqual({
      status: 'sent',
      text: '[] n/a 0',
      warnings: [
        { source: 'content_api', name: 'weather', message: "Content API 'weather' failed: HTTP 502" },
      ],
    });
  });

  it('a call that throws at once fails the same way', async () => {
    const { resolver } = recordingApis(() => {
      throw new Error('body is not JSON');
    });
    const result = await rendererWith(resolver).render('{{ ContentApi.weather().temp }}.');
    expect(result).toMatchObject({
      text: '.',
      warnings: [{ message: "Content API 'weather' failed: body is not JSON" }],
    });
  });

  it('a slow call times out after 2 s by default: {} and a warning', async () => {
    vi.useFakeTimers();
    const { resolver } = recordingApis(() => later(10_000, { temp: 30 }));
    const pending = rendererWith(resolver).render('[{{ ContentApi.weather().temp }}]');
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({
      status: 'sent',
      text: '[]',
      warnings: [
        {
          source: 'content_api',
          name: 'weather',
          message: "Content API 'weather' failed: timed out after 2000 ms",
        },
      ],
    });
  });

  it('the per-call timeout is an option, and the resolver is told it', async () => {
    vi.useFakeTimers();
    const callContentApi = vi.fn(() => later(300, { ok: true }));
    const pending = rendererWith({ callContentApi }, { limits: { contentApiTimeoutMs: 200 } }).render(
      '{{ ContentApi.x().ok }}',
    );
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending).toMatchObject({
      text: '',
      warnings: [{ message: "Content API 'x' failed: timed out after 200 ms" }],
    });
    expect(callContentApi).toHaveBeenCalledWith('x', {}, expect.objectContaining({ timeoutMs: 200 }));
  });

  it('the render deadline bounds a chain of calls that each stay within their own timeout', async () => {
    vi.useFakeTimers();
    const { calls, resolver } = recordingApis((name) => later(1_500, { next: `${name}+` }));
    const renderer = rendererWith(resolver, { limits: { renderDeadlineMs: 2_500 } });
    const pending = renderer.render(
      "{% set a = ContentApi.a() %}{% set b = ContentApi.b({'params': a.next}) %}{% set c = ContentApi.c({'params': b.next}) %}" +
        '{{ a.next }}|{{ b.next }}|{{ c.next }}',
    );
    await vi.advanceTimersByTimeAsync(2_500);
    const result = await pending;
    expect(result).toEqual({
      status: 'sent',
      text: 'a+||',
      warnings: [
        { source: 'content_api', name: 'b', message: "Content API 'b' failed: the render deadline passed" },
        {
          source: 'content_api',
          name: 'c',
          message: "Content API 'c' failed: not called: the render deadline passed",
        },
      ],
    });
    expect(calls.map(([name]) => name)).toEqual(['a', 'b']);
  });

  it('the limit of calls per render stops further calls: {} and a warning each', async () => {
    const { calls, resolver } = recordingApis((_name, args) => ({ v: args.params }));
    const renderer = rendererWith(resolver, { limits: { maxContentApiCalls: 2 } });
    const result = await renderer.render(
      "{% for i in range(4) %}[{{ ContentApi.x({'params': i}).v }}]{% endfor %}",
    );
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({
      text: '[0][1][][]',
      warnings: [
        {
          message: "Content API 'x' failed: not called: the render reached its limit of 2 content API calls",
        },
      ],
    });
  });

  it('the default limit is 10 calls per render', async () => {
    const { calls, resolver } = recordingApis(() => ({}));
    await rendererWith(resolver).render(
      "{% for i in range(15) %}{{ ContentApi.x({'params': i}) }}{% endfor %}",
    );
    expect(calls).toHaveLength(10);
  });

  it('a template that stops on an empty result sees the real result: placeholder passes never count', async () => {
    const { resolver } = recordingApis(() => later(5, { ok: true }));
    const source =
      "{% set r = ContentApi.status() %}{% if not r.ok %}{% MOE_NOT_SEND('down') %}{% endif %}up";
    expect(await rendererWith(resolver).render(source)).toEqual({ status: 'sent', text: 'up', warnings: [] });
  });

  it('a template that fails on an empty result renders once the result is there', async () => {
    const { resolver } = recordingApis(() => later(5, { n: 4 }));
    expect(await textOf(rendererWith(resolver), '{{ ContentApi.count().n + 1 }}')).toBe('5');
  });

  it('no timer outlives a render', async () => {
    vi.useFakeTimers();
    const { resolver } = recordingApis(() => later(10, { v: 1 }));
    const pending = rendererWith(resolver).render('{{ ContentApi.x().v }}');
    await vi.advanceTimersByTimeAsync(10);
    await pending;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ContentApi itself is not callable, and private names are not APIs', async () => {
    const { calls, resolver } = recordingApis(() => ({}));
    const renderer = rendererWith(resolver);
    expect((await rejectionOf(renderer.render('{{ ContentApi() }}'))).message).toMatch(
      /^ContentApi is not callable/,
    );
    expect(await textOf(renderer, '[{{ ContentApi._secret }}]')).toBe('[]');
    expect(calls).toEqual([]);
  });

  it('APIs may be named by a computed name, and names that are dict methods are APIs too', async () => {
    const { resolver } = recordingApis((name) => ({ name }));
    const source = "{% set n = 'wea' ~ 'ther' %}{{ ContentApi[n]().name }} {{ ContentApi.items().name }}";
    expect(await textOf(rendererWith(resolver), source)).toBe('weather items');
  });

  it('the in-memory store answers with a handler or a fixed result', async () => {
    const renderer = rendererFor({
      contentApis: { echo: (args) => ({ got: args.params }), fixed: { v: [1, 2] } },
    });
    expect(
      await textOf(renderer, "{{ ContentApi.echo({'params': 'hi'}).got }} {{ ContentApi.fixed().v }}"),
    ).toBe('hi [1, 2]');
  });
});

describe('the content API result cache', () => {
  function clockAt(start: number) {
    const clock = { now: start };
    return { clock, read: () => new Date(clock.now) };
  }

  it('results are reused across renders by name and arguments until their TTL passes', async () => {
    const { clock, read } = clockAt(Date.UTC(2025, 0, 1));
    const { calls, resolver } = recordingApis((_name, args) => ({ v: args.params }));
    const renderer = rendererWith(resolver, { clock: read, cache: { contentApiResults: { ttlMs: 1_000 } } });
    const source = "{{ ContentApi.x({'params': 1}).v }}";
    await renderer.render(source);
    clock.now += 999;
    await renderer.render(source);
    expect(calls).toHaveLength(1);
    await renderer.render("{{ ContentApi.x({'params': 2}).v }}");
    expect(calls).toHaveLength(2);
    clock.now += 2;
    expect(await textOf(renderer, source)).toBe('1');
    expect(calls).toHaveLength(3);
  });

  it("a resolver's own TTL for an API wins over the cache's", async () => {
    const { clock, read } = clockAt(Date.UTC(2025, 0, 1));
    const { calls, resolver } = recordingApis(() => ({ v: 1 }));
    resolver.contentApiTtlMs = (name) => (name === 'live' ? 0 : 10_000);
    const renderer = rendererWith(resolver, { clock: read });
    await renderer.render('{{ ContentApi.live() }}{{ ContentApi.slow() }}');
    clock.now += 5_000;
    await renderer.render('{{ ContentApi.live() }}{{ ContentApi.slow() }}');
    expect(calls.map(([name]) => name)).toEqual(['live', 'slow', 'live']);
  });

  it('failed calls are not kept', async () => {
    let fail = true;
    const { calls, resolver } = recordingApis(() => (fail ? Promise.reject(new Error('down')) : { v: 'up' }));
    const renderer = rendererWith(resolver);
    await renderer.render('{{ ContentApi.x().v }}');
    fail = false;
    expect(await textOf(renderer, '{{ ContentApi.x().v }}')).toBe('up');
    expect(calls).toHaveLength(2);
  });

  it('with the cache off every render calls again', async () => {
    const { calls, resolver } = recordingApis(() => ({ v: 1 }));
    const renderer = rendererWith(resolver, { cache: false });
    await renderer.render('{{ ContentApi.x().v }}');
    await renderer.render('{{ ContentApi.x().v }}');
    expect(calls).toHaveLength(2);
  });

  it('the cache is bounded by entries', async () => {
    const { calls, resolver } = recordingApis((_name, args) => ({ v: args.params }));
    const renderer = rendererWith(resolver, { cache: { contentApiResults: { max: 2 } } });
    for (const i of [1, 2, 3, 1]) await renderer.render(`{{ ContentApi.x({'params': ${i}}).v }}`);
    expect(calls.map(([, args]) => args.params)).toEqual([1, 2, 3, 1]);
  });

  it('the cache is bounded by size: a result larger than the bound is not kept', async () => {
    const { calls, resolver } = recordingApis(() => ({ text: 'x'.repeat(1_000) }));
    const renderer = rendererWith(resolver, { cache: { contentApiResults: { maxSize: 1_000 } } });
    await renderer.render('{{ ContentApi.big().text|length }}');
    await renderer.render('{{ ContentApi.big().text|length }}');
    expect(calls).toHaveLength(2);
  });

  it('concurrent renders making the same call share one request', async () => {
    const { calls, resolver } = recordingApis(() => later(20, { v: 'shared' }));
    const renderer = rendererWith(resolver);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => renderer.render('{{ ContentApi.x().v }}')),
    );
    expect(results.map((r) => r.status === 'sent' && r.text)).toEqual(Array(8).fill('shared'));
    expect(calls).toHaveLength(1);
  });

  it('concurrent renders for different users keep their own results', async () => {
    const { calls, resolver } = recordingApis((_name, args) =>
      later(5, { city: (args.params as { city: string }).city }),
    );
    const renderer = createRenderer({
      resolvers: {
        contentApis: resolver,
        users: { userAttributes: (who) => later(1, { City: `city-${who.value}` }) },
      },
    });
    const source = "{{ ContentApi.weather({'params': {'city': UserAttribute.City}}).city }}";
    const users = ['1', '2', '3', '1', '2', '3'];
    const texts = await Promise.all(
      users.map((value) => textOf(renderer, source, { user: { identifier: 'ID', value } })),
    );
    expect(texts).toEqual(users.map((value) => `city-${value}`));
    expect(calls).toHaveLength(3);
  });

  it('a shared call that times out is not waited on by later renders', async () => {
    vi.useFakeTimers();
    let answer: Promise<unknown> = new Promise(() => {});
    const { calls, resolver } = recordingApis(() => answer);
    const renderer = rendererWith(resolver);
    const first = renderer.render('{{ ContentApi.x().v }}');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await first).toMatchObject({
      text: '',
      warnings: [{ message: "Content API 'x' failed: timed out after 2000 ms" }],
    });
    answer = Promise.resolve({ v: 'fresh' });
    expect(await renderer.render('{{ ContentApi.x().v }}')).toMatchObject({ text: 'fresh' });
    expect(calls).toHaveLength(2);
  });
});
