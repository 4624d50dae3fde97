import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBase64, decodeBase64, encodeBase64 } from '../src/base64';
import { CompressionError } from '../src/index';
import { entries } from './helpers/entries';
import { base64Variants } from './helpers/streams';

/** Strict Base64 by another route: one alphabet, complete or no padding, canonical (re-encodes the same). */
function reference(text: string): Uint8Array | undefined {
  const urlSafe = /[-_]/.test(text);
  const c = urlSafe ? '[A-Za-z0-9_-]' : '[A-Za-z0-9+/]';
  if (!new RegExp(`^(?:${c}{4})*(?:${c}{2}(?:==)?|${c}{3}=?)?$`).test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  const again = bytes.toString(urlSafe ? 'base64url' : 'base64').replace(/=+$/, '');
  return again === text.replace(/=+$/, '') ? new Uint8Array(bytes) : undefined;
}

function decodeOrError(decode: (text: string) => Uint8Array, text: string): Uint8Array | CompressionError {
  try {
    return new Uint8Array(decode(text));
  } catch (error) {
    if (error instanceof CompressionError) return error;
    throw error;
  }
}

/** Texts near Base64: characters of both alphabets, padding, whitespace and non-ASCII, in any order. */
const nearBase64 = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'AQgw09+/-_= \n\u00e9\u0141\u{1F600}'), maxLength: 12 }),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 40 }),
      fc.constantFrom(...base64Variants),
      fc.nat(),
      fc.string({ maxLength: 1 }),
    )
    .map(([bytes, variant, at, insert]) => {
      const text = variant.encode(bytes);
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i);
    }),
);

describe('strict Base64', () => {
  it('accepts exactly what strict Base64 allows, and decodes it as Buffer does', () => {
    fc.assert(
      fc.property(nearBase64, (text) => {
        const expected = reference(text);
        const decoded = decodeOrError(decodeBase64, text);
        if (expected === undefined) {
          expect(decoded).toBeInstanceOf(CompressionError);
          expect((decoded as CompressionError).code).toBe('not_base64');
        } else {
          expect(decoded).toEqual(expected);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('checkBase64 agrees with decodeBase64: same byte count, same error', () => {
    fc.assert(
      fc.property(nearBase64, (text) => {
        const decoded = decodeOrError(decodeBase64, text);
        let checked: number | CompressionError;
        try {
          checked = checkBase64(text);
        } catch (error) {
          checked = error as CompressionError;
        }
        if (decoded instanceof CompressionError)
          expect((checked as CompressionError).message).toBe(decoded.message);
        else expect(checked).toBe(decoded.length);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(entries)('$name decodes Base64 the same way as the other engine', ({ engine }) => {
    fc.assert(
      fc.property(nearBase64, (text) => {
        const mine = decodeOrError((t) => engine.decodeBase64(t), text);
        const reference = decodeOrError(decodeBase64, text);
        if (reference instanceof CompressionError)
          expect((mine as CompressionError).message).toBe(reference.message);
        else expect(mine).toEqual(reference);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['QUJD\nREVG', /"U\+000A" at index 4 is not a Base64 character/],
    ['QUJD REVG', /" " at index 4 is not a Base64 character/],
    ['QU=D', /"=" at index 2 is padding, which only ends the text/],
    ['QUJD+-__', /"\+" at index 4 is from the standard alphabet .* use one alphabet/],
    ['QQ===', /3 "=" characters/],
    ['QQ=', /groups of 4 characters, and 3 is not a multiple of 4/],
    ['QUJDR', /5 characters cannot be whole bytes/],
    ['QR==', /bits set past the end of the data/],
    ['QUI=x', /"=" at index 3 is padding/],
    ['QUJDé', /"é" at index 4 is not a Base64 character/],
  ])('%j is refused: %s', (text, message) => {
    expect(() => decodeBase64(text)).toThrow(message);
  });

  it.each([
    ['', ''],
    ['QQ==', 'A'],
    ['QQ', 'A'],
    ['QUI=', 'AB'],
    ['QUI', 'AB'],
    ['-_-_', '\u00fb\u00ff\u00bf'],
  ])('%j is accepted', (text, bytes) => {
    expect(decodeBase64(text)).toEqual(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
  });

  it('encodes as Buffer does, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
    for (const size of [24_575, 24_576, 24_577, 49_154]) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 7919) & 255);
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
