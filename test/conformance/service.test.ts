import { compile, NotSentSignal, TemplateError, TemplateSyntaxError } from '@personalize/core';
import { describe, expect, it } from 'vitest';

// The service's additions to Jinja (spec sections 3 and 4). Jinja2 cannot check these, so each expected value
// was computed by hand with Python (hashlib, hmac, base64, urllib.parse, datetime/zoneinfo); the snippet is
// beside the value where it is not obvious.

/** 2024-03-10T02:00:00Z: still the 9th in the Americas, already the 10th in UTC, India and Japan. */
const NOW = new Date(Date.UTC(2024, 2, 10, 2, 0, 0));

const render = (source: string, data: Record<string, unknown> = {}) =>
  compile(source, { now: () => NOW }).render(data);

/** Renders and returns the NotSentSignal it must throw. */
function notSent(source: string, data: Record<string, unknown> = {}): NotSentSignal {
  try {
    render(source, data);
  } catch (error) {
    if (error instanceof NotSentSignal) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} not to be sent, but it rendered`);
}

describe('{% cycle %}', () => {
  it('outputs the next value in turn inside a loop', () => {
    expect(render("{% for x in range(5) %}{% cycle('odd', 'even') %} {% endfor %}")).toBe(
      'odd even odd even odd ',
    );
  });

  it('matches loop.cycle of the same loop', () => {
    const template =
      "{% for x in 'abcd' %}{% cycle('a', 'b', 'c') %}={{ loop.cycle('a', 'b', 'c') }};{% endfor %}";
    expect(render(template)).toBe('a=a;b=b;c=c;a=a;');
  });

  it('follows the innermost loop', () => {
    const template =
      "{% for a in [1, 2] %}{% for b in [1, 2, 3] %}{% cycle('x', 'y') %}{% endfor %}|{% endfor %}";
    expect(render(template)).toBe('xyx|xyx|');
  });

  it('takes expressions as its values', () => {
    expect(render('{% for x in [1, 2] %}{% cycle(a, b ~ "!") %}{% endfor %}', { a: 'A', b: 'B' })).toBe(
      'AB!',
    );
  });

  it('counts only the items a loop filter keeps', () => {
    expect(render("{% for x in range(6) if x is even %}{% cycle('o', 'e') %}{% endfor %}")).toBe('oeo');
  });

  it('fails outside a loop', () => {
    expect(() => render("{% cycle('odd', 'even') %}")).toThrow(TemplateError);
  });
});

describe('{% MOE_NOT_SEND %}', () => {
  it('stops the render with its reason', () => {
    const signal = notSent('Hello {{ name }}{% MOE_NOT_SEND("no offer today") %} and more', { name: 'Ada' });
    expect(signal.reason).toBe('no offer today');
  });

  it('keeps no partial text: the signal is thrown, nothing is returned', () => {
    expect(() => render('Visible text {% MOE_NOT_SEND("stop") %}')).toThrow(NotSentSignal);
  });

  it('takes a single-quoted reason', () => {
    expect(notSent("{% MOE_NOT_SEND('quoted') %}").reason).toBe('quoted');
  });

  it('does nothing in a branch that is not taken', () => {
    expect(
      render('{% if stock > 0 %}In stock{% else %}{% MOE_NOT_SEND("sold out") %}{% endif %}', { stock: 3 }),
    ).toBe('In stock');
  });

  it('stops the render from the branch that is taken', () => {
    const template = '{% if stock > 0 %}In stock{% else %}{% MOE_NOT_SEND("sold out") %}{% endif %}';
    expect(notSent(template, { stock: 0 }).reason).toBe('sold out');
  });

  it('stops the render from inside a loop', () => {
    const template =
      '{% for x in xs %}{{ x }}{% if x == 2 %}{% MOE_NOT_SEND("found two") %}{% endif %}{% endfor %}';
    expect(notSent(template, { xs: [1, 2, 3] }).reason).toBe('found two');
  });

  it('is a TemplateError, so callers that catch those still see it', () => {
    expect(notSent('{% MOE_NOT_SEND("x") %}')).toBeInstanceOf(TemplateError);
  });
});

describe("|default('MOE_NOT_SEND')", () => {
  it('stops the render when the value is missing, naming it', () => {
    const signal = notSent("Hi {{ UserAttribute['First name']|default('MOE_NOT_SEND') }}", {
      UserAttribute: {},
    });
    expect(signal.reason).toBe("UserAttribute['First name'] is missing");
  });

  it('names a missing attribute read with a dot', () => {
    const signal = notSent("{{ UserAttribute.city|default('MOE_NOT_SEND') }}", { UserAttribute: {} });
    expect(signal.reason).toContain('city');
    expect(signal.reason).toContain('missing');
  });

  it('names a missing event attribute', () => {
    const template = "{{ EventAttribute['Add to Cart. Product Name']|default('MOE_NOT_SEND') }}";
    expect(notSent(template, { EventAttribute: {} }).reason).toContain('Add to Cart. Product Name');
  });

  it('renders the value when it is present', () => {
    const template = "Hi {{ UserAttribute['First name']|default('MOE_NOT_SEND') }}!";
    expect(render(template, { UserAttribute: { 'First name': 'Ada' } })).toBe('Hi Ada!');
  });

  it('keeps a present but empty value, as default does', () => {
    const template = "[{{ UserAttribute['First name']|default('MOE_NOT_SEND') }}]";
    expect(render(template, { UserAttribute: { 'First name': '' } })).toBe('[]');
  });

  it('works with the d alias', () => {
    expect(notSent("{{ coupon|d('MOE_NOT_SEND') }}").reason).toContain('coupon');
  });

  it('does not fire in a branch that is not taken', () => {
    expect(render("{% if false %}{{ gone|default('MOE_NOT_SEND') }}{% endif %}ok")).toBe('ok');
  });
});

describe('dateFormatter', () => {
  it("reads DD/MM/YYYY day first, as the spec's example", () => {
    expect(render("{{ '14/10/2020'|dateFormatter('%m/%d/%Y') }}")).toBe('10/14/2020');
  });

  it('reads ISO dates and formats names of days and months', () => {
    // datetime.date(2020, 10, 14).strftime('%A %d %B %Y %j %a %b %y')
    expect(render("{{ '2020-10-14'|dateFormatter('%A %d %B %Y %j %a %b %y') }}")).toBe(
      'Wednesday 14 October 2020 288 Wed Oct 20',
    );
  });

  it('reads ISO date-times', () => {
    expect(render("{{ '2020-10-14T08:30:00'|dateFormatter('%Y-%m-%d %H:%M') }}")).toBe('2020-10-14 08:30');
  });

  it('reads ISO date-times with a fraction and an offset', () => {
    expect(render("{{ '2020-10-14T08:30:00.250+05:30'|dateFormatter('%Y-%m-%d') }}")).toBe('2020-10-14');
  });

  it('reads ISO date-times in UTC', () => {
    expect(render("{{ '2020-10-14T08:30:00Z'|dateFormatter('%d.%m.%Y %H:%M:%S') }}")).toBe(
      '14.10.2020 08:30:00',
    );
  });

  it('reads YYYY/MM/DD', () => {
    expect(render("{{ '2020/10/14'|dateFormatter('%d-%m-%Y') }}")).toBe('14-10-2020');
  });

  it('reads YYYY-MM-DD HH:MM:SS with a trailing zone abbreviation', () => {
    expect(render("{{ '2020-10-14 08:30:00 UTC'|dateFormatter('%H:%M %p') }}")).toBe('08:30 AM');
  });

  it('reads numbers as Unix epoch seconds', () => {
    // datetime.fromtimestamp(1602664200, timezone.utc) == 2020-10-14 08:30:00+00:00
    expect(render("{{ 1602664200|dateFormatter('%Y-%m-%d %H:%M:%S') }}")).toBe('2020-10-14 08:30:00');
  });

  it('takes the date from data', () => {
    expect(render("{{ d|dateFormatter('%b %d, %Y') }}", { d: '2021-01-05' })).toBe('Jan 05, 2021');
  });

  it('fails on text that is not a date, naming the filter and the value', () => {
    let error: unknown;
    try {
      render("{{ 'next tuesday'|dateFormatter('%Y') }}");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).message).toContain('dateFormatter');
    expect((error as TemplateError).message).toContain('next tuesday');
  });
});

describe('days', () => {
  it("counts whole days forward, as the spec's example", () => {
    expect(render("{{ '12/10/2020'|days('14/10/2020') }}")).toBe('2');
  });

  it('is negative when the other date is earlier', () => {
    expect(render("{{ '14/10/2020'|days('12/10/2020') }}")).toBe('-2');
  });

  it('counts a leap day', () => {
    // (date(2020, 3, 1) - date(2020, 2, 28)).days
    expect(render("{{ '2020-02-28'|days('2020-03-01') }}")).toBe('2');
  });

  it('crosses a year end', () => {
    expect(render("{{ '2020-12-31'|days('2021-01-01') }}")).toBe('1');
  });

  it('is zero for the same day in two formats', () => {
    expect(render("{{ '14/10/2020'|days('2020-10-14') }}")).toBe('0');
  });

  it('gives an int that arithmetic can use', () => {
    expect(render("{{ '12/10/2020'|days('14/10/2020') * 2 }}")).toBe('4');
  });
});

describe('today', () => {
  it('formats the clock in UTC', () => {
    expect(render("{{ '%m/%d/%Y'|today('UTC') }}")).toBe('03/10/2024');
  });

  it("formats the clock in EST, the spec's example", () => {
    expect(render("{{ '%m/%d/%Y'|today('EST') }}")).toBe('03/09/2024');
  });

  it('formats the clock in PST', () => {
    expect(render("{{ '%m/%d/%Y %H:%M'|today('PST') }}")).toBe('03/09/2024 18:00');
  });

  it('formats the clock in IST (India)', () => {
    // now.astimezone(ZoneInfo('Asia/Kolkata'))
    expect(render("{{ '%m/%d/%Y %H:%M'|today('IST') }}")).toBe('03/10/2024 07:30');
  });

  it('accepts IANA zone names', () => {
    expect(render("{{ '%Y-%m-%d %H:%M'|today('Asia/Tokyo') }}")).toBe('2024-03-10 11:00');
    expect(render("{{ '%Y-%m-%d %H:%M'|today('America/New_York') }}")).toBe('2024-03-09 21:00');
  });

  it('reads the clock from the compile option, not the system', () => {
    const template = compile("{{ '%Y'|today('UTC') }}", { now: () => new Date(Date.UTC(1999, 11, 31, 12)) });
    expect(template.render({})).toBe('1999');
  });
});

describe('dateTimeFormatter', () => {
  it("converts to a time zone, the spec's first example", () => {
    expect(render("{{ '2012-01-19 17:21:00 CST'|dateTimeFormatter(timeZone='Asia/Kolkata') }}")).toBe(
      '2012-01-19 22:51:00 PM',
    );
  });

  it("adds tzOffset minutes, the spec's second example", () => {
    expect(render("{{ '2012-01-19 17:21:00 CST'|dateTimeFormatter(tzOffset=-330) }}")).toBe(
      '2012-01-19 11:51:00 AM',
    );
  });

  it('prefers tzOffset over timeZone', () => {
    const template =
      "{{ '2012-01-19 17:21:00'|dateTimeFormatter(toFormat='%H:%M', tzOffset=90, timeZone='Asia/Tokyo') }}";
    expect(render(template)).toBe('18:51');
  });

  it('uses timeZone when tzOffset is -1000', () => {
    // datetime(2012, 1, 19, 17, 21, tzinfo=utc).astimezone(ZoneInfo('Asia/Tokyo'))
    const template = "{{ '2012-01-19 17:21:00'|dateTimeFormatter(tzOffset=-1000, timeZone='Asia/Tokyo') }}";
    expect(render(template)).toBe('2012-01-20 02:21:00 AM');
  });

  it('takes a custom format with a 12-hour clock', () => {
    const template =
      "{{ '2012-01-19 17:21:00 CST'|dateTimeFormatter(toFormat='%d/%m/%Y %I:%M %p', timeZone='America/New_York') }}";
    expect(render(template)).toBe('19/01/2012 12:21 PM');
  });

  it('takes the format positionally', () => {
    expect(render("{{ '2012-01-19 17:21:00'|dateTimeFormatter('%Y', tzOffset=0) }}")).toBe('2012');
  });
});

describe('convertToSHA256 and convertToSHA256NoSalt', () => {
  it('gives the HMAC-SHA-256 of the text with the key, in lower-case hex', () => {
    // hmac.new(b'secret-key', b'jane@example.com', hashlib.sha256).hexdigest()
    expect(render("{{ 'jane@example.com'|convertToSHA256('secret-key') }}")).toBe(
      'b110db8f3c4f5c8d470c3fe53308ca38128a5127e5e0773411f9cfd7e7305380',
    );
  });

  it('hashes UTF-8 text and a UTF-8 key', () => {
    // hmac.new('ключ'.encode(), 'héllo wörld'.encode(), hashlib.sha256).hexdigest()
    expect(render("{{ text|convertToSHA256('ключ') }}", { text: 'héllo wörld' })).toBe(
      '435d1521494a2f8dd87e8b754ce00e1b6dda494ea66f5309a43c6205ab3a8b88',
    );
  });

  it('gives the plain SHA-256 without a key', () => {
    // hashlib.sha256(b'jane@example.com').hexdigest()
    expect(render("{{ 'jane@example.com'|convertToSHA256NoSalt }}")).toBe(
      '8c87b489ce35cf2e2f39f80e282cb2e804932a56a213983eeeb428407d43b52d',
    );
  });

  it('hashes the empty text', () => {
    expect(render("{{ ''|convertToSHA256NoSalt() }}")).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('hashes astral characters as UTF-8', () => {
    // hashlib.sha256('日本 😀'.encode()).hexdigest()
    expect(render("{{ '日本 😀'|convertToSHA256NoSalt }}")).toBe(
      '3d55913885fee5c317f716b93f695df3fae14628b64d8f25ebc3a8afde76c72d',
    );
  });
});

describe('base64encode and base64decode', () => {
  it('encodes UTF-8 text as standard Base64 with padding', () => {
    // base64.b64encode('héllo wörld'.encode())
    expect(render("{{ 'héllo wörld'|base64encode }}")).toBe('aMOpbGxvIHfDtnJsZA==');
    expect(render("{{ 'a'|base64encode }} {{ 'ab'|base64encode }}")).toBe('YQ== YWI=');
  });

  it('encodes astral characters', () => {
    expect(render("{{ '日本 😀'|base64encode }}")).toBe('5pel5pysIPCfmIA=');
  });

  it('decodes back to the text', () => {
    expect(render("{{ '5pel5pysIPCfmIA='|base64decode }}")).toBe('日本 😀');
  });

  it('round-trips', () => {
    expect(render('{{ s|base64encode|base64decode }}', { s: 'Tom & Jerry <3 ✓' })).toBe('Tom & Jerry <3 ✓');
  });
});

describe('urlencode and urldecode', () => {
  it('percent-encodes as Jinja2 does', () => {
    // Jinja2 3.1: "{{ 'a b&c=d/é?'|urlencode }}"
    expect(render("{{ 'a b&c=d/é?'|urlencode }}")).toBe('a%20b%26c%3Dd/%C3%A9%3F');
  });

  it('decodes percent-encoding', () => {
    // urllib.parse.unquote('a%20b%26c%3Dd/%C3%A9%3F')
    expect(render("{{ 'a%20b%26c%3Dd/%C3%A9%3F'|urldecode }}")).toBe('a b&c=d/é?');
  });

  it('round-trips', () => {
    expect(render('{{ s|urlencode|urldecode }}', { s: 'q=日本 😀&x=1' })).toBe('q=日本 😀&x=1');
  });
});

describe('what the dialect leaves out', () => {
  it.each([["{% include 'footer' %}"], ["{% extends 'base' %}"], ["{% import 'macros' as m %}"]])(
    '%s fails with a syntax error',
    (source) => {
      expect(() => compile(source)).toThrow(TemplateSyntaxError);
    },
  );
});
