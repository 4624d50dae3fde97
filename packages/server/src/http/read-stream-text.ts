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

/** How `readCappedBody` may use the body's declared length. */
export interface DeclaredLength {
  /** The `Content-Length` to judge the body by before reading it; `null` when there is none to go by. */
  readonly declared: string | null;
  /**
   * True when the body is known to be exactly `declared` bytes (a request whose runtime enforces it): it is then
   * read in one go with `.text()` rather than streamed.
   */
  readonly exact?: boolean;
}

/**
 * The text of a request's or response's body, or `undefined` when it is larger than `maxBytes`. A declared
 * length over the cap refuses the body unread; otherwise the body is streamed and cancelled as soon as it passes
 * the cap (or, with `exact`, read in one go). `body` is only touched when the body is streamed.
 */
export async function readCappedBody(
  message: { readonly body: ReadableStream<Uint8Array> | null; text(): Promise<string> },
  maxBytes: number,
  { declared, exact = false }: DeclaredLength,
): Promise<string | undefined> {
  if (declared !== null) {
    if (Number(declared) > maxBytes) return undefined;
    if (exact) return message.text();
  }
  return message.body === null ? '' : readStreamText(message.body, maxBytes);
}
