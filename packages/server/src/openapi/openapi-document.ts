/**
 * The OpenAPI 3.1 document of the server, served at `GET /openapi.json`. The bodies' schemas are generated
 * from the Zod schemas that check the requests: OpenAPI 3.1 uses JSON Schema 2020-12, which is what Zod 4's
 * `toJSONSchema` writes, so nothing is written twice.
 *
 * Why not `@hono/zod-openapi`: its validators answer per part of the request (headers, then body), so one
 * 400 could not list header and body problems together, and they run as route middleware where the service's
 * order needs authentication (401) and counting (429) first.
 */
import { z } from 'zod';
import {
  CHANNELS,
  previewRequestSchema,
  previewResponseSchema,
  requestErrorSchema,
  serverErrorSchema,
} from '../preview/preview-schema';

/** The path of the preferences endpoint (service-api.md 4.2). */
export const PREFERENCES_PATH = '/v1/category-subscription/user-preferences';

/** The path of the v5 preview endpoint (service-additions.md, "Preview v5"). */
export const V5_PREVIEW_PATH = '/v5/personalization/preview';

/** The paths of the preview endpoint: the documented one first, then the legacy alias. */
export const PREVIEW_PATHS = [
  '/core-services/v1/personalization/preview',
  '/personalization/preview',
] as const;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return json;
}

const rateLimitHeaders = {
  'x-ratelimit-limit': {
    description: 'Most requests in the current window (of the windows, the one closest to running out).',
    schema: { type: 'integer' },
  },
  'x-ratelimit-remaining': { description: 'Requests left in that window.', schema: { type: 'integer' } },
  'x-ratelimit-reset': {
    description: 'When that window ends, in Unix seconds (UTC).',
    schema: { type: 'integer' },
  },
};

function errorResponse(description: string, schema: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...rateLimitHeaders, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

function previewOperation(path: string) {
  const legacy = path !== PREVIEW_PATHS[0];
  return {
    operationId: legacy ? 'previewLegacy' : 'preview',
    summary: legacy ? 'Personalized preview (legacy path)' : 'Personalized preview',
    description:
      'Renders the content for a user and returns it; nothing is sent. Inline payload: every key comes back personalized. Custom template: payload.data holds the record with every platform string personalized.' +
      (legacy ? ` The same endpoint as ${PREVIEW_PATHS[0]}.` : ''),
    tags: ['preview'],
    security: [{ basicAuth: [], workspaceId: [] }],
    parameters: [
      {
        name: 'data-compression',
        in: 'header',
        required: false,
        description:
          'true, True, 1 or gzip: payload values are sent and returned as Base64 of gzip data (zlib and raw deflate accepted). false, False, 0 or absent: plain text.',
        schema: { type: 'string', enum: ['true', 'True', '1', 'gzip', 'false', 'False', '0'] },
      },
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PreviewRequest' } } },
    },
    responses: {
      '200': {
        description: 'Personalized.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PreviewResponse' } } },
      },
      '400': errorResponse(
        "A parameter is missing or invalid, the custom template does not exist, or a template fails for a key (one details item per key). error.message is 'Invalid Request'.",
        'RequestError',
      ),
      '401': {
        description: "No valid credentials, or an invalid SVC-APPKEY. error.message is 'Invalid Request'.",
        content: { 'application/json': { schema: { $ref: '#/components/schemas/RequestError' } } },
      },
      '413': errorResponse(
        'The body is larger than the cap (1 MiB by default); target body.',
        'RequestError',
      ),
      '429': errorResponse(
        "The workspace's rate limit is reached. error.message is 'Rate limit reached'.",
        'RequestError',
        {
          'retry-after': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
        },
      ),
      '500': errorResponse('Unexpected error; the body never says what failed inside.', 'ServerError'),
      '503': {
        description:
          "The rate-limit store (Redis) does not answer and the server fails closed. error.message is 'Service Unavailable'; error.details is one object, like the 500's.",
        headers: {
          'retry-after': { description: 'Seconds to wait.', schema: { type: 'integer' } },
        },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: {
                    message: { const: 'Service Unavailable' },
                    details: {
                      type: 'object',
                      properties: { message: { type: 'string' } },
                      required: ['message'],
                    },
                  },
                  required: ['message', 'details'],
                },
              },
              required: ['error'],
            },
          },
        },
      },
    },
  };
}

