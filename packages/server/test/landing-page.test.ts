import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLandingPageLink } from '../src/landing-page/landing-page-link';
import {
  decryptLandingPageId,
  encryptLandingPageId,
  landingPageKey,
} from '../src/landing-page/landing-page-token';
import { nodeDecrypt, nodeToken } from './helpers/landing-page';
import { basic, testApp, testWorkspaceDocument } from './helpers/workspace';

const run = promisify(execFile);
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const LINK_CLI = join(PACKAGE, 'dist', 'link-url-cli.js');
const SECRET = 'landing-page-secret';

const OPTIONS = {
  apiSecret: SECRET,
  workspaceId: 'DEMO01',
  userId: 'u-1',
  campaignId: 'spring-sale',
  url: 'https://example.com/preferences',
};

function params(link: string): Record<string, string> {
  return Object.fromEntries(new URL(link).searchParams);
}

describe('landing-page tokens', () => {
  it('a token is Base64url without padding of 12 + UTF-8 length + 16 bytes', async () => {
    const token = await encryptLandingPageId(await landingPageKey(SECRET), 'ü-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').length).toBe(12 + Buffer.byteLength('ü-1') + 16);
  });

  it('node:crypto decrypts what the project encrypts, and the other way round, for any id', async () => {
    const key = await landingPageKey(SECRET);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), async (id) => {
        expect(nodeDecrypt(SECRET, await encryptLandingPageId(key, id))).toBe(id);
        expect(await decryptLandingPageId(key, nodeToken(SECRET, id))).toBe(id);
      }),
      { numRuns: 50 },
    );
  });

  it('every token has a fresh IV', async () => {
    const key = await landingPageKey(SECRET);
    const [a, b] = [await encryptLandingPageId(key, 'u-1'), await encryptLandingPageId(key, 'u-1')];
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url').subarray(0, 12)).not.toEqual(
      Buffer.from(b, 'base64url').subarray(0, 12),
    );
  });

  it('a token under another secret, cut short or with a changed tag does not decrypt', async () => {
    const key = await landingPageKey(SECRET);
    const token = nodeToken(SECRET, 'u-1');
    const tag = Buffer.from(token, 'base64url');
    tag[tag.length - 1] ^= 1;
    for (const bad of [nodeToken('other', 'u-1'), token.slice(0, -2), tag.toString('base64url'), '', '!!!']) {
      expect(await decryptLandingPageId(key, bad)).toBeUndefined();
    }
  });

  it('a token holding bytes that are not UTF-8 does not decrypt', async () => {
    const { createCipheriv, createHash } = await import('node:crypto');
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(SECRET).digest(), iv);
    const sealed = Buffer.concat([
      cipher.update(Buffer.from([0xff, 0xfe])),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const token = Buffer.concat([iv, sealed]).toString('base64url');
    expect(await decryptLandingPageId(await landingPageKey(SECRET), token)).toBeUndefined();
  });
});

describe('makeLandingPageLink', () => {
  it('makes <url>?user_id=&cid=&app_key= whose tokens node:crypto decrypts to the ids', async () => {
    const link = await makeLandingPageLink(OPTIONS);
    expect(link).toMatch(
      /^https:\/\/example\.com\/preferences\?user_id=[A-Za-z0-9_-]+&cid=[A-Za-z0-9_-]+&app_key=[A-Za-z0-9_-]+$/,
    );
    const { user_id, cid, app_key } = params(link);
    expect([user_id, cid, app_key].map((token) => nodeDecrypt(SECRET, token))).toEqual([
      'u-1',
      'spring-sale',
      'DEMO01',
    ]);
  });

  it("keeps the page's own query and fragment as written", async () => {
    const link = await makeLandingPageLink({ ...OPTIONS, url: 'https://example.com/p?lang=en&x=a%20b#top' });
    expect(link).toMatch(
      /^https:\/\/example\.com\/p\?lang=en&x=a%20b&user_id=[\w-]+&cid=[\w-]+&app_key=[\w-]+#top$/,
    );
  });

  it('refuses a URL that is not http(s), one that already has user_id, and empty ids', async () => {
    await expect(makeLandingPageLink({ ...OPTIONS, url: 'ftp://example.com' })).rejects.toThrow(
      'the landing page URL must be http:// or https://, got ftp://example.com',
    );
    await expect(makeLandingPageLink({ ...OPTIONS, url: 'preferences' })).rejects.toThrow('is not a URL');
    await expect(makeLandingPageLink({ ...OPTIONS, url: 'https://e.com/?user_id=1' })).rejects.toThrow(
      'already has a user_id parameter',
    );
    await expect(makeLandingPageLink({ ...OPTIONS, campaignId: '' })).rejects.toThrow(
      'campaignId is required but is empty',
    );
  });

  it('a link it makes opens the preferences of its user', async () => {
    const app = testApp({}, { api_secret: SECRET, categories: ['News'], users: [{ id: 'u-1' }] });
    const link = await makeLandingPageLink({
      ...OPTIONS,
      workspaceId: 'TEST01',
      url: 'http://localhost/v1/category-subscription/user-preferences',
    });
    const response = await app.request(link, {
      headers: { 'SVC-APPKEY': 'TEST01', Authorization: basic('TEST01', 'data-secret') },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ categories: { News: true } });
  });
});

