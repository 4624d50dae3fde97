import { describe, expect, it } from 'vitest';
import { basicCredentials } from '../src/auth/basic-auth';
import { constantTimeEqual } from '../src/auth/constant-time';
import { basic, postPreview, previewBody, previewHeaders, testApp } from './helpers/workspace';

const app = testApp();
const body = previewBody({ a: 'x' });

function without(name: string): Record<string, string> {
  const headers = previewHeaders();
  delete headers[name];
  return headers;
}

describe('authentication', () => {
  it('a valid Basic pair and SVC-APPKEY are accepted', async () => {
    expect((await postPreview(app, body)).status).toBe(200);
  });

  it('a missing key header is a 401 on MOE-APPKEY naming both header names', async () => {
    const answer = await postPreview(app, body, without('SVC-APPKEY'));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: {
        message: 'Invalid Request',
        details: [
          {
            target: 'MOE-APPKEY',
            message: 'The MOE-APPKEY (or SVC-APPKEY) header is required: send the Workspace ID',
          },
        ],
      },
    });
  });

  it('a missing Authorization is a 401 on Authorization', async () => {
    const answer = await postPreview(app, body, without('Authorization'));
    expect(answer.status).toBe(401);
    expect(answer.body?.error?.details.map((d) => d.target)).toEqual(['Authorization']);
  });

  it('both headers missing give one item each', async () => {
    const answer = await postPreview(app, body, { 'Content-Type': 'application/json' });
    expect(answer.body?.error?.details.map((d) => d.target)).toEqual(['MOE-APPKEY', 'Authorization']);
  });

  it('an unknown workspace and a wrong key get one and the same 401, which does not tell them apart', async () => {
    const unknown = await postPreview(
      app,
      body,
      previewHeaders({ 'SVC-APPKEY': 'NOPE', Authorization: basic('NOPE', 'preview-secret') }),
    );
    const wrongKey = await postPreview(
      app,
      body,
      previewHeaders({ Authorization: basic('TEST01', 'preview-secreT') }),
    );
    expect(unknown.status).toBe(401);
    expect(wrongKey.status).toBe(401);
    expect(unknown.body).toEqual(wrongKey.body);
    expect(unknown.body?.error?.details).toEqual([
      {
        target: 'SVC-APPKEY',
        message:
          'The API key in the Authorization header is invalid for the Workspace ID in MOE-APPKEY (or SVC-APPKEY)',
      },
    ]);
  });

  it("another tile's key (data) does not open the preview endpoint", async () => {
    const answer = await postPreview(
      app,
      body,
      previewHeaders({ Authorization: basic('TEST01', 'data-secret') }),
    );
    expect(answer.status).toBe(401);
  });

  it('a username other than the SVC-APPKEY workspace is a 401 on Authorization', async () => {
    const answer = await postPreview(
      app,
      body,
      previewHeaders({ Authorization: basic('OTHER02', 'preview-secret') }),
    );
    expect(answer.status).toBe(401);
    expect(answer.body?.error?.details[0].target).toBe('Authorization');
  });

  it("one workspace's valid credentials do not open another workspace", async () => {
    const answer = await postPreview(
      app,
      body,
      previewHeaders({ 'SVC-APPKEY': 'TEST01', Authorization: basic('OTHER02', 'other-secret') }),
    );
    expect(answer.status).toBe(401);
  });

  it('an Authorization that is not Basic, or not Base64 of user:password, is a 401 on Authorization', async () => {
    for (const value of [
      'Bearer abc',
      'Basic',
      'Basic !!!',
      `Basic ${btoa('no-colon')}`,
      `Basic ${btoa('\xff\xfe:x')}`,
    ]) {
      const answer = await postPreview(app, body, previewHeaders({ Authorization: value }));
      expect(answer.status, value).toBe(401);
      expect(answer.body?.error?.details[0].target, value).toBe('Authorization');
    }
  });

  it('authentication comes before the body is read: a bad body without credentials is a 401', async () => {
    const answer = await postPreview(app, 'not json', { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(401);
  });
});

