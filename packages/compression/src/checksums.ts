/** The checksums the containers carry: CRC-32 (gzip, RFC 1952) and Adler-32 (zlib, RFC 1950). */

/** Slice-by-8 tables of the reflected CRC-32 polynomial 0xEDB88320: table k at offset 256 * k. */
const CRC_TABLES = (() => {
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const previous = tables[256 * (k - 1) + n];
      tables[256 * k + n] = tables[previous & 255] ^ (previous >>> 8);
    }
  }
  return tables;
})();

/** CRC-32 of `bytes`, as an unsigned 32-bit number; pass `crc` to continue a running one. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = CRC_TABLES;
  let c = ~crc;
  let i = 0;
  for (const whole = bytes.length - (bytes.length % 8); i < whole; i += 8) {
    c ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    c =
      t[1792 + (c & 255)] ^
      t[1536 + ((c >>> 8) & 255)] ^
      t[1280 + ((c >>> 16) & 255)] ^
      t[1024 + (c >>> 24)] ^
      t[768 + bytes[i + 4]] ^
      t[512 + bytes[i + 5]] ^
      t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

const ADLER_MOD = 65521;
// Sums stay below 2^31 over this many bytes, so V8 keeps them small integers between the reductions.
const ADLER_RUN = 2048;

/** Adler-32 of `bytes`, as an unsigned 32-bit number. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < bytes.length; start += ADLER_RUN) {
    const end = Math.min(bytes.length, start + ADLER_RUN);
    for (let i = start; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}
