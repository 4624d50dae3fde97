import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_VALUE_BYTES } from '../src/index';
import { entries } from './helpers/entries';
import { anyText } from './helpers/streams';

/** Text of exactly `bytes` UTF-8 bytes, mixing one-, two-, three- and four-byte characters. */
function textOfBytes(bytes: number): string {
  const unit = 'aé€😀'; // 1 + 2 + 3 + 4 = 10 bytes
  return unit.repeat(Math.floor(bytes / 10)) + 'a'.repeat(bytes % 10);
}

describe.each(entries)('round trip, $name', ({ api }) => {
  it('decodeValue(encodeValue(s)) is s for any text', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        expect(api.decodeValue(api.encodeValue(text))).toBe(text);
      }),
    );
  });

  it('the other build decodes what this one encodes, and the reverse', () => {
    const [other] = entries.filter((entry) => entry.api !== api);
    fc.assert(
      fc.property(anyText(), (text) => {
        expect(other.api.decodeValue(api.encodeValue(text))).toBe(text);
        expect(api.decodeValue(other.api.encodeValue(text))).toBe(text);
      }),
    );
  });

  it('large text round-trips', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 50_000, maxLength: 200_000 }), (text) => {
        expect(api.decodeValue(api.encodeValue(text), { maxBytes: 4 * text.length })).toBe(text);
      }),
      { numRuns: 4 },
    );
  });

  it('empty text round-trips and encodes to a non-empty gzip', () => {
    expect(api.encodeValue('')).toMatch(/^H4sI/);
    expect(api.decodeValue(api.encodeValue(''))).toBe('');
  });

  it('a value of exactly the cap decodes; one byte more is too large', () => {
    const atCap = textOfBytes(DEFAULT_MAX_VALUE_BYTES);
    expect(api.decodeValue(api.encodeValue(atCap))).toBe(atCap);
    expect(() => api.decodeValue(api.encodeValue(`${atCap}a`))).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });

  it('a byte order mark at the start is kept', () => {
    expect(api.decodeValue(api.encodeValue('\uFEFFHi'))).toBe('\uFEFFHi');
  });

  it('a lone surrogate, which UTF-8 cannot hold, is encoded as U+FFFD', () => {
    expect(api.decodeValue(api.encodeValue('a\uD800b'))).toBe('a\uFFFDb');
  });

  it('encodes gzip as standard Base64 with padding', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const encoded = api.encodeValue(text);
        expect(encoded).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        expect(encoded.length % 4).toBe(0);
        expect(encoded.startsWith('H4sI')).toBe(true); // 1f 8b 08
      }),
    );
  });
});
