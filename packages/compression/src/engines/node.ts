/**
 * The Node engine: Node's own zlib, CRC-32 and Buffer, which the benchmark found several times faster than
 * fflate there (see the README). Only the Node entry (`src/node.ts`) uses it.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import { crc32, gzipSync, inflateRawSync } from 'node:zlib';
import { checkBase64 } from '../base64';
import { CompressionError } from '../errors';
import type { CodecEngine, RawInflation } from './engine';

function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** What `inflateRawSync` returns with `info: true`; its typings only know the plain Buffer form. */
interface InflateInfo {
  buffer: Buffer;
  /** `bytesWritten` counts the input bytes the stream consumed: the offset of its end. */
  engine: { bytesWritten: number };
}

function inflateRaw(bytes: Uint8Array, maxBytes: number): RawInflation {
  try {
    // zlib checks the cap after each 16 KiB of output and stops there.
    const { buffer, engine } = inflateRawSync(bytes, {
      maxOutputLength: Math.max(1, maxBytes),
      info: true,
    }) as unknown as InflateInfo;
    if (buffer.length > maxBytes) return { kind: 'too_large' };
    return { kind: 'done', output: buffer, end: engine.bytesWritten };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too_large' };
    return { kind: 'corrupt', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Node's zlib and Buffer. @internal */
export const nodeEngine: CodecEngine = {
  name: 'node:zlib',
  encodeUtf8: (text) => Buffer.from(text, 'utf8'),
  decodeUtf8(bytes) {
    if (!isUtf8(bytes)) throw new CompressionError('corrupt', 'the inflated bytes are not UTF-8 text');
    return bufferOf(bytes).toString('utf8');
  },
  gzip: (bytes) => gzipSync(bytes, { level: 6 }),
  inflateRaw,
  crc32: (bytes) => crc32(bytes),
  encodeBase64: (bytes) => bufferOf(bytes).toString('base64'),
  decodeBase64(text) {
    checkBase64(text);
    // After the strict check, Buffer's lenient decoder reads exactly what the check accepted.
    return Buffer.from(text, 'base64');
  },
};
