// Warm conversions of ISO dates to a calendar's fields, for counting instructions with callgrind
// (see calendar-callgrind.sh): one calendar opened once and reused for every date.
//
//   CalendarInstructions MODE CALENDAR FILE
//   MODE      icukit     CalendarSystem(CALENDAR).calendarDate(for:) (the corrected reckoning)
//             icukit-icu the same with .withReckoning(.icu) (`icukit calendar convert --engine icu`)
//             raw        one UCalendar: ucal_setMillis + ucal_get of era, year, extended year,
//                        month, leap flag and day
//             raw-all    the same, ucal_get of the 16 fields a CalendarDate carries (as ICUKit reads)
//             foundation Calendar(identifier:).dateComponents([.era, .year, .month, .day,
//                        .isLeapMonth], from:) (Foundation on Linux, its own ICU; no Dangi
//                        identifier: the Chinese calendar stands in for it)
//   CALENDAR  chinese, dangi, hebrew, japanese, islamic-umalqura, …
//   FILE      one ISO date (YYYY-MM-DD) a line, converted at midnight UTC
//
// The measured pass is `measuredPass`, which callgrind counts alone; it runs after one uncounted
// pass over the same dates (ICU computes a Chinese year's new moons the first time it meets the year).
// Prints the checksum of the fields and the number of dates.
import FoundationEssentials
import FoundationPeers
@_spi(Internals) import ICUKit
import RawICU

let arguments = CommandLine.arguments
let usage = "usage: CalendarInstructions icukit|icukit-icu|raw|raw-all|foundation CALENDAR FILE"
guard arguments.count == 4, let text = try? String(contentsOfFile: arguments[3], encoding: .utf8) else { fatalError(usage) }
let mode = arguments[1], identifier = arguments[2]

let seconds: [Double] = text.split(separator: "\n").map { line in
    let parts = line.split(separator: "-").map { Int($0)! }
    return Double(ISODay.days(year: parts[0], month: parts[1], day: parts[2])) * 86_400
}
let dates = seconds.map { Date(timeIntervalSince1970: $0) }

let icukit: CalendarSystem? = switch mode {
case "icukit": try CalendarSystem(identifier)
case "icukit-icu": try CalendarSystem(identifier).withReckoning(.icu)
default: nil
}
let raw: RawCalendar? = mode == "raw" || mode == "raw-all" ? RawCalendar(identifier) : nil
let everyField = mode == "raw-all"
let foundation: FoundationCalendar? = mode == "foundation" ? FoundationCalendar(identifier == "dangi" ? "chinese" : identifier) : nil

@inline(never)
func pass() -> Int {
    var sum = 0
    if let icukit {
        for date in dates {
            let d = try! icukit.calendarDate(for: date)
            sum &+= d.era &+ d.year &+ d.extendedYear &+ d.month &+ (d.isLeapMonth ? 1 : 0) &+ d.day
        }
    } else if let raw {
        if everyField {
            for second in seconds { sum &+= raw.allFields(second * 1000) }
        } else {
            for second in seconds { sum &+= raw.conversionFields(second * 1000) }
        }
    } else if let foundation {
        for second in seconds { sum &+= foundation.conversionFields(second) }
    } else {
        fatalError(usage)
    }
    return sum
}

/// The pass callgrind counts (`--toggle-collect` counts every call of the function it names,
/// so the warm-up pass calls `pass()` directly).
@inline(never) func measuredPass() -> Int { pass() }

let warm = pass()  // every year the dates meet, caches, lazily loaded data
let measured = measuredPass()
precondition(warm == measured)
print(measured, dates.count)
