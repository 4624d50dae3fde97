import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { basic, postPreview, previewBody, previewHeaders, testApp } from './helpers/workspace';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({}, stream), lines, raw };
}

describe('request logs', () => {
  it('each request is one JSON line with method, path, status, duration, workspace and request id', async () => {
    const { logger, lines } = capture();
    const app = testApp({ logger });
    await postPreview(app, previewBody({ a: 'x' }));
    await app.request('/healthz');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/core-services/v1/personalization/preview',
      status: 200,
      workspace: 'TEST01',
      request_id: 'req-1',
    });
    expect(typeof lines[0].duration_ms).toBe('number');
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
  });

  it('a log line never holds credentials, headers or payload values', async () => {
    const { logger, raw } = capture();
    const app = testApp({ logger });
    await postPreview(
      app,
      previewBody(
        { secret_key: 'payload-value-SECRET', bad: '{{ 1/0 }}' },
        { personalization_details: { channel: 'EMAIL', user_attributes: { email: 'attr-value-SECRET' } } },
      ),
    );
    await postPreview(
      app,
      previewBody({ a: 'payload-value-SECRET' }),
      previewHeaders({ Authorization: basic('TEST01', 'wrong-SECRET') }),
    );
    const text = raw.join('');
    expect(text).not.toMatch(/SECRET|preview-secret|Basic |authorization|svc-appkey/i);
    expect(raw).toHaveLength(2);
  });

  it('failed sources are logged by kind and name only', async () => {
    const { logger, lines } = capture();
    const app = testApp(
      { logger },
      {
        content_apis: {
          down: {
            url: 'http://127.0.0.1:1/x?token=SECRET',
            method: 'GET',
            headers: {},
            timeout_ms: 200,
            cache_ttl_s: 0,
          },
        },
      },
    );
    await postPreview(app, previewBody({ a: '{{ ContentApi.down({}) }}' }));
    expect(lines[0].warnings).toEqual(['content_api:down']);
  });

  it('a 500 logs the error on its own line, and the request line says 500', async () => {
    const { logger, lines } = capture();
    const app = testApp({
      logger,
      rateLimits: {
        consume: async () => {
          throw new Error('store down');
        },
      },
    });
    await postPreview(app, previewBody({ a: 'x' }));
    expect(lines.map((line) => [line.level, line.msg, line.status])).toEqual([
      [50, 'unexpected error while answering a request', undefined],
      [30, 'request', 500],
    ]);
  });
});
