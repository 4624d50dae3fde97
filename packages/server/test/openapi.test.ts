import { describe, expect, it } from 'vitest';
import { testApp } from './helpers/workspace';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, unknown>;
  };
};

async function document(): Promise<Document> {
  const response = await testApp().request('/openapi.json');
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document of every endpoint', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual([
      '/core-services/v1/personalization/preview',
      '/personalization/preview',
      '/v1/category-subscription/user-preferences',
      '/healthz',
      '/openapi.json',
    ]);
  });

  it('documents every status of the preview endpoint', async () => {
    const doc = await document();
    for (const path of ['/core-services/v1/personalization/preview', '/personalization/preview']) {
      expect(Object.keys(doc.paths[path].post.responses)).toEqual([
        '200',
        '400',
        '401',
        '413',
        '429',
        '500',
        '503',
      ]);
    }
  });

  it('documents every status of the preferences endpoint, and its token parameters', async () => {
    const doc = await document();
    const operation = doc.paths['/v1/category-subscription/user-preferences'].get as unknown as {
      responses: Record<string, unknown>;
      parameters: { name: string; required: boolean }[];
    };
    expect(Object.keys(operation.responses)).toEqual([
      '200',
      '400',
      '401',
      '405',
      '409',
      '429',
      '500',
      '503',
    ]);
    expect(operation.parameters.map((p) => [p.name, p.required])).toEqual([
      ['user_id', true],
      ['cid', true],
      ['moe_event_id', false],
    ]);
    expect(doc.components.schemas.PreferencesError.required).toEqual(['title', 'description']);
  });

  it('the request schema is the one requests are checked with', async () => {
    const schema = (await document()).components.schemas.PreviewRequest;
    expect(schema.required).toEqual(['request_id', 'personalization_content', 'personalization_details']);
    const details = schema.properties?.personalization_details as {
      properties: { channel: { enum: string[] } };
    };
    expect(details.properties.channel.enum).toEqual([
      'EMAIL',
      'SMS',
      'PUSH',
      'WEB_PUSH',
      'IN_APP',
      'WHATSAPP',
      'CARDS',
    ]);
  });

  it('declares Basic auth and the SVC-APPKEY header', async () => {
    const schemes = (await document()).components.securitySchemes;
    expect(schemes).toMatchObject({
      basicAuth: { type: 'http', scheme: 'basic' },
      workspaceId: { type: 'apiKey', in: 'header', name: 'SVC-APPKEY' },
    });
  });
});
