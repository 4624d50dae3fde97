/**
 * The encrypted identifiers of landing-page links (server-decisions.md, "Encrypted landing-page
 * identifiers"): Base64url without padding of `iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes)`, AES-256-GCM,
 * key = SHA-256 of the UTF-8 `api_secret`. WebCrypto only, so that the app keeps running outside Node.
 */
import { base64Bytes } from '../http/base64-bytes';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Longest token accepted: far above any id, and it bounds the work an invalid token can cause. */
const MAX_TOKEN_CHARS = 4096;

/**
 * The AES-256-GCM key of a workspace's landing-page links: the SHA-256 digest of its UTF-8 `api_secret`.
 *
 * @example
 * const key = await landingPageKey('landing-page-secret');
 */
export async function landingPageKey(apiSecret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiSecret));
  return crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
}

/** The bytes of unpadded Base64url text, or `undefined` when it is not that. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length of 4n+1 characters cannot come from any byte string.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  return base64Bytes(text.replace(/-/g, '+').replace(/_/g, '/'));
}

/**
 * Encrypts an id (a user id, a campaign id, a Workspace ID) into a token, with a fresh random IV.
 *
 * @example
 * await encryptLandingPageId(await landingPageKey('landing-page-secret'), 'u-1'); // 'q1d0...' (43 chars)
 */
export async function encryptLandingPageId(key: CryptoKey, id: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  // WebCrypto appends the 16-byte tag to the ciphertext: the layout of the token already.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, tagLength: TAG_BYTES * 8 },
      key,
      new TextEncoder().encode(id),
    ),
  );
  const token = new Uint8Array(IV_BYTES + sealed.length);
  token.set(iv);
  token.set(sealed, IV_BYTES);
  return base64url(token);
}

/**
 * The id inside a token, or `undefined` when the token is not Base64url, is too short, was changed, was
 * made with another key, or does not hold UTF-8 text.
 *
 * @example
 * await decryptLandingPageId(key, c.req.query('user_id') ?? ''); // 'u-1'
 */
export async function decryptLandingPageId(key: CryptoKey, token: string): Promise<string | undefined> {
  if (token.length > MAX_TOKEN_CHARS) return undefined;
  const bytes = fromBase64url(token);
  // An empty id is not an id: at least one byte of ciphertext.
  if (bytes === undefined || bytes.length < IV_BYTES + 1 + TAG_BYTES) return undefined;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), tagLength: TAG_BYTES * 8 },
      key,
      bytes.subarray(IV_BYTES),
    );
  } catch {
    return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}
