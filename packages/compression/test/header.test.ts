import { describe, expect, it } from 'vitest';
import { CompressionError, parseCompressionHeader } from '../src/index';

describe('the data-compression header', () => {
  it.each(['true', 'True', '1', 'gzip'])('%s turns compression on', (value) => {
    expect(parseCompressionHeader(value)).toBe(true);
  });

  it.each(['false', 'False', '0'])('%s leaves it off', (value) => {
    expect(parseCompressionHeader(value)).toBe(false);
  });

  it('no header (undefined from Node, null from fetch Headers) leaves it off', () => {
    expect(parseCompressionHeader(undefined)).toBe(false);
    expect(parseCompressionHeader(null)).toBe(false);
  });

  it.each(['', 'TRUE', 'yes', 'on', ' true', 'gzip, deflate', 'deflate', '2', 'true, true'])(
    '%j is a bad_header error that lists the accepted values',
    (value) => {
      let error: unknown;
      try {
        parseCompressionHeader(value);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CompressionError);
      expect(error).toMatchObject({ code: 'bad_header', key: undefined });
      expect((error as Error).message).toBe(
        `The data-compression header is neither on nor off (bad_header): got ${JSON.stringify(value)}; ` +
          'send true, True, 1 or gzip to compress payload values, or false, False, 0 or no header to send them ' +
          'as plain text',
      );
    },
  );
});
