/**
 * Strict Base64 (RFC 4648): the standard alphabet or the URL-safe one (not both in one text), `=` padding
 * either complete or absent, nothing else. The platforms' decoders are lenient where this must not be
 * (`atob` skips whitespace, Node's `Buffer` skips any character it does not know and stops at the first
 * `=`), so the check is written here; Node's `Buffer` still does the decoding there (see `engines/node.ts`).
 */
import { CompressionError } from './errors';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='

/** 6-bit value of each ASCII code in one alphabet; 255 for every other code. */
function valuesOf(alphabet: string): Uint8Array {
  const values = new Uint8Array(128).fill(255);
  for (let i = 0; i < 64; i++) values[alphabet.charCodeAt(i)] = i;
  return values;
}

const STANDARD_VALUES = valuesOf(STANDARD);
const URL_SAFE_VALUES = valuesOf(`${STANDARD.slice(0, 62)}-_`);
const STANDARD_CODES = Uint8Array.from(STANDARD, (c) => c.charCodeAt(0));

function notBase64(detail: string): CompressionError {
  return new CompressionError('not_base64', detail);
}

/** Where the trailing run of `=` starts: the end of the data characters. */
function paddingStart(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === PAD) end--;
  return end;
}

/** Checks the padding and the length, once every character before the padding is known to be valid. */
function checkLength(text: string, end: number): void {
  const padding = text.length - end;
  if (padding > 2) throw notBase64(`it ends in ${padding} "=" characters; padding is at most two`);
  if (padding > 0 && text.length % 4 !== 0) {
    throw notBase64(
      `padded Base64 comes in groups of 4 characters, and ${text.length} is not a multiple of 4`,
    );
  }
  if (end % 4 === 1) {
    throw notBase64(`${end} characters cannot be whole bytes: a last group of 4 never holds only one`);
  }
}

/** The 6-bit values of `text`'s alphabet: URL-safe when it has `-` or `_`, standard otherwise. */
function valuesFor(text: string): Uint8Array {
  return text.includes('-') || text.includes('_') ? URL_SAFE_VALUES : STANDARD_VALUES;
}

/** Names the first character of `text[0, end)` that `values` does not know, and why. */
function badCharacter(text: string, end: number, values: Uint8Array): CompressionError {
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && values[code] !== 255) continue;
    if (code === PAD) return notBase64(`"=" at index ${i} is padding, which only ends the text`);
    if (code < 128 && (STANDARD_VALUES[code] !== 255 || URL_SAFE_VALUES[code] !== 255)) {
      return notBase64(
        `${JSON.stringify(text[i])} at index ${i} is from the standard alphabet (+ /) and the text also ` +
          'uses the URL-safe one (- _); use one alphabet',
      );
    }
    const shown =
      code < 32 || code === 127 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : text[i];
    return notBase64(`${JSON.stringify(shown)} at index ${i} is not a Base64 character`);
  }
  throw new Error('badCharacter found no bad character');
}

/** Checks that the last character of a partial group carries no bits past the end of the data. */
function checkLastBits(end: number, last: number): void {
  const rest = end % 4;
  if ((rest === 2 && (last & 15) !== 0) || (rest === 3 && (last & 3) !== 0)) {
    throw notBase64('its last character has bits set past the end of the data (not canonical Base64)');
  }
}

/**
 * Checks that `text` is strict Base64 and returns the number of bytes it holds; throws `not_base64` naming
 * the first fault: a character, then the padding and length, then stray bits at the end.
 */
export function checkBase64(text: string): number {
  const end = paddingStart(text);
  const values = valuesFor(text);
  // Any code past ASCII, or any value past 63, shows in the OR of them all: one branch after the loop.
  let codes = 0;
  let seen = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    codes |= code;
    seen |= values[code & 127];
  }
  if (codes > 127 || seen > 63) throw badCharacter(text, end, values);
  checkLength(text, end);
  if (end > 0) checkLastBits(end, values[text.charCodeAt(end - 1)]);
  return (end * 3) >> 2;
}

/** The bytes of strict Base64 `text`; throws `not_base64` naming the first fault, as `checkBase64` does. */
export function decodeBase64(text: string): Uint8Array {
  const end = paddingStart(text);
  const values = valuesFor(text);
  const bytes = new Uint8Array((end * 3) >> 2);
  const whole = end - (end % 4);
  let codes = 0;
  let seen = 0;
  let j = 0;
  for (let i = 0; i < whole; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    codes |= c0 | c1 | c2 | c3;
    const v0 = values[c0 & 127];
    const v1 = values[c1 & 127];
    const v2 = values[c2 & 127];
    const v3 = values[c3 & 127];
    seen |= v0 | v1 | v2 | v3;
    const group = (v0 << 18) | (v1 << 12) | (v2 << 6) | v3;
    bytes[j++] = group >> 16;
    bytes[j++] = group >> 8;
    bytes[j++] = group;
  }
  let group = 0;
  for (let i = whole; i < end; i++) {
    const code = text.charCodeAt(i);
    codes |= code;
    seen |= values[code & 127];
    group = (group << 6) | values[code & 127];
  }
  if (codes > 127 || seen > 63) throw badCharacter(text, end, values);
  checkLength(text, end);
  const rest = end - whole;
  if (rest > 0) {
    checkLastBits(end, group & 63);
    // 2 characters hold 12 bits (1 byte and 4 zero bits), 3 hold 18 (2 bytes and 2 zero bits).
    if (rest === 2) bytes[j] = group >> 4;
    else {
      bytes[j] = group >> 10;
      bytes[j + 1] = group >> 2;
    }
  }
  return bytes;
}

/** Standard Base64 of `bytes`, with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  // Whole groups of 3 bytes per chunk, so that only the last chunk has a partial group.
  const chunk = 3 * 8192;
  const codes = new Uint16Array(4 * 8192);
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(bytes.length, start + chunk);
    let j = 0;
    let i = start;
    for (; i + 2 < end; i += 3) {
      const group = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      codes[j++] = STANDARD_CODES[group >> 18];
      codes[j++] = STANDARD_CODES[(group >> 12) & 63];
      codes[j++] = STANDARD_CODES[(group >> 6) & 63];
      codes[j++] = STANDARD_CODES[group & 63];
    }
    if (i < end) {
      const group = (bytes[i] << 16) | ((i + 1 < end ? bytes[i + 1] : 0) << 8);
      codes[j++] = STANDARD_CODES[group >> 18];
      codes[j++] = STANDARD_CODES[(group >> 12) & 63];
      codes[j++] = i + 1 < end ? STANDARD_CODES[(group >> 6) & 63] : PAD;
      codes[j++] = PAD;
    }
    parts.push(String.fromCharCode.apply(null, codes.subarray(0, j) as unknown as number[]));
  }
  return parts.join('');
}
