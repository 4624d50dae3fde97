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
import { APP_KEY_HEADER_NAMES, APP_KEY_HEADERS, TENANT_HEADER } from '../auth/workspace-id-headers';
import {
  bulkPreferencesUpdateSchema,
  MAX_BULK_ENTRIES,
  PREFERENCES_UPDATED,
  preferencesUpdateSchema,
} from '../preferences/preference-bodies';
import {
  CHANNELS,
  previewRequestSchema,
  previewResponseSchema,
  requestErrorSchema,
  serverErrorSchema,
} from '../preview/preview-schema';
import { v5PreviewRequestSchema, v5PreviewResponseSchema } from '../preview/v5-preview-schema';
import { REQUEST_ID_HEADER } from '../preview/validate-v5-request';

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

/** The v1 endpoints take the Workspace ID in either header, with Basic auth. */
const V1_SECURITY = [
  { basicAuth: [], moeAppKey: [] },
  { basicAuth: [], workspaceId: [] },
];

const COMPRESSION_HEADER = {
  name: 'data-compression',
  in: 'header',
  required: false,
  description:
    'true, True, 1 or gzip: content strings are sent and returned as Base64 of gzip data (zlib and raw deflate accepted). false, False, 0 or absent: plain text.',
  schema: { type: 'string', enum: ['true', 'True', '1', 'gzip', 'false', 'False', '0'] },
};

const RETRY_AFTER = { 'retry-after': { description: 'Seconds to wait.', schema: { type: 'integer' } } };

/** The preview's refusals, the same for v1 and v5; `header` names how the workspace is named. */
function previewRefusals(header: string) {
  return {
    '400': errorResponse(
      "A parameter is missing or invalid, the custom template does not exist, or a template fails for a string (one details item per string, at its JSON path). error.message is 'Invalid Request'.",
      'RequestError',
    ),
    '401': {
      description: `No valid credentials, or an invalid ${header}. error.message is 'Invalid Request'; details name the header.`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RequestError' } } },
    },
    '413': errorResponse('The body is larger than the cap (1 MiB by default); target body.', 'RequestError'),
    '429': errorResponse(
      "The workspace's rate limit is reached. error.message is 'Rate limit reached'.",
      'RequestError',
      { 'retry-after': { description: 'Seconds until the window resets.', schema: { type: 'integer' } } },
    ),
    '500': errorResponse('Unexpected error; the body never says what failed inside.', 'ServerError'),
    '503': {
      description:
        "The rate-limit store (Redis) does not answer and the server fails closed. error.message is 'Service Unavailable'; error.details is one object, like the 500's.",
      headers: RETRY_AFTER,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ServiceUnavailable' } } },
    },
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
    security: V1_SECURITY,
    parameters: [COMPRESSION_HEADER],
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
      ...previewRefusals(APP_KEY_HEADER_NAMES),
    },
  };
}

const v5PreviewOperation = {
  operationId: 'previewV5',
  summary: 'Personalized preview (v5)',
  description: `Renders every string of campaign_content.content for a user, by the same rules as the v1 preview, and returns the tree; nothing is sent. The request id comes from request_id or the ${REQUEST_ID_HEADER} header (both: they must match) and is returned as response_id. Counted apart from v1, with the same per-workspace limit.`,
  tags: ['preview'],
  security: [{ basicAuth: [] }, { basicAuth: [], tenantId: [] }],
  parameters: [
    {
      name: REQUEST_ID_HEADER,
      in: 'header',
      required: false,
      description: 'The request id, returned as response_id; required unless the body has request_id.',
      schema: { type: 'string' },
    },
    COMPRESSION_HEADER,
  ],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/V5PreviewRequest' } } },
  },
  responses: {
    '200': {
      description: 'Personalized.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/V5PreviewResponse' } } },
    },
    ...previewRefusals(`${TENANT_HEADER} or Authorization`),
  },
};

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

const LINK_PARAMETERS = [
  tokenParameter('user_id', 'user'),
  tokenParameter('cid', 'campaign'),
  {
    name: 'moe_event_id',
    in: 'query',
    required: false,
    description: 'Accepted and ignored.',
    schema: { type: 'string' },
  },
];

/** The refusals every method of the preferences path shares. */
const preferencesRefusals = {
  '401': preferencesError(
    `title 'Header required' (neither ${APP_KEY_HEADERS.join(' nor ')}), 'Authentication required' (no usable Authorization header) or 'Invalid credentials'. The password is the workspace's Data API key.`,
    {},
  ),
  '405': preferencesError('Any method but GET, PUT and POST.', {}),
  '409': preferencesError("The workspace's API secret is not set: title 'API secret not configured'.", {}),
  '429': preferencesError("A limit of this method is reached: title 'Rate-Limit Reached'.", {
    ...rateLimitHeaders,
    'retry-after': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  }),
  '500': preferencesError("Unexpected error: title 'Internal Error'.", {}),
  '503': preferencesError(
    "The rate-limit store or the preference store (Redis) does not answer: title 'Internal Error'.",
    RETRY_AFTER,
  ),
};

