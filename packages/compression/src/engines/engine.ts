/** What a runtime supplies to the codec, so that the same rules run on fflate or on Node's own zlib. */

/** How inflating one raw deflate stream under a cap ended. */
export type RawInflation =
  /** The stream ended: its bytes, and the offset just past its last input byte. */
  | { readonly kind: 'done'; readonly output: Uint8Array; readonly end: number }
  /** Inflating stopped as soon as the output passed the cap. */
  | { readonly kind: 'too_large' }
  /** The stream is not valid deflate data, or the input ends before it does. */
  | { readonly kind: 'corrupt'; readonly reason: string };

/** The byte-level work of the codec on one runtime. @internal */
export interface CodecEngine {
  /** Shown in benchmarks and test names. */
  readonly name: string;
  /** UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as `TextEncoder` does). */
  encodeUtf8(text: string): Uint8Array;
  /** The text of UTF-8 `bytes`, byte order mark kept; throws `corrupt` for bytes that are not UTF-8. */
  decodeUtf8(bytes: Uint8Array): string;
  /** A gzip member (RFC 1952) of `bytes`, compression level 6, no file name, modification time 0. */
  gzip(bytes: Uint8Array): Uint8Array;
  /** Inflates the raw deflate stream that starts `bytes`, stopping once more than `maxBytes` come out. */
  inflateRaw(bytes: Uint8Array, maxBytes: number): RawInflation;
  /** CRC-32 of `bytes`, unsigned. */
  crc32(bytes: Uint8Array): number;
  /** Standard Base64 of `bytes`, padded. */
  encodeBase64(bytes: Uint8Array): string;
  /** The bytes of strict Base64 `text` (see `base64.ts`); throws `not_base64`. */
  decodeBase64(text: string): Uint8Array;
}
