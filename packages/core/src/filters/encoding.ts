/**
 * The service's text-encoding filters: `base64encode`, `base64decode`, `urldecode`. UTF-8 and Base64
 * are coded here rather than with TextEncoder/TextDecoder and btoa/atob: the core's `lib` has no DOM
 * types, TextEncoder silently replaces lone surrogates (Python refuses them), and Python's Base64 and
 * percent-decoding have leniencies of their own that the built-ins do not share.
 *
 * An Undefined input gives ''; any other non-string input is first turned into text with Python's `str()`.
 */
import { type TemplateRuntimeError, valueError } from '../errors';
import { type Budget, spend } from '../limits';
import type { RenderState } from '../runtime/state';
import { pyIsAscii, utf8Length } from '../runtime/strings';
import { Undefined } from '../runtime/values';
import { checkSize, quoted, softStr, textOf } from './args';

/** The text a text filter works on: '' for Undefined, the string itself, or Python's `str()` of anything else. */
export function inputText(value: unknown): string {
  return value instanceof Undefined ? '' : textOf(softStr(value));
}

/** `value|base64encode`: standard Base64 (with `=` padding) of the UTF-8 bytes of the text. */
export function base64encode(state: RenderState, value: unknown): string {
  const text = inputText(value);
  // ASCII text is its own UTF-8, which `btoa` (every browser, Node 16 on) encodes natively: 3x the loop below on
  // a user ID. The output limit holds before it runs, and the time limit is spent for the whole text.
  if (BTOA !== undefined && pyIsAscii(text)) {
    checkSize(state, Math.ceil(text.length / 3) * 4, 'base64encode');
    spend(state, text.length);
    return BTOA(text);
  }
  const bytes = utf8Encode('base64encode', text);
  checkSize(state, Math.ceil(bytes.length / 3) * 4, 'base64encode');
  const codes: number[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    spend(state, 3);
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    codes.push(BASE64_CODES[chunk >> 18], BASE64_CODES[(chunk >> 12) & 63]);
    codes.push(i + 1 < bytes.length ? BASE64_CODES[(chunk >> 6) & 63] : PAD_CODE);
    codes.push(i + 2 < bytes.length ? BASE64_CODES[chunk & 63] : PAD_CODE);
  }
  return fromCharCodes(codes);
}

/**
 * `value|base64decode`: the UTF-8 text of Base64 data, as Python's `base64.b64decode(value).decode()`:
 * characters outside the alphabet are skipped, input stops at complete padding, and missing padding,
 * a dangling character, non-ASCII input or bytes that are not UTF-8 are a ValueError.
 */
export function base64decode(state: RenderState, value: unknown): string {
  const text = inputText(value);
  if (!pyIsAscii(text)) throw cannotDecode(text, 'Base64 text is ASCII only');
  // Well-formed Base64 of ASCII text decodes natively to that text (every browser, Node 16 on).
  if (ATOB !== undefined && STRICT_BASE64.test(text)) {
    spend(state, text.length);
    const binary = ATOB(text);
    if (pyIsAscii(binary)) return binary;
  }
  return a2bBase64(state, text);
}

/** `base64decode` of ASCII text, as CPython's `binascii.a2b_base64` in its default, non-strict mode. */
export function a2bBase64(state: RenderState, text: string): string {
  const fail = (why: string) => cannotDecode(text, why);
  const bytes: number[] = [];
  let quadPos = 0;
  let leftChar = 0;
  let pads = 0;
  let done = false;
  for (let i = 0; i < text.length && !done; i++) {
    spend(state, 1);
    if (text[i] === '=') {
      if (quadPos >= 2 && quadPos + ++pads >= 4) done = true;
      continue;
    }
    const v = BASE64_VALUES[text.charCodeAt(i)];
    if (v < 0) continue;
    pads = 0;
    switch (quadPos) {
      case 0:
        leftChar = v;
        break;
      case 1:
        bytes.push((leftChar << 2) | (v >> 4));
        leftChar = v & 0x0f;
        break;
      case 2:
        bytes.push(((leftChar << 4) & 0xff) | (v >> 2));
        leftChar = v & 0x03;
        break;
      default:
        bytes.push(((leftChar << 6) & 0xff) | v);
    }
    quadPos = (quadPos + 1) % 4;
  }
  if (!done && quadPos === 1) throw fail('the number of Base64 characters is one more than a multiple of 4');
  if (!done && quadPos !== 0) throw fail('incorrect padding');
  const decoded = utf8Decode(state, bytes, false);
  if (decoded === undefined) throw fail('the decoded bytes are not UTF-8 text');
  return decoded;
}

/**
 * `value|urldecode`: the inverse of Jinja's `urlencode`, as Python's `urllib.parse.unquote_plus`:
 * `+` is a space, `%XX` escapes are UTF-8 bytes (invalid sequences become U+FFFD), and a `%` without
 * two hex digits stays as it is.
 */
export function urldecode(state: RenderState, value: unknown): string {
  const text = inputText(value).replaceAll('+', ' ');
  if (!text.includes('%')) return text;
  spend(state, text.length);
  // Escapes that are all whole UTF-8 characters decode natively, to what Python's decoding gives them;
  // anything else (a `%` without two hex digits, bytes that are not UTF-8) throws, and takes the way below.
  try {
    return decodeURIComponent(text);
  } catch {
    return unquoteRuns(state, text);
  }
}

