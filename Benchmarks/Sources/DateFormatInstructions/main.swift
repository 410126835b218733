// One warm pass of date formatting or parsing, for counting instructions with callgrind
// (see dates-callgrind.sh): wall-clock on a shared 2-core machine is noisy, counts are not.
//
//   DateFormatInstructions MODE OPERATION
//   MODE       icukit | raw   (DateTimeFormatter, or raw udat_format/udat_parse)
//   OPERATION  format | parse (1,000 instants en_US medium/medium America/New_York, or their texts)
//
// The measured pass is `measuredPass`, which callgrind counts alone.
import FoundationEssentials
import ICUKit
import RawICU

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fatalError("usage: DateFormatInstructions icukit|raw format|parse") }
let zone = "America/New_York"
let instants: [Double] = (0..<1_000).map { 1_780_499_220 + Double($0) * 3_721 }
let icukit = try DateTimeFormatter(date: .medium, time: .medium, locale: LocaleID("en_US"), timeZone: zone)
let raw = RawDateFormat(dateStyle: 2, timeStyle: 2, locale: "en_US", timeZone: zone)
let texts = try instants.map { try icukit.format(Date(timeIntervalSince1970: $0)) }

@inline(never)
func pass() -> Int {
    var sum = 0
    switch (arguments[1], arguments[2]) {
    case ("icukit", "format"): for instant in instants { sum &+= (try! icukit.format(Date(timeIntervalSince1970: instant))).utf8.count }
    case ("raw", "format"): for instant in instants { sum &+= raw.string(millis: instant * 1000).utf8.count }
    case ("icukit", "parse"): for text in texts { sum &+= Int(try! icukit.parse(text).timeIntervalSince1970) }
    case ("raw", "parse"): for text in texts { sum &+= Int(raw.parse(text)! / 1000) }
    default: fatalError("usage: DateFormatInstructions icukit|raw format|parse")
    }
    return sum
}

/// The pass callgrind counts (`--toggle-collect` counts every call of the function it names,
/// so the warm-up pass calls `pass()` directly).
@inline(never) func measuredPass() -> Int { pass() }

let warm = pass()  // caches, pools, lazily loaded data
let measured = measuredPass()
precondition(warm == measured)
print(measured)