function preferencesError(description: string, headers: Record<string, unknown> = rateLimitHeaders) {
  return {
    description,
    headers,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/PreferencesError' } } },
  };
}

function tokenParameter(name: string, what: string) {
  return {
    name,
    in: 'query',
    required: true,
    description: `The encrypted ${what} id, exactly as found in the landing-page link: Base64url without padding of iv (12 bytes), AES-256-GCM ciphertext and tag (16 bytes), key = SHA-256 of the workspace's api_secret.`,
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
  };
}

const preferencesOperation = {
  operationId: 'userPreferences',
  summary: 'Get subscription category preferences',
  description:
    "The subscription categories of the user named by a landing-page link, every category of the workspace with true when the user is subscribed. Checks, in order: credentials (401), the workspace's API secret (409), the limits (429: 100 a minute and 360,000 a UTC day per workspace), the params (400).",
  tags: ['preferences'],
  security: [{ basicAuth: [], workspaceId: [] }],
  parameters: [
    tokenParameter('user_id', 'user'),
    tokenParameter('cid', 'campaign'),
    {
      name: 'moe_event_id',
      in: 'query',
      required: false,
      description: 'Accepted and ignored.',
      schema: { type: 'string' },
    },
  ],
  responses: {
    '200': {
      description: 'The categories.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PreferencesResponse' } } },
    },
    '400': {
      description:
        'user_id or cid is missing, is not a token of this workspace (changed, cut short, or made with another API secret), or names no user.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PreferencesParamsError' } } },
    },
    '401': preferencesError(
      "title 'Header required' (no SVC-APPKEY), 'Authentication required' (no usable Authorization header) or 'Invalid credentials'. The password is the workspace's Data API key.",
      {},
    ),
    '405': preferencesError('Any method but GET.', {}),
    '409': preferencesError("The workspace's API secret is not set: title 'API secret not configured'.", {}),
    '429': preferencesError("A limit is reached: title 'Rate-Limit Reached'.", {
      ...rateLimitHeaders,
      'retry-after': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
    }),
    '500': preferencesError("Unexpected error: title 'Internal Error'.", {}),
    '503': preferencesError(
      "The rate-limit store (Redis) does not answer and the server fails closed: title 'Internal Error'.",
      { 'retry-after': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    ),
  },
};

/**
 * The OpenAPI 3.1 document of every endpoint of the server.
 *
 * @example
 * app.get('/openapi.json', (c) => c.json(openApiDocument()));
 */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const path of PREVIEW_PATHS) paths[path] = { post: previewOperation(path) };
  paths[PREFERENCES_PATH] = { get: preferencesOperation };
  paths['/healthz'] = {
    get: {
      operationId: 'health',
      summary: 'Liveness',
      tags: ['operations'],
      responses: {
        '200': {
          description: 'The server is up.',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
            },
          },
        },
      },
    },
  };
  paths['/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['operations'],
      responses: { '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': {} } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Personalize preview and preferences API',
      version: '1.0.0',
      description: `The service's personalized preview and subscription category preferences endpoints, served by the Personalize engine. Channels: ${CHANNELS.join(', ')}.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description:
            'Username: the Workspace ID. Password: the API key of the tile of the endpoint (preview: the preview key; preferences: the Data key).',
        },
        workspaceId: { type: 'apiKey', in: 'header', name: 'SVC-APPKEY', description: 'The Workspace ID.' },
      },
      schemas: {
        PreviewRequest: schemaOf(previewRequestSchema, 'input'),
        PreviewResponse: schemaOf(previewResponseSchema, 'output'),
        RequestError: schemaOf(requestErrorSchema, 'output'),
        ServerError: schemaOf(serverErrorSchema, 'output'),
        PreferencesResponse: {
          type: 'object',
          properties: {
            categories: {
              type: 'object',
              additionalProperties: { type: 'boolean' },
              description: 'Every category of the workspace: true = subscribed.',
            },
          },
          required: ['categories'],
        },
        PreferencesParamsError: {
          type: 'object',
          properties: { message: { type: 'string', description: 'Which params are invalid, and why.' } },
          required: ['message'],
        },
        PreferencesError: {
          type: 'object',
          properties: { title: { type: 'string' }, description: { type: 'string' } },
          required: ['title', 'description'],
        },
      },
    },
  };
}
