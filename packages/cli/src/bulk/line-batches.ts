/**
 * An NDJSON byte stream cut into batches of whole lines, without decoding it: the reader only finds newlines,
 * and whoever renders decodes and parses. A newline byte never occurs inside a multi-byte UTF-8 character, so
 * cutting at one is always safe.
 *
 * A line longer than the limit is never held: once it passes the limit its bytes are dropped as they arrive, and
 * the batch keeps an empty line in its place and notes its number and length, so that the run can answer it
 * with an error line and go on. Memory is bounded by the limit, whatever the input holds.
 */

/** A line longer than the limit: left out of its batch's bytes (an empty line stands in its place). */
export interface LongLine {
  /** Its 1-based line number. */
  readonly line: number;
  /** Its length in bytes, without the newline. */
  readonly bytes: number;
}

/** Whole input lines for one worker message (or one queued chunk). */
export interface LineBatch {
  /** The 1-based line number of the first line. */
  readonly firstLine: number;
  /** How many lines `bytes` holds. */
  readonly lines: number;
  /** The lines, each with its newline except perhaps the input's last; a buffer of its own, safe to transfer. */
  readonly bytes: Uint8Array;
  /** The lines over the limit, in order; each is an empty line in `bytes`. */
  readonly longLines: readonly LongLine[];
  /** How many bytes of the input the batch covers (long lines included): its end's offset minus its start's. */
  readonly inputBytes: number;
}

/** Options of `lineBatches`. */
export interface LineBatchOptions {
  /** Lines per batch, at most. */
  readonly maxLines: number;
  /** The longest line kept, in bytes without its newline. */
  readonly maxLineBytes: number;
  /**
   * A batch is also cut once it holds this many bytes, so that none holds much more than
   * `maxBatchBytes + maxLineBytes`. Defaults to `maxLineBytes` or 1 MiB, whichever is larger.
   */
  readonly maxBatchBytes?: number;
  /** The line number of the stream's first line, for a stream that starts inside a file. Defaults to 1. */
  readonly firstLine?: number;
}

const NEWLINE = 0x0a;
const MIN_BATCH_BYTES = 1024 * 1024;
const NEWLINE_BYTES = Buffer.from([NEWLINE]);

/**
 * Cuts `chunks` into batches of at most `maxLines` lines. A last line without a newline counts; an empty input
 * gives no batch.
 *
 * @example
 * for await (const batch of lineBatches(createReadStream('users.ndjson'), { maxLines: 2000, maxLineBytes: 16 << 20 }))
 *   send(batch);
 */
export async function* lineBatches(
  chunks: AsyncIterable<Buffer>,
  options: LineBatchOptions,
): AsyncGenerator<LineBatch> {
  const { maxLines, maxLineBytes } = options;
  const maxBatchBytes = options.maxBatchBytes ?? Math.max(maxLineBytes, MIN_BATCH_BYTES);
  let parts: Buffer[] = [];
  let size = 0;
  let lines = 0;
  let longLines: LongLine[] = [];
  let inputBytes = 0;
  let nextLine = options.firstLine ?? 1;
  // The line being read: its bytes so far, and whether it has passed the limit (its bytes are then dropped).
  let lineBytes = 0;
  let skipping = false;

  const take = (): LineBatch => {
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    const batch = { firstLine: nextLine, lines, bytes, longLines, inputBytes };
    nextLine += lines;
    parts = [];
    size = 0;
    lines = 0;
    longLines = [];
    inputBytes = 0;
    return batch;
  };

  const keep = (part: Buffer) => {
    if (part.length === 0) return;
    parts.push(part);
    size += part.length;
  };

  /** Drops the last `count` bytes kept: the start of a line that turned out too long. */
  const dropKept = (count: number) => {
    size -= count;
    while (count > 0) {
      const last = parts[parts.length - 1];
      if (last.length <= count) {
        parts.pop();
        count -= last.length;
      } else {
        parts[parts.length - 1] = last.subarray(0, last.length - count);
        count = 0;
      }
    }
  };

  const endLongLine = () => {
    longLines.push({ line: nextLine + lines, bytes: lineBytes });
    lines++;
    lineBytes = 0;
    skipping = false;
  };

  for await (const chunk of chunks) {
    inputBytes += chunk.length;
    // Bytes of this chunk from `keptFrom` to `at` are kept and not yet in `parts`: they go in one piece.
    let keptFrom = 0;
    let at = 0;
    while (at < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, at);
      const end = newline === -1 ? chunk.length : newline;
      if (!skipping && lineBytes + (end - at) > maxLineBytes) {
        keep(chunk.subarray(keptFrom, at));
        dropKept(lineBytes);
        skipping = true;
      }
      lineBytes += end - at;
      if (newline === -1) {
        if (skipping) keptFrom = chunk.length;
        break;
      }
      at = newline + 1;
      if (skipping) {
        keep(NEWLINE_BYTES);
        endLongLine();
        keptFrom = at;
      } else {
        lines++;
        lineBytes = 0;
      }
      if (lines === maxLines || size + (at - keptFrom) >= maxBatchBytes) {
        keep(chunk.subarray(keptFrom, at));
        keptFrom = at;
        // The chunk's rest belongs to the next batch.
        inputBytes -= chunk.length - at;
        yield take();
        inputBytes += chunk.length - at;
      }
    }
    keep(chunk.subarray(keptFrom));
  }
  if (skipping) endLongLine();
  else if (lineBytes > 0) lines++;
  if (lines > 0) yield take();
}
