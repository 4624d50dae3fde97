/**
 * The text of a byte stream, or `undefined` as soon as it passes `maxBytes` (the stream is then cancelled, so
 * nothing past the cap is buffered). Shared by request bodies and content API answers.
 */
export async function readStreamText(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<string | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
