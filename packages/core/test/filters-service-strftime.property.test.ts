/**
 * `strftime` on random formats and dates gives what /usr/bin/python3's `datetime.strftime` gives (Python's own `%f`,
 * `%z` and `%Z`, then glibc's flags, widths and modifiers, unknown conversions, a `%` at the end), on the first call
 * with a format and on the next ones, which reuse the format as read, for another date and the first again.
 * `PROPERTY_RUNS` sets the number of cases (default 2000); `PROPERTY_SEED` replays a run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DateTime, MAX_SECONDS, MIN_SECONDS } from '../src/filters/civil-time';
import { strftime } from '../src/filters/strftime';
import { fixedZone } from '../src/filters/time-zones';
import { DEFAULT_LIMITS } from '../src/limits';

const PYTHON = '/usr/bin/python3';
const RUNS = Number(process.env.PROPERTY_RUNS ?? 2000);
const SEED =
  process.env.PROPERTY_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED);

/** A date as both sides build it: wall-clock seconds from 1970, microseconds, and a zone or none. */
interface DateCase {
  seconds: number;
  microsecond: number;
  /** Seconds east of UTC, and the zone's name: null for Python's own `timezone(offset)` name. */
  zone: { offsetSeconds: number; name: string | null } | null;
}

/**
 * Formats each case with `datetime.strftime`. `%s` reads the server's zone, which the service runs in UTC; the
 * zones with a name of their own are a `tzinfo` that answers it, `%` and all.
 */
const PYTHON_SCRIPT = `
import json, sys
from datetime import datetime, timedelta, timezone, tzinfo

class Named(tzinfo):
    def __init__(self, offset, name):
        self.offset, self.name = timedelta(seconds=offset), name
    def utcoffset(self, dt):
        return self.offset
    def tzname(self, dt):
        return self.name
    def dst(self, dt):
        return None

out = []
for fmt, seconds, microsecond, zone in json.load(sys.stdin):
    dt = datetime(1970, 1, 1) + timedelta(seconds=seconds, microseconds=microsecond)
    if zone is not None:
        offset, name = zone
        dt = dt.replace(tzinfo=timezone(timedelta(seconds=offset)) if name is None else Named(offset, name))
    out.append(dt.strftime(fmt))
json.dump(out, sys.stdout)
`;

function pythonStrftime(cases: ReadonlyArray<readonly [string, DateCase]>): string[] {
  const input = JSON.stringify(
    cases.map(([format, date]) => [
      format,
      date.seconds,
      date.microsecond,
      date.zone && [date.zone.offsetSeconds, date.zone.name],
    ]),
  );
  const stdout = execFileSync(PYTHON, ['-c', PYTHON_SCRIPT], {
    input,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(stdout) as string[];
}

function dateTimeOf(date: DateCase): DateTime {
  const { zone } = date;
  let stamp = null;
  if (zone !== null) {
    const fixed = fixedZone(zone.offsetSeconds).stampAt(0);
    stamp = zone.name === null ? fixed : { offsetSeconds: zone.offsetSeconds, tzname: () => zone.name ?? '' };
  }
  return { seconds: date.seconds, microsecond: date.microsecond, zone: stamp };
}

/** glibc's conversion letters, Python's three, and letters and signs neither knows. */
const LETTERS = [...'aAbBcCdDeFgGhHIjklmMnprRsStTuUVwWxXyYzZP%', ...'fzZ', ...'QqJKLNiov+:!E0'];

const directive = fc
  .tuple(
    fc.array(fc.constantFrom('_', '-', '0', '^', '#'), { maxLength: 2 }),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: fc.stringMatching(/^[0-9]{1,3}$/) },
    ),
    fc.constantFrom('', '', '', '', 'E', 'O'),
    fc.constantFrom(...LETTERS),
  )
  .map(([flags, width, modifier, letter]) => `%${flags.join('')}${width}${modifier}${letter}`);

const literal = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
  fc.constantFrom('é', 'à ', '中', '😀', ' h ', '/', '\0'),
);

/** Directives (a bare `%` among them, so that some formats end in one) between runs of text. */
const format = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: directive },
      { weight: 2, arbitrary: literal },
      { weight: 1, arbitrary: fc.constant('%') },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const DAY = 86_400;
const seconds = fc.oneof(
  fc.integer({ min: MIN_SECONDS, max: MAX_SECONDS }),
  // The first and last days of a year, where the week numbers turn.
  fc
    .tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: -7 * DAY, max: 7 * DAY - 1 }))
    .map(([year, offset]) => Date.UTC(2000, 0, 1) / 1000 + (year - 2000) * 365.2425 * DAY + offset)
    .map((s) => Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.floor(s)))),
);

const zone = fc.oneof(
  fc.constant(null),
  fc.record({ offsetSeconds: fc.integer({ min: -86_399, max: 86_399 }), name: fc.constant(null) }),
  fc.record({
    offsetSeconds: fc.integer({ min: -50_400, max: 50_400 }).map((s) => s - (s % 900)),
    name: fc.constantFrom('CET', 'IST', '+0530', 'UTC', '%', 'A%dB', '%%Z', '%-', 'Zé', ''),
  }),
);

const date = fc.record({ seconds, microsecond: fc.integer({ min: 0, max: 999_999 }), zone });

describe.skipIf(!existsSync(PYTHON))(`strftime against ${PYTHON} (seed ${SEED}, ${RUNS} cases)`, () => {
  it('formats random formats and dates as datetime.strftime does, the first time and the next', () => {
    const cases = fc.sample(fc.tuple(format, date, date), { numRuns: RUNS, seed: SEED });
    const expected = pythonStrftime(cases.flatMap(([f, d, other]) => [[f, d] as const, [f, other] as const]));
    cases.forEach(([f, d, other], i) => {
      const calls: Array<[DateCase, string]> = [
        [d, 'first'],
        [other, 'for another date'],
        [d, 'again'],
      ];
      for (const [date, when] of calls) {
        const text = strftime(dateTimeOf(date), f, DEFAULT_LIMITS.maxOutputSize);
        expect(text, `${JSON.stringify(f)} on ${JSON.stringify(date)}, ${when}`).toBe(
          expected[2 * i + (date === d ? 0 : 1)],
        );
      }
    });
  });
});
