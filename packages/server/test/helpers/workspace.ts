/** A small workspace file for the tests, and an app over it that logs nowhere. */
import { type Logger, pino } from 'pino';
import { type AppOptions, createApp } from '../../src/app';
import { workspaceFileStore } from '../../src/workspaces/workspace';
import { parseWorkspaceFile, type WorkspaceFile } from '../../src/workspaces/workspace-file';

/** The test workspace, as a workspace file holds it (`overrides` replace top-level fields of TEST01). */
export function testWorkspaceDocument(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    workspaces: [
      {
        id: 'TEST01',
        keys: { preview: 'preview-secret', data: 'data-secret' },
        events: ['Purchase', 'Add to Cart'],
        categories: ['Promotions'],
        users: [
          {
            id: 'u-1',
            email: 'Jane@Example.com',
            mobile: '+15550100',
            attributes: { 'First Name': 'jane', City: 'Berlin', loyalty_id: 'L-77' },
          },
          { id: 'u-2', attributes: { 'First Name': 'omar' } },
        ],
        content_blocks: {
          footer: "Thanks, {{ UserAttribute['First Name']|title }}",
          broken: '{{ oops',
          receipt: "Paid {{ EventAttribute['amount'] }}",
          order: "{{ ContentBlock['receipt'] }}",
        },
        product_sets: { bestsellers: [{ title: 'Lamp', price: 19.5 }] },
        custom_templates: [
          {
            template_id: 'welcome',
            version: '2',
            record: {
              meta_info: { platform: ['ANDROID'], template_id: 'welcome', template_version: '2' },
              external_template_id: 'stored-id',
              version: 2,
              ANDROID: {
                basic_details: {
                  title: "Hi {{ UserAttribute['First Name']|title }}",
                  key_value_pairs: [{ key: 'city', value: '{{ UserAttribute.City }}' }],
                },
                advanced: { auto_dismiss_notification: true, dismissal_time_value: 24 },
              },
              created_at: '2024-05-01T09:30:00.000000',
            },
          },
          {
            template_id: 'broken',
            version: '1',
            record: { ANDROID: { basic_details: { title: 'ok', message: '{{ 1/0 }}' } } },
          },
        ],
        ...overrides,
      },
      { id: 'OTHER02', keys: { preview: 'other-secret' } },
    ],
  };
}

/** The test workspace file, checked. */
export function testWorkspaceFile(overrides: Record<string, unknown> = {}): WorkspaceFile {
  return parseWorkspaceFile(testWorkspaceDocument(overrides), 'test workspace');
}

/** A logger that drops everything. */
export const silent: Logger = pino({ level: 'silent' });

/** The app over the test workspace; `overrides` change TEST01, `options` the app. */
export function testApp(options: Partial<AppOptions> = {}, overrides: Record<string, unknown> = {}) {
  return createApp({
    workspaces: workspaceFileStore(testWorkspaceFile(overrides)),
    logger: silent,
    ...options,
  });
}

/** `Basic` credentials. */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The headers of a valid preview request of TEST01. */
export function previewHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Authorization: basic('TEST01', 'preview-secret'),
    'SVC-APPKEY': 'TEST01',
    ...extra,
  };
}

/** A valid inline preview body, with `payload` and optional changes to the other fields. */
export function previewBody(
  payload: Record<string, unknown> | null,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    request_id: 'req-1',
    personalization_content: { payload },
    personalization_details: { channel: 'EMAIL' },
    ...more,
  };
}

export const PREVIEW = '/core-services/v1/personalization/preview';

/** A parsed answer of the app (the shape is what the tests check). */
export interface Answer {
  status: number;
  headers: Headers;
  body:
    | {
        error?: { message: string; details: { target: string; message: string }[] };
        personalized_content?: { payload: Record<string, unknown> & { data?: Record<string, unknown>[] } };
      }
    | undefined;
}

/** The `target`s of an error answer's details. */
export function targets(answer: Answer): string[] {
  return (answer.body?.error?.details ?? []).map((detail) => detail.target);
}

/** Posts a preview request to the app. */
export async function postPreview(
  app: ReturnType<typeof createApp>,
  body: unknown,
  headers: Record<string, string> = previewHeaders(),
  path = PREVIEW,
): Promise<Answer> {
  const response = await app.request(path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

export const V5_PREVIEW = '/v5/personalization/preview';

/** The headers of a valid v5 preview request of TEST01: Basic auth, no tenant header. */
export function v5Headers(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Authorization: basic('TEST01', 'preview-secret'),
    ...extra,
  };
}

/** A valid v5 preview body with `content`, and optional changes to the other fields. */
export function v5Body(content: unknown, more: Record<string, unknown> = {}): Record<string, unknown> {
  return { request_id: 'p-1', channel: 'PUSH', campaign_content: { content }, ...more };
}

/** A parsed v5 answer. */
export interface V5Answer {
  status: number;
  headers: Headers;
  body:
    | {
        error?: { message: string; details: { target: string; message: string }[] };
        response_id?: string;
        type?: string;
        data?: { personalized_content: { content: Record<string, unknown> } };
      }
    | undefined;
}

/** Posts a v5 preview request to the app. */
export async function postV5(
  app: ReturnType<typeof createApp>,
  body: unknown,
  headers: Record<string, string> = v5Headers(),
): Promise<V5Answer> {
  return (await postPreview(app, body, headers, V5_PREVIEW)) as V5Answer;
}
