/**
 * Time zones for the date filters: the abbreviations the service accepts (fixed offsets), `UTC±HH:MM`
 * offsets, and IANA names through `Intl.DateTimeFormat` (in every browser, Node and edge runtime).
 */
import { valueError } from '../errors';
import { repr } from '../runtime/format';
import { civilToSeconds, type ZoneStamp } from './civil-time';

/** A zone a date-time can be converted into. */
export interface TimeZone {
  /** The zone's name as the template wrote it, for error messages. */
  readonly name: string;
  /** The zone's UTC offset and `%Z` name at a UTC instant given in whole seconds. */
  stampAt(utcSeconds: number): ZoneStamp;
}

/**
 * Abbreviations the service accepts, as fixed offsets in minutes. An abbreviation names one side of a
 * zone's year (`EST` is always -05:00, as pytz's `EST`; `EDT` always -04:00): for a zone that follows
 * daylight saving time, use its IANA name (`America/New_York`). Ambiguous ones take the reading the
 * service's users expect: `IST` is India, `CST` North American Central, `BST` British Summer Time.
 */
const ABBREVIATION_OFFSETS: ReadonlyMap<string, number> = new Map([
  ['UTC', 0],
  ['GMT', 0],
  ['WET', 0],
  ['WEST', 60],
  ['BST', 60],
  ['CET', 60],
  ['WAT', 60],
  ['CEST', 120],
  ['EET', 120],
  ['CAT', 120],
  ['SAST', 120],
  ['EEST', 180],
  ['EAT', 180],
  ['MSK', 180],
  ['GST', 240],
  ['PKT', 300],
  ['IST', 330],
  ['NPT', 345],
  ['ICT', 420],
  ['WIB', 420],
  ['SGT', 480],
  ['HKT', 480],
  ['PHT', 480],
  ['AWST', 480],
  ['JST', 540],
  ['KST', 540],
  ['ACST', 570],
  ['AEST', 600],
  ['ACDT', 630],
  ['AEDT', 660],
  ['NZST', 720],
  ['NZDT', 780],
  ['NDT', -150],
  ['NST', -210],
  ['ADT', -180],
  ['BRT', -180],
  ['ART', -180],
  ['AST', -240],
  ['EDT', -240],
  ['EST', -300],
  ['CDT', -300],
  ['CST', -360],
  ['MDT', -360],
  ['MST', -420],
  ['PDT', -420],
  ['PST', -480],
  ['AKDT', -480],
  ['AKST', -540],
  ['HDT', -540],
  ['HST', -600],
]);

/**
 * What Python's zoneinfo prints for `%Z` in IANA zones whose abbreviation is a word, from tzdata 2025
 * (January / July of 2024: `'EST/EDT'`, or one name for both). `Intl` cannot give these: its short
 * names depend on the locale (`GMT+1` for Paris in en-US). Other zones print their offset, as tzdata
 * does (`+04` for Asia/Dubai).
 */
