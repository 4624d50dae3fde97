import { createRenderer } from '@personalize/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentApiConfig, contentApiUrl, httpContentApis } from '../src/content-api/http-content-apis';
import { json, startStub } from './helpers/stub-server';
import { basic, postPreview, previewBody, testApp } from './helpers/workspace';

let stub: Awaited<ReturnType<typeof startStub>>;

beforeAll(async () => {
  stub = await startStub((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/weather') return json(response, { temp: 21, query: request.url });
    if (path === '/echo')
      return json(response, { method: request.method, body: JSON.parse(request.body || 'null') });
    if (path === '/headers') return json(response, { key: request.headers['x-api-key'] ?? null });
    if (path === '/slow') return void setTimeout(() => json(response, { late: true }), 1_000);
    if (path === '/fail') return json(response, { error: 'no' }, 503);
    if (path === '/text') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return void response.end('not json');
    }
    if (path === '/big') return json(response, { blob: 'x'.repeat(5_000) });
    json(response, {}, 404);
  });
});

afterAll(() => stub.close());

function api(path: string, changes: Partial<ContentApiConfig> = {}): ContentApiConfig {
  return {
    url: `${stub.url}${path}`,
    method: 'GET',
    headers: {},
    timeoutMs: 2_000,
    cacheTtlMs: 0,
    ...changes,
  };
}

function renderer(apis: Record<string, ContentApiConfig>, maxResponseBytes?: number) {
  return createRenderer({ resolvers: { contentApis: httpContentApis(apis, { maxResponseBytes }) } });
}

describe('content APIs over HTTP', () => {
  it('GET sends static_params, params and dynamic_params merged in the query string, later groups winning', () => {
    expect(
      contentApiUrl('http://h/w?fixed=1', {
        static_params: { units: 'metric', city: 'Paris' },
        params: { city: 'Berlin', days: 3, tags: ['a', 'b'] },
        dynamic_params: { user: 'u-1', skip: null },
      }),
    ).toBe('http://h/w?fixed=1&units=metric&city=Berlin&days=3&tags=%5B%22a%22%2C%22b%22%5D&user=u-1');
  });

  it('a template reads the JSON answer of a GET call', async () => {
    const result = await renderer({ weather: api('/weather') }).render(
      "{% set w = ContentApi.weather({'params': {'city': 'Berlin'}}) %}{{ w.temp }} {{ w.query }}",
    );
    expect(result).toEqual({ status: 'sent', text: '21 /weather?city=Berlin', warnings: [] });
  });

  it('POST and PUT send request_body as JSON', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const result = await renderer({ echo: api('/echo', { method }) }).render(
        "{% set r = ContentApi.echo({'request_body': {'id': 7, 'tags': ['x']}}) %}{{ r.method }} {{ r.body.id }} {{ r.body.tags[0] }}",
      );
      expect(result.status === 'sent' && result.text).toBe(`${method} 7 x`);
    }
    const last = stub.requests.at(-1);
    expect(last?.headers['content-type']).toBe('application/json');
  });

  it('the configured headers are sent', async () => {
    const result = await renderer({ h: api('/headers', { headers: { 'X-Api-Key': 'k-123' } }) }).render(
      '{{ ContentApi.h({}).key }}',
    );
    expect(result.status === 'sent' && result.text).toBe('k-123');
  });

  const failures: [string, Partial<ContentApiConfig>, string][] = [
    ['/slow', { timeoutMs: 100 }, 'no answer within 100 ms'],
    ['/fail', {}, 'the API answered HTTP 503'],
    ['/text', {}, 'the answer is not JSON'],
    ['/big', {}, 'the answer is larger than 1000 bytes'],
  ];
  for (const [path, changes, reason] of failures) {
    it(`a call that fails (${reason}) reads as {} with a warning`, async () => {
      const result = await renderer({ a: api(path, changes) }, 1_000).render('[{{ ContentApi.a({}).temp }}]');
      expect(result).toEqual({
        status: 'sent',
        text: '[]',
        warnings: [{ source: 'content_api', name: 'a', message: `Content API 'a' failed: ${reason}` }],
      });
    });
  }

  it('an address where nothing listens fails the call, naming the network error', async () => {
    const closed = await startStub(() => undefined);
    await closed.close();
    const result = await renderer({ a: { ...api('/x'), url: `${closed.url}/x` } }).render(
      '{{ ContentApi.a({}) }}',
    );
    expect(result.warnings[0].message).toMatch(
      /^Content API 'a' failed: the request failed \(ECONNREFUSED\)$/,
    );
  });

  it('results are reused for the cache TTL: a second render makes no request', async () => {
    const r = renderer({ weather: api('/weather', { cacheTtlMs: 60_000 }) });
    const template = "{{ ContentApi.weather({'params': {'city': 'Oslo'}}).temp }}";
    const before = stub.requests.length;
    await r.render(template);
    await r.render(template);
    expect(stub.requests.length - before).toBe(1);
  });

  it('with TTL 0 every render calls the API', async () => {
    const r = renderer({ weather: api('/weather', { cacheTtlMs: 0 }) });
    const template = "{{ ContentApi.weather({'params': {'city': 'Rome'}}).temp }}";
    const before = stub.requests.length;
    await r.render(template);
    await r.render(template);
    expect(stub.requests.length - before).toBe(2);
  });

  it('an API the workspace does not have is a 400 for the key', async () => {
    const answer = await postPreview(testApp(), previewBody({ a: '{{ ContentApi.nope({}).x }}' }));
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.details[0]).toEqual({
      target: 'personalization_content.payload.a',
      message: "line 1, column 19: Content API with name 'nope' not found",
    });
  });

  it('the preview calls a workspace content API over HTTP', async () => {
    const app = testApp(
      {},
      {
        content_apis: {
          weather: {
            url: `${stub.url}/weather`,
            method: 'GET',
            headers: {},
            timeout_ms: 1000,
            cache_ttl_s: 0,
          },
        },
      },
    );
    const answer = await postPreview(
      app,
      previewBody(
        {
          a: "{% set w = ContentApi.weather({'params': {'q': UserAttribute.City}}) %}{{ w.temp }}|{{ w.query }}",
        },
        {
          personalization_details: { channel: 'EMAIL', user_attributes: { City: 'Lyon' } },
        },
      ),
    );
    expect(answer.body?.personalized_content?.payload).toEqual({ a: '21|/weather?q=Lyon' });
  });
});

