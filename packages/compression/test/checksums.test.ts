import { Buffer } from 'node:buffer';
import { deflateSync, crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adler32, crc32 } from '../src/checksums';

describe('checksums', () => {
  it('CRC-32 is what zlib computes, at any length and offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(7), (bytes, skip) => {
        const view = bytes.subarray(Math.min(skip, bytes.length));
        expect(crc32(view)).toBe(zlibCrc32(view));
      }),
    );
  });

  it('CRC-32 continues a running value', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array(), (a, b) => {
        expect(crc32(b, crc32(a))).toBe(zlibCrc32(Buffer.concat([a, b])));
      }),
    );
  });

  it('Adler-32 is the one zlib writes in its trailer, across the reduction runs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
        const stream = deflateSync(bytes);
        expect(adler32(bytes)).toBe(stream.readUInt32BE(stream.length - 4));
      }),
      { numRuns: 50 },
    );
    const ones = new Uint8Array(100_000).fill(255);
    const stream = deflateSync(ones);
    expect(adler32(ones)).toBe(stream.readUInt32BE(stream.length - 4));
  });
});
