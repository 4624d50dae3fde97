import { describe, expect, it } from 'vitest';
import { postPreview, previewBody, previewHeaders, targets, testApp } from './helpers/workspace';

const user = { user_details: { identifier: 'ID', identifier_value: 'u-1' } };

describe('inline payloads', () => {
  it('every payload key comes back with its value personalized, under the key as sent', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody(
        {
          'Subject Line': "Hi {{ UserAttribute['First Name']|title }}",
          body_text:
            '{{ ContentBlock.footer }} - {% for p in ProductSet.bestsellers %}{{ p.title }}{% endfor %}',
          plain: 'no tokens',
        },
        user,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      personalized_content: {
        payload: { 'Subject Line': 'Hi Jane', body_text: 'Thanks, Jane - Lamp', plain: 'no tokens' },
      },
    });
  });

  it('the normalizeKeys option returns keys lower case with underscores', async () => {
    const answer = await postPreview(
      testApp({ normalizeKeys: true }),
      previewBody({ 'Subject Line': 'a', 'Pre-Header': 'b' }),
    );
    expect(answer.body?.personalized_content?.payload).toEqual({ subject_line: 'a', pre_header: 'b' });
  });

  it('supplied user attributes win over stored ones, and a null one is missing', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody(
        {
          a: "{{ UserAttribute['First Name'] }}|{{ UserAttribute.City|default('none') }}|{{ UserAttribute.tier }}",
        },
        {
          ...user,
          personalization_details: {
            channel: 'EMAIL',
            user_attributes: { 'First Name': 'Ann', City: null, tier: 'gold' },
          },
        },
      ),
    );
    expect(answer.body?.personalized_content?.payload).toEqual({ a: 'Ann|none|gold' });
  });

  it('without user_details only the supplied attributes are known, and an unknown token renders empty', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody(
        { a: "[{{ UserAttribute['First Name'] }}][{{ UserAttribute.x }}]" },
        { personalization_details: { channel: 'SMS', user_attributes: { 'First Name': 'Bo' } } },
      ),
    );
    expect(answer.body?.personalized_content?.payload).toEqual({ a: '[Bo][]' });
  });

  it('event attributes render when the event is one of the workspace events', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody(
        { a: "{{ EventAttribute['amount'] }} {{ EventAttribute.currency }}" },
        {
          personalization_details: {
            channel: 'PUSH',
            event_name: 'Purchase',
            event_attributes: { amount: 12.5, currency: 'EUR' },
          },
        },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body?.personalized_content?.payload).toEqual({ a: '12.5 EUR' });
  });

  it('the legacy path answers as the documented one', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody({ a: '{{ 1 + 1 }}' }),
      previewHeaders(),
      '/personalization/preview',
    );
    expect(answer.status).toBe(200);
    expect(answer.body?.personalized_content?.payload).toEqual({ a: '2' });
  });

  it('a content API that fails reads as {} and the preview still answers 200', async () => {
    const app = testApp(
      {},
      {
        content_apis: {
          down: {
            url: 'http://127.0.0.1:9/none',
            method: 'GET',
            headers: {},
            timeout_ms: 500,
            cache_ttl_s: 0,
          },
        },
      },
    );
    const answer = await postPreview(
      app,
      previewBody({ a: "{% set w = ContentApi.down({'params': {'q': 1}}) %}[{{ w.temp }}]" }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body?.personalized_content?.payload).toEqual({ a: '[]' });
  });
});

