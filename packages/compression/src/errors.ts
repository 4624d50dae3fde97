/** Why a compressed value was refused: every failure of the codec is one of these. */
export type CompressionErrorCode =
  /** The text is not strict Base64 (standard or URL-safe alphabet, padding optional). */
  | 'not_base64'
  /** The bytes start like no gzip, zlib or raw deflate stream. */
  | 'unknown_format'
  /** The stream is cut short, fails its checksum, has bytes after its end, or is not UTF-8 text. */
  | 'corrupt'
  /** The value, or the payload's values together, inflate past their cap. */
  | 'too_large'
  /** The `data-compression` header has a value that is neither on nor off. */
  | 'bad_header';

const WHAT: Record<CompressionErrorCode, string> = {
  not_base64: 'is not Base64',
  unknown_format: 'is not a gzip, zlib or raw deflate stream',
  corrupt: 'is corrupt',
  too_large: 'is too large',
  bad_header: 'is neither on nor off',
};

/**
 * A compressed value, a payload or a `data-compression` header that cannot be decoded. `code` says why,
 * `key` which payload key (when known), and the message says both, with the detail a sender can act on.
 *
 * @example
 * try {
 *   decodePayload({ subject: 'not base64!' });
 * } catch (error) {
 *   if (error instanceof CompressionError) console.log(error.code, error.key, error.message);
 *   // not_base64 subject Payload key "subject" is not Base64 (not_base64): "!" at index 10 is ...
 * }
 */
export class CompressionError extends Error {
  /** Why the value was refused. */
  readonly code: CompressionErrorCode;
  /** The payload key whose value was refused; `undefined` for a lone value or the header. */
  readonly key: string | undefined;
  /** What exactly is wrong, without the key and code: the end of `message`. */
  readonly detail: string;
  /**
   * From `decodePayload`: the error of every key that was refused, in payload order, this one first. A lone
   * value or header error lists itself.
   */
  errors: readonly CompressionError[] = [this];

  constructor(code: CompressionErrorCode, detail: string, key?: string) {
    const subject =
      key !== undefined
        ? `Payload key ${JSON.stringify(key)}`
        : code === 'bad_header'
          ? 'The data-compression header'
          : 'The value';
    super(`${subject} ${WHAT[code]} (${code}): ${detail}`);
    this.name = 'CompressionError';
    this.code = code;
    this.key = key;
    this.detail = detail;
  }
}
