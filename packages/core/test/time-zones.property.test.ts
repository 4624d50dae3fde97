/**
 * A zone's offsets are kept by the hour once looked up: whatever the cache answers must be what `Intl` answers
 * for that very second, around changes of offset too (including half-hour and 45-minute zones).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveTimeZone } from '../src/filters/time-zones';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Dublin',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Chatham',
  'Africa/Casablanca',
];

/** The offset in seconds of `zone` at `utcSeconds`, straight from `Intl`, as the reference. */
function intlOffset(zone: string, utcSeconds: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(
    format.formatToParts(utcSeconds * 1000).map((p) => [p.type, Number(p.value)]),
  );
  const wall =
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) / 1000;
  return wall - utcSeconds;
}

// 2015-2030: years of daylight-saving changes in every listed zone.
const instant = fc.integer({ min: 1_420_070_400, max: 1_893_456_000 });

describe('time zone offsets kept by the hour', () => {
  it('answer what Intl answers for every second asked, hour after hour', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instant,
        fc.array(fc.integer({ min: -7200, max: 7200 }), { minLength: 1, maxLength: 12 }),
        (zone, base, steps) => {
          const tz = resolveTimeZone('dateFormatter', zone);
          for (const step of [0, ...steps]) {
            const t = base + step;
            expect(tz.stampAt(t).offsetSeconds).toBe(intlOffset(zone, t));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answer the seconds on both sides of a change of offset', () => {
    // 2024-03-10 07:00 UTC: New York goes from -5 h to -4 h; 2024-10-06 15:30 UTC (02:00 local): Lord Howe +10:30 to +11.
    const cases: Array<[string, number]> = [
      ['America/New_York', Date.UTC(2024, 2, 10, 7) / 1000],
      ['Australia/Lord_Howe', Date.UTC(2024, 9, 5, 15, 30) / 1000],
    ];
    for (const [zone, change] of cases) {
      const tz = resolveTimeZone('dateFormatter', zone);
      for (const t of [change - 3600, change - 1, change, change + 1, change - 1800, change + 3599]) {
        expect(tz.stampAt(t).offsetSeconds).toBe(intlOffset(zone, t));
      }
    }
  });
});