const CHECKS =
  "Checks, in order: credentials (401), the workspace's API secret (409), this method's limits (429: 100 a minute and 360,000 a UTC day per workspace), then the request (400).";

const preferencesOperation = {
  operationId: 'userPreferences',
  summary: 'Get subscription category preferences',
  description: `The subscription categories of the user named by a landing-page link, every category of the workspace with true when the user is subscribed: the workspace's stored subscriptions with the updates made by PUT and POST over them. ${CHECKS}`,
  tags: ['preferences'],
  security: V1_SECURITY,
  parameters: LINK_PARAMETERS,
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
    ...preferencesRefusals,
  },
};

function updatedResponse(message: string) {
  return {
    description: 'Stored: every later read sees it.',
    headers: rateLimitHeaders,
    content: {
      'application/json': {
        schema: { type: 'object', properties: { message: { const: message } }, required: ['message'] },
      },
    },
  };
}

const preferencesUpdateOperation = {
  operationId: 'updateUserPreferences',
  summary: 'Update subscription category preferences',
  description: `Changes the categories of the user named by a landing-page link. unsubscribe_all: true unsubscribes from every category. ${CHECKS}`,
  tags: ['preferences'],
  security: V1_SECURITY,
  parameters: LINK_PARAMETERS,
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/PreferencesUpdate' } } },
  },
  responses: {
    '200': updatedResponse(PREFERENCES_UPDATED.put),
    '400': preferencesError(
      "title 'Invalid params' (user_id or cid, as for GET), 'Categories Required' (no categories) or 'Invalid Request' (another problem of the body, a category the workspace does not have); the description names each problem.",
    ),
    '413': preferencesError("The body is larger than the cap (1 MiB by default): title 'Payload Too Large'."),
    ...preferencesRefusals,
  },
};

const bulkPreferencesUpdateOperation = {
  operationId: 'bulkUpdateUserPreferences',
  summary: 'Update the subscription category preferences of several users',
  description: `Changes the categories of up to ${MAX_BULK_ENTRIES} users by id, all or none, later entries winning. ${CHECKS}`,
  tags: ['preferences'],
  security: V1_SECURITY,
  requestBody: {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/BulkPreferencesUpdate' } } },
  },
  responses: {
    '200': updatedResponse(PREFERENCES_UPDATED.post),
    '400': preferencesError(
      `title 'Payload Limit Exceeded' (more than ${MAX_BULK_ENTRIES} entries), 'Categories Required' (an entry without categories) or 'Invalid Request' (another problem: a customer_id or category the workspace does not have, named by its index); the description names each problem.`,
    ),
    '413': preferencesError("The body is larger than the cap (1 MiB by default): title 'Payload Too Large'."),
    ...preferencesRefusals,
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
  paths[V5_PREVIEW_PATH] = { post: v5PreviewOperation };
  paths[PREFERENCES_PATH] = {
    get: preferencesOperation,
    put: preferencesUpdateOperation,
    post: bulkPreferencesUpdateOperation,
  };
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
      description: `The service's personalized preview (v1 and v5) and subscription category preferences (read and update) endpoints, served by the Personalize engine. Channels: ${CHANNELS.join(', ')}.`,
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
        moeAppKey: {
          type: 'apiKey',
          in: 'header',
          name: APP_KEY_HEADERS[0],
          description: `The Workspace ID, as real clients send it; ${APP_KEY_HEADERS[1]} is accepted too (both sent: they must agree).`,
        },
        workspaceId: {
          type: 'apiKey',
          in: 'header',
          name: APP_KEY_HEADERS[1],
          description: `The Workspace ID; ${APP_KEY_HEADERS[0]} is accepted too (both sent: they must agree).`,
        },
        tenantId: {
          type: 'apiKey',
          in: 'header',
          name: TENANT_HEADER,
          description: 'v5 preview only, optional: the Workspace ID; without it, the Basic username.',
        },
      },
      schemas: {
        PreviewRequest: schemaOf(previewRequestSchema, 'input'),
        PreviewResponse: schemaOf(previewResponseSchema, 'output'),
        V5PreviewRequest: schemaOf(v5PreviewRequestSchema, 'input'),
        V5PreviewResponse: schemaOf(v5PreviewResponseSchema, 'output'),
        PreferencesUpdate: schemaOf(preferencesUpdateSchema, 'input'),
        BulkPreferencesUpdate: schemaOf(bulkPreferencesUpdateSchema, 'input'),
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
        ServiceUnavailable: {
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
        PreferencesError: {
          type: 'object',
          properties: { title: { type: 'string' }, description: { type: 'string' } },
          required: ['title', 'description'],
        },
      },
    },
  };
}
