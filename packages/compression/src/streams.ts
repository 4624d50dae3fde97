/**
 * The three stream formats a value may hold, told apart by their first bytes: gzip (RFC 1952), zlib
 * (RFC 1950) and raw deflate (RFC 1951). The engine only inflates raw deflate; the containers are read here,
 * the same on every engine, and every checksum they carry is verified: gzip's CRC-32 and length (and header
 * CRC-16 when present), zlib's Adler-32. Raw deflate carries none.
 */
import { concat } from './bytes';
import { adler32 } from './checksums';
import type { CodecEngine, RawInflation } from './engines/engine';
import { CompressionError } from './errors';

/** The container of a compressed value. */
export type StreamFormat = 'gzip' | 'zlib' | 'deflate';

const GZIP_ID1 = 0x1f;
const GZIP_ID2 = 0x8b;
const DEFLATE_METHOD = 8;
const GZIP_HEADER_BYTES = 10;
const GZIP_TRAILER_BYTES = 8;
const ZLIB_HEADER_BYTES = 2;
const ZLIB_TRAILER_BYTES = 4;

const FLAG_HEADER_CRC = 0x02;
const FLAG_EXTRA = 0x04;
const FLAG_NAME = 0x08;
const FLAG_COMMENT = 0x10;
const FLAGS_RESERVED = 0xe0;
const ZLIB_FLAG_DICTIONARY = 0x20;

function hexByte(byte: number): string {
  return `0x${byte.toString(16).padStart(2, '0')}`;
}

function hex32(value: number): string {
  return `0x${value.toString(16).padStart(8, '0')}`;
}

function corrupt(format: StreamFormat, detail: string): CompressionError {
  const name = format === 'deflate' ? 'raw deflate' : format;
  return new CompressionError('corrupt', `${name} stream: ${detail}`);
}

