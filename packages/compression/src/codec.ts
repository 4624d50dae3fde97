/**
 * Values and payloads, encoded and decoded with one engine. The entries (`index.ts`, `node.ts`) bind an
 * engine and document the public functions.
 */
import type { CodecEngine } from './engines/engine';
import { CompressionError } from './errors';
import { capOption, DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_VALUE_BYTES } from './limits';
import { inflateStream } from './streams';

/** A preview request's `personalization_content.payload`: any keys; string values are the compressed ones. */
export type Payload = Readonly<Record<string, unknown>>;

/** Options of `decodeValue`. */
export interface DecodeValueOptions {
  /**
   * Cap on the inflated size of the value, in bytes of UTF-8.
   * Defaults to 1 MiB (`DEFAULT_MAX_VALUE_BYTES`).
   */
  maxBytes?: number;
}

/** Options of `decodePayload`. */
export interface DecodePayloadOptions {
  /**
   * Cap on the inflated size of each value, in bytes of UTF-8.
   * Defaults to 1 MiB (`DEFAULT_MAX_VALUE_BYTES`).
   */
  maxValueBytes?: number;
  /**
   * Cap on the inflated size of all values together, in bytes.
   * Defaults to 8 MiB (`DEFAULT_MAX_PAYLOAD_BYTES`).
   */
  maxPayloadBytes?: number;
}

/** Gzip + standard Base64 of the UTF-8 bytes of `text`. @internal */
export function encodeText(engine: CodecEngine, text: string): string {
  return engine.encodeBase64(engine.gzip(engine.encodeUtf8(text)));
}

/** The inflated bytes of one value, or `undefined` once they pass `maxBytes`. */
function inflateValue(engine: CodecEngine, text: string, maxBytes: number): Uint8Array | undefined {
  return inflateStream(engine, engine.decodeBase64(text), maxBytes);
}

function valueTooLarge(maxBytes: number): CompressionError {
  return new CompressionError('too_large', `it inflates past ${maxBytes} bytes, the cap per value`);
}

/** The text of one compressed value. @internal */
export function decodeText(engine: CodecEngine, text: string, options?: DecodeValueOptions): string {
  const maxBytes = capOption('maxBytes', options?.maxBytes, DEFAULT_MAX_VALUE_BYTES);
  const bytes = inflateValue(engine, text, maxBytes);
  if (bytes === undefined) throw valueTooLarge(maxBytes);
  return engine.decodeUtf8(bytes);
}

/** A copy of `payload` with every string value encoded. @internal */
export function encodePayloadWith(engine: CodecEngine, payload: Payload): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' ? encodeText(engine, value) : value,
    ]),
  );
}

/** A copy of `payload` with every string value decoded, under both caps. @internal */
export function decodePayloadWith(
  engine: CodecEngine,
  payload: Payload,
  options?: DecodePayloadOptions,
): Record<string, unknown> {
  const maxValueBytes = capOption('maxValueBytes', options?.maxValueBytes, DEFAULT_MAX_VALUE_BYTES);
  const maxPayloadBytes = capOption('maxPayloadBytes', options?.maxPayloadBytes, DEFAULT_MAX_PAYLOAD_BYTES);
  let used = 0;
  // Every key is tried, so that one answer can name every refused key; the first error carries them all.
  const errors: CompressionError[] = [];
  const entries = Object.entries(payload).map(([key, value]): [string, unknown] => {
    if (typeof value !== 'string') return [key, value];
    try {
      const room = maxPayloadBytes - used;
      // The value's own cap is the smaller of the two, so nothing inflates past either.
      const bytes = inflateValue(engine, value, Math.min(maxValueBytes, room));
      if (bytes === undefined) {
        throw maxValueBytes <= room
          ? valueTooLarge(maxValueBytes)
          : new CompressionError(
              'too_large',
              `the payload's values inflate past ${maxPayloadBytes} bytes together, the cap per payload`,
            );
      }
      used += bytes.length;
      return [key, engine.decodeUtf8(bytes)];
    } catch (error) {
      if (!(error instanceof CompressionError)) throw error;
      errors.push(new CompressionError(error.code, error.detail, key));
      return [key, value];
    }
  });
  if (errors.length > 0) {
    errors[0].errors = errors;
    throw errors[0];
  }
  return Object.fromEntries(entries);
}
