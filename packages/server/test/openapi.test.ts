import { Validator } from '@seriousme/openapi-schema-validator';
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
      '/v5/personalization/preview',
      '/v1/category-subscription/user-preferences',
      '/healthz',
      '/openapi.json',
    ]);
  });

  it("is a valid OpenAPI 3.1 document, by the specification's own JSON schema", async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(await document())));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every status of the preview endpoint', async () => {
    const doc = await document();
    for (const path of [
      '/core-services/v1/personalization/preview',
      '/personalization/preview',
      '/v5/personalization/preview',
    ]) {
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

  it('declares Basic auth and both key header names, either of them with Basic on v1 endpoints', async () => {
    const doc = await document();
    expect(doc.components.securitySchemes).toMatchObject({
      basicAuth: { type: 'http', scheme: 'basic' },
      moeAppKey: { type: 'apiKey', in: 'header', name: 'MOE-APPKEY' },
      workspaceId: { type: 'apiKey', in: 'header', name: 'SVC-APPKEY' },
      tenantId: { type: 'apiKey', in: 'header', name: 'X-MOE-Tenant-ID' },
    });
    const v1 = [
      { basicAuth: [], moeAppKey: [] },
      { basicAuth: [], workspaceId: [] },
    ];
    const operations = doc.paths as unknown as Record<string, Record<string, { security: unknown }>>;
    expect(operations['/core-services/v1/personalization/preview'].post.security).toEqual(v1);
    for (const method of ['get', 'put', 'post']) {
      expect(operations['/v1/category-subscription/user-preferences'][method].security).toEqual(v1);
    }
    expect(operations['/v5/personalization/preview'].post.security).toEqual([
      { basicAuth: [] },
      { basicAuth: [], tenantId: [] },
    ]);
  });

  it('the v5 and the update request schemas are the ones requests are checked with', async () => {
    const { schemas } = (await document()).components;
    expect(schemas.V5PreviewRequest.required).toEqual(['channel', 'campaign_content']);
    expect(Object.keys(schemas.V5PreviewRequest.properties ?? {})).toEqual([
      'request_id',
      'channel',
      'user_identification',
      'campaign_content',
      'user_attributes',
      'event_name',
      'event_attributes',
    ]);
    expect(schemas.V5PreviewResponse.required).toEqual(['response_id', 'type', 'data']);
    expect(schemas.PreferencesUpdate.required).toEqual(['categories', 'unsubscribe_all']);
    const entries = schemas.BulkPreferencesUpdate.properties?.user_preferences as { maxItems: number };
    expect(entries.maxItems).toBe(50);
  });

  it('documents PUT and POST on the preferences path, with every status', async () => {
    const doc = await document();
    const path = doc.paths['/v1/category-subscription/user-preferences'];
    for (const method of ['put', 'post']) {
      expect(Object.keys(path[method].responses).sort()).toEqual(
        ['200', '400', '401', '405', '409', '413', '429', '500', '503'].sort(),
      );
    }
  });
});
