/** Compressed forms of the same bytes in every container and Base64 variant that values may use. */
import { Buffer } from 'node:buffer';
import { constants, crc32, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import * as fflate from 'fflate';

export const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

function uint32LE(value: number): Uint8Array {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
}

/** A gzip member with every optional header field: extra field, file name, comment and header CRC-16. */
export function gzipWithHeaderFields(data: Uint8Array): Uint8Array {
  const fixed = [0x1f, 0x8b, 8, 0x1f, 1, 2, 3, 4, 0, 3]; // flags: text, header CRC, extra, name, comment
  const extra = [4, 0, 0x41, 0x42, 0, 0]; // XLEN 4: subfield "AB" of length 0
  const header = concatBytes(
    Uint8Array.from(fixed),
    Uint8Array.from(extra),
    utf8('name.txt\0'),
    utf8('note\0'),
  );
  const headerCrc = Uint8Array.of(crc32(header) & 255, (crc32(header) >> 8) & 255);
  return concatBytes(header, headerCrc, deflateRawSync(data), uint32LE(crc32(data)), uint32LE(data.length));
}

/** A way to compress bytes into one of the accepted stream formats. */
export interface Container {
  name: string;
  format: 'gzip' | 'zlib' | 'deflate';
  compress(data: Uint8Array): Uint8Array;
}

export const containers: Container[] = [
  { name: 'gzip, zlib level 1', format: 'gzip', compress: (d) => gzipSync(d, { level: 1 }) },
  { name: 'gzip, zlib level 9', format: 'gzip', compress: (d) => gzipSync(d, { level: 9 }) },
  { name: 'gzip, fflate', format: 'gzip', compress: (d) => fflate.gzipSync(d) },
  { name: 'gzip with every header field', format: 'gzip', compress: gzipWithHeaderFields },
  {
    name: 'gzip in two members',
    format: 'gzip',
    compress: (d) => concatBytes(gzipSync(d.subarray(0, d.length >> 1)), gzipSync(d.subarray(d.length >> 1))),
  },
  { name: 'zlib, stored (level 0)', format: 'zlib', compress: (d) => deflateSync(d, { level: 0 }) },
  { name: 'zlib, level 6', format: 'zlib', compress: (d) => deflateSync(d) },
  { name: 'zlib, fflate', format: 'zlib', compress: (d) => fflate.zlibSync(d) },
  { name: 'raw deflate, stored', format: 'deflate', compress: (d) => deflateRawSync(d, { level: 0 }) },
  {
    name: 'raw deflate, fixed Huffman',
    format: 'deflate',
    compress: (d) => deflateRawSync(d, { strategy: constants.Z_FIXED }),
  },
  { name: 'raw deflate, level 9', format: 'deflate', compress: (d) => deflateRawSync(d, { level: 9 }) },
  { name: 'raw deflate, fflate', format: 'deflate', compress: (d) => fflate.deflateSync(d) },
];

/** A way to write bytes as Base64. */
export interface Base64Variant {
  name: string;
  encode(data: Uint8Array): string;
}

export const base64Variants: Base64Variant[] = [
  { name: 'standard, padded', encode: (d) => Buffer.from(d).toString('base64') },
  { name: 'standard, unpadded', encode: (d) => Buffer.from(d).toString('base64').replace(/=+$/, '') },
  {
    name: 'URL-safe, padded',
    encode: (d) => Buffer.from(d).toString('base64').replaceAll('+', '-').replaceAll('/', '_'),
  },
  { name: 'URL-safe, unpadded', encode: (d) => Buffer.from(d).toString('base64url') },
];

export const standardBase64 = (data: Uint8Array): string => Buffer.from(data).toString('base64');

/** Text of every kind: any code point (astral ones included), grapheme clusters, ASCII, and repetitive text. */
export const anyText = (maxLength = 400) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ maxLength }),
    fc
      .array(fc.constantFrom('Hello ', '{{ UserAttribute["name"] }}', 'é', '😀', '\n', '<p>', '€'), {
        maxLength,
      })
      .map((parts) => parts.join('')),
  );
