import { describe, expect, it } from 'vitest';
import { CompressionError } from '../src/index';

describe('CompressionError', () => {
  it('says the key, what is wrong and the code', () => {
    const error = new CompressionError('corrupt', 'gzip stream: it ends inside the header', 'subject');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CompressionError');
    expect(error).toMatchObject({
      code: 'corrupt',
      key: 'subject',
      detail: 'gzip stream: it ends inside the header',
    });
    expect(error.message).toBe(
      'Payload key "subject" is corrupt (corrupt): gzip stream: it ends inside the header',
    );
  });

  it('a lone value has no key', () => {
    const error = new CompressionError('too_large', 'it inflates past 10 bytes, the cap per value');
    expect(error.key).toBeUndefined();
    expect(error.message).toBe(
      'The value is too large (too_large): it inflates past 10 bytes, the cap per value',
    );
  });

  it('quotes a key as JSON, so that an odd key stays readable', () => {
    expect(new CompressionError('not_base64', 'x', 'a "b"\n').message).toMatch(
      /^Payload key "a \\"b\\"\\n" /,
    );
  });
});
