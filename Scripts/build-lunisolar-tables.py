#!/usr/bin/env python3
"""Builds the Chinese and Korean Dangi month tables (Sources/ICUKit/Calendars/LunisolarTable+Data.swift).

For every lunisolar year whose first month starts in Gregorian 1900 … 2101 the script computes the
day each month starts and which month is leap, by the rules of the modern Chinese calendar:

- a month starts on the local day of the new moon (conjunction of Sun and Moon);
- the month holding the winter solstice (solar longitude 270°) is month 11;
- when 13 months run from one month 11 to the next, the first of them with no major solar term
  (solar longitude a multiple of 30°) is the leap month and repeats the number of the month before;
- the year starts with month 1 (not leap).

Local time: China — Beijing local mean time (116°25′E, UTC+7:45:40) before 1929, UTC+8 from 1929
(the reckoning of the Hong Kong Observatory's Gregorian–lunar tables and of ICU's `chinese`).
Korea — UTC+8 before 1912, UTC+9 from 1912, UTC+8:30 from 1954-03-21, UTC+9 from 1961-08-10: the
reckoning that reproduces the KASI table on every day 1900–2050. (Seoul local mean time, UTC+8:27:52,
or UTC+8:30 before 1912 each move five or more months against KASI; UTC+9 instead of UTC+8:30 in
1954–61 moves none. ICU's `dangi` uses UTC+8 before 1912 too, apart from UTC+7 in 1897.)

Sources (all from PyPI):
- primary: PyEphem (`ephem`, MIT) — new moons (`next_new_moon`) and apparent solar longitude of
  date, searched to a fraction of a second for every major term;
- cross-check 1: Skyfield (`skyfield`, MIT) with JPL DE421 (`skyfield-data`, public domain),
  1900-01 … 2053-09 (DE421's span): new-moon and major-term instants compared with PyEphem;
- cross-check 2: `lunar-python` (MIT) and `sxtwl` (BSD), both computing with the 寿星 (Shouxing)
  astronomical algorithms — month starts and leap months for every year 1900–2101;
- cross-check 3: `lunardate` (GPL-3.0, used only to compare), a copy of the HKO table 1900–2099
  (its own three known errors: 1933-07, 1954-11, 1978-09);
- cross-check 4 (Dangi): `korean-lunar-calendar` (MIT), the KASI table for 1000–2050.

Pins: the Hong Kong Observatory's table marks three new moons as too close to Beijing midnight for
the computation to be certain (2057-09-28, 2089-09-04, 2097-08-07); ``HKO_PINS`` follows the table
there (the month starts on that date), whatever the ephemeris gives; so does 1906-04-24 (the Qing
almanac's month start, which the table reproduces; see ``HKO_PINS``). Dangi needs no pin: the
computation equals the KASI table on every day 1900–2050 (``--report`` checks it). After 2050 Dangi
is the computation alone; three of its month starts (2051-11-03, 2074-08-22, 2097-01-13) follow new
moons within 80 seconds of Korean midnight, inside the ephemerides' uncertainty (ΔT) that far ahead.

``--report`` prints: events within 10 minutes of local midnight; Skyfield/DE421 against PyEphem;
lunar-python, sxtwl and lunardate against the Chinese table, KASI against the Dangi table, day by
day; and, for every event within 2 minutes of midnight, whether moving it across midnight changes
the table. The comparison with ICU 72 is `LunisolarTableTests` (every day 1901–2100).

Usage: python3 Scripts/build-lunisolar-tables.py [--report] [--write] [--dump days.csv]
  --write   writes the Swift data file; --report prints the cross-check report (a few minutes);
  --dump    writes every day's fields as CSV.
Needs: pip install ephem skyfield skyfield-data lunar-python sxtwl lunardate korean-lunar-calendar
(run with ephem 4.2.1, skyfield 1.55, skyfield-data 7.0.0, lunar-python 1.4.8, sxtwl 2.0.7,
lunardate 0.3.0, korean-lunar-calendar 0.4.0).
"""
import argparse
import bisect
import datetime
import math
import os
import sys

import ephem

