import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Workspace, WorkspaceStore } from '../src/workspaces/workspace';
import { workspaceFileStore } from '../src/workspaces/workspace';
import {
  PREVIEW,
  postPreview,
  previewBody,
  previewHeaders,
  silent,
  testApp,
  testWorkspaceFile,
} from './helpers/workspace';

const SERVER_ERROR = {
  error: {
    message: 'Server Error',
    details: {
      message:
        'The server could not process the request. Try again later; if it keeps failing, contact support with the request_id.',
    },
  },
};

describe('413: bodies past the cap', () => {
  it('a body larger than the cap is a 413 on body, by its Content-Length', async () => {
    const app = testApp({ maxBodyBytes: 100 });
    const answer = await postPreview(app, previewBody({ a: 'x'.repeat(200) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: {
        message: 'Payload Too Large',
        details: [
          { target: 'body', message: 'The request body is larger than 100 bytes, the largest accepted' },
        ],
      },
    });
  });

  it('a streamed body without Content-Length is cut at the cap', async () => {
    const app = testApp({ maxBodyBytes: 1000 });
    const chunk = new TextEncoder().encode('x'.repeat(400));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await app.request(PREVIEW, {
      method: 'POST',
      headers: { ...previewHeaders(), 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it('the default cap is 1 MiB', async () => {
    const app = testApp();
    const under = await postPreview(app, previewBody({ a: 'x'.repeat(900_000) }));
    const over = await postPreview(app, previewBody({ a: 'x'.repeat(1024 * 1024) }));
    expect([under.status, over.status]).toEqual([200, 413]);
  });
});

describe('500: unexpected failures', () => {
  function failingStore(fail: 'users' | 'templates'): WorkspaceStore {
    const real = workspaceFileStore(testWorkspaceFile());
    return {
      async workspace(id) {
        const workspace = (await real.workspace(id)) as Workspace;
        const secret = new Error('db password hunter2 at /srv/app.js:12');
        if (fail === 'users') {
          return {
            ...workspace,
            users: {
              userAttributes: () => {
                throw secret;
              },
            },
          };
        }
        return {
          ...workspace,
          customTemplate: async () => {
            throw secret;
          },
        };
      },
    };
  }

  for (const fail of ['users', 'templates'] as const) {
    it(`a store that throws (${fail}) is a 500 in the documented shape, with no stack or message`, async () => {
      const lines: string[] = [];
      const logger = silent.child({});
      logger.error = ((obj: unknown) => {
        lines.push(JSON.stringify(obj));
      }) as typeof logger.error;
      const app = createApp({ workspaces: failingStore(fail), logger });
      const answer = await postPreview(
        app,
        previewBody(
          { a: 'x' },
          {
            user_details: { identifier: 'ID', identifier_value: 'u-1' },
            personalization_content: {
              payload: { a: 'x' },
              custom_template_data: { template_id: 'welcome', version: '2' },
            },
          },
        ),
      );
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual(SERVER_ERROR);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('10000');
      expect(lines.length).toBe(1);
    });
  }

  it('a workspace store that throws during authentication is a 500', async () => {
    const app = createApp({
      workspaces: {
        workspace: () => {
          throw new TypeError('Cannot read properties of undefined');
        },
      },
      logger: silent,
    });
    const answer = await postPreview(app, previewBody({ a: 'x' }));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual(SERVER_ERROR);
  });
});
