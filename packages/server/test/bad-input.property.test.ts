/**
 * Bad input, generated: random and mutated bodies, headers, compressed values and templates. Every answer
 * must be a 200 or a 4xx in the documented shape, never a 500 and never a crash.
 */
import { encodeValue } from '@personalize/compression';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Json, mutate, mutation } from './helpers/mutate-json';
import { type Answer, postPreview, previewBody, previewHeaders, silent, testApp } from './helpers/workspace';

const errors: string[] = [];
const logger = silent.child({});
logger.error = ((obj: unknown, msg?: string) => {
  errors.push(`${msg}: ${String((obj as { err?: unknown }).err)}`);
}) as typeof logger.error;
const app = testApp({
  logger,
  maxBodyBytes: 64 * 1024,
  rateLimits: {
    consume: async (_k, limit, _s, end) => ({ allowed: true, remaining: limit, reset: end / 1000 }),
  },
});

const RUNS = { numRuns: 150 };

/** The answer is a 200 with a payload, or a 4xx in the service's error shape. */
function expectDocumented(answer: Answer, allowed: readonly number[] = [200, 400, 401, 413]): void {
  expect(allowed, `status ${answer.status}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
  if (answer.status === 200) {
    expect(typeof answer.body?.personalized_content?.payload).toBe('object');
    return;
  }
  const error = answer.body?.error;
  expect(typeof error?.message).toBe('string');
  expect(Array.isArray(error?.details) && error.details.length > 0).toBe(true);
  for (const detail of error?.details ?? []) {
    expect(typeof detail.target).toBe('string');
    expect(typeof detail.message).toBe('string');
    expect(detail.message).not.toMatch(/\n\s+at /);
  }
}

const validBody = () =>
  previewBody(
    { subject: "Hi {{ UserAttribute['First Name']|title }}", body: '{{ ContentBlock.footer }}' },
    {
      user_details: { identifier: 'ID', identifier_value: 'u-1' },
      personalization_details: {
        channel: 'EMAIL',
        event_name: 'Purchase',
        user_attributes: { City: 'Rome' },
        event_attributes: { amount: 3 },
      },
    },
  );

describe('bad input never gets a 500', () => {
  it('random JSON bodies get a documented 4xx (or a 200)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
        expectDocumented(await postPreview(app, JSON.stringify(body)));
      }),
      RUNS,
    );
  });

  it('random text bodies get a documented 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        expectDocumented(await postPreview(app, text), [400]);
      }),
      RUNS,
    );
  });

  it('mutated valid bodies get a documented 4xx or a 200', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        let body: Json = validBody();
        for (const m of mutations) body = mutate(body, m.pathSeeds, m.action, m.replacement);
        expectDocumented(await postPreview(app, body));
      }),
      RUNS,
    );
  });

  it('random header values get a documented 4xx or a 200', async () => {
    const headerText = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 60,
    });
    const headerChoice = fc.option(
      fc.oneof(headerText, fc.constantFrom('Basic', 'Basic ', 'true', 'gzip', 'TEST01', 'application/json')),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          'Content-Type': headerChoice,
          Authorization: fc.option(
            fc.oneof(
              headerChoice,
              headerText.map((t) => `Basic ${btoa(t)}`),
            ),
            { nil: undefined },
          ),
          'SVC-APPKEY': headerChoice,
          'data-compression': headerChoice,
        }),
        fc.boolean(),
        async (random, keepCredentials) => {
          const headers: Record<string, string> = keepCredentials ? previewHeaders() : {};
          for (const [name, value] of Object.entries(random)) {
            if (value === undefined) continue;
            if (keepCredentials && (name === 'Authorization' || name === 'SVC-APPKEY')) continue;
            headers[name] = value.trim();
          }
          expectDocumented(await postPreview(app, validBody(), headers));
        },
      ),
      RUNS,
    );
  });

  it('random and damaged compressed values get a 400 naming the key, or a 200', async () => {
    const damaged = fc
      .record({
        text: fc.string({ maxLength: 80 }),
        flips: fc.array(fc.nat(), { maxLength: 4 }),
        cut: fc.nat(),
      })
      .map(({ text, flips, cut }) => {
        const bytes = Buffer.from(encodeValue(text), 'base64');
        for (const flip of flips) bytes[flip % bytes.length] ^= 1 << (flip % 8);
        return bytes.subarray(0, Math.max(1, bytes.length - (cut % 4))).toString('base64');
      });
    const randomBase64 = fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => Buffer.from(bytes).toString('base64'));
    await fc.assert(
      fc.asyncProperty(fc.oneof(damaged, randomBase64, fc.string({ maxLength: 40 })), async (value) => {
        const answer = await postPreview(
          app,
          previewBody({ key: value }),
          previewHeaders({ 'data-compression': 'true' }),
        );
        expectDocumented(answer, [200, 400]);
        if (answer.status === 400) {
          expect(answer.body?.error?.details.map((d) => d.target)).toEqual([
            'personalization_content.payload.key',
          ]);
        }
      }),
      RUNS,
    );
  });

  it('random templates get a 200 or a 400 naming their key', async () => {
    const pieces = fc.constantFrom(
      '{{',
      '}}',
      '{%',
      '%}',
      '{#',
      '#}',
      'UserAttribute',
      'EventAttribute',
      'ContentBlock',
      'ContentApi',
      'ProductSet',
      '.',
      '[',
      ']',
      "'",
      '"',
      '(',
      ')',
      '|',
      'title',
      'for',
      'in',
      'if',
      'endif',
      'endfor',
      'set',
      '=',
      ' ',
      'x',
      '1',
      '0',
      '/',
      '*',
      '~',
      'loop',
      'range',
      'MOE_NOT_SEND',
      'default',
      '__class__',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieces, { maxLength: 20 }).map((parts) => parts.join('')),
        async (template) => {
          const answer = await postPreview(
            app,
            previewBody(
              { t: template },
              { personalization_details: { channel: 'SMS', event_name: 'Purchase' } },
            ),
          );
          expectDocumented(answer, [200, 400]);
          if (answer.status === 400) {
            expect(answer.body?.error?.details.map((d) => d.target)).toEqual([
              'personalization_content.payload.t',
            ]);
          }
        },
      ),
      RUNS,
    );
  });

  it('bodies past the cap get a 413 on body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 64 * 1024 + 1, max: 200 * 1024 }), async (size) => {
        const answer = await postPreview(app, 'x'.repeat(size));
        expectDocumented(answer, [413]);
        expect(answer.body?.error?.details[0].target).toBe('body');
      }),
      { numRuns: 20 },
    );
  });

  it('nothing above logged an unexpected error', () => {
    expect(errors).toEqual([]);
  });
});
