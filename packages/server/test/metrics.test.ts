/**
 * Prometheus metrics: what the app counts when it is given `prometheusMetrics()`, nothing when it is not, and
 * `GET /metrics` of the stand-alone server, alone and as a cluster whose workers' counts add up.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prometheusMetrics } from '../src/metrics/prometheus-metrics';
import { RateLimitStoreUnavailableError } from '../src/rate-limit/rate-limit-store';
import { type RedisServer, startRedisServer } from './helpers/redis-server';
import { ensureBuilt, type ServerProcess, startServerProcess } from './helpers/server-process';
import { PREVIEW, postPreview, previewBody, testApp, testWorkspaceDocument } from './helpers/workspace';

/** A sample of the text format: `name{label="value",...} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (match === null) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

describe('the app with prometheusMetrics()', () => {
  it('counts and times requests by method, route and status; an unknown path is route none', async () => {
    const app = testApp({ metrics: prometheusMetrics({ processMetrics: false }) });
    await app.request('/healthz');
    await app.request('/healthz');
    await app.request('/nowhere/42');
    const response = await app.request('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const healthz = { method: 'GET', route: '/healthz' };
    expect(sampleValue(text, 'personalize_http_requests_total', { ...healthz, status: '200' })).toBe(2);
    expect(sampleValue(text, 'personalize_http_request_duration_seconds_count', healthz)).toBe(2);
    expect(sampleValue(text, 'personalize_http_requests_total', { route: 'none', status: '404' })).toBe(1);
    expect(text).not.toContain('/nowhere/42');
  });

  it('counts the preview fields that fail, by kind', async () => {
    const app = testApp({ metrics: prometheusMetrics({ processMetrics: false }) });
    const answer = await postPreview(
      app,
      previewBody({
        zero: '{{ 1 / 0 }}',
        unknown: '{{ x.y }}',
        stop: "{{ UserAttribute.Coupon|default('MOE_NOT_SEND') }}",
        fine: 'ok',
      }),
    );
    expect(answer.status).toBe(400);
    await postPreview(app, previewBody({ broken: '{{ oops' }));
    const text = await (await app.request('/metrics')).text();
    const kinds = samples(text)
      .filter((sample) => sample.name === 'personalize_render_failures_total')
      .map((sample) => [sample.labels.kind, sample.value]);
    expect(Object.fromEntries(kinds)).toEqual({
      ZeroDivisionError: 1,
      UndefinedError: 1,
      not_sent: 1,
      TemplateSyntaxError: 1,
    });
    expect(sampleValue(text, 'personalize_http_requests_total', { route: PREVIEW, status: '400' })).toBe(2);
  });

  it('counts rate-limit refusals: a full window (429) and a store that cannot count (503)', async () => {
    const metrics = prometheusMetrics({ processMetrics: false });
    const limited = testApp({ metrics }, { limits: { preview_per_minute: 1 } });
    expect((await postPreview(limited, previewBody({ a: 'x' }))).status).toBe(200);
    expect((await postPreview(limited, previewBody({ a: 'x' }))).status).toBe(429);
    const down = testApp({
      metrics,
      rateLimits: {
        consume: () => Promise.reject(new RateLimitStoreUnavailableError('the store does not answer')),
      },
    });
    expect((await postPreview(down, previewBody({ a: 'x' }))).status).toBe(503);
    const text = await metrics.registry.metrics();
    const refusals = 'personalize_rate_limit_refusals_total';
    expect(sampleValue(text, refusals, { endpoint: 'preview', reason: 'limited' })).toBe(1);
    expect(sampleValue(text, refusals, { endpoint: 'preview', reason: 'unavailable' })).toBe(1);
  });

  it('keeps personalize_redis_up at 0 during an outage and counts it, passing the lines on', async () => {
    const metrics = prometheusMetrics({ processMetrics: false });
    const lines: string[] = [];
    const log = metrics.watchRedis({
      warn: (_fields, message) => void lines.push(`warn: ${message}`),
      info: (_fields, message) => void lines.push(`info: ${message}`),
    });
    expect(sampleValue(await metrics.registry.metrics(), 'personalize_redis_up')).toBe(1);
    log.warn({}, 'down');
    const during = await metrics.registry.metrics();
    expect([
      sampleValue(during, 'personalize_redis_up'),
      sampleValue(during, 'personalize_redis_outages_total'),
    ]).toEqual([0, 1]);
    log.info({}, 'back');
    expect(sampleValue(await metrics.registry.metrics(), 'personalize_redis_up')).toBe(1);
    expect(lines).toEqual(['warn: down', 'info: back']);
  });

  it("adds Node's process metrics unless told not to", async () => {
    expect(await prometheusMetrics().registry.metrics()).toContain('process_cpu_seconds_total');
    expect(await prometheusMetrics({ processMetrics: false }).registry.metrics()).not.toContain('process_');
  });
});

describe('the app without metrics', () => {
  it('has no /metrics and no middleware beyond the request log', async () => {
    const bare = testApp();
    const measured = testApp({ metrics: prometheusMetrics({ processMetrics: false }) });
    expect((await bare.request('/metrics')).status).toBe(404);
    const middleware = (app: typeof bare) => app.routes.filter((route) => route.path === '/*').length;
    expect(middleware(measured) - middleware(bare)).toBe(1);
  });
});

/** A GET over a new connection (a cluster's primary hands each connection to the next worker). */
function getText(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      incoming.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('GET /metrics of pnpm serve', { timeout: 60_000 }, () => {
  let redis: RedisServer;
  let file: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    redis = await startRedisServer();
    file = join(mkdtempSync(join(tmpdir(), 'personalize-metrics-')), 'workspaces.json');
    writeFileSync(file, JSON.stringify(testWorkspaceDocument()));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await redis?.stop();
  });

  it('serves the counts of the process and the state of Redis', async () => {
    const server = await startServerProcess(['--port', '0', '--workspace', file, '--redis', redis.url]);
    servers.push(server);
    await getText(`${server.url}/healthz`);
    const { status, text } = await getText(`${server.url}/metrics`);
    expect(status).toBe(200);
    expect(sampleValue(text, 'personalize_http_requests_total', { route: '/healthz', status: '200' })).toBe(
      1,
    );
    expect(sampleValue(text, 'personalize_redis_up')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('with --workers 2, whichever worker answers shows the sum over both', async () => {
    const server = await startServerProcess(['--workers', '2', '--port', '0', '--workspace', file], {
      REDIS_URL: redis.url,
    });
    servers.push(server);
    for (let i = 0; i < 6; i++) expect((await getText(`${server.url}/healthz`)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const { text } = await getText(`${server.url}/metrics`);
      expect(sampleValue(text, 'personalize_http_requests_total', { route: '/healthz', status: '200' })).toBe(
        6,
      );
      expect(sampleValue(text, 'personalize_redis_up')).toBe(1);
    }
  });
});
