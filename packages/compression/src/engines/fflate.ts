/**
 * The portable engine: fflate for deflate, TextEncoder/TextDecoder for UTF-8, Base64 and checksums in
 * JavaScript. Runs in Node, browsers and edge runtimes alike.
 */
import { gzipSync, Inflate } from 'fflate';
import { decodeBase64, encodeBase64 } from '../base64';
import { concat } from '../bytes';
import { crc32 } from '../checksums';
import { CompressionError } from '../errors';
import type { CodecEngine, RawInflation } from './engine';

/**
 * The state of fflate's streaming `Inflate` that tells where the deflate stream ended, which its API does
 * not: `p` is the input not yet consumed, `s.p` the bit offset into its first byte, and `s.f` with no `s.l`
 * means the final block is done. fflate's own `Gunzip` reads the same fields to find the gzip trailer. The
 * dependency is pinned to one version and the tests cover every path that reads them.
 */
interface InflateInternals {
  p: Uint8Array;
  s: { f?: number; l?: unknown; p?: number };
}

function internalsOf(inflater: Inflate): InflateInternals {
  const internals = inflater as unknown as Partial<InflateInternals>;
  if (!(internals.p instanceof Uint8Array) || typeof internals.s !== 'object' || internals.s === null) {
    throw new Error('fflate changed: its streaming Inflate no longer has the state this engine reads');
  }
  return internals as InflateInternals;
}

/** The most bytes one byte of deflate input can inflate to: 2 bits per 258-byte match, so 4 * 258. */
const MAX_INFLATE_RATIO = 1032;
/**
 * How far past the cap one push may inflate, at most, even for the densest data. fflate inflates all of a
 * push at once, and each push costs about 30 µs of its own, so this trades the overshoot against pushes: 0
 * makes a 1 MB value near a 1 MiB cap take some 800 pushes (35 ms), 256 KiB some 400 (19 ms).
 */
const OVERSHOOT_BYTES = 256 * 1024;
/** Input bytes per push, at least and at most; in between, the room left plus the overshoot at the densest ratio. */
const MIN_STEP = Math.floor(OVERSHOOT_BYTES / MAX_INFLATE_RATIO);
const MAX_STEP = 64 * 1024;

function inflateRaw(bytes: Uint8Array, maxBytes: number): RawInflation {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    chunks.push(chunk);
  });
  const state = internalsOf(inflater);
  let offset = 0;
  // Each push is sized so that even the densest deflate data cannot take the output far past the cap.
  while (offset < bytes.length) {
    const step = Math.floor((maxBytes - size + OVERSHOOT_BYTES) / MAX_INFLATE_RATIO);
    const next = Math.min(bytes.length, offset + Math.min(MAX_STEP, Math.max(MIN_STEP, step)));
    try {
      inflater.push(bytes.subarray(offset, next), next === bytes.length);
    } catch (error) {
      return { kind: 'corrupt', reason: error instanceof Error ? error.message : String(error) };
    }
    offset = next;
    if (size > maxBytes) return { kind: 'too_large' };
    if (state.s.f && !state.s.l) {
      const end = offset - state.p.length + ((state.s.p ?? 0) & 7 ? 1 : 0);
      return { kind: 'done', output: concat(chunks, size), end };
    }
  }
  return { kind: 'corrupt', reason: 'the data ends before the deflate stream does' };
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** fflate and the web platform's text codecs. @internal */
export const fflateEngine: CodecEngine = {
  name: 'fflate',
  encodeUtf8: (text) => utf8Encoder.encode(text),
  decodeUtf8(bytes) {
    try {
      return utf8Decoder.decode(bytes);
    } catch {
      throw new CompressionError('corrupt', 'the inflated bytes are not UTF-8 text');
    }
  },
  gzip: (bytes) => gzipSync(bytes, { level: 6, mtime: 0 }),
  inflateRaw,
  crc32: (bytes) => crc32(bytes),
  encodeBase64,
  decodeBase64,
};
