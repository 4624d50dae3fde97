/** Base64 text to bytes, without a callback per character. */

/**
 * The bytes of standard Base64 text, decoded with `atob`; throws as `atob` does when the text is not Base64.
 *
 * @example
 * base64Bytes('dTE6a2V5'); // Uint8Array [117, 49, 58, 107, 101, 121] ('u1:key')
 */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
