import { decodeValue, encodeValue } from '@personalize/compression';
import { describe, expect, it } from 'vitest';
import {
  basic,
  postPreview,
  postV5,
  previewBody,
  previewHeaders,
  targets,
  testApp,
  type V5Answer,
  v5Body,
  v5Headers,
} from './helpers/workspace';

const app = testApp();

/** A push message for Android, as the reference's example nests it. */
function push(basicDetails: Record<string, unknown>, more: Record<string, unknown> = {}) {
  return { push: { android: { template_type: 'BASIC', basic_details: basicDetails, ...more } } };
}

/** The value with `change` applied to every string in it. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
}

const JANE = { user_identification: { type: 'USER_ATTRIBUTE_UNIQUE_ID', value: 'u-1' } };

function contentOf(answer: V5Answer): Record<string, unknown> | undefined {
  return answer.body?.data?.personalized_content.content;
}

describe('v5 preview: 200', () => {
  it('answers the documented shape: response_id, type, and the content tree with every string personalized', async () => {
    const answer = await postV5(
      app,
      v5Body(
        push(
          {
            title: "Hello {{ UserAttribute['First Name']|title }}",
            message:
              '{{ ContentBlock.footer }} - {% for p in ProductSet.bestsellers %}{{ p.title }}{% endfor %}',
            key_value_pairs: [{ key: 'city', value: '{{ UserAttribute.City }}' }],
          },
          { priority: 2, silent: false, icon: null },
        ),
        JANE,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      response_id: 'p-1',
      type: 'personalization',
      data: {
        personalized_content: {
          content: push(
            {
              title: 'Hello Jane',
              message: 'Thanks, Jane - Lamp',
              key_value_pairs: [{ key: 'city', value: 'Berlin' }],
            },
            { priority: 2, silent: false, icon: null },
          ),
        },
      },
    });
  });

  it('the user may be named by EMAIL, MOBILE or an attribute, case-insensitively, as in v1', async () => {
    for (const [type, value] of [
      ['email', 'jane@example.com'],
      ['MOBILE', '+15550100'],
      ['loyalty_id', 'L-77'],
      ['user_attribute_unique_id', 'u-1'],
    ]) {
      const answer = await postV5(
        app,
        v5Body({ t: "{{ UserAttribute['First Name'] }}" }, { user_identification: { type, value } }),
      );
      expect(contentOf(answer), type).toEqual({ t: 'jane' });
    }
  });

  it('supplied attributes win over stored ones, and a null one is missing', async () => {
    const answer = await postV5(
      app,
      v5Body(
        {
          t: "{{ UserAttribute['First Name'] }}|{{ UserAttribute.City|default('none') }}|{{ UserAttribute.tier }}",
        },
        { ...JANE, user_attributes: { 'First Name': 'Ann', City: null, tier: 'gold' } },
      ),
    );
    expect(contentOf(answer)).toEqual({ t: 'Ann|none|gold' });
  });

  it('event attributes render with an event of the workspace', async () => {
    const answer = await postV5(
      app,
      v5Body(
        { t: '{{ EventAttribute.product_name }}' },
        { event_name: 'Add to Cart', event_attributes: { product_name: 'Running Shoes' } },
      ),
    );
    expect(contentOf(answer)).toEqual({ t: 'Running Shoes' });
  });

  it('the request id may come from X-MOE-Request-Id alone, or from both when they match', async () => {
    const { request_id: _omitted, ...withoutId } = v5Body({ t: 'x' });
    const fromHeader = await postV5(app, withoutId, v5Headers({ 'X-MOE-Request-Id': 'h-7' }));
    expect(fromHeader.body?.response_id).toBe('h-7');
    const both = await postV5(app, v5Body({ t: 'x' }), v5Headers({ 'X-MOE-Request-Id': 'p-1' }));
    expect(both.body?.response_id).toBe('p-1');
  });

  it('with data-compression on, every string of the content comes and goes as gzip + Base64', async () => {
    const content = {
      push: {
        android: {
          template_type: 'BASIC',
          basic_details: { title: "Hi {{ UserAttribute['First Name']|title }}" },
        },
      },
      n: 1,
    };
    const answer = await postV5(
      app,
      v5Body(mapStrings(content, encodeValue), JANE),
      v5Headers({ 'data-compression': 'true' }),
    );
    expect(answer.status).toBe(200);
    const sent = contentOf(answer);
    expect(mapStrings(sent, (text) => text.slice(0, 4))).toEqual(mapStrings(content, () => 'H4sI'));
    expect(mapStrings(sent, decodeValue)).toEqual({
      push: { android: { template_type: 'BASIC', basic_details: { title: 'Hi Jane' } } },
      n: 1,
    });
  });
});

describe('v5 preview: 400, one item per problem at its JSON path in the v5 body', () => {
  it('request_id and X-MOE-Request-Id that differ are a 400 on the header', async () => {
    const answer = await postV5(app, v5Body({ t: 'x' }), v5Headers({ 'X-MOE-Request-Id': 'other' }));
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toEqual({
      message: 'Invalid Request',
      details: [
        {
          target: 'X-MOE-Request-Id',
          message:
            'X-MOE-Request-Id "other" and request_id "p-1" must match: send one, or the same id in both',
        },
      ],
    });
  });

  it('no request id at all is a 400 on request_id', async () => {
    const { request_id: _omitted, ...withoutId } = v5Body({ t: 'x' });
    const answer = await postV5(app, withoutId);
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'request_id',
        message:
          'request_id is required but has no value: send it in the body or in the X-MOE-Request-Id header',
      },
    ]);
  });

  it('every schema problem is reported at once', async () => {
    const answer = await postV5(app, {
      request_id: '',
      channel: 'FAX',
      user_identification: { type: 'ID' },
      campaign_content: { content: [] },
      event_attributes: 'x',
    });
    expect(answer.status).toBe(400);
    expect(targets(answer as never).sort()).toEqual(
      [
        'campaign_content.content',
        'channel',
        'event_attributes',
        'request_id',
        'user_identification.value',
      ].sort(),
    );
  });

  it('empty content, and content nested deeper than 32 levels, are 400s on campaign_content.content', async () => {
    const empty = await postV5(app, v5Body({}));
    expect(empty.body?.error?.details).toEqual([
      {
        target: 'campaign_content.content',
        message: 'campaign_content.content needs at least one key: the content to personalize',
      },
    ]);
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    const tooDeep = await postV5(app, JSON.stringify(v5Body({ a: 'DEEP' })).replace('"DEEP"', deep));
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body?.error?.details[0].message).toBe(
      'campaign_content.content nests deeper than 32 levels',
    );
  });

  it('a failing template names its path in the content, with the line and column', async () => {
    const answer = await postV5(
      app,
      v5Body(push({ title: 'ok', message: 'a\n{{ 1 // 0 }}', key_value_pairs: [{ value: '{{ oops' }] })),
    );
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'campaign_content.content.push.android.basic_details.message',
        message: 'line 2, column 4: ZeroDivisionError: integer division or modulo by zero',
      },
      {
        target: 'campaign_content.content.push.android.basic_details.key_value_pairs[0].value',
        message:
          "line 1, column 4: syntax error: unexpected end of template, expected 'end of print statement'.",
      },
    ]);
  });

  it('an unknown user, and an event that is not one of the workspace, name their fields', async () => {
    const answer = await postV5(
      app,
      v5Body({ t: 'x' }, { user_identification: { type: 'EMAIL', value: 'no@one' }, event_name: 'Nope' }),
    );
    expect(answer.body?.error?.details).toEqual([
      { target: 'event_name', message: 'event_name "Nope" is not an event of this workspace' },
      { target: 'user_identification.value', message: 'No user of this workspace has EMAIL "no@one"' },
    ]);
  });

  it('content that reads EventAttribute needs event_name, also through a content block', async () => {
    const answer = await postV5(app, v5Body({ t: "{{ ContentBlock['order'] }}" }));
    expect(answer.body?.error?.details).toEqual([
      { target: 'event_name', message: 'event_name is required: the content uses EventAttribute' },
    ]);
  });

  it('a compressed string that is not Base64 is a 400 naming its path', async () => {
    const answer = await postV5(
      app,
      v5Body({ push: { android: { basic_details: { title: encodeValue('ok'), message: 'not base64!' } } } }),
      v5Headers({ 'data-compression': 'gzip' }),
    );
    expect(targets(answer as never)).toEqual(['campaign_content.content.push.android.basic_details.message']);
    expect(answer.body?.error?.details[0].message).toMatch(
      /^Payload key "push\.android\.basic_details\.message" is not Base64 \(not_base64\)/,
    );
  });

  it('a body past the cap is a 413 on body', async () => {
    const answer = await postV5(testApp({ maxBodyBytes: 64 }), v5Body({ t: 'x'.repeat(100) }));
    expect(answer.status).toBe(413);
    expect(targets(answer as never)).toEqual(['body']);
  });
});

describe('v5 preview: authentication', () => {
  it('Basic alone names the workspace; X-MOE-Tenant-ID may name it too', async () => {
    expect((await postV5(app, v5Body({ t: 'x' }))).status).toBe(200);
    expect((await postV5(app, v5Body({ t: 'x' }), v5Headers({ 'X-MOE-Tenant-ID': 'TEST01' }))).status).toBe(
      200,
    );
  });

  it('an X-MOE-Tenant-ID other than the Basic username is a 401 on Authorization', async () => {
    const answer = await postV5(app, v5Body({ t: 'x' }), v5Headers({ 'X-MOE-Tenant-ID': 'OTHER02' }));
    expect(answer.status).toBe(401);
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'Authorization',
        message: 'The username in the Authorization header must be the Workspace ID sent in X-MOE-Tenant-ID',
      },
    ]);
  });

  it('an unknown X-MOE-Tenant-ID is a 401 on that header; a wrong key or no Authorization on Authorization', async () => {
    const unknown = await postV5(
      app,
      v5Body({ t: 'x' }),
      v5Headers({ 'X-MOE-Tenant-ID': 'NOPE', Authorization: basic('NOPE', 'preview-secret') }),
    );
    expect(targets(unknown as never)).toEqual(['X-MOE-Tenant-ID']);
    const wrongKey = await postV5(
      app,
      v5Body({ t: 'x' }),
      v5Headers({ Authorization: basic('TEST01', 'data-secret') }),
    );
    expect(wrongKey.status).toBe(401);
    expect(targets(wrongKey as never)).toEqual(['Authorization']);
    const none = await postV5(app, v5Body({ t: 'x' }), { 'Content-Type': 'application/json' });
    expect(none.status).toBe(401);
    expect(targets(none as never)).toEqual(['Authorization']);
  });
});

describe('v5 preview: limits and methods', () => {
  it('counts apart from v1 with the same per-workspace limit, and answers 429 in the preview shape', async () => {
    const limited = testApp(
      { now: () => Date.UTC(2026, 0, 1, 10, 0, 30) },
      { limits: { preview_per_minute: 2 } },
    );
    for (let i = 0; i < 2; i++) expect((await postV5(limited, v5Body({ t: 'x' }))).status).toBe(200);
    const refused = await postV5(limited, v5Body({ t: 'x' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.body?.error?.message).toBe('Rate limit reached');
    expect(targets(refused as never)).toEqual(['Authorization']);
    expect((await postPreview(limited, previewBody({ a: 'x' }), previewHeaders())).status).toBe(200);
  });

  it('another method is a 405 naming POST', async () => {
    const response = await app.request('/v5/personalization/preview', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});