const ZONE_ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ['ACDT/ACST', 'Australia/Adelaide Australia/Broken_Hill Australia/South Australia/Yancowinna'],
  ['ACST', 'Australia/Darwin Australia/North'],
  [
    'AEDT/AEST',
    'Antarctica/Macquarie Australia/ACT Australia/Canberra Australia/Currie Australia/Hobart ' +
      'Australia/Melbourne Australia/NSW Australia/Sydney Australia/Tasmania Australia/Victoria',
  ],
  ['AEST', 'Australia/Brisbane Australia/Lindeman Australia/Queensland'],
  [
    'AKST/AKDT',
    'America/Anchorage America/Juneau America/Metlakatla America/Nome America/Sitka ' +
      'America/Yakutat US/Alaska',
  ],
  [
    'AST',
    'America/Anguilla America/Antigua America/Aruba America/Barbados America/Blanc-Sablon ' +
      'America/Curacao America/Dominica America/Grenada America/Guadeloupe America/Kralendijk ' +
      'America/Lower_Princes America/Marigot America/Martinique America/Montserrat ' +
      'America/Port_of_Spain America/Puerto_Rico America/Santo_Domingo America/St_Barthelemy ' +
      'America/St_Kitts America/St_Lucia America/St_Thomas America/St_Vincent America/Tortola ' +
      'America/Virgin',
  ],
  [
    'AST/ADT',
    'America/Glace_Bay America/Goose_Bay America/Halifax America/Moncton America/Thule ' +
      'Atlantic/Bermuda Canada/Atlantic',
  ],
  ['AWST', 'Australia/Perth Australia/West'],
  [
    'CAT',
    'Africa/Blantyre Africa/Bujumbura Africa/Gaborone Africa/Harare Africa/Juba ' +
      'Africa/Khartoum Africa/Kigali Africa/Lubumbashi Africa/Lusaka Africa/Maputo ' +
      'Africa/Windhoek',
  ],
  ['CET', 'Africa/Algiers Africa/Tunis'],
  [
    'CET/CEST',
    'Africa/Ceuta Arctic/Longyearbyen Atlantic/Jan_Mayen CET Europe/Amsterdam Europe/Andorra ' +
      'Europe/Belgrade Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Budapest ' +
      'Europe/Busingen Europe/Copenhagen Europe/Gibraltar Europe/Ljubljana Europe/Luxembourg ' +
      'Europe/Madrid Europe/Malta Europe/Monaco Europe/Oslo Europe/Paris Europe/Podgorica ' +
      'Europe/Prague Europe/Rome Europe/San_Marino Europe/Sarajevo Europe/Skopje ' +
      'Europe/Stockholm Europe/Tirane Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Warsaw ' +
      'Europe/Zagreb Europe/Zurich Poland',
  ],
  [
    'CST',
    'America/Bahia_Banderas America/Belize America/Chihuahua America/Costa_Rica ' +
      'America/El_Salvador America/Guatemala America/Managua America/Merida America/Mexico_City ' +
      'America/Monterrey America/Regina America/Swift_Current America/Tegucigalpa ' +
      'Asia/Chongqing Asia/Chungking Asia/Harbin Asia/Macao Asia/Macau Asia/Shanghai ' +
      'Asia/Taipei Canada/Saskatchewan Mexico/General PRC ROC',
  ],
  [
    'CST/CDT',
    'America/Chicago America/Havana America/Indiana/Knox America/Indiana/Tell_City ' +
      'America/Knox_IN America/Matamoros America/Menominee America/North_Dakota/Beulah ' +
      'America/North_Dakota/Center America/North_Dakota/New_Salem America/Ojinaga ' +
      'America/Rainy_River America/Rankin_Inlet America/Resolute America/Winnipeg CST6CDT ' +
      'Canada/Central Cuba US/Central US/Indiana-Starke',
  ],
  ['ChST', 'Pacific/Guam Pacific/Saipan'],
  [
    'EAT',
    'Africa/Addis_Ababa Africa/Asmara Africa/Asmera Africa/Dar_es_Salaam Africa/Djibouti ' +
      'Africa/Kampala Africa/Mogadishu Africa/Nairobi Indian/Antananarivo Indian/Comoro ' +
      'Indian/Mayotte',
  ],
  ['EET', 'Africa/Tripoli Europe/Kaliningrad Libya'],
  [
    'EET/EEST',
    'Africa/Cairo Asia/Beirut Asia/Famagusta Asia/Gaza Asia/Hebron Asia/Nicosia EET Egypt ' +
      'Europe/Athens Europe/Bucharest Europe/Chisinau Europe/Helsinki Europe/Kiev Europe/Kyiv ' +
      'Europe/Mariehamn Europe/Nicosia Europe/Riga Europe/Sofia Europe/Tallinn Europe/Tiraspol ' +
      'Europe/Uzhgorod Europe/Vilnius Europe/Zaporozhye',
  ],
  [
    'EST',
    'America/Atikokan America/Cancun America/Cayman America/Coral_Harbour America/Jamaica ' +
      'America/Panama EST Jamaica',
  ],
  [
    'EST/EDT',
    'America/Detroit America/Fort_Wayne America/Grand_Turk America/Indiana/Indianapolis ' +
      'America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Vevay ' +
      'America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis America/Iqaluit ' +
      'America/Kentucky/Louisville America/Kentucky/Monticello America/Louisville ' +
      'America/Montreal America/Nassau America/New_York America/Nipigon America/Pangnirtung ' +
      'America/Port-au-Prince America/Thunder_Bay America/Toronto Canada/Eastern EST5EDT ' +
      'US/East-Indiana US/Eastern US/Michigan',
  ],
  [
    'GMT',
    'Africa/Abidjan Africa/Accra Africa/Bamako Africa/Banjul Africa/Bissau Africa/Conakry ' +
      'Africa/Dakar Africa/Freetown Africa/Lome Africa/Monrovia Africa/Nouakchott ' +
      'Africa/Ouagadougou Africa/Sao_Tome Africa/Timbuktu America/Danmarkshavn ' +
      'Atlantic/Reykjavik Atlantic/St_Helena Etc/GMT Etc/GMT+0 Etc/GMT-0 Etc/GMT0 Etc/Greenwich ' +
      'GMT GMT+0 GMT-0 GMT0 Greenwich Iceland',
  ],
  ['GMT/BST', 'Europe/Belfast Europe/Guernsey Europe/Isle_of_Man Europe/Jersey Europe/London GB GB-Eire'],
  ['GMT/IST', 'Eire Europe/Dublin'],
  ['HKT', 'Asia/Hong_Kong Hongkong'],
  ['HST', 'HST Pacific/Honolulu Pacific/Johnston US/Hawaii'],
  ['HST/HDT', 'America/Adak America/Atka US/Aleutian'],
  ['IST', 'Asia/Calcutta Asia/Kolkata'],
  ['IST/IDT', 'Asia/Jerusalem Asia/Tel_Aviv Israel'],
  ['JST', 'Asia/Tokyo Japan'],
  ['KST', 'Asia/Pyongyang Asia/Seoul ROK'],
  ['MET/MEST', 'MET'],
  ['MSK', 'Europe/Kirov Europe/Moscow Europe/Simferopol Europe/Volgograd W-SU'],
  [
    'MST',
    'America/Creston America/Dawson America/Dawson_Creek America/Fort_Nelson ' +
      'America/Hermosillo America/Mazatlan America/Phoenix America/Whitehorse Canada/Yukon MST ' +
      'Mexico/BajaSur US/Arizona',
  ],
  [
    'MST/MDT',
    'America/Boise America/Cambridge_Bay America/Ciudad_Juarez America/Denver ' +
      'America/Edmonton America/Inuvik America/Shiprock America/Yellowknife Canada/Mountain ' +
      'MST7MDT Navajo US/Mountain',
  ],
  ['NST/NDT', 'America/St_Johns Canada/Newfoundland'],
  ['NZDT/NZST', 'Antarctica/McMurdo Antarctica/South_Pole NZ Pacific/Auckland'],
  ['PKT', 'Asia/Karachi'],
  ['PST', 'Asia/Manila'],
  [
    'PST/PDT',
    'America/Ensenada America/Los_Angeles America/Santa_Isabel America/Tijuana ' +
      'America/Vancouver Canada/Pacific Mexico/BajaNorte PST8PDT US/Pacific',
  ],
  ['SAST', 'Africa/Johannesburg Africa/Maseru Africa/Mbabane'],
  ['SST', 'Pacific/Midway Pacific/Pago_Pago Pacific/Samoa US/Samoa'],
  ['UTC', 'Etc/UCT Etc/UTC Etc/Universal Etc/Zulu UCT UTC Universal Zulu'],
  [
    'WAT',
    'Africa/Bangui Africa/Brazzaville Africa/Douala Africa/Kinshasa Africa/Lagos ' +
      'Africa/Libreville Africa/Luanda Africa/Malabo Africa/Ndjamena Africa/Niamey ' +
      'Africa/Porto-Novo',
  ],
  ['WET/WEST', 'Atlantic/Canary Atlantic/Faeroe Atlantic/Faroe Atlantic/Madeira Europe/Lisbon Portugal WET'],
  ['WIB', 'Asia/Jakarta Asia/Pontianak'],
  ['WIT', 'Asia/Jayapura'],
  ['WITA', 'Asia/Makassar Asia/Ujung_Pandang'],
];

