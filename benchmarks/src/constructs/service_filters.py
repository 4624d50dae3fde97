"""The service's filters (spec section 3) written in Python, so that Jinja2 can render the benchmark's constructs
that use them and be the reference for those too. Loaded by test/jinja/render_server.py with `--filters`.

They follow the spec for the inputs the benchmark uses (ISO dates and date-times, `DD/MM/YYYY`, zone names);
they are not a second implementation of every leniency of the engine's date parser.
"""

import base64
import hashlib
import hmac
import re
from datetime import datetime, timedelta, timezone
from urllib.parse import unquote_plus
from zoneinfo import ZoneInfo

# The render clock of the benchmarks (benchmarks/src/clock.ts): 2024-03-10T02:00:00Z.
NOW = datetime(2024, 3, 10, 2, 0, 0, tzinfo=timezone.utc)

DATE_TIME = re.compile(
    r"^(?:(?P<iso>\d{4}-\d{2}-\d{2})|(?P<dmy>\d{1,2}/\d{1,2}/\d{4}))"
    r"(?:(?:T|\s+)(?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?P<offset>Z|[+-]\d{2}:\d{2})?)?(?:\s+[A-Za-z]{1,5})?$"
)

ZONE_ABBREVIATIONS = {"UTC": "UTC", "EST": "America/New_York", "PST": "America/Los_Angeles", "IST": "Asia/Kolkata"}


def read_date(value):
    match = DATE_TIME.match(str(value).strip())
    if not match:
        raise ValueError(f"cannot read the date {value!r}")
    if match["iso"]:
        date = datetime.strptime(match["iso"], "%Y-%m-%d")
    else:
        date = datetime.strptime(match["dmy"], "%d/%m/%Y")
    if match["time"]:
        parts = [int(p) for p in match["time"].split(":")] + [0]
        date = date.replace(hour=parts[0], minute=parts[1], second=parts[2])
    offset = match["offset"]
    if offset:
        minutes = 0 if offset == "Z" else int(offset[1:3]) * 60 + int(offset[4:6])
        date = date.replace(tzinfo=timezone(timedelta(minutes=-minutes if offset[0] == "-" else minutes)))
    return date


def as_utc(date):
    return date.replace(tzinfo=timezone.utc) if date.tzinfo is None else date.astimezone(timezone.utc)


def zone(name):
    return ZoneInfo(ZONE_ABBREVIATIONS.get(name, name))


def date_formatter(value, toFormat):
    return read_date(value).strftime(toFormat)


def days(value, other):
    return (as_utc(read_date(other)) - as_utc(read_date(value))).days


def today(value, timeZone=None):
    return NOW.astimezone(zone(timeZone or "UTC")).strftime(value)


def date_time_formatter(value, toFormat="%Y-%m-%d %H:%M:%S %p", tzOffset=None, timeZone=None):
    moment = as_utc(read_date(value))
    if tzOffset is not None and tzOffset != -1000:
        moment = moment.astimezone(timezone(timedelta(minutes=tzOffset)))
    elif timeZone is not None:
        moment = moment.astimezone(zone(timeZone))
    return moment.strftime(toFormat)


def convert_to_sha256(value, key):
    return hmac.new(str(key).encode(), str(value).encode(), hashlib.sha256).hexdigest()


def convert_to_sha256_no_salt(value):
    return hashlib.sha256(str(value).encode()).hexdigest()


FILTERS = {
    "dateFormatter": date_formatter,
    "days": days,
    "today": today,
    "dateTimeFormatter": date_time_formatter,
    "convertToSHA256": convert_to_sha256,
    "convertToSHA256NoSalt": convert_to_sha256_no_salt,
    "base64encode": lambda value: base64.b64encode(str(value).encode()).decode(),
    "base64decode": lambda value: base64.b64decode(str(value)).decode(),
    "urldecode": lambda value: unquote_plus(str(value)),
}
