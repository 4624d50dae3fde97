import { describe, expect, it } from 'vitest';
import { type LineBatch, lineBatches } from '../src/bulk/line-batches';

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function batches(text: string, chunkSize: number, maxLines: number) {
  const out: { firstLine: number; lines: number; text: string }[] = [];
  for await (const batch of lineBatches(chunksOf(text, chunkSize), maxLines)) {
    out.push({
      firstLine: batch.firstLine,
      lines: batch.lines,
      text: Buffer.from(batch.bytes).toString('utf8'),
    });
  }
  return out;
}

describe('lineBatches', () => {
  it('cuts after every maxLines newlines, whatever the chunk boundaries, numbering lines from 1', async () => {
    expect(await batches('a\nbb\nc\nd\ne\n', 3, 2)).toEqual([
      { firstLine: 1, lines: 2, text: 'a\nbb\n' },
      { firstLine: 3, lines: 2, text: 'c\nd\n' },
      { firstLine: 5, lines: 1, text: 'e\n' },
    ]);
  });

  it('counts a last line without a newline, and keeps empty lines', async () => {
    expect(await batches('x\n\ny', 1, 10)).toEqual([{ firstLine: 1, lines: 3, text: 'x\n\ny' }]);
  });

  it('never splits a multi-byte character, even when a chunk ends inside one', async () => {
    const text = '{"n":"é😀"}\n{"n":"ü"}\n';
    const result = await batches(text, 5, 1);
    expect(result.map((batch) => batch.text)).toEqual(['{"n":"é😀"}\n', '{"n":"ü"}\n']);
  });

  it('gives each batch a buffer of its own, so that it can be transferred to a worker', async () => {
    const seen: LineBatch[] = [];
    for await (const batch of lineBatches(chunksOf('a\nb\n', 64), 1)) seen.push(batch);
    expect(seen.map((batch) => batch.bytes.byteLength === batch.bytes.buffer.byteLength)).toEqual([
      true,
      true,
    ]);
  });

  it('gives no batch for an empty input', async () => {
    expect(await batches('', 4, 2)).toEqual([]);
  });
});