const ABBREVIATIONS_BY_ZONE: ReadonlyMap<string, readonly [january: string, july: string]> = new Map(
  ZONE_ABBREVIATIONS.flatMap(([names, zones]) => {
    const [january, july = january] = names.split('/');
    return zones.split(' ').map((zone) => [zone, [january, july] as const] as const);
  }),
);

/** The instants (2024-01-15 and 2024-07-15, 12:00 UTC) whose offsets `ZONE_ABBREVIATIONS` was read at. */
const REFERENCE_INSTANTS = [civilToSeconds(2024, 1, 15, 12), civilToSeconds(2024, 7, 15, 12)] as const;

/**
 * Offsets before this instant (1800-01-01 UTC) are read at it: every zone keeps its local mean time
 * until after 1800, and some engines' `Intl` switches to the Julian calendar for early dates.
 */
const EARLIEST_RULE = civilToSeconds(1800, 1, 1);

/** Python's `timezone(timedelta(...)).tzname()`: `UTC` or `UTC+05:30`. */
function offsetZoneName(offsetSeconds: number): string {
  return offsetSeconds === 0 ? 'UTC' : `UTC${formatOffset(offsetSeconds, ':')}`;
}

/** An offset as `+05:30` (with `separator` `':'`) or `+0530`; seconds are added only when not zero. */
export function formatOffset(offsetSeconds: number, separator: string): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const total = Math.abs(offsetSeconds);
  const parts = [Math.floor(total / 3600), Math.floor((total % 3600) / 60)];
  if (total % 60 !== 0) parts.push(total % 60);
  return sign + parts.map((n) => String(n).padStart(2, '0')).join(separator);
}