describe('users', () => {
  const lookups: [string, string][] = [
    ['ID', 'u-1'],
    ['id', 'u-1'],
    ['EMAIL', 'jane@example.com'],
    ['email', 'JANE@example.COM'],
    ['MOBILE', '+15550100'],
    ['PHONE', '+15550100'],
    ['loyalty_id', 'L-77'],
    ['LOYALTY_ID', 'L-77'],
  ];
  for (const [identifier, value] of lookups) {
    it(`a user is found by identifier ${identifier}`, async () => {
      const answer = await postPreview(
        testApp(),
        previewBody(
          { a: "{{ UserAttribute['First Name'] }}" },
          { user_details: { identifier, identifier_value: value } },
        ),
      );
      expect(answer.body?.personalized_content?.payload).toEqual({ a: 'jane' });
    });
  }

  it('no such user is a 400 on user_details.identifier_value, even when the content reads no attribute', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody({ a: 'static' }, { user_details: { identifier: 'ID', identifier_value: 'nobody' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.message).toBe('Invalid Request');
    expect(targets(answer)).toEqual(['user_details.identifier_value']);
  });
});

describe('custom templates', () => {
  const template = (template_id: string, version: string) => ({
    request_id: 'req-t',
    personalization_content: { custom_template_data: { template_id, version } },
    personalization_details: { channel: 'PUSH' },
    user_details: { identifier: 'ID', identifier_value: 'u-1' },
  });

  it('the stored record comes back in payload.data with every platform string personalized', async () => {
    const answer = await postPreview(testApp(), template('welcome', '2'));
    expect(answer.status).toBe(200);
    expect(answer.body?.personalized_content?.payload).toEqual({
      data: [
        {
          meta_info: { platform: ['ANDROID'], template_id: 'welcome', template_version: '2' },
          external_template_id: 'welcome',
          version: 2,
          ANDROID: {
            basic_details: { title: 'Hi Jane', key_value_pairs: [{ key: 'city', value: 'Berlin' }] },
            advanced: { auto_dismiss_notification: true, dismissal_time_value: 24 },
          },
          created_at: '2024-05-01T09:30:00.000000',
        },
      ],
    });
  });

  it('a template id and version pair that does not exist is a 400', async () => {
    const answer = await postPreview(testApp(), template('welcome', '3'));
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.custom_template_data']);
  });

  it('a failing string inside the record is named by its path in the record', async () => {
    const answer = await postPreview(testApp(), template('broken', '1'));
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_content.custom_template_data.ANDROID.basic_details.message',
        message: 'line 1, column 4: ZeroDivisionError: division by zero',
      },
    ]);
  });

  it('with both payload and custom_template_data, the inline keys and data come back together', async () => {
    const body = template('welcome', '2');
    const answer = await postPreview(testApp(), {
      ...body,
      personalization_content: {
        ...body.personalization_content,
        payload: { subject: 'S {{ UserAttribute.City }}' },
      },
    });
    expect(answer.body?.personalized_content?.payload.subject).toBe('S Berlin');
    expect(answer.body?.personalized_content?.payload.data?.[0].external_template_id).toBe('welcome');
  });

  it('an inline key named data cannot be used with a custom template', async () => {
    const body = template('welcome', '2');
    const answer = await postPreview(testApp(), {
      ...body,
      personalization_content: { ...body.personalization_content, payload: { data: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.data']);
  });
});

describe('templates that fail', () => {
  it('each failing key is one details item with the engine error, line and column', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody({
        good: 'fine',
        syntax: 'Hello {{ name }',
        runtime: '{{ [1, 2] + 3 }}',
        block: "{{ ContentBlock['nope'] }}",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.message).toBe('Invalid Request');
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_content.payload.syntax',
        message: "line 1, column 15: syntax error: unexpected '}'",
      },
      {
        target: 'personalization_content.payload.runtime',
        message: 'line 1, column 4: TypeError: can only concatenate list (not "int") to list',
      },
      {
        target: 'personalization_content.payload.block',
        message: "line 1, column 4: Content Blocks ['nope'] not found",
      },
    ]);
  });

  it('a key whose template says not to send is a 400 with the reason', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody({ a: 'ok', b: "{{ UserAttribute.missing|default('MOE_NOT_SEND') }}" }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.b']);
    expect(answer.body?.error?.details[0].message).toMatch(/^The template says not to send the message: /);
  });

  it('a content block that does not compile fails the key that includes it', async () => {
    const answer = await postPreview(testApp(), previewBody({ a: "{{ ContentBlock['broken'] }}" }));
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.a']);
    expect(answer.body?.error?.details[0].message).toContain("content block 'broken' does not compile");
  });
});

describe('event names', () => {
  it('content that reads EventAttribute without event_name is a 400 on event_name', async () => {
    const answer = await postPreview(testApp(), previewBody({ a: "{{ EventAttribute['amount'] }}" }));
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_details.event_name']);
  });

  it('a content block that reads EventAttribute, even nested, needs event_name too', async () => {
    const app = testApp();
    const missing = await postPreview(app, previewBody({ a: "{{ ContentBlock['order'] }}" }));
    expect(missing.status).toBe(400);
    expect(targets(missing)).toEqual(['personalization_details.event_name']);
    const given = await postPreview(
      app,
      previewBody(
        { a: "{{ ContentBlock['order'] }}" },
        {
          personalization_details: {
            channel: 'EMAIL',
            event_name: 'Purchase',
            event_attributes: { amount: 5 },
          },
        },
      ),
    );
    expect(given.status).toBe(200);
    expect(given.body?.personalized_content?.payload).toEqual({ a: 'Paid 5' });
  });

  it('an event_name the workspace does not have is a 400 on event_name', async () => {
    const answer = await postPreview(
      testApp(),
      previewBody({ a: 'x' }, { personalization_details: { channel: 'EMAIL', event_name: 'Refund' } }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_details.event_name']);
    expect(answer.body?.error?.details[0].message).toContain('"Refund" is not an event of this workspace');
  });

  it('content without EventAttribute needs no event_name', async () => {
    const answer = await postPreview(testApp(), previewBody({ a: '{{ UserAttribute.x }}' }));
    expect(answer.status).toBe(200);
  });
});
