/**
 * An NDJSON byte stream cut into batches of whole lines, without decoding it: the main thread only finds
 * newlines, and the workers decode and parse. A newline byte never occurs inside a multi-byte UTF-8 character,
 * so cutting at one is always safe.
 */

/** Whole input lines for one worker message. */
export interface LineBatch {
  /** The 1-based line number of the first line. */
  readonly firstLine: number;
  /** How many lines `bytes` holds. */
  readonly lines: number;
  /** The lines, each with its newline except perhaps the input's last; a buffer of its own, safe to transfer. */
  readonly bytes: Uint8Array;
}

const NEWLINE = 0x0a;

/**
 * Cuts `chunks` into batches of at most `maxLines` lines. A last line without a newline counts; an empty input
 * gives no batch.
 *
 * @example
 * for await (const batch of lineBatches(createReadStream('users.ndjson'), 2000)) send(batch);
 */
export async function* lineBatches(
  chunks: AsyncIterable<Buffer>,
  maxLines: number,
): AsyncGenerator<LineBatch> {
  let parts: Buffer[] = [];
  let size = 0;
  let lines = 0;
  let linesBefore = 0;

  const take = (): LineBatch => {
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    const batch = { firstLine: linesBefore + 1, lines, bytes };
    linesBefore += lines;
    parts = [];
    size = 0;
    lines = 0;
    return batch;
  };

  for await (const chunk of chunks) {
    let start = 0;
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, from);
      if (newline === -1) break;
      from = newline + 1;
      lines++;
      if (lines === maxLines) {
        parts.push(chunk.subarray(start, from));
        size += from - start;
        start = from;
        yield take();
      }
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      size += chunk.length - start;
    }
  }
  if (size === 0) return;
  const last = parts[parts.length - 1];
  if (last[last.length - 1] !== NEWLINE) lines++;
  yield take();
}
