/**
 * `@personalize/compression`: payload values of a preview request sent and returned compressed, when the
 * `data-compression` header is on. A value is Base64 (standard or URL-safe, padding optional) of gzip, zlib or
 * raw deflate data holding UTF-8 text; answers go back as gzip + standard Base64. Decoding is strict and
 * capped: nothing inflates past the cap, and every failure is a `CompressionError` naming the key and why.
 *
 * This entry runs anywhere (fflate). Node resolves the package to `node.ts` instead: the same API on
 * Node's own zlib, which is faster there. `@personalize/compression/portable` is this entry on any runtime.
 */
import {
  type DecodePayloadOptions,
  type DecodeValueOptions,
  decodePayloadWith,
  decodeText,
  encodePayloadWith,
  encodeText,
  type Payload,
} from './codec';
import { fflateEngine } from './engines/fflate';

export type { DecodePayloadOptions, DecodeValueOptions, Payload } from './codec';
export { CompressionError, type CompressionErrorCode } from './errors';
export { parseCompressionHeader } from './header';
export { DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_VALUE_BYTES } from './limits';

/**
 * Compresses text for a response: gzip of its UTF-8 bytes, as standard Base64 with padding. A lone surrogate
 * (not Unicode text) becomes U+FFFD, as in any UTF-8 encoding of a JavaScript string.
 *
 * @example
 * encodeValue('Hello {{UserAttribute["first_name"]}}'); // 'H4sIAAAAAAAA...'
 */
export function encodeValue(text: string): string {
  return encodeText(fflateEngine, text);
}

/**
 * Decompresses one value: strict Base64 (either alphabet, padding optional) of gzip, zlib or raw deflate
 * holding UTF-8 text. Inflation stops as soon as the output passes `maxBytes`. Throws a `CompressionError`
 * (`not_base64`, `unknown_format`, `corrupt`, `too_large`).
 *
 * @example
 * decodeValue(encodeValue('Hi {{name}}')); // 'Hi {{name}}'
 * decodeValue(text, { maxBytes: 64 * 1024 });
 */
export function decodeValue(text: string, options?: DecodeValueOptions): string {
  return decodeText(fflateEngine, text, options);
}

/**
 * A copy of a payload with every string value compressed as `encodeValue` does; other values are kept as
 * they are.
 *
 * @example
 * encodePayload({ subject: 'Hi Ada', count: 2 }); // { subject: 'H4sI...', count: 2 }
 */
export function encodePayload(payload: Payload): Record<string, unknown> {
  return encodePayloadWith(fflateEngine, payload);
}

/**
 * A copy of a payload with every string value decompressed as `decodeValue` does, under a cap per value and
 * one for all values together; other values are kept as they are. A failure is a `CompressionError` whose
 * `key` names the value; every key is tried, and its `errors` lists the error of each refused key.
 *
 * @example
 * const payload = decodePayload(body.personalization_content.payload, { maxPayloadBytes: 4 * 1024 * 1024 });
 */
export function decodePayload(payload: Payload, options?: DecodePayloadOptions): Record<string, unknown> {
  return decodePayloadWith(fflateEngine, payload, options);
}
