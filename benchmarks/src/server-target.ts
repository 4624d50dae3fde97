/**
 * A server under load, in its own process (so that autocannon and the server do not share an event loop):
 * `personalize` is `@personalize/server` as `pnpm serve` runs it (rate limits, request logs to stdout);
 * `bare` is a `node:http` server that reads and parses the same body and answers the same JSON, without
 * authenticating, counting or rendering. It tells its parent its URL, and its heap after a GC when asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, parseWorkspaceFile, stdoutLogger, workspaceFileStore } from '@personalize/server';
import { startServer } from '@personalize/server/node';
import { benchWorkspaceFile } from './server-request';

/** Messages between the benchmark and a target. */
export type TargetMessage =
  | { type: 'ready'; url: string }
  | { type: 'memory'; heapUsed: number; rss: number }
  | { type: 'measure-memory' };

const send = (message: TargetMessage) => process.send?.(message);

async function personalize(): Promise<string> {
  const workspaces = workspaceFileStore(parseWorkspaceFile(benchWorkspaceFile, 'benchmark workspace'));
  // The logger `pnpm serve` uses, so the run measures what users run.
  const server = await startServer(createApp({ workspaces, logger: stdoutLogger() }), { port: 0 });
  return server.url;
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
  if (message.type !== 'measure-memory') return;
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  send({ type: 'memory', heapUsed, rss });
});

const mode = process.argv[2];
const url = mode === 'bare' ? await bare(process.env.BARE_ANSWER ?? '{}') : await personalize();
send({ type: 'ready', url });
