import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LineBatch, type LineBatchOptions, lineBatches } from '../src/bulk/line-batches';

async function* chunksOf(bytes: Buffer, sizes: readonly number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let index = 0; at < bytes.length; index++) {
    const size = sizes[index % sizes.length];
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect(text: string | Buffer, sizes: readonly number[], options: LineBatchOptions) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const out: (Omit<LineBatch, 'bytes'> & { text: string })[] = [];
  for await (const batch of lineBatches(chunksOf(bytes, sizes), options)) {
    const { bytes: batchBytes, ...rest } = batch;
    out.push({ ...rest, text: Buffer.from(batchBytes).toString('utf8') });
  }
  return out;
}

const wide = { maxLineBytes: 1024 };

describe('lineBatches', () => {
  it('cuts after every maxLines newlines, whatever the chunk boundaries, numbering lines from 1', async () => {
    expect(await collect('a\nbb\nc\nd\ne\n', [3], { maxLines: 2, ...wide })).toEqual([
      { firstLine: 1, lines: 2, text: 'a\nbb\n', longLines: [], inputBytes: 5 },
      { firstLine: 3, lines: 2, text: 'c\nd\n', longLines: [], inputBytes: 4 },
      { firstLine: 5, lines: 1, text: 'e\n', longLines: [], inputBytes: 2 },
    ]);
  });

  it('counts a last line without a newline, and keeps empty lines', async () => {
    expect(await collect('x\n\ny', [1], { maxLines: 10, ...wide })).toEqual([
      { firstLine: 1, lines: 3, text: 'x\n\ny', longLines: [], inputBytes: 4 },
    ]);
  });

  it('never splits a multi-byte character, even when a chunk ends inside one', async () => {
    const result = await collect('{"n":"é😀"}\n{"n":"ü"}\n', [5], { maxLines: 1, ...wide });
    expect(result.map((batch) => batch.text)).toEqual(['{"n":"é😀"}\n', '{"n":"ü"}\n']);
  });

  it('gives each batch a buffer of its own, so that it can be transferred to a worker', async () => {
    const seen: LineBatch[] = [];
    for await (const batch of lineBatches(chunksOf(Buffer.from('a\nb\n'), [64]), { maxLines: 1, ...wide })) {
      seen.push(batch);
    }
    expect(seen.map((batch) => batch.bytes.byteLength === batch.bytes.buffer.byteLength)).toEqual([
      true,
      true,
    ]);
  });

  it('gives no batch for an empty input', async () => {
    expect(await collect('', [4], { maxLines: 2, ...wide })).toEqual([]);
  });

  it('leaves out a line over maxLineBytes, noting its number and length, and goes on', async () => {
    expect(await collect('ab\nlong-line\ncd\n', [4], { maxLines: 10, maxLineBytes: 5 })).toEqual([
      { firstLine: 1, lines: 3, text: 'ab\n\ncd\n', longLines: [{ line: 2, bytes: 9 }], inputBytes: 16 },
    ]);
  });

  it('notes a long last line without a newline', async () => {
    expect(await collect('ab\ncdefgh', [2], { maxLines: 10, maxLineBytes: 4 })).toEqual([
      { firstLine: 1, lines: 2, text: 'ab\n', longLines: [{ line: 2, bytes: 6 }], inputBytes: 9 },
    ]);
  });

  it('keeps a line of exactly maxLineBytes, and cuts the batch once it holds maxBatchBytes', async () => {
    expect(await collect('abcd\nef\ngh\n', [3], { maxLines: 10, maxLineBytes: 4, maxBatchBytes: 4 })).toEqual(
      [
        { firstLine: 1, lines: 1, text: 'abcd\n', longLines: [], inputBytes: 5 },
        { firstLine: 2, lines: 2, text: 'ef\ngh\n', longLines: [], inputBytes: 6 },
      ],
    );
  });

  it('starts numbering at firstLine, for a stream that starts inside a file', async () => {
    const result = await collect('a\nb\n', [8], { maxLines: 1, ...wide, firstLine: 41 });
    expect(result.map((batch) => batch.firstLine)).toEqual([41, 42]);
  });

  it('holds no more than the limit of a 64 MiB line, fed in 64 KiB chunks', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    async function* input(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"a":1}\n');
      for (let i = 0; i < 1024; i++) yield chunk;
      yield Buffer.from('\n{"b":2}\n');
    }
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    let peak = 0;
    const batches: LineBatch[] = [];
    for await (const batch of lineBatches(input(), { maxLines: 100, maxLineBytes: 1024 * 1024 })) {
      batches.push(batch);
      peak = Math.max(peak, batch.bytes.byteLength);
    }
    expect(batches).toHaveLength(1);
    expect(batches[0].longLines).toEqual([{ line: 2, bytes: 64 * 1024 * 1024 }]);
    expect(Buffer.from(batches[0].bytes).toString()).toBe('{"a":1}\n\n{"b":2}\n');
    expect(batches[0].inputBytes).toBe(8 + 64 * 1024 * 1024 + 9);
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    expect(heapAfter - heapBefore).toBeLessThan(32 * 1024 * 1024);
  });

  it('for any input and chunking: the batches put back together are the input, long lines emptied', async () => {
    const line = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\r', '{', '"'), maxLength: 12 }),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        async (lines, endsWithNewline, sizes, maxLines, maxLineBytes, maxBatchBytes) => {
          const text = lines.join('\n') + (endsWithNewline && lines.length > 0 ? '\n' : '');
          const batches = await collect(text, sizes, { maxLines, maxLineBytes, maxBatchBytes });
          // The lines the input has: a last line without a newline counts, an empty input has none.
          const expected = text === '' ? [] : text.split('\n');
          if (text.endsWith('\n')) expected.pop();
          const got: string[] = [];
          const long: { line: number; bytes: number }[] = [];
          let next = 1;
          let inputBytes = 0;
          for (const batch of batches) {
            expect(batch.firstLine).toBe(next);
            expect(batch.lines).toBeLessThanOrEqual(maxLines);
            expect(Buffer.byteLength(batch.text)).toBeLessThan(maxBatchBytes + maxLineBytes + 2);
            const batchLines = batch.text.split('\n');
            if (batch.text.endsWith('\n')) batchLines.pop();
            // A long last line without a newline has no bytes in its batch.
            while (batchLines.length < batch.lines) batchLines.push('');
            expect(batchLines).toHaveLength(batch.lines);
            got.push(...batchLines);
            long.push(...batch.longLines);
            next += batch.lines;
            inputBytes += batch.inputBytes;
          }
          expect(inputBytes).toBe(Buffer.byteLength(text));
          expect(long).toEqual(
            expected.flatMap((value, index) => {
              const bytes = Buffer.byteLength(value);
              return bytes > maxLineBytes ? [{ line: index + 1, bytes }] : [];
            }),
          );
          expect(got).toEqual(
            expected.map((value) => (Buffer.byteLength(value) > maxLineBytes ? '' : value)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
