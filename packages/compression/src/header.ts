/** The `data-compression` request header: whether payload values come, and go back, compressed. */
import { CompressionError } from './errors';

const ON = new Set(['true', 'True', '1', 'gzip']);
const OFF = new Set(['false', 'False', '0']);

/**
 * Reads the `data-compression` header: `true`, `True`, `1` or `gzip` turn compression on; `false`, `False`,
 * `0` or no header (`undefined` or `null`) leave it off. Anything else, the empty value included, throws a
 * `CompressionError` with code `bad_header`.
 *
 * @example
 * parseCompressionHeader(request.headers.get('data-compression')); // true for "True", false for null
 */
export function parseCompressionHeader(value: string | null | undefined): boolean {
  if (value === undefined || value === null || OFF.has(value)) return false;
  if (ON.has(value)) return true;
  throw new CompressionError(
    'bad_header',
    `got ${JSON.stringify(value)}; send true, True, 1 or gzip to compress payload values, ` +
      'or false, False, 0 or no header to send them as plain text',
  );
}
