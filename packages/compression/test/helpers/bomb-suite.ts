/**
 * A crafted bomb, exactly 1 GiB of zeros in 1 MB of gzip, must be refused at the cap: quickly, and with a
 * peak memory bounded by the cap, not by what the data would inflate to. The peak is the process's own
 * high-water mark (getrusage's maxRSS, via `process.resourceUsage()`), read before and after a decode: it
 * grows only by what the decode needs beyond anything the process held before. A control that lets 256 MiB
 * inflate shows that the measurement does see inflation. Each build gets its own test file, so its own
 * process: one build's control would otherwise hide the other's.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { CompressionError } from '../../src/index';
import { GIB_MATCHES, gzipZeroBomb } from './bomb';
import type { Api } from './entries';
import { standardBase64 } from './streams';

const MiB = 1024 * 1024;

function peakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** Runs `decode`, which must throw a CompressionError, and reports the growth of the peak RSS. */
function measure(decode: () => unknown): { error: CompressionError; peakGrowth: number } {
  const before = peakRss();
  let error: unknown;
  try {
    decode();
  } catch (caught) {
    error = caught;
  }
  const peakGrowth = peakRss() - before;
  if (!(error instanceof CompressionError)) throw new Error(`expected a CompressionError, got ${error}`);
  return { error, peakGrowth };
}

export function describeBomb(name: string, api: Api): void {
  describe(`a 1 GiB gzip bomb, ${name}`, () => {
    const bomb = standardBase64(gzipZeroBomb(GIB_MATCHES));

    it('is about 1 MB of gzip', () => {
      expect(Buffer.from(bomb, 'base64').length).toBeLessThan(1.1e6);
    });

    // Bounded by memory rather than time: a shared machine's clock says nothing, and inflating past the cap
    // would show as growth well over 24 MiB.
    it('is refused at the 1 MiB cap within 24 MiB of peak memory', () => {
      const { error, peakGrowth } = measure(() => api.decodeValue(bomb));
      expect(error.code).toBe('too_large');
      expect(peakGrowth).toBeLessThan(24 * MiB);
    });

    it('is refused as a payload value, naming the key, within 24 MiB of peak memory', () => {
      const { error, peakGrowth } = measure(() =>
        api.decodePayload({ subject: api.encodeValue('Hi'), body: bomb }),
      );
      expect(error).toMatchObject({ code: 'too_large', key: 'body' });
      expect(peakGrowth).toBeLessThan(24 * MiB);
    });

    // The control, last in the file: the same measurement sees the memory a 256 MiB cap lets inflate.
    // Inflating 256 MiB takes seconds on a loaded machine.
    it('under a 256 MiB cap does raise the peak by over 128 MiB', { timeout: 60_000 }, () => {
      const { error, peakGrowth } = measure(() => api.decodeValue(bomb, { maxBytes: 256 * MiB }));
      expect(error.code).toBe('too_large');
      expect(peakGrowth).toBeGreaterThan(128 * MiB);
    });
  });
}
