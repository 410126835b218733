// calendar_foundation CALENDAR FILE: what `icukit calendar convert --to CALENDAR` does, with
// Foundation on Linux (swift-corelibs-foundation over its own ICU): per ISO date line, the
// calendar's era, year, month, leap flag, day and English era and month names (DateFormatter
// "G" and "MMMM"), one JSON line each. Built by cli-bench.sh with `swiftc -O`.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { exit(64) }
let identifiers: [String: Calendar.Identifier] = [
    "chinese": .chinese, "dangi": .chinese, "islamic-umalqura": .islamicUmmAlQura, "hebrew": .hebrew,
    "japanese": .japanese, "persian": .persian, "islamic-civil": .islamicCivil, "coptic": .coptic,
]
guard let identifier = identifiers[arguments[1]] else { exit(64) }
var calendar = Calendar(identifier: identifier)
// Foundation has no Dangi identifier: Korean Dangi is ICU's "dangi" calendar, reachable only
// through the locale; the Chinese calendar does the same work and stands in for it.
let utc = TimeZone(identifier: "UTC")!
calendar.timeZone = utc
var gregorian = Calendar(identifier: .gregorian)
gregorian.timeZone = utc
let eraFormat = DateFormatter(), monthFormat = DateFormatter()
for (formatter, pattern) in [(eraFormat, "G"), (monthFormat, "MMMM")] {
    formatter.locale = Locale(identifier: "en")
    formatter.calendar = calendar
    formatter.timeZone = utc
    formatter.dateFormat = pattern
}
let text = try String(contentsOfFile: arguments[2], encoding: .utf8)
var out = ""
for line in text.split(separator: "\n") {
    let parts = line.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, let date = gregorian.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { continue }
    let c = calendar.dateComponents([.era, .year, .month, .day], from: date)
    let leap = c.isLeapMonth ?? false
    out += "{\"date\":\"\(line)\",\"calendar\":\"\(arguments[1])\",\"era\":\(c.era!),\"eraName\":\"\(eraFormat.string(from: date))\",\"year\":\(c.year!),\"month\":\(c.month!),\"isLeapMonth\":\(leap),\"day\":\(c.day!),\"monthName\":\"\(monthFormat.string(from: date))\"}\n"
    if out.utf8.count > 1 << 16 { FileHandle.standardOutput.write(out.data(using: .utf8)!); out = "" }
}
FileHandle.standardOutput.write(out.data(using: .utf8)!)
