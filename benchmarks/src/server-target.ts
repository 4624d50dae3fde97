/**
 * A server under load, in its own process (so that autocannon and the server do not share an event loop):
 * - `personalize`: `@personalize/server` as `pnpm serve` runs it (rate limits, request logs to stdout);
 * - `bare`: a `node:http` server that reads and parses the same body and answers the same JSON, without
 *   authenticating, counting or rendering;
 * - `hono`: the bare server's work in a Hono app on `@hono/node-server`, the floor of any Hono server;
 * - `middleware`: `hono` behind the preview's request log, credentials and rate limit, still answering the
 *   ready JSON: what is left to `personalize` beyond it is checking the body, rendering and serializing.
 * It tells its parent its URL, its heap after a GC, and the CPU time it has used, when asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AppEnv,
  createApp,
  memoryRateLimitStore,
  PREVIEW_PATHS,
  parseWorkspaceFile,
  rateLimit,
  requestLog,
  stdoutLogger,
  workspaceAuth,
  workspaceFileStore,
} from '@personalize/server';
import { startServer } from '@personalize/server/node';
import { Hono, type MiddlewareHandler } from 'hono';
import { benchWorkspaceFile } from './server-request';

/** Messages between the benchmark and a target. */
export type TargetMessage =
  | { type: 'ready'; url: string }
  | { type: 'memory'; heapUsed: number; rss: number }
  | { type: 'measure-memory' }
  | { type: 'cpu'; microseconds: number }
  | { type: 'measure-cpu' };

/** The servers a target can run. */
export type TargetMode = 'personalize' | 'bare' | 'hono' | 'middleware';

const send = (message: TargetMessage) => process.send?.(message);

const workspaces = () => workspaceFileStore(parseWorkspaceFile(benchWorkspaceFile, 'benchmark workspace'));

async function personalize(): Promise<string> {
  // The logger `pnpm serve` uses, so the run measures what users run.
  const server = await startServer(createApp({ workspaces: workspaces(), logger: stdoutLogger() }), {
    port: 0,
  });
  return server.url;
}

/** A Hono app that reads and parses the body and answers `answer`, behind `middleware`. */
async function honoAnswering(answer: string, middleware: MiddlewareHandler<AppEnv>[]): Promise<string> {
  const app = new Hono<AppEnv>();
  for (const path of PREVIEW_PATHS) {
    if (middleware.length > 0) app.use(path, ...middleware);
    app.post(path, async (c) => {
      JSON.parse(await c.req.text());
      return c.body(answer, 200, { 'content-type': 'application/json', ...c.get('rateLimitHeaders') });
    });
  }
  return (await startServer(app, { port: 0 })).url;
}

function previewMiddleware(): MiddlewareHandler<AppEnv>[] {
  const store = workspaces();
  return [
    requestLog(stdoutLogger()),
    workspaceAuth(store, (workspace) => workspace.keys.preview),
    rateLimit({
      store: memoryRateLimitStore(),
      endpoint: 'preview',
      windows: (workspace) => [{ kind: 'minute', limit: workspace.limits.previewPerMinute }],
      now: Date.now,
    }),
  ];
}

async function bare(answer: string): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

process.on('message', (message: TargetMessage) => {
  if (message.type === 'measure-cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', microseconds: user + system });
  }
  if (message.type !== 'measure-memory') return;
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  send({ type: 'memory', heapUsed, rss });
});

const mode = process.argv[2] as TargetMode;
const answer = process.env.BARE_ANSWER ?? '{}';
const starts: Record<TargetMode, () => Promise<string>> = {
  personalize,
  bare: () => bare(answer),
  hono: () => honoAnswering(answer, []),
  middleware: () => honoAnswering(answer, previewMiddleware()),
};
const url = await starts[mode]();
send({ type: 'ready', url });