describe('failed authentications', () => {
  const NOW = Date.UTC(2026, 0, 1, 10, 0, 20);
  /** An app that takes the client's address from a test header, with a clock the test moves. */
  function throttledApp(perMinute: number) {
    const clock = { now: NOW };
    const app = testApp({
      authFailuresPerMinute: perMinute,
      now: () => clock.now,
      clientAddress: (c) => c.req.header('x-test-client') ?? '192.0.2.1',
    });
    return { app, clock };
  }
  const wrongKey = (extra: Record<string, string> = {}) =>
    previewHeaders({ Authorization: basic('TEST01', 'guess'), ...extra });

  it('are throttled: past the limit the client gets 429 until the minute ends, right credentials too', async () => {
    const { app, clock } = throttledApp(3);
    for (let i = 0; i < 3; i++) expect((await postPreview(app, body, wrongKey())).status).toBe(401);
    const refused = await postPreview(app, body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.body?.error).toEqual({
      message: 'Rate limit reached',
      details: [
        {
          target: 'SVC-APPKEY',
          message: 'Too many failed authentications for this workspace from this address; retry in 40 s',
        },
      ],
    });
    clock.now += 40_000;
    expect((await postPreview(app, body)).status).toBe(200);
  });

  it('are counted per client address and Workspace ID', async () => {
    const { app } = throttledApp(2);
    for (let i = 0; i < 2; i++) await postPreview(app, body, wrongKey());
    expect((await postPreview(app, body, wrongKey())).status).toBe(429);
    expect((await postPreview(app, body, previewHeaders({ 'x-test-client': '192.0.2.2' }))).status).toBe(200);
    const other = { 'SVC-APPKEY': 'OTHER02', Authorization: basic('OTHER02', 'other-secret') };
    expect((await postPreview(app, body, previewHeaders(other))).status).toBe(200);
  });

  it('of unknown workspaces count too, and a success does not reset the count', async () => {
    const { app } = throttledApp(2);
    const unknown = previewHeaders({ 'SVC-APPKEY': 'NOPE', Authorization: basic('NOPE', 'x') });
    for (let i = 0; i < 2; i++) expect((await postPreview(app, body, unknown)).status).toBe(401);
    expect((await postPreview(app, body, unknown)).status).toBe(429);
    await postPreview(app, body, wrongKey());
    expect((await postPreview(app, body)).status).toBe(200);
    await postPreview(app, body, wrongKey());
    expect((await postPreview(app, body)).status).toBe(429);
  });

  it('the preferences endpoint refuses in its own shape', async () => {
    const { app } = throttledApp(1);
    const headers = { 'SVC-APPKEY': 'TEST01', Authorization: basic('TEST01', 'guess') };
    const path = '/v1/category-subscription/user-preferences';
    expect((await app.request(path, { headers })).status).toBe(401);
    const refused = await app.request(path, { headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      title: 'Rate-Limit Reached',
      description:
        'The rate limit for this URL was exceeded. Too many failed authentications for this workspace from this address; retry in 40 s',
    });
  });
});

describe('credential parsing', () => {
  it('the scheme is case-insensitive and the password may hold colons', () => {
    expect(basicCredentials(`basic ${btoa('W:a:b')}`)).toEqual({ username: 'W', password: 'a:b' });
  });

  it('UTF-8 credentials decode as UTF-8', () => {
    const encoded = Buffer.from('W:pässwörd').toString('base64');
    expect(basicCredentials(`Basic ${encoded}`)).toEqual({ username: 'W', password: 'pässwörd' });
  });
});

describe('constantTimeEqual', () => {
  it('is true only for equal texts', () => {
    expect(constantTimeEqual('preview-key', 'preview-key')).toBe(true);
    expect(constantTimeEqual('preview-key', 'preview-kez')).toBe(false);
    expect(constantTimeEqual('preview-key', 'preview-key ')).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('a text is not equal to itself followed by NUL characters', () => {
    expect(constantTimeEqual('key\0', 'key')).toBe(false);
    expect(constantTimeEqual('key', 'key\0\0')).toBe(false);
  });
});
