/**
 * Every request bounded, end to end on the real command over loopback: a preview whose templates run to the
 * render's time limit (1 s by default) does not hold a concurrent `/healthz` longer than that limit, and
 * clients that send slowly, or hold an idle connection, are cut off by the connection timeouts.
 */
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type ServerProcess, startServerProcess } from './helpers/server-process';
import { basic } from './helpers/workspace';

/** The render time limit of the demo workspace (the engine's default `timeoutMs`). */
const LIMIT_MS = 1_000;
/** Room for a loaded 2-core machine; work that ignores the limit takes many seconds more. */
const MARGIN_MS = 2_000;
const TIMEOUTS = { headers: 1_000, request: 2_000, keepAlive: 500 };

let server: ServerProcess;

beforeAll(async () => {
  ensureBuilt();
  server = await startServerProcess([
    ...['--port', '0', '--headers-timeout', String(TIMEOUTS.headers)],
    ...['--request-timeout', String(TIMEOUTS.request), '--keep-alive-timeout', String(TIMEOUTS.keepAlive)],
  ]);
}, 60_000);

afterAll(async () => {
  await server?.kill();
});

/** Milliseconds `run` takes to settle, and what it gave. */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

function preview(payload: Record<string, string>, compressed = false): Promise<Response> {
  return fetch(`${server.url}/core-services/v1/personalization/preview`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: basic('DEMO01', 'preview-key'),
      'SVC-APPKEY': 'DEMO01',
      'data-compression': String(compressed),
    },
    body: JSON.stringify({
      request_id: 'bounded',
      personalization_content: { payload },
      personalization_details: { channel: 'EMAIL' },
    }),
  });
}

/** About 10 s of work in steps of 0.1 ms, within every other limit: it stops at the time limit. */
const SPIN = '{% for i in range(99999) %}{{ range(10000)|sum }}{% endfor %}';

describe('a preview that runs to the time limit', () => {
  it.each([
    ['the 148-byte wordwrap of a million characters', { body: '{{ ("a" * 1000000)|wordwrap|length }}' }],
    ['a loop that runs past the limit', { body: SPIN }],
    [
      '20 keys that each run to the limit',
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, SPIN])),
    ],
    ['striptags of unclosed tags', { body: "{{ ('<' * 1000000)|striptags|length }}" }],
    ['urlize of a long run of dots', { body: "{{ ('.' * 1000000 + 'a.')|urlize|length }}" }],
  ])(
    '%s does not hold /healthz longer than the limit',
    async (_name, payload) => {
      await expectHealthyDuring(() => preview(payload));
    },
    60_000,
  );

  it('8 compressed templates of a million characters, each seconds to compile, do not hold /healthz', async () => {
    const huge = gzipSync(`{{ [${'1,'.repeat(499_990)}1] }}`).toString('base64');
    const payload = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, huge]));
    await expectHealthyDuring(() => preview(payload, true));
  }, 60_000);
});

/** Sends a request, then `/healthz` while it runs: both are answered within the limit plus the margin. */
async function expectHealthyDuring(send: () => Promise<Response>): Promise<void> {
  const answer = timed(send);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const health = await timed(() => fetch(`${server.url}/healthz`));
  expect(health.value.status).toBe(200);
  expect(health.ms).toBeLessThan(LIMIT_MS + MARGIN_MS);
  const { ms, value } = await answer;
  expect([200, 400]).toContain(value.status);
  expect(ms).toBeLessThan(LIMIT_MS + MARGIN_MS);
}

/** A raw connection to the server, and a promise of the milliseconds until the server closes it. */
async function rawConnection(): Promise<{
  socket: Socket;
  closedAfter: Promise<number>;
  received: () => string;
}> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const start = performance.now();
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  const closedAfter = new Promise<number>((resolve) => {
    socket.once('close', () => resolve(performance.now() - start));
    socket.on('error', () => {});
  });
  return { socket, closedAfter, received: () => text };
}

describe('connection timeouts', () => {
  it('a client that never finishes its headers is cut off after --headers-timeout', async () => {
    const { socket, closedAfter } = await rawConnection();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Timeouts are checked once a second.
    expect(await closedAfter).toBeLessThan(TIMEOUTS.headers + 1_000 + MARGIN_MS);
  }, 30_000);

  it('a client that sends its body too slowly gets 408 after --request-timeout', async () => {
    const { socket, closedAfter, received } = await rawConnection();
    socket.write(
      'POST /core-services/v1/personalization/preview HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: ${basic('DEMO01', 'preview-key')}\r\nSVC-APPKEY: DEMO01\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.writable && socket.write('x'), 100);
    try {
      expect(await closedAfter).toBeLessThan(TIMEOUTS.request + 1_000 + MARGIN_MS);
    } finally {
      clearInterval(drip);
    }
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('an idle kept-alive connection is closed after --keep-alive-timeout', async () => {
    const { socket, closedAfter, received } = await rawConnection();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await closedAfter).toBeLessThan(TIMEOUTS.keepAlive + MARGIN_MS);
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
  }, 30_000);
});
