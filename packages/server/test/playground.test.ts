import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  CSP_REPORT_PATH,
  PLAYGROUND_PATH,
  playgroundDirectory,
  playgroundRoutes,
} from '../src/playground/playground-routes';
import { testApp } from './helpers/workspace';

/** A built page in a temporary directory, and a file beside it that must never be served. */
const base = mkdtempSync(join(tmpdir(), 'playground-routes-'));
const site = join(base, 'dist');
mkdirSync(join(site, 'assets'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<!doctype html><title>page</title>');
writeFileSync(join(site, 'assets', 'index-Ab12.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'SECRET');
const SERVED = new Set(['<!doctype html><title>page</title>', 'console.log(1)']);

const logged: Record<string, unknown>[] = [];
const logger = pino(
  {},
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  }),
);
const app = testApp({ logger });
app.route(PLAYGROUND_PATH, playgroundRoutes(site, logger));

/** The policy's directives, by name. */
function policy(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...values]) => [name, values]),
  );
}

describe('the playground page', () => {
  it('is at /playground/: the bare path redirects there, so relative asset URLs resolve', async () => {
    const answer = await app.request('/playground');
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/playground/');
  });

  it('is served with a policy that allows scripts from its own origin only', async () => {
    const answer = await app.request('/playground/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toBe('<!doctype html><title>page</title>');
    const directives = policy(answer.headers.get('content-security-policy'));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('report-uri')).toEqual([CSP_REPORT_PATH]);
    expect(answer.headers.get('content-security-policy')).not.toMatch(/unsafe/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves its hashed assets, with the same policy (a worker takes its policy from its script), for good', async () => {
    const answer = await app.request('/playground/assets/index-Ab12.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(policy(answer.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("a file it does not have is the API's 404", async () => {
    const answer = await app.request('/playground/assets/missing.js');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      error: {
        message: 'Not Found',
        details: [{ target: 'path', message: 'No endpoint at /playground/assets/missing.js' }],
      },
    });
  });

  it('never serves a file outside its directory, whatever the path', async () => {
    const segment = fc.constantFrom(
      '..',
      '%2e%2e',
      '.%2e',
      'secret.txt',
      'assets',
      'index.html',
      '',
      '%2f',
      '\\',
      '%5c',
      '.',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 6 }), async (segments) => {
        const answer = await app.request(`http://x${PLAYGROUND_PATH}/${segments.join('/')}`);
        expect([200, 308, 404]).toContain(answer.status);
        const text = await answer.text();
        expect(text).not.toContain('SECRET');
        if (answer.status === 200) expect(SERVED).toContain(text);
      }),
      { numRuns: 300 },
    );
  });

  it('logs a violation of its policy that a browser reports', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://127.0.0.1:3000/playground/',
        'effective-directive': 'script-src',
        'blocked-uri': 'eval',
        'source-file': 'http://127.0.0.1:3000/playground/assets/index-Ab12.js',
        'line-number': 12,
      },
    };
    const answer = await app.request(CSP_REPORT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(answer.status).toBe(204);
    expect(logged.find((line) => line.csp_violation !== undefined)).toMatchObject({
      level: 40,
      msg: 'the playground page broke its Content-Security-Policy',
      csp_violation: {
        directive: 'script-src',
        blocked: 'eval',
        source: 'http://127.0.0.1:3000/playground/assets/index-Ab12.js',
        line: '12',
      },
    });
  });

  it('refuses a report that is not one, or too large, without logging it', async () => {
    const before = logged.filter((line) => line.csp_violation !== undefined).length;
    for (const body of [
      'nonsense',
      '{"other": 1}',
      JSON.stringify({ 'csp-report': { x: 'y'.repeat(20_000) } }),
    ]) {
      const answer = await app.request(CSP_REPORT_PATH, { method: 'POST', body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        error: { message: 'Invalid Request', details: [{ target: 'body' }] },
      });
    }
    expect(logged.filter((line) => line.csp_violation !== undefined)).toHaveLength(before);
  });

  it('the built page is found beside the server', () => {
    const directory = playgroundDirectory();
    expect(directory, 'build @personalize/playground first (pnpm build)').toMatch(
      /packages\/playground\/dist$/,
    );
  });
});
