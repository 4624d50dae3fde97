import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompressionError } from '../src/index';
import { type Api, entries } from './helpers/entries';
import {
  anyText,
  type Container,
  concatBytes,
  containers,
  gzipWithHeaderFields,
  standardBase64,
  utf8,
} from './helpers/streams';

/** The decoded text, or the CompressionError; any other exception fails the test. */
function attempt(api: Api, text: string): string | CompressionError {
  try {
    return api.decodeValue(text);
  } catch (error) {
    if (error instanceof CompressionError) return error;
    throw error;
  }
}

const checked = containers.filter((c) => c.format !== 'deflate');
const raw = containers.filter((c) => c.format === 'deflate');
// A gzip file cut exactly between two members is itself a whole gzip file, so truncation leaves that one out.
const singleStream = containers.filter((c) => c.name !== 'gzip in two members');

const anyOf = (list: Container[]) => fc.constantFrom(...list);

function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[(bit >> 3) % copy.length] ^= 1 << (bit & 7);
  return copy;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

describe.each(entries)('damaged input, $name', ({ api }) => {
  it('any strict prefix of a stream is a typed error', () => {
    fc.assert(
      fc.property(anyText(200), anyOf(singleStream), fc.nat(), (text, container, cut) => {
        const bytes = container.compress(utf8(text));
        const result = attempt(api, standardBase64(bytes.subarray(0, cut % bytes.length)));
        expect(result).toBeInstanceOf(CompressionError);
      }),
      { numRuns: 300 },
    );
  });

  it('any prefix of the Base64 text is a typed error or, with only padding gone, the same text', () => {
    fc.assert(
      fc.property(anyText(200), anyOf(singleStream), fc.nat(), (text, container, cut) => {
        const encoded = standardBase64(container.compress(utf8(text)));
        const result = attempt(api, encoded.slice(0, cut % encoded.length));
        if (typeof result === 'string') expect(result).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('a flipped bit in gzip or zlib data is a typed error or, in a field nothing reads, the same text', () => {
    fc.assert(
      fc.property(anyText(200), anyOf(checked), fc.nat(), (text, container, bit) => {
        const result = attempt(api, standardBase64(flipBit(container.compress(utf8(text)), bit)));
        if (typeof result === 'string') expect(result).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('a changed Base64 character in gzip or zlib data is a typed error or the same text', () => {
    fc.assert(
      fc.property(anyText(200), anyOf(checked), fc.nat(), fc.nat(63), (text, container, at, to) => {
        const encoded = standardBase64(container.compress(utf8(text)));
        const i = at % encoded.length;
        const changed = encoded.slice(0, i) + BASE64_ALPHABET[to] + encoded.slice(i + 1);
        const result = attempt(api, changed);
        if (typeof result === 'string' && changed !== encoded) expect(result).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('a flipped bit in raw deflate (no checksum) is a typed error or some text, never a crash', () => {
    fc.assert(
      fc.property(anyText(200), anyOf(raw), fc.nat(), (text, container, bit) => {
        const result = attempt(api, standardBase64(flipBit(container.compress(utf8(text)), bit)));
        expect(typeof result === 'string' || result instanceof CompressionError).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('bytes after the end of any stream are corrupt', () => {
    fc.assert(
      fc.property(
        anyText(100),
        anyOf(containers),
        fc.uint8Array({ minLength: 1, maxLength: 20 }),
        (text, container, extra) => {
          const result = attempt(api, standardBase64(concatBytes(container.compress(utf8(text)), extra)));
          expect(result).toBeInstanceOf(CompressionError);
          expect((result as CompressionError).code).toBe('corrupt');
        },
      ),
    );
  });

  describe('each checksum is verified', () => {
    const gzip = gzipSync(utf8('checked text'));
    const damaged = (at: number) => standardBase64(flipBit(gzip, at * 8));

    it("gzip's CRC-32", () => {
      expect(() => api.decodeValue(damaged(gzip.length - 8))).toThrow(
        /corrupt.*CRC-32 is 0x[0-9a-f]{8} but the trailer/,
      );
    });

    it("gzip's length", () => {
      expect(() => api.decodeValue(damaged(gzip.length - 4))).toThrow(
        /corrupt.*12 bytes inflate but the trailer says/,
      );
    });

    it("gzip's header CRC-16", () => {
      const withFields = Buffer.from(gzipWithHeaderFields(utf8('fields')));
      expect(api.decodeValue(standardBase64(withFields))).toBe('fields');
      const crcAt = withFields.indexOf('note\0') + 5;
      withFields[crcAt] ^= 1;
      expect(() => api.decodeValue(standardBase64(withFields))).toThrow(
        /corrupt.*header's CRC-16 is \d+ but/,
      );
    });

    it("zlib's Adler-32", () => {
      const zlib = Buffer.from('eJxLzkhNzk5NUajKyUxSKEmtKAEAOggGfg==', 'base64'); // zlib of "checked zlib text"
      expect(api.decodeValue(standardBase64(zlib))).toBe('checked zlib text');
      zlib[zlib.length - 1] ^= 1;
      expect(() => api.decodeValue(standardBase64(zlib))).toThrow(
        /corrupt.*Adler-32 is 0x[0-9a-f]{8} but the trailer/,
      );
    });
  });

  it('reserved gzip flag bits are corrupt', () => {
    const bytes = Buffer.from(gzipSync(utf8('x')));
    bytes[3] = 0x20;
    expect(() => api.decodeValue(standardBase64(bytes))).toThrow(/corrupt.*reserved flag bits/);
  });

  it('a whole, checked stream of bytes that are not UTF-8 is corrupt', () => {
    expect(() => api.decodeValue(standardBase64(gzipSync(Uint8Array.of(0x61, 0xff, 0x62))))).toThrow(
      /corrupt.*not UTF-8/,
    );
    // An encoded lone surrogate (ED A0 80) is not UTF-8 either.
    expect(() => api.decodeValue(standardBase64(gzipSync(Uint8Array.of(0xed, 0xa0, 0x80))))).toThrow(
      /not UTF-8/,
    );
  });
});