// Each test starts the command as a process, some three times: on a loaded machine that takes seconds.
describe('pnpm link-url', { timeout: 60_000 }, () => {
  let file: string;

  beforeAll(async () => {
    if (!existsSync(LINK_CLI)) await run('pnpm', ['exec', 'tsup', '--silent'], { cwd: PACKAGE });
    file = join(mkdtempSync(join(tmpdir(), 'personalize-link-')), 'workspaces.json');
    writeFileSync(file, JSON.stringify(testWorkspaceDocument({ api_secret: SECRET })));
  }, 60_000);

  const linkUrl = (...args: string[]) => run(process.execPath, [LINK_CLI, ...args]);
  /** The options of one link: workspace `id`, user `user`, campaign `c`. */
  const linkOptions = (id: string, user: string, url = 'https://e.com') => [
    '--workspace',
    file,
    '--workspace-id',
    id,
    '--user',
    user,
    '--campaign',
    'c',
    '--url',
    url,
  ];
  const failure = async (...args: string[]) => {
    const error = (await linkUrl(...args).then(
      () => undefined,
      (e: unknown) => e,
    )) as { code: number; stderr: string } | undefined;
    expect(error).toBeDefined();
    return error as { code: number; stderr: string };
  };

  it('prints the link of a workspace, user and campaign, and nothing else on stdout', async () => {
    const { stdout } = await linkUrl(
      '--workspace',
      file,
      '--workspace-id',
      'TEST01',
      '--user',
      'u-2',
      '--campaign',
      'c-9',
      '--url',
      'https://example.com/lp',
    );
    expect(stdout.endsWith('\n')).toBe(true);
    const { user_id, cid, app_key } = params(stdout.trim());
    expect([nodeDecrypt(SECRET, user_id), nodeDecrypt(SECRET, cid), nodeDecrypt(SECRET, app_key)]).toEqual([
      'u-2',
      'c-9',
      'TEST01',
    ]);
  });

  it('uses the demo workspace when no file is given', async () => {
    const { stdout } = await linkUrl('--user', 'u-1', '--campaign', 'c', '--url', 'https://example.com/lp');
    expect(nodeDecrypt('landing-page-secret', params(stdout.trim()).app_key)).toBe('DEMO01');
  });

  it('a workspace without api_secret, an unknown user or workspace stop with exit code 1', async () => {
    const noSecret = await failure(...linkOptions('OTHER02', 'u-1'));
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain(
      'workspace OTHER02 has no api_secret, so the preferences endpoint answers 409',
    );
    const noUser = await failure(...linkOptions('TEST01', 'u-9'));
    expect(noUser.stderr).toContain('workspace TEST01 has no user u-9');
    const noWorkspace = await failure(...linkOptions('X', 'u-1'));
    expect(noWorkspace.stderr).toContain('has no workspace X (it has TEST01, OTHER02)');
  });

  it('missing options, several workspaces without --workspace-id and a bad URL stop with exit code 2', async () => {
    const missing = await failure('--user', 'u-1');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--campaign, --url required');
    const several = await failure(
      '--workspace',
      file,
      '--user',
      'u-1',
      '--campaign',
      'c',
      '--url',
      'https://e.com',
    );
    expect(several.code).toBe(2);
    expect(several.stderr).toContain(
      'has several workspaces (TEST01, OTHER02): choose one with --workspace-id',
    );
    const badUrl = await failure(...linkOptions('TEST01', 'u-1', 'mailto:x'));
    expect(badUrl.code).toBe(2);
  });
});
