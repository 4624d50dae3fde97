import { deflateRawSync, deflateSync } from 'node:zlib';
import { decodeValue, encodeValue } from '@personalize/compression';
import { describe, expect, it } from 'vitest';
import { postPreview, previewBody, previewHeaders, targets, testApp } from './helpers/workspace';

const app = testApp();
const user = { user_details: { identifier: 'ID', identifier_value: 'u-1' } };

describe('data-compression', () => {
  for (const value of ['true', 'True', '1', 'gzip']) {
    it(`the header value ${value} turns compression on: values in and out are gzip + Base64`, async () => {
      const answer = await postPreview(
        app,
        previewBody({ subject: encodeValue("Hi {{ UserAttribute['First Name']|title }}") }, user),
        previewHeaders({ 'data-compression': value }),
      );
      expect(answer.status).toBe(200);
      const subject = answer.body?.personalized_content?.payload.subject;
      expect(typeof subject).toBe('string');
      expect(Buffer.from(subject as string, 'base64').subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(decodeValue(subject as string)).toBe('Hi Jane');
    });
  }

  for (const value of ['false', 'False', '0']) {
    it(`the header value ${value} leaves values as plain text`, async () => {
      const answer = await postPreview(
        app,
        previewBody({ a: '{{ 2 * 3 }}' }),
        previewHeaders({ 'data-compression': value }),
      );
      expect(answer.body?.personalized_content?.payload).toEqual({ a: '6' });
    });
  }

  it('any other header value is a 400 on data-compression', async () => {
    for (const value of ['yes', 'TRUE', '', 'deflate']) {
      const answer = await postPreview(
        app,
        previewBody({ a: 'x' }),
        previewHeaders({ 'data-compression': value }),
      );
      expect(answer.status, value).toBe(400);
      expect(targets(answer), value).toEqual(['data-compression']);
    }
  });

  it('zlib and raw deflate values are accepted, URL-safe Base64 without padding too', async () => {
    const zlib = deflateSync(Buffer.from('Z {{ 1 + 1 }}')).toString('base64');
    const raw = deflateRawSync(Buffer.from('R {{ 2 + 2 }}')).toString('base64url');
    const answer = await postPreview(
      app,
      previewBody({ zlib, raw }),
      previewHeaders({ 'data-compression': 'true' }),
    );
    expect(answer.status).toBe(200);
    const payload = answer.body?.personalized_content?.payload as Record<string, string>;
    expect([decodeValue(payload.zlib), decodeValue(payload.raw)]).toEqual(['Z 2', 'R 4']);
  });

  it('a value that is not Base64 is a 400 naming the key', async () => {
    const answer = await postPreview(
      app,
      previewBody({ good: encodeValue('x'), bad: 'not base64!' }),
      previewHeaders({ 'data-compression': 'true' }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.bad']);
    expect(answer.body?.error?.details[0].message).toContain('not_base64');
  });

  it('a value that is not a compressed stream, or a corrupt one, is a 400 naming the key', async () => {
    const corrupt = Buffer.from(encodeValue('hello there'), 'base64');
    corrupt[corrupt.length - 5] ^= 0xff;
    for (const value of [Buffer.from('plain text').toString('base64'), corrupt.toString('base64')]) {
      const answer = await postPreview(
        app,
        previewBody({ k: value }),
        previewHeaders({ 'data-compression': '1' }),
      );
      expect(answer.status).toBe(400);
      expect(targets(answer)).toEqual(['personalization_content.payload.k']);
    }
  });

  it('every bad compressed value gets its own details item', async () => {
    const answer = await postPreview(
      app,
      previewBody({ a: 'not base64!', b: encodeValue('fine'), c: Buffer.from('plain').toString('base64') }),
      previewHeaders({ 'data-compression': 'true' }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual([
      'personalization_content.payload.a',
      'personalization_content.payload.c',
    ]);
  });

  it('a value that inflates past the cap is a 400 naming the key', async () => {
    const capped = testApp({ compression: { maxValueBytes: 1000 } });
    const answer = await postPreview(
      capped,
      previewBody({ big: encodeValue('x'.repeat(5000)) }),
      previewHeaders({ 'data-compression': 'gzip' }),
    );
    expect(answer.status).toBe(400);
    expect(targets(answer)).toEqual(['personalization_content.payload.big']);
    expect(answer.body?.error?.details[0].message).toContain('too_large');
  });

  it('a failing compressed template reports the key like a plain one', async () => {
    const answer = await postPreview(
      app,
      previewBody({ t: encodeValue('{{ 1/0 }}') }),
      previewHeaders({ 'data-compression': 'true' }),
    );
    expect(answer.body?.error?.details).toEqual([
      {
        target: 'personalization_content.payload.t',
        message: 'line 1, column 4: ZeroDivisionError: division by zero',
      },
    ]);
  });
});