EPOCH = datetime.date(1970, 1, 1)
DJD_1970 = 25567.5  # ephem.Date (Dublin Julian days) of 1970-01-01 00:00 UT
FIRST_YEAR, LAST_YEAR = 1900, 2101  # related Gregorian years of the table
HKO_PINS = {  # month starts taken from the HKO table rather than the computation
    # The table flags these new moons as too close to Beijing midnight to be certain (PyEphem:
    # 23:59:49, 23:57:13, 23:59:17); the computation agrees with the table.
    datetime.date(2057, 9, 28),
    datetime.date(2089, 9, 4),
    datetime.date(2097, 8, 7),
    # Before 1912 the table gives the Qing almanac's months: the new moon of 1906-04-23 23:52
    # (Beijing mean time, PyEphem and DE421 alike) starts the 4th month on 04-24 there, as in
    # lunardate's copy of the table, the Shouxing tables and ICU.
    datetime.date(1906, 4, 24),
}
OFFSETS = {"chinese": 2637, "dangi": 2333}  # extended year = related Gregorian year + offset (ICU)


def days(y, m, d):
    return (datetime.date(y, m, d) - EPOCH).days


def iso(day):
    return (EPOCH + datetime.timedelta(days=day)).isoformat()


def china_offset(u):
    """UTC offset in days at UTC instant `u` (days since 1970)."""
    return (7 * 3600 + 45 * 60 + 40) / 86400 if u < days(1929, 1, 1) - 8 / 24 else 8 / 24


def korea_offset(u):
    h = 1 / 24
    if u < days(1912, 1, 1) - 8 * h:
        return 8 * h
    if u < days(1954, 3, 21) - 9 * h:
        return 9 * h
    if u < days(1961, 8, 10) - 8.5 * h:
        return 8.5 * h
    return 9 * h


ZONES = {"chinese": china_offset, "dangi": korea_offset}


# ---------------------------------------------------------------- astronomy (PyEphem)

def new_moons_ephem(start, end):
    """UTC instants (days since 1970) of the new moons between two ISO dates."""
    out, d = [], ephem.Date(start)
    while True:
        d = ephem.next_new_moon(d)
        if d > ephem.Date(end):
            return out
        out.append(float(d) - DJD_1970)
        d = ephem.Date(d + 1)


_sun = ephem.Sun()


def sun_longitude(t):
    """Apparent geocentric ecliptic longitude of the Sun, of date, in degrees, at ephem.Date t."""
    _sun.compute(t, epoch=t)
    return math.degrees(ephem.Ecliptic(ephem.Equatorial(_sun.ra, _sun.dec, epoch=t), epoch=t).lon)


def major_terms_ephem(first_year, last_year):
    """(UTC instant, longitude) of every major solar term of the Gregorian years."""
    out = []
    for year in range(first_year, last_year + 1):
        equinox = float(ephem.next_equinox(ephem.Date(f"{year}/3/1")))
        for k in range(12):
            target = 30.0 * k
            t = equinox + k * 365.2422 / 12
            for _ in range(20):
                diff = (target - sun_longitude(ephem.Date(t)) + 180) % 360 - 180
                t += diff / (360 / 365.2422)
                if abs(diff) < 1e-8:
                    break
            out.append((t - DJD_1970, int(target)))
    out.sort()
    return out


# ---------------------------------------------------------------- the calendar rules

def build_months(moons, terms, zone):
    """Months as (start day, number, is leap) from new moons and major terms (UTC instants)."""
    starts = sorted({math.floor(u + zone(u)) for u in moons})
    for pin in HKO_PINS if zone is china_offset else ():
        d = (pin - EPOCH).days
        starts = sorted({s for s in starts if abs(s - d) > 1} | {d})
    term_days = [(math.floor(u + zone(u)), lon) for u, lon in terms]

    def month_index(day):
        return bisect.bisect_right(starts, day) - 1

    has_major = [False] * len(starts)
    for day, _ in term_days:
        i = month_index(day)
        if 0 <= i < len(starts):
            has_major[i] = True
    solstices = [month_index(day) for day, lon in term_days if lon == 270]
    months = {}
    for a, b in zip(solstices, solstices[1:]):
        leap = None
        if b - a == 13:
            leap = next(j for j in range(a + 1, b) if not has_major[j])
        number = 11
        months[a] = (starts[a], 11, False)
        for j in range(a + 1, b):
            if j == leap:
                months[j] = (starts[j], number, True)
            else:
                number = number % 12 + 1
                months[j] = (starts[j], number, False)
    ordered = [months[i] + (starts[i + 1] - starts[i],) for i in sorted(months) if i + 1 < len(starts)]
    return ordered