/** tzdata's abbreviation for an offset without a name: `+04`, `+0530`, `-03`. */
function numericAbbreviation(offsetSeconds: number): string {
  const text = formatOffset(offsetSeconds, '');
  return text.endsWith('00') && text.length === 5 ? text.slice(0, 3) : text;
}

/** A zone with one offset all year: a service abbreviation, a `tzOffset`, or an ISO `+05:30` suffix. */
export function fixedZone(offsetSeconds: number, name = offsetZoneName(offsetSeconds)): TimeZone {
  const stamp: ZoneStamp = { offsetSeconds, tzname: () => name };
  return { name, stampAt: () => stamp };
}

/** UTC, as Python's `timezone.utc`. */
export const UTC_ZONE: TimeZone = fixedZone(0);

/** Hours of offsets an IANA zone keeps (see `IanaZone.hourly`); it starts over when full. */
const HOURS_KEPT = 1024;

/** An IANA zone, read through `Intl.DateTimeFormat`. */
class IanaZone implements TimeZone {
  private referenceOffsets: readonly number[] | undefined;
  /**
   * Offsets by the hour (UTC seconds / 3600) throughout which they hold. `Intl` takes microseconds to answer, and a
   * service asks for the same zone around the same time (`today`, dates of one campaign) render after render.
   */
  private readonly hourly = new Map<number, number>();