describe('tokens inside content API arguments, over HTTP', () => {
  const VARIANTS =
    '{% set v = ContentApi.variants({"params": {"recipient_id": "{{UserAttribute[\'ID\']}}"}, ' +
    '"request_body": {"greeting": "Hi {{ UserAttribute[\'First Name\']|title }}"}}) %}{{ v.method }}';

  function tokensApp() {
    return testApp(
      {},
      {
        users: [
          { id: 'u-1', attributes: { ID: 'u-1', 'First Name': 'jane' } },
          { id: 'u-2', attributes: { ID: 'u-2', 'First Name': 'omar' } },
        ],
        content_apis: {
          variants: {
            url: `${stub.url}/echo`,
            method: 'POST',
            headers: {},
            timeout_ms: 2000,
            cache_ttl_s: 300,
          },
        },
      },
    );
  }

  const forUser = (id: string) =>
    previewBody({ a: VARIANTS }, { user_details: { identifier: 'ID', identifier_value: id } });

  it('the API receives the rendered values; two users make two calls, the same user again is served from the cache', async () => {
    const app = tokensApp();
    const before = stub.requests.length;
    for (const id of ['u-1', 'u-2', 'u-1', 'u-2']) {
      const answer = await postPreview(app, forUser(id));
      expect(answer.body?.personalized_content?.payload, id).toEqual({ a: 'POST' });
    }
    const received = stub.requests.slice(before).map((request) => [request.url, JSON.parse(request.body)]);
    expect(received).toEqual([
      ['/echo?recipient_id=u-1', { greeting: 'Hi Jane' }],
      ['/echo?recipient_id=u-2', { greeting: 'Hi Omar' }],
    ]);
  });

  it('the v5 preview renders them the same way', async () => {
    const app = tokensApp();
    const before = stub.requests.length;
    const answer = await postPreview(
      app,
      {
        request_id: 'p-1',
        channel: 'PUSH',
        user_identification: { type: 'USER_ATTRIBUTE_UNIQUE_ID', value: 'u-2' },
        campaign_content: { content: { t: VARIANTS } },
      },
      { 'Content-Type': 'application/json', Authorization: basic('TEST01', 'preview-secret') },
      '/v5/personalization/preview',
    );
    expect(answer.status).toBe(200);
    expect(stub.requests.slice(before).map((request) => request.url)).toEqual(['/echo?recipient_id=u-2']);
  });

  it('a token there that reads a product set is a 400 for the key, and nothing is called', async () => {
    const before = stub.requests.length;
    const answer = await postPreview(
      tokensApp(),
      previewBody({
        a: '{{ ContentApi.variants({"params": {"n": "{{ ProductSet.bestsellers|length }}"}}) }}',
      }),
    );
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_content.payload.a',
        message:
          'line 1, column 23: the argument of ContentApi.variants() at params.n uses ProductSet: in a token of a content API argument only UserAttribute, EventAttribute and ContentBlock may be used',
      },
    ]);
    expect(stub.requests.length).toBe(before);
  });

  it('a token there that reads EventAttribute needs event_name', async () => {
    const answer = await postPreview(
      tokensApp(),
      previewBody({ a: '{{ ContentApi.variants({"params": {"sku": "{{ EventAttribute.sku }}"}}) }}' }),
    );
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_details.event_name',
        message: 'personalization_details.event_name is required: the content uses EventAttribute',
      },
    ]);
  });
});