/** The ValueError of `base64decode` for `text`, saying why. */
function cannotDecode(text: string, why: string): TemplateRuntimeError {
  return valueError(`base64decode: cannot decode ${quoted(text)} (${why})`);
}

/** `unquote` of text with `%`: each run of ASCII characters decoded on its own, other characters as they are. */
export function unquoteRuns(state: RenderState, text: string): string {
  return text.replace(/[^\u0080-\uffff]+/g, (run) => {
    const bytes: number[] = [];
    for (let i = 0; i < run.length; i++) {
      spend(state, 1);
      if (run[i] === '%' && HEX_PAIR.test(run.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(run.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(run.charCodeAt(i));
      }
    }
    return utf8Decode(state, bytes, true) ?? '';
  });
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_CODES = Array.from(BASE64, (ch) => ch.charCodeAt(0));
/** The value of each ASCII character in Base64, -1 for those outside the alphabet. */
const BASE64_VALUES = Int8Array.from({ length: 128 }, (_, code) => BASE64.indexOf(String.fromCharCode(code)));
const PAD_CODE = '='.charCodeAt(0);
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;
/** The platform's Base64 of a binary string and back (every browser, Node 16 on), where there is one. */
const PLATFORM = globalThis as { btoa?: (data: string) => string; atob?: (data: string) => string };
const BTOA = PLATFORM.btoa?.bind(globalThis);
const ATOB = PLATFORM.atob?.bind(globalThis);
/** Base64 with nothing Python would skip or refuse: whole quads, padding only at the end. */
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The UTF-8 bytes of `text`; a lone surrogate is a ValueError, as Python's `str.encode()` raises. */
export function utf8Encode(filter: string, text: string): Uint8Array {
  // Measured first: an array of three bytes a character, then a subarray of it, cost more than the count.
  const bytes = new Uint8Array(utf8Length(text));
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp >= 0xd800 && cp <= 0xdfff) {
      throw valueError(
        `${filter}: the text holds a lone surrogate (\\u${cp.toString(16)}) at position ${i}, which UTF-8 cannot encode`,
      );
    }
    if (cp < 0x80) bytes[n++] = cp;
    else if (cp < 0x800) {
      bytes[n++] = 0xc0 | (cp >> 6);
      bytes[n++] = 0x80 | (cp & 63);
    } else if (cp < 0x10000) {
      bytes[n++] = 0xe0 | (cp >> 12);
      bytes[n++] = 0x80 | ((cp >> 6) & 63);
      bytes[n++] = 0x80 | (cp & 63);
    } else {
      bytes[n++] = 0xf0 | (cp >> 18);
      bytes[n++] = 0x80 | ((cp >> 12) & 63);
      bytes[n++] = 0x80 | ((cp >> 6) & 63);
      bytes[n++] = 0x80 | (cp & 63);
    }
  }
  return bytes;
}

/**
 * Decodes UTF-8 as Python does: strictly (undefined on the first invalid sequence) or, with `replace`,
 * putting one U+FFFD for each maximal invalid subpart (Unicode's recommended practice, which CPython follows).
 */
function utf8Decode(work: Budget, bytes: ArrayLike<number>, replace: boolean): string | undefined {
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    spend(work, 1);
    const b = bytes[i];
    let cp = -1;
    let next = i + 1;
    if (b < 0x80) cp = b;
    else {
      const [need, low, high] = leadByte(b);
      if (need > 0) {
        let value = b & (0x3f >> need);
        let ok = true;
        for (let k = 0; k < need; k++) {
          const c = bytes[i + 1 + k];
          const min = k === 0 ? low : 0x80;
          const max = k === 0 ? high : 0xbf;
          if (c === undefined || c < min || c > max) {
            ok = false;
            break;
          }
          value = (value << 6) | (c & 63);
          next = i + 2 + k;
        }
        if (ok) cp = value;
      }
    }
    if (cp < 0) {
      if (!replace) return undefined;
      cp = 0xfffd;
    }
    if (cp >= 0x10000) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
    i = next;
  }
  return fromCharCodes(units);
}

/** `String.fromCharCode` over many UTF-16 units, in slices small enough for the engine's argument limit. */
function fromCharCodes(units: readonly number[]): string {
  let out = '';
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.slice(i, i + 8192));
  return out;
}

/** Continuation bytes a lead byte needs, and the range its first continuation byte must fall in. */
function leadByte(b: number): readonly [need: number, low: number, high: number] {
  if (b >= 0xc2 && b <= 0xdf) return [1, 0x80, 0xbf];
  if (b === 0xe0) return [2, 0xa0, 0xbf];
  if (b === 0xed) return [2, 0x80, 0x9f];
  if (b >= 0xe1 && b <= 0xef) return [2, 0x80, 0xbf];
  if (b === 0xf0) return [3, 0x90, 0xbf];
  if (b >= 0xf1 && b <= 0xf3) return [3, 0x80, 0xbf];
  if (b === 0xf4) return [3, 0x80, 0x8f];
  return [0, 0, 0];
}