def years_from_months(months, calendar):
    """{related year: (start day, [month lengths], leap ordinal or 0)} for FIRST_YEAR … LAST_YEAR."""
    years, current = {}, None
    for start, number, leap, length in months:
        if number == 1 and not leap:
            current = int(iso(start)[:4])
            years[current] = [start, [], 0]
        if current is None:
            continue
        entry = years[current]
        if leap:
            entry[2] = len(entry[1])
        entry[1].append(length)
    return {y: tuple(v) for y, v in years.items() if FIRST_YEAR <= y <= LAST_YEAR}


def day_fields(years):
    """{day: (related year, month, leap, day)} for every day of the years."""
    out = {}
    for year, (start, lengths, leap) in years.items():
        day = start
        for ordinal, length in enumerate(lengths):
            month = ordinal + 1 if not leap or ordinal < leap else ordinal
            for d in range(length):
                out[day + d] = (year, month, ordinal == leap and leap != 0, d + 1)
            day += length
    return out


# ---------------------------------------------------------------- cross-checks

def skyfield_events():
    """New moons and major terms from Skyfield + DE421 (UTC instants), 1900 … 2053-09."""
    from skyfield import almanac
    from skyfield.api import load
    from skyfield.framelib import ecliptic_frame
    from skyfield.searchlib import find_discrete
    from skyfield_data import get_skyfield_data_path

    loader = load  # timescale data: built-in; ephemeris from the skyfield-data package
    ts = loader.timescale(builtin=True)
    eph = load(os.path.join(get_skyfield_data_path(), "de421.bsp"))
    t0, t1 = ts.utc(1900, 1, 1), ts.utc(2053, 9, 1)
    t, phase = almanac.find_discrete(t0, t1, almanac.moon_phases(eph))
    epoch = ts.utc(1970, 1, 1).ut1
    moons = [tt.ut1 - epoch for tt, p in zip(t, phase) if p == 0]
    earth, sun = eph["earth"], eph["sun"]

    def major_term(tt):
        lon = earth.at(tt).observe(sun).apparent().frame_latlon(ecliptic_frame)[1].degrees
        return (lon // 30).astype(int) % 12

    major_term.step_days = 10
    t, k = find_discrete(t0, t1, major_term)
    terms = [(tt.ut1 - epoch, int(kk) * 30) for tt, kk in zip(t, k)]
    return moons, terms


def shouxing_years(calendar_years):
    """Month starts and leap months per related year from lunar-python and sxtwl."""
    from lunar_python import LunarYear, Solar
    import sxtwl

    lp, sx = {}, {}
    for year in calendar_years:
        months = LunarYear.fromYear(year).getMonthsInYear()
        start = days(*map(int, Solar.fromJulianDay(months[0].getFirstJulianDay()).toYmd().split("-")))
        leap = next((i for i, m in enumerate(months) if m.getMonth() < 0), 0)
        lp[year] = (start, [m.getDayCount() for m in months], leap)
    for day in range(days(1900, 1, 1), days(2102, 3, 1)):
        d = EPOCH + datetime.timedelta(days=day)
        x = sxtwl.fromSolar(d.year, d.month, d.day)
        sx[day] = (x.getLunarYear(), x.getLunarMonth(), bool(x.isLunarLeap()), x.getLunarDay())
    return lp, sx


def kasi_fields(first, last):
    from korean_lunar_calendar import KoreanLunarCalendar

    c, out = KoreanLunarCalendar(), {}
    for day in range(first, last + 1):
        d = EPOCH + datetime.timedelta(days=day)
        if c.setSolarDate(d.year, d.month, d.day):
            out[day] = (c.lunarYear, c.lunarMonth, bool(c.isIntercalation), c.lunarDay)
    return out


def periods(diff_days):
    """Runs of consecutive days, as (first, last, count)."""
    runs = []
    for d in sorted(diff_days):
        if runs and d == runs[-1][1] + 1:
            runs[-1][1] = d
        else:
            runs.append([d, d])
    return [(iso(a), iso(b), b - a + 1) for a, b in runs]


def near_midnight(events, zone, minutes):
    out = []
    for u, label in events:
        local = (u + zone(u)) * 1440
        m = local % 1440
        if min(m, 1440 - m) < minutes:
            out.append((datetime.datetime(1970, 1, 1) + datetime.timedelta(minutes=local), label))
    return out


# ---------------------------------------------------------------- Swift output

def pack(years):
    """One UInt32 per year: bits 0-12 month i has 30 days; 13-16 leap ordinal (0: none);
    17-22 the new year's day minus 1 January of the related year."""
    words = []
    for year in range(FIRST_YEAR, LAST_YEAR + 1):
        start, lengths, leap = years[year]
        long_bits = sum(1 << i for i, n in enumerate(lengths) if n == 30)
        assert len(lengths) == (13 if leap else 12) and all(n in (29, 30) for n in lengths)
        offset = start - days(year, 1, 1)
        assert 0 <= offset < 64 and leap < 16
        words.append(long_bits | leap << 13 | offset << 17)
    return words


def swift_source(tables):
    lines = [
        "// Generated by Scripts/build-lunisolar-tables.py — do not edit.",
        "// One word per lunisolar year whose first month starts in the Gregorian year",
        f"// {FIRST_YEAR} + index: bits 0-12 set where ordinal month i has 30 days (else 29),",
        "// bits 13-16 the leap month's ordinal (0: no leap month), bits 17-22 the new year's day",
        "// minus 1 January of that Gregorian year.",
        "",
        "extension LunisolarTable {",
        "    /// The first related Gregorian year of the packed tables.",
        f"    static let firstPackedYear = {FIRST_YEAR}",
    ]
    for name, words in tables:
        lines.append(f"    /// The {name} years {FIRST_YEAR}–{LAST_YEAR}.")
        lines.append(f"    static let {name}Words: [UInt32] = [")
        for i in range(0, len(words), 8):
            lines.append("        " + ", ".join(f"0x{w:06X}" for w in words[i:i + 8]) + ",")
        lines.append("    ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the Swift data file")
    parser.add_argument("--report", action="store_true", help="cross-check against the other sources")
    parser.add_argument("--dump", help="write every day's fields as CSV to this path")
    args = parser.parse_args()

    moons = new_moons_ephem("1899/10/1", "2102/4/1")
    terms = major_terms_ephem(1899, 2102)
    tables = {}
    for calendar in ("chinese", "dangi"):
        months = build_months(moons, terms, ZONES[calendar])
        tables[calendar] = years_from_months(months, calendar)
        assert sorted(tables[calendar]) == list(range(FIRST_YEAR, LAST_YEAR + 1)), calendar

    if args.report:
        report(moons, terms, tables)
    if args.dump:
        with open(args.dump, "w") as f:
            f.write("calendar,date,related_year,month,is_leap,day\n")
            for calendar, years in tables.items():
                for day, (y, m, leap, d) in sorted(day_fields(years).items()):
                    f.write(f"{calendar},{iso(day)},{y},{m},{int(leap)},{d}\n")
    if args.write:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        path = os.path.join(root, "Sources/ICUKit/Calendars/LunisolarTable+Data.swift")
        with open(path, "w") as f:
            f.write(swift_source([(c, pack(tables[c])) for c in ("chinese", "dangi")]))
        print("wrote", path)


def report(moons, terms, tables):
    print("## Near midnight (PyEphem, < 10 min from local midnight)")
    events = [(u, "new moon") for u in moons] + [(u, f"major term {lon}°") for u, lon in terms]
    for calendar in ("chinese", "dangi"):
        for when, label in near_midnight(events, ZONES[calendar], 10):
            if 1900 <= when.year <= 2101:
                print(f"  {calendar}: {when:%Y-%m-%d %H:%M:%S} local, {label}")

    print("## Skyfield + DE421 against PyEphem (1900-01 … 2053-08)")
    s_moons, s_terms = skyfield_events()
    worst = 0.0
    for u in s_moons:
        v = min(moons, key=lambda w: abs(w - u))
        worst = max(worst, abs(v - u) * 86400)
    print(f"  new moons: {len(s_moons)}, largest difference {worst:.1f} s")
    worst = 0.0
    for u, lon in s_terms:
        v = min((w for w, l in terms if l == lon), key=lambda w: abs(w - u))
        worst = max(worst, abs(v - u) * 86400)
    print(f"  major terms: {len(s_terms)}, largest difference {worst:.1f} s")
    for calendar in ("chinese", "dangi"):
        s_years = years_from_months(build_months(s_moons, s_terms, ZONES[calendar]), calendar)
        mine, theirs = day_fields(tables[calendar]), day_fields(s_years)
        diff = [d for d in theirs if d in mine and theirs[d] != mine[d] and d < days(2053, 1, 1)]
        print(f"  {calendar}: days that differ: {len(diff)} {periods(diff)}")

    print("## lunar-python and sxtwl (Shouxing) against the table, Chinese")
    lp, sx = shouxing_years(range(FIRST_YEAR, LAST_YEAR + 1))
    mine = day_fields(tables["chinese"])
    lp_days = day_fields(lp)
    diff = [d for d in mine if d in lp_days and lp_days[d] != mine[d]]
    print(f"  lunar-python: days that differ: {len(diff)} {periods(diff)}")
    diff = [d for d, (y, m, leap, dd) in mine.items() if d in sx and sx[d][1:] != (m, leap, dd)]
    print(f"  sxtwl: days that differ: {len(diff)} {periods(diff)}")

    import lunardate

    ld = {}
    for d in range(days(1900, 1, 31), days(2099, 12, 31) + 1):
        x = EPOCH + datetime.timedelta(days=d)
        r = lunardate.LunarDate.from_solar_date(x.year, x.month, x.day)
        ld[d] = (r.year, r.month, bool(r.isLeapMonth), r.day)
    diff = [d for d in ld if d in mine and ld[d] != mine[d]]
    print(f"  lunardate (HKO copy): days that differ: {len(diff)} {periods(diff)}")

    print("## Events within 2 minutes of midnight: does moving them across midnight change the table?")
    for calendar in ("chinese", "dangi"):
        zone = ZONES[calendar]
        base = day_fields(tables[calendar])
        for i, (u, label) in enumerate(events):
            local = (u + zone(u)) * 1440 % 1440
            if min(local, 1440 - local) >= 2:
                continue
            shift = (3 / 1440) if local > 720 else -(3 / 1440)
            moved_moons = [v + shift if v == u else v for v in moons]
            moved_terms = [(v + shift if v == u else v, lon) for v, lon in terms]
            moved = day_fields(years_from_months(build_months(moved_moons, moved_terms, zone), calendar))
            diff = [d for d in base if moved.get(d) != base[d]]
            when = datetime.datetime(1970, 1, 1) + datetime.timedelta(days=u + zone(u))
            print(f"  {calendar} {when:%Y-%m-%d %H:%M:%S} {label}: {len(diff)} days change {periods(diff)[:2]}")

    print("## korean-lunar-calendar (KASI) against the table, Dangi 1900-2050")
    kasi = kasi_fields(days(1900, 1, 31), days(2050, 12, 31))
    mine = day_fields(tables["dangi"])
    diff = [d for d in kasi if d in mine and kasi[d][1:] != mine[d][1:]]
    print(f"  days that differ: {len(diff)} {periods(diff)}")
    china = day_fields(tables["chinese"])
    diff = [d for d in mine if d in china and china[d][1:] != mine[d][1:]]
    print(f"## Dangi against Chinese: days that differ: {len(diff)} in {len(periods(diff))} periods")


if __name__ == "__main__":
    sys.exit(main())
