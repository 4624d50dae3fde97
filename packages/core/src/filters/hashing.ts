/**
 * The service's hashing filters. On Node they hash with `node:crypto` (2.5x `@noble/hashes` on a short text), found
 * when the module loads, not imported: a bundle for a browser or an edge runtime has nothing to resolve, and
 * hashes with `@noble/hashes`, which is synchronous (a render is synchronous, WebCrypto's digest is not).
 *
 * An Undefined input gives '' (not the hash of an empty text, which would look like real data); any
 * other non-string input is hashed as its Python `str()`.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { spend } from '../limits';
import type { RenderState } from '../runtime/state';
import { undefinedError } from '../runtime/undefined';
import { Undefined } from '../runtime/values';
import { inputText, utf8Encode } from './encoding';

/**
 * `value|convertToSHA256(key)`: HMAC-SHA-256 of the UTF-8 text with the UTF-8 key, in lower-case hex.
 * @example `{{ 'hello'|convertToSHA256('secret') }}` is `88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b`.
 */
export function convertToSHA256(state: RenderState, value: unknown, key: unknown): string {
  if (value instanceof Undefined) return '';
  if (key instanceof Undefined) throw undefinedError(key);
  const text = inputText(value);
  const secret = inputText(key);
  // Text Node encodes as the filter does (no lone surrogate) and short enough for one step goes to it as it is.
  if (nodeCrypto !== undefined && text.length <= ONE_STEP_TEXT && wellFormed(text) && wellFormed(secret)) {
    if (text.length > 0) spend(state, HASH_STEP);
    return nodeCrypto.createHmac('sha256', secret).update(text).digest('hex');
  }
  const message = utf8Encode('convertToSHA256', text);
  if (nodeCrypto !== undefined) {
    const keyBytes = utf8Encode('convertToSHA256', secret);
    return fed(state, nodeCrypto.createHmac('sha256', keyBytes), message).digest('hex');
  }
  return bytesToHex(fed(state, keyedHmac(secret), message).digest());
}

/** What the filters use of `node:crypto`. */
interface NodeCrypto {
  /** Node 20.12 and later. */
  hash?(algorithm: 'sha256', data: Uint8Array | string, encoding: 'hex'): string;
  createHash(algorithm: 'sha256'): NodeHash;
  createHmac(algorithm: 'sha256', key: Uint8Array | string): NodeHash;
}
interface NodeHash {
  update(bytes: Uint8Array | string): NodeHash;
  digest(encoding: 'hex'): string;
}

/** Node's `crypto` module where the engine runs on Node 20.16 or later, else undefined. */
const NODE_CRYPTO = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
let nodeCrypto = NODE_CRYPTO;

/**
 * Hashes with `node:crypto` when it is there (true), or always with `@noble/hashes` (false): for tests, which
 * hold the two to the same digests. @internal
 */
export function useNodeCrypto(use: boolean): void {
  nodeCrypto = use ? NODE_CRYPTO : undefined;
}

type Hmac = ReturnType<typeof hmac.create>;

/** An HMAC state with its key hashed in, and the state each call copies it into (a render is synchronous). */
interface KeyedHmac {
  readonly keyed: Hmac;
  readonly scratch: Hmac;
}

/**
 * HMAC states with their key already hashed in, by key: a template signs with one key, so its two blocks are
 * hashed once rather than on every call. Bounded, and short keys only: keys come from untrusted templates.
 */
const keyed = new Map<string, KeyedHmac>();
const MAX_KEYED = 64;
const MAX_KEPT_KEY_LENGTH = 256;

/**
 * An HMAC-SHA-256 keyed with `key`, ready for the message: the kept state copied into its scratch state, which
 * allocates nothing (a fresh clone allocates two hashes and their buffers, 1.5x the time of a short signature).
 */
function keyedHmac(key: string): Hmac {
  let state = keyed.get(key);
  if (state === undefined) {
    const fresh = hmac.create(sha256, utf8Encode('convertToSHA256', key));
    if (key.length > MAX_KEPT_KEY_LENGTH) return fresh;
    state = { keyed: fresh, scratch: fresh.clone() };
    if (keyed.size >= MAX_KEYED) keyed.delete(keyed.keys().next().value as string);
    keyed.set(key, state);
  }
  return state.keyed._cloneInto(state.scratch);
}

/**
 * `value|convertToSHA256NoSalt`: SHA-256 of the UTF-8 text, in lower-case hex.
 * @example `{{ 'hello'|convertToSHA256NoSalt }}` is `2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824`.
 */
export function convertToSHA256NoSalt(state: RenderState, value: unknown): string {
  if (value instanceof Undefined) return '';
  const text = inputText(value);
  // One call for a text of one step (Node 20.12 on): 2.5x `createHash` on a short text.
  if (nodeCrypto?.hash !== undefined && text.length <= ONE_STEP_TEXT && wellFormed(text)) {
    if (text.length > 0) spend(state, HASH_STEP);
    return nodeCrypto.hash('sha256', text, 'hex');
  }
  const message = utf8Encode('convertToSHA256NoSalt', text);
  if (nodeCrypto !== undefined) return fed(state, nodeCrypto.createHash('sha256'), message).digest('hex');
  return bytesToHex(fed(state, sha256.create(), message).digest());
}

/** Bytes hashed between two spends of the render's time: megabytes of text hash in steps. */
const HASH_STEP = 64 * 1024;
/** The longest text whose UTF-8 (at most 3 bytes a UTF-16 unit) is sure to fit one step. */
const ONE_STEP_TEXT = Math.floor(HASH_STEP / 3);

/** True when `text` has no lone surrogate (Node would hash one as U+FFFD where the filter refuses it). */
function wellFormed(text: string): boolean {
  return (text as { isWellFormed(): boolean } & string).isWellFormed();
}

/** `hash` fed `bytes` in steps that each spend the render's time. */
function fed<H extends { update(bytes: Uint8Array): unknown }>(
  state: RenderState,
  hash: H,
  bytes: Uint8Array,
): H {
  for (let at = 0; at < bytes.length; at += HASH_STEP) {
    spend(state, HASH_STEP);
    hash.update(bytes.subarray(at, at + HASH_STEP));
  }
  return hash;
}
