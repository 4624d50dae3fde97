/**
 * Bad input, generated: random and mutated bodies, headers, compressed values and templates. Every answer
 * must be a 200 or a 4xx in the documented shape, never a 500 and never a crash.
 */
import { encodeValue } from '@personalize/compression';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectErrorShape, headerText, mutatedBodies, watchedApp } from './helpers/bad-input';
import { type Answer, postPreview, previewBody, previewHeaders } from './helpers/workspace';

const { app, errors } = watchedApp();

const RUNS = { numRuns: 150 };

/** The answer is a 200 with a payload, or a 4xx in the service's error shape. */
function expectDocumented(answer: Answer, allowed: readonly number[] = [200, 400, 401, 413]): void {
  expect(allowed, `status ${answer.status}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
  if (answer.status === 200) {
    expect(typeof answer.body?.personalized_content?.payload).toBe('object');
    return;
  }
  expectErrorShape(answer.body?.error);
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
      fc.asyncProperty(mutatedBodies(validBody), async (body) =>
        expectDocumented(await postPreview(app, body)),
      ),
      RUNS,
    );
  });

  it('random header values get a documented 4xx or a 200', async () => {
    const text = headerText(60);
    const headerChoice = fc.option(
      fc.oneof(text, fc.constantFrom('Basic', 'Basic ', 'true', 'gzip', 'TEST01', 'application/json')),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          'Content-Type': headerChoice,
          Authorization: fc.option(
            fc.oneof(
              headerChoice,
              text.map((t) => `Basic ${btoa(t)}`),
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
