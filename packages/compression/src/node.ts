/**
 * The Node entry, chosen by the `node` condition of the package's `exports`: the API of `index.ts` (whose
 * types and documentation it shares) on Node's own zlib and Buffer.
 */
import { decodePayloadWith, decodeText, encodePayloadWith, encodeText } from './codec';
import { nodeEngine } from './engines/node';
import type * as portable from './index';

export type { DecodePayloadOptions, DecodeValueOptions, Payload } from './codec';
export { CompressionError, type CompressionErrorCode } from './errors';
export { parseCompressionHeader } from './header';
export { DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_VALUE_BYTES } from './limits';

export const encodeValue: typeof portable.encodeValue = (text) => encodeText(nodeEngine, text);

export const decodeValue: typeof portable.decodeValue = (text, options) =>
  decodeText(nodeEngine, text, options);

export const encodePayload: typeof portable.encodePayload = (payload) =>
  encodePayloadWith(nodeEngine, payload);

export const decodePayload: typeof portable.decodePayload = (payload, options) =>
  decodePayloadWith(nodeEngine, payload, options);
