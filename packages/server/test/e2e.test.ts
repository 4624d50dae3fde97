/**
 * End to end: the real command (`node dist/cli.js`, what `pnpm serve` runs) on a free port, with a test
 * workspace file and a stub content API on 127.0.0.1, driven with plain HTTP requests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startStub } from './helpers/stub-server';
import { basic, testWorkspaceDocument } from './helpers/workspace';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(PACKAGE, 'dist', 'cli.js');
const LIMIT = 4;

let stub: Awaited<ReturnType<typeof startStub>>;
let server: ChildProcess;
let base: string;
let stdout = '';
let stderr = '';
let exited: Promise<number | null>;

const headers = {
  'Content-Type': 'application/json',
  Authorization: basic('TEST01', 'preview-secret'),
  'SVC-APPKEY': 'TEST01',
};

function preview(payload: Record<string, string>, requestHeaders: Record<string, string> = headers) {
  return fetch(`${base}/core-services/v1/personalization/preview`, {
    method: 'POST',
    headers: requestHeaders,
    body: JSON.stringify({
      request_id: 'e2e',
      personalization_content: { payload },
      personalization_details: { channel: 'EMAIL' },
      user_details: requestHeaders === headers ? { identifier: 'ID', identifier_value: 'u-1' } : undefined,
    }),
  });
}

beforeAll(async () => {
  // The package's test script builds first; a bare `vitest run` on a fresh clone builds here.
  if (!existsSync(CLI))
    execFileSync('pnpm', ['exec', 'tsup', '--silent'], { cwd: PACKAGE, stdio: 'inherit' });
  stub = await startStub((request, response) => {
    const url = new URL(request.url, 'http://stub');
    if (url.pathname === '/slow') return void setTimeout(() => json(response, { word: 'patience' }), 800);
    json(response, { temp: 18, city: url.searchParams.get('city') });
  });
  const api = (path: string) => ({
    url: `${stub.url}${path}`,
    method: 'GET',
    headers: {},
    timeout_ms: 3000,
    cache_ttl_s: 0,
  });
  const dir = mkdtempSync(join(tmpdir(), 'personalize-e2e-'));
  const file = join(dir, 'workspaces.json');
  const document = testWorkspaceDocument({
    limits: { preview_per_minute: LIMIT },
    content_apis: { weather: api('/weather') },
  });
  // OTHER02 has the published limit: the shutdown test runs there, whatever TEST01's window says.
  (document.workspaces as Record<string, unknown>[])[1].content_apis = { slow: api('/slow') };
  writeFileSync(file, JSON.stringify(document));
  server = spawn(process.execPath, [CLI, '--workspace', file, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its preference updates go to ./personalize-data: the test's own folder.
    cwd: dir,
  });
  exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${stderr}`)), 15_000);
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', () => reject(new Error(`the server exited:\n${stderr}`)));
  });
}, 60_000);

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  await stub?.close();
});

describe('pnpm serve, end to end', () => {
  it('GET /healthz answers ok', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /openapi.json is the OpenAPI 3.1 document', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
  });

  it('a preview renders the user, a content block and the content API called over HTTP', async () => {
    const response = await preview({
      subject: "Hi {{ UserAttribute['First Name']|title }}",
      body: "{% set w = ContentApi.weather({'params': {'city': UserAttribute.City}}) %}{{ w.temp }} in {{ w.city }}. {{ ContentBlock.footer }}",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(await response.json()).toEqual({
      personalized_content: { payload: { subject: 'Hi Jane', body: '18 in Berlin. Thanks, Jane' } },
    });
    expect(stub.requests.some((r) => r.url === '/weather?city=Berlin')).toBe(true);
  });

  it('wrong credentials are a 401', async () => {
    const response = await fetch(`${base}/core-services/v1/personalization/preview`, {
      method: 'POST',
      headers: { ...headers, Authorization: basic('TEST01', 'nope') },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Invalid Request');
  });

  it('past the workspace limit a preview is a 429 with the documented body', async () => {
    let refused: Response | undefined;
    // A minute boundary may pass while this runs and start a new window: allow for one.
    for (let i = 0; i < 2 * LIMIT + 2 && refused === undefined; i++) {
      const response = await preview({ a: 'x' });
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused?.json()).toMatchObject({ error: { message: 'Rate limit reached' } });
  });

  it('each request was logged as one JSON line on stdout', async () => {
    // The lines come through a pipe, which may lag behind the answers.
    for (let i = 0; i < 50 && !stdout.includes('"status":429'); i++)
      await new Promise((r) => setTimeout(r, 20));
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; status: number });
    const statuses = lines.filter((line) => line.msg === 'request').map((line) => line.status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 401]);
    expect(statuses).toContain(429);
  });

  it('SIGTERM lets the request in flight finish, then the process exits 0', async () => {
    const inFlight = preview(
      { a: '{{ ContentApi.slow({}).word }}' },
      { ...headers, 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', 'other-secret') },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ personalized_content: { payload: { a: 'patience' } } });
    expect(await exited).toBe(0);
    expect(stderr).toContain('SIGTERM: finishing the requests in flight, then stopping');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 20_000);
});
