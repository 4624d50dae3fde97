/**
 * Reading a request body under a size cap. A body with a `Content-Length` is judged by it and then read in one
 * go (on Node, `@hono/node-server` reads it straight from the socket, without a Web stream); a body without
 * one is streamed and refused as soon as it passes the cap, so an endless upload is never buffered.
 */
import { readCappedBody } from './read-stream-text';

/** The body's text, or `undefined` when it is larger than `maxBytes`. */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = request.headers.get('content-length');
  // Node's HTTP parser (and any conforming runtime) delivers exactly Content-Length bytes; a chunked body
  // (Transfer-Encoding) is streamed instead.
  const exact = declared !== null && !request.headers.has('transfer-encoding');
  return readCappedBody(request, maxBytes, { declared: exact ? declared : null, exact });
}