function isZlibHeader(cmf: number, flg: number): boolean {
  return (cmf & 15) === DEFLATE_METHOD && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

/**
 * Which container `bytes` are, from their first bytes; throws `unknown_format` when they start none.
 * A raw deflate stream has no signature: anything that is not gzip or zlib and does not start with the one
 * invalid block type is read as raw deflate.
 */
export function detectFormat(bytes: Uint8Array): StreamFormat {
  if (bytes.length === 0) {
    throw new CompressionError('unknown_format', 'it holds no bytes (even empty text compresses to some)');
  }
  const [first, second = -1] = bytes;
  if (first === GZIP_ID1 && second === GZIP_ID2) {
    if (bytes.length > 2 && bytes[2] !== DEFLATE_METHOD) {
      throw new CompressionError(
        'unknown_format',
        `gzip with compression method ${bytes[2]}; only 8 (deflate) is defined`,
      );
    }
    return 'gzip';
  }
  if (second >= 0 && isZlibHeader(first, second)) {
    if (second & ZLIB_FLAG_DICTIONARY) {
      throw new CompressionError(
        'unknown_format',
        'a zlib stream that needs a preset dictionary, which no value carries',
      );
    }
    return 'zlib';
  }
  if (((first >> 1) & 3) === 3) {
    throw new CompressionError(
      'unknown_format',
      `it starts with ${hexByte(first)}, which starts no gzip (1f 8b), zlib (78 ..) or raw deflate stream`,
    );
  }
  return 'deflate';
}

/** Inflates a stream under the cap, or returns `undefined` as soon as its output passes `maxBytes`. */
export function inflateStream(
  engine: CodecEngine,
  bytes: Uint8Array,
  maxBytes: number,
): Uint8Array | undefined {
  const format = detectFormat(bytes);
  if (format === 'gzip') return inflateGzip(engine, bytes, maxBytes);
  if (format === 'zlib') return inflateZlib(engine, bytes, maxBytes);
  const stream = inflated(engine.inflateRaw(bytes, maxBytes), 'deflate');
  if (stream === undefined) return undefined;
  if (stream.end < bytes.length) {
    throw corrupt('deflate', `${bytes.length - stream.end} bytes follow the end of the stream`);
  }
  return stream.output;
}

/** The finished inflation, `undefined` when over the cap, or the error for a corrupt stream. */
function inflated(
  result: RawInflation,
  format: StreamFormat,
): { output: Uint8Array; end: number } | undefined {
  if (result.kind === 'too_large') return undefined;
  if (result.kind === 'corrupt') {
    const reason =
      format === 'deflate'
        ? `${result.reason} (read as raw deflate: it starts like no gzip or zlib stream)`
        : result.reason;
    throw corrupt(format, reason);
  }
  return result;
}

/** Every member of a gzip file, concatenated (RFC 1952 allows several; encoders write one). */
function inflateGzip(engine: CodecEngine, bytes: Uint8Array, maxBytes: number): Uint8Array | undefined {
  const members: Uint8Array[] = [];
  let total = 0;
  let offset = 0;
  while (offset < bytes.length) {
    const start = gzipHeaderEnd(engine, bytes, offset);
    const member = inflated(engine.inflateRaw(bytes.subarray(start), maxBytes - total), 'gzip');
    if (member === undefined) return undefined;
    const trailer = start + member.end;
    if (trailer + GZIP_TRAILER_BYTES > bytes.length) {
      throw corrupt('gzip', 'it ends inside the trailer (CRC-32 and length) after the deflate data');
    }
    const expectedCrc = readUint32LE(bytes, trailer);
    const crc = engine.crc32(member.output);
    if (crc !== expectedCrc) {
      throw corrupt('gzip', `the data's CRC-32 is ${hex32(crc)} but the trailer says ${hex32(expectedCrc)}`);
    }
    const expectedSize = readUint32LE(bytes, trailer + 4);
    if (member.output.length >>> 0 !== expectedSize) {
      throw corrupt('gzip', `${member.output.length} bytes inflate but the trailer says ${expectedSize}`);
    }
    members.push(member.output);
    total += member.output.length;
    offset = trailer + GZIP_TRAILER_BYTES;
  }
  return concat(members, total);
}

/** The offset just past the gzip member header at `offset`, after checking it. */
function gzipHeaderEnd(engine: CodecEngine, bytes: Uint8Array, offset: number): number {
  const isMember =
    bytes[offset] === GZIP_ID1 && bytes[offset + 1] === GZIP_ID2 && bytes[offset + 2] === DEFLATE_METHOD;
  if (offset > 0 && !isMember) {
    throw corrupt('gzip', `${bytes.length - offset} bytes follow the end of the stream`);
  }
  const cutShort = () => corrupt('gzip', 'it ends inside the header');
  if (bytes.length - offset < GZIP_HEADER_BYTES) throw cutShort();
  const flags = bytes[offset + 3];
  if (flags & FLAGS_RESERVED) throw corrupt('gzip', `the header sets reserved flag bits (${hexByte(flags)})`);
  let end = offset + GZIP_HEADER_BYTES;
  if (flags & FLAG_EXTRA) {
    if (end + 2 > bytes.length) throw cutShort();
    end += 2 + (bytes[end] | (bytes[end + 1] << 8));
  }
  if (flags & FLAG_NAME) end = bytes.indexOf(0, end) + 1 || bytes.length + 1;
  if (flags & FLAG_COMMENT) end = bytes.indexOf(0, end) + 1 || bytes.length + 1;
  if (flags & FLAG_HEADER_CRC) {
    if (end + 2 > bytes.length) throw cutShort();
    const expected = bytes[end] | (bytes[end + 1] << 8);
    const crc16 = engine.crc32(bytes.subarray(offset, end)) & 0xffff;
    if (crc16 !== expected) {
      throw corrupt('gzip', `the header's CRC-16 is ${crc16} but the header says ${expected}`);
    }
    end += 2;
  }
  if (end > bytes.length) throw cutShort();
  return end;
}

function inflateZlib(engine: CodecEngine, bytes: Uint8Array, maxBytes: number): Uint8Array | undefined {
  const result = inflated(engine.inflateRaw(bytes.subarray(ZLIB_HEADER_BYTES), maxBytes), 'zlib');
  if (result === undefined) return undefined;
  const trailer = ZLIB_HEADER_BYTES + result.end;
  if (trailer + ZLIB_TRAILER_BYTES > bytes.length) {
    throw corrupt('zlib', 'it ends inside the Adler-32 trailer after the deflate data');
  }
  const expected = readUint32BE(bytes, trailer);
  const actual = adler32(result.output);
  if (actual !== expected) {
    throw corrupt('zlib', `the data's Adler-32 is ${hex32(actual)} but the trailer says ${hex32(expected)}`);
  }
  if (trailer + ZLIB_TRAILER_BYTES < bytes.length) {
    throw corrupt(
      'zlib',
      `${bytes.length - trailer - ZLIB_TRAILER_BYTES} bytes follow the end of the stream`,
    );
  }
  return result.output;
}

function readUint32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

function readUint32BE(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}
