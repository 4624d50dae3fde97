import { describe, expect, it } from 'vitest';
import { postPreview, previewBody, previewHeaders, targets, testApp } from './helpers/workspace';

const app = testApp();

describe('request validation', () => {
  it('a missing required field is one details item naming it', async () => {
    const answer = await postPreview(app, {
      personalization_content: { payload: { a: 'x' } },
      personalization_details: { channel: 'EMAIL' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        message: 'Invalid Request',
        details: [{ target: 'request_id', message: 'request_id is required but has no value' }],
      },
    });
  });

  it('every problem of a body is reported at once', async () => {
    const answer = await postPreview(app, {
      request_id: '',
      personalization_content: { payload: { a: 1, b: 'ok' } },
      personalization_details: { channel: 'FAX', user_attributes: [] },
      user_details: { identifier: 'ID' },
    });
    expect(answer.status).toBe(400);
    expect(targets(answer).sort()).toEqual(
      [
        'request_id',
        'personalization_content.payload.a',
        'personalization_details.channel',
        'personalization_details.user_attributes',
        'user_details.identifier_value',
      ].sort(),
    );
  });

  it('a payload value that is not a string names the key', async () => {
    const answer = await postPreview(app, previewBody({ count: 3 }));
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_content.payload.count',
        message: 'personalization_content.payload.count must be a string, got an integer',
      },
    ]);
  });

  it('a channel outside the list is a 400 on personalization_details.channel', async () => {
    const answer = await postPreview(
      app,
      previewBody({ a: 'x' }, { personalization_details: { channel: 'email' } }),
    );
    expect(targets(answer)).toEqual(['personalization_details.channel']);
    expect(answer.body?.error?.details[0].message).toContain('must be one of "EMAIL", "SMS"');
  });

  for (const channel of ['EMAIL', 'SMS', 'PUSH', 'WEB_PUSH', 'IN_APP', 'WHATSAPP', 'CARDS']) {
    it(`the channel ${channel} is accepted`, async () => {
      const answer = await postPreview(
        app,
        previewBody({ a: 'x' }, { personalization_details: { channel } }),
      );
      expect(answer.status).toBe(200);
    });
  }

  it('content with neither payload nor custom_template_data is a 400 on personalization_content', async () => {
    for (const content of [
      {},
      { payload: null },
      { payload: {} },
      { payload: {}, custom_template_data: null },
    ]) {
      const answer = await postPreview(app, { ...previewBody(null), personalization_content: content });
      expect(answer.status).toBe(400);
      expect(targets(answer)).toEqual(['personalization_content']);
    }
  });

  it('custom_template_data needs both template_id and version', async () => {
    const answer = await postPreview(app, {
      ...previewBody(null),
      personalization_content: { custom_template_data: { template_id: 'welcome' } },
    });
    expect(targets(answer)).toEqual(['personalization_content.custom_template_data.version']);
  });

  it('user_details needs both identifier and identifier_value', async () => {
    const answer = await postPreview(
      app,
      previewBody({ a: 'x' }, { user_details: { identifier_value: 'u-1' } }),
    );
    expect(targets(answer)).toEqual(['user_details.identifier']);
  });

  it('a missing personalization_details is one item, not one per field inside it', async () => {
    const body = previewBody({ a: 'x' });
    delete body.personalization_details;
    const answer = await postPreview(app, body);
    expect(answer.body?.error?.details).toEqual([
      { target: 'personalization_details', message: 'personalization_details is required but has no value' },
    ]);
  });

  it('a body that is not JSON is a 400 on body', async () => {
    const answer = await postPreview(app, '{"request_id": ');
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['body']);
    expect(answer.body?.error?.details[0].message).toMatch(/^The body is not valid JSON/);
  });

  it('an empty body and a body that is not an object are 400s on body', async () => {
    for (const body of ['', '[1]', '"text"', 'null', '42']) {
      const answer = await postPreview(app, body);
      expect(answer.status).toBe(400);
      expect(targets(answer)).toEqual(['body']);
    }
  });

  it('a Content-Type other than application/json is a 400 on Content-Type', async () => {
    const answer = await postPreview(
      app,
      previewBody({ a: 'x' }),
      previewHeaders({ 'Content-Type': 'application/x-www-form-urlencoded' }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['Content-Type']);
  });

  it('application/json with a charset is accepted', async () => {
    const answer = await postPreview(
      app,
      previewBody({ a: 'x' }),
      previewHeaders({ 'Content-Type': 'application/json; charset=utf-8' }),
    );
    expect(answer.status).toBe(200);
  });

  it('fields that are null count as absent', async () => {
    const answer = await postPreview(app, {
      ...previewBody({ a: 'x' }, { user_details: null }),
      personalization_details: {
        channel: 'EMAIL',
        event_name: null,
        user_attributes: null,
        event_attributes: null,
      },
    });
    expect(answer.status).toBe(200);
  });

  it('a payload key named __proto__ is an ordinary key', async () => {
    const answer = await postPreview(
      app,
      '{"request_id":"r","personalization_content":{"payload":{"__proto__":"{{ 6 * 7 }}"}},"personalization_details":{"channel":"EMAIL"}}',
    );
    expect(answer.status).toBe(200);
    expect(Object.entries(answer.body?.personalized_content?.payload ?? {})).toEqual([['__proto__', '42']]);
  });

  it('a payload value under __proto__ that is not a string names the key', async () => {
    const answer = await postPreview(
      app,
      '{"request_id":"r","personalization_content":{"payload":{"__proto__":5}},"personalization_details":{"channel":"EMAIL"}}',
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.__proto__']);
  });
});

describe('paths and methods', () => {
  it('another method on the preview path is a 405 that names POST', async () => {
    const response = await app.request('/core-services/v1/personalization/preview');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('an unknown path is a 404 in the error shape', async () => {
    const response = await app.request('/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: 'Not Found', details: [{ target: 'path', message: 'No endpoint at /nope' }] },
    });
  });

  it('GET /healthz answers ok', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