  constructor(
    readonly name: string,
    private readonly format: Intl.DateTimeFormat,
    private readonly abbreviations: readonly [string, string] | undefined,
  ) {}

  stampAt(utcSeconds: number): ZoneStamp {
    const offsetSeconds = this.offsetAt(utcSeconds);
    return { offsetSeconds, tzname: () => this.abbreviation(offsetSeconds) };
  }

  private offsetAt(utcSeconds: number): number {
    const hour = Math.floor(utcSeconds / 3600);
    const known = this.hourly.get(hour);
    if (known !== undefined) return known;
    const offset = this.offsetFromIntl(utcSeconds);
    // Kept only when the hour's first and last seconds have it too: no change of offset falls inside the hour.
    const start = hour * 3600;
    if (this.offsetFromIntl(start) === offset && this.offsetFromIntl(start + 3599) === offset) {
      if (this.hourly.size >= HOURS_KEPT) this.hourly.clear();
      this.hourly.set(hour, offset);
    }
    return offset;
  }

  private offsetFromIntl(utcSeconds: number): number {
    const instant = Math.max(utcSeconds, EARLIEST_RULE);
    const fields: Record<string, number> = {};
    let bc = false;
    for (const part of this.format.formatToParts(instant * 1000)) {
      if (part.type === 'era') bc = part.value === 'BC';
      else if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const year = bc ? 1 - fields.year : fields.year;
    const wall = civilToSeconds(year, fields.month, fields.day, fields.hour, fields.minute, fields.second);
    return wall - instant;
  }

  private abbreviation(offsetSeconds: number): string {
    if (this.abbreviations) {
      this.referenceOffsets ??= REFERENCE_INSTANTS.map((instant) => this.offsetFromIntl(instant));
      const index = this.referenceOffsets.indexOf(offsetSeconds);
      if (index >= 0) return this.abbreviations[index];
    }
    return numericAbbreviation(offsetSeconds);
  }
}

const OFFSET_NAME = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Resolved zones by the name the template wrote; cleared when full, so odd spellings cannot grow it. */
const cache = new Map<string, TimeZone>();
const CACHE_SIZE = 256;

/**
 * The zone a filter was given: a service abbreviation (`EST`, `IST`, any case), an offset (`+05:30`,
 * `UTC-8`), or an IANA name (`Asia/Kolkata`). Anything else is a ValueError naming the filter and the zone.
 */
export function resolveTimeZone(filter: string, name: string): TimeZone {
  let zone = cache.get(name);
  if (zone === undefined) {
    zone = createTimeZone(filter, name);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(name, zone);
  }
  return zone;
}

function createTimeZone(filter: string, name: string): TimeZone {
  const upper = name.toUpperCase();
  const minutes = ABBREVIATION_OFFSETS.get(upper);
  if (minutes !== undefined) return fixedZone(minutes * 60, upper);
  const offset = OFFSET_NAME.exec(name);
  if (offset) {
    const [, sign, hours, mins = '0'] = offset;
    const seconds = (Number(hours) * 3600 + Number(mins) * 60) * (sign === '-' ? -1 : 1);
    if (Number(hours) < 24 && Number(mins) < 60) return fixedZone(seconds);
  } else {
    const format = ianaFormat(name);
    if (format) {
      const resolved = format.resolvedOptions().timeZone;
      return new IanaZone(
        name,
        format,
        ABBREVIATIONS_BY_ZONE.get(name) ?? ABBREVIATIONS_BY_ZONE.get(resolved),
      );
    }
  }
  throw valueError(
    `${filter}: unknown time zone ${repr(name)}; use an IANA name such as 'America/New_York', ` +
      `an offset such as '+05:30', or an abbreviation such as 'UTC', 'EST', 'PST' or 'IST'`,
  );
}

function ianaFormat(name: string): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // RangeError: not a zone this runtime knows.
    return undefined;
  }
}
