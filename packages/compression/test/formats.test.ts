import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entries } from './helpers/entries';
import {
  anyText,
  base64Variants,
  containers,
  gzipWithHeaderFields,
  standardBase64,
  utf8,
} from './helpers/streams';

describe.each(entries)('formats and alphabets, $name', ({ api }) => {
  it.each(containers)('$name decodes in every Base64 variant', (container) => {
    fc.assert(
      fc.property(anyText(200), fc.constantFrom(...base64Variants), (text, variant) => {
        expect(api.decodeValue(variant.encode(container.compress(utf8(text))))).toBe(text);
      }),
      { numRuns: 40 },
    );
  });

  it('empty bytes are no stream', () => {
    expect(() => api.decodeValue('')).toThrow(expect.objectContaining({ code: 'unknown_format' }));
  });

  it('a first byte that starts no format is unknown_format, naming the byte', () => {
    // 0xff: not gzip, not a zlib header, and block type 3, which raw deflate does not have.
    expect(() => api.decodeValue(standardBase64(Uint8Array.of(0xff, 0, 0)))).toThrow(/unknown_format.*0xff/);
  });

  it('gzip with a compression method other than deflate is unknown_format', () => {
    expect(() => api.decodeValue(standardBase64(Uint8Array.of(0x1f, 0x8b, 7, 0, 0, 0, 0, 0, 0, 3)))).toThrow(
      /unknown_format.*compression method 7/,
    );
  });

  it('zlib with a preset dictionary is unknown_format', () => {
    // CMF 0x78, FLG 0xbb: FDICT set, and 0x78bb is a multiple of 31.
    expect(() => api.decodeValue(standardBase64(Uint8Array.of(0x78, 0xbb, 0, 0, 0, 0, 3, 0)))).toThrow(
      /unknown_format.*preset dictionary/,
    );
  });
});

describe('test streams', () => {
  it('the hand-made gzip header with every field is one zlib accepts too', () => {
    expect(gunzipSync(gzipWithHeaderFields(utf8('fields'))).toString()).toBe('fields');
  });
});
