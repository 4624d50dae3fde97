import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzipZeroBomb } from './helpers/bomb';
import { entries } from './helpers/entries';
import { anyText, standardBase64 } from './helpers/streams';

describe.each(entries)('payloads, $name', ({ api }) => {
  it('decodePayload(encodePayload(p)) is p, string values and others alike', () => {
    const value = fc.oneof(
      anyText(100),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), (payload) => {
        expect(api.decodePayload(api.encodePayload(payload))).toEqual(payload);
      }),
    );
  });

  it('encodes every string value and keeps every other value as it is', () => {
    const nested = { title: 'not touched' };
    const encoded = api.encodePayload({ subject: 'Hi', count: 3, nested, off: false });
    expect(encoded).toEqual({ subject: expect.stringMatching(/^H4sI/), count: 3, nested, off: false });
    expect(encoded.nested).toBe(nested);
  });

  it('keeps the key order, and a key named __proto__ stays an own key', () => {
    const payload = JSON.parse('{"b": "1", "__proto__": "2", "a": "3"}');
    const decoded = api.decodePayload(api.encodePayload(payload));
    expect(Object.keys(decoded)).toEqual(['b', '__proto__', 'a']);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe('2');
  });

  it('does not change the payload it is given', () => {
    const payload = { subject: api.encodeValue('Hi') };
    const copy = { ...payload };
    api.decodePayload(payload);
    expect(payload).toEqual(copy);
  });

  it("a failing value's error names its key and the reason", () => {
    const payload = { subject: api.encodeValue('fine'), body: 'plain text, not compressed' };
    expect(() => api.decodePayload(payload)).toThrow(
      expect.objectContaining({
        code: 'not_base64',
        key: 'body',
        message: expect.stringMatching(/^Payload key "body" is not Base64 \(not_base64\): " " at index 5/),
      }),
    );
  });

  it('each value has its own cap', () => {
    const payload = { small: api.encodeValue('x'.repeat(100)), large: api.encodeValue('x'.repeat(101)) };
    expect(() => api.decodePayload(payload, { maxValueBytes: 100 })).toThrow(
      expect.objectContaining({
        code: 'too_large',
        key: 'large',
        message: expect.stringMatching(/cap per value/),
      }),
    );
  });

  it('all values together have a cap, checked as each value inflates', () => {
    const payload = { a: api.encodeValue('x'.repeat(60)), b: api.encodeValue('y'.repeat(60)) };
    expect(() => api.decodePayload(payload, { maxPayloadBytes: 119 })).toThrow(
      expect.objectContaining({
        code: 'too_large',
        key: 'b',
        message: expect.stringMatching(/cap per payload/),
      }),
    );
    expect(api.decodePayload(payload, { maxPayloadBytes: 120 })).toEqual({
      a: 'x'.repeat(60),
      b: 'y'.repeat(60),
    });
  });

  it('the default payload cap is 8 MiB: the value that passes it is named', () => {
    const justUnderOneMiB = standardBase64(gzipZeroBomb(4064)); // 1,048,516 zero bytes
    const payload = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`v${i}`, justUnderOneMiB]));
    expect(() => api.decodePayload(payload)).toThrow(
      expect.objectContaining({
        code: 'too_large',
        key: 'v8',
        message: expect.stringMatching(/8388608 bytes/),
      }),
    );
    delete payload.v8;
    expect(Object.keys(api.decodePayload(payload))).toHaveLength(8);
  });

  it('a cap that is not a whole number of bytes is a RangeError', () => {
    expect(() => api.decodeValue(api.encodeValue('x'), { maxBytes: -1 })).toThrow(RangeError);
    expect(() => api.decodePayload({}, { maxValueBytes: 1.5 })).toThrow(
      /maxValueBytes must be a whole number/,
    );
    expect(() => api.decodePayload({}, { maxPayloadBytes: Number.NaN })).toThrow(RangeError);
  });

  it('a cap of 0 bytes lets only empty text through', () => {
    expect(api.decodeValue(api.encodeValue(''), { maxBytes: 0 })).toBe('');
    expect(() => api.decodeValue(api.encodeValue('x'), { maxBytes: 0 })).toThrow(/too_large/);
  });
});

describe.each(entries)('a payload with several bad values, $name', ({ api }) => {
  it('names every refused key, in payload order, through the first error', () => {
    let caught: unknown;
    try {
      api.decodePayload({ a: 'not base64!', b: api.encodeValue('fine'), c: 'AAAA', d: 'also bad?' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(api.CompressionError);
    const errors = (caught as InstanceType<typeof api.CompressionError>).errors;
    expect(errors.map((error) => [error.key, error.code])).toEqual([
      ['a', 'not_base64'],
      ['c', 'corrupt'],
      ['d', 'not_base64'],
    ]);
    expect(errors[0]).toBe(caught);
  });
});
