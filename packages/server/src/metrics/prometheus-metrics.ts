/**
 * The stand-alone server's metrics in Prometheus' text format, with prom-client: requests and their latency
 * by route and status, render failures by kind, rate-limit refusals, the Redis store's state and Node's
 * process metrics. Node only.
 */
import { type PayloadFailure, TemplateRuntimeError } from '@personalize/core';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OutageLog } from '../rate-limit/redis-rate-limit-store';
import type { AppMetrics } from './app-metrics';
import { workerClusterMetrics } from './cluster-metrics';

/** Options of `prometheusMetrics`. */
export interface PrometheusMetricsOptions {
  /**
   * This process is a worker of `node:cluster` (`pnpm serve --workers`): `GET /metrics`, whichever worker
   * answers it, then shows the sum over all workers, which the primary collects (`serveClusterMetrics`).
   * Defaults to `false`.
   */
  readonly clusterWorker?: boolean;
  /** Adds Node's process metrics (CPU, memory, event-loop lag, ...). Defaults to `true`. */
  readonly processMetrics?: boolean;
}

/** The metrics of one server process. */
export interface PrometheusMetrics extends AppMetrics {
  /** Where the metrics are registered. */
  readonly registry: Registry;
  /** An outage log that also keeps `personalize_redis_up` (1 while Redis answers) and counts outages. */
  watchRedis(log: OutageLog): OutageLog;
}

/** Latency buckets, in seconds: a preview takes about a millisecond; a content API call up to seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route a request matched (`/healthz`, `/core-services/v1/personalization/preview`), or `none`. */
function routeOf(c: Parameters<typeof routePath>[0]): string {
  const route = routePath(c, -1);
  // Only the app-wide middleware ('/*') matched: an unknown path, kept out of the labels.
  return route === '/*' || route === '*' ? 'none' : route;
}

/** How a field failed: the Python exception (`UndefinedError`, `TypeError`, ...), the error's name, or `not_sent`. */
function failureKind(failure: PayloadFailure): string {
  if (failure.status === 'not_sent') return 'not_sent';
  return failure.error instanceof TemplateRuntimeError ? failure.error.kind : failure.error.name;
}

/**
 * Creates the metrics of a server process; give them to `createApp({ metrics })`.
 *
 * @example
 * const metrics = prometheusMetrics();
 * const app = createApp({ workspaces, metrics }); // GET /metrics
 */
export function prometheusMetrics(options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'personalize_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'personalize_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const renderFailures = new Counter({
    name: 'personalize_render_failures_total',
    help: 'Preview fields that did not render, by kind (the Python exception, the error, or not_sent)',
    labelNames: ['kind'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'personalize_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by endpoint and reason (limited: 429, unavailable: 503)',
    labelNames: ['endpoint', 'reason'] as const,
    registers,
  });

  const collect = options.clusterWorker ? workerClusterMetrics(registry) : () => registry.metrics();

  return {
    registry,
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      const labels = { method: c.req.method, route: routeOf(c) };
      latency.observe(labels, (performance.now() - started) / 1000);
      requests.inc({ ...labels, status: c.res.status });
    },
    handler: async (c) => {
      const text = await collect();
      return c.body(text, 200, { 'content-type': registry.contentType });
    },
    renderFailed: (failure) => renderFailures.inc({ kind: failureKind(failure) }),
    rateLimitRefused: (endpoint, reason) => refusals.inc({ endpoint, reason }),
    watchRedis(log) {
      const up = new Gauge({
        name: 'personalize_redis_up',
        help: '1 while the Redis rate-limit store answers, 0 during an outage',
        // Across the processes of a cluster: 0 when any of them cannot reach Redis.
        aggregator: 'min',
        registers,
      });
      const outages = new Counter({
        name: 'personalize_redis_outages_total',
        help: 'Times the Redis rate-limit store stopped answering',
        registers,
      });
      // The store is connected when it is created: start-up stops otherwise.
      up.set(1);
      return {
        warn: (fields, message) => {
          up.set(0);
          outages.inc();
          log.warn(fields, message);
        },
        info: (fields, message) => {
          up.set(1);
          log.info(fields, message);
        },
      };
    },
  };
}
