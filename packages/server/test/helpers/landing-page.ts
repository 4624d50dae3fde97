/**
 * Landing-page tokens made and read with `node:crypto`, independently of the project's WebCrypto code, from
 * the format of server-decisions.md: Base64url (no padding) of iv (12) ‖ ciphertext ‖ tag (16), AES-256-GCM,
 * key = SHA-256 of the UTF-8 api_secret.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

function keyOf(apiSecret: string): Buffer {
  return createHash('sha256').update(apiSecret, 'utf8').digest();
}

/** The token of `id` under `apiSecret`; `iv` defaults to 12 random bytes. */
export function nodeToken(apiSecret: string, id: string, iv: Buffer = randomBytes(12)): string {
  const cipher = createCipheriv('aes-256-gcm', keyOf(apiSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(id, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** The id inside a token, or `undefined` when it does not decrypt under `apiSecret`. */
export function nodeDecrypt(apiSecret: string, token: string): string | undefined {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 12 + 16) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(apiSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
