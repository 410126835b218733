// ICUKit's LocaleMatcher on the workload of LocaleMatchPeer/locale_match_peer.cpp (ICU's
// C++ icu::LocaleMatcher): 100 available locales, 64 preferred lists, cycled.
//   tags     match([String]): the preferred tags are parsed each time (uloc_getName)
//   build    LocaleMatcher(available:) over the 100 tags
// Prints microseconds per operation. Run through ../locale-match.sh, which also runs the peer.
import Foundation
import ICUKit

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "LocaleMatchPeer/workload.txt"
// all (default), or only one of build, tags, none (for instruction counts with perf stat).
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "all"
// How many builds or matches (per pass) instead of 2000 and 200,000.
let count = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) ?? 0 : 0
let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
func tags(_ line: String) -> [String] {
    line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}
let available = tags(lines[0])
let preferred = lines.dropFirst().map(tags)
let clock = ContinuousClock()
func micros(_ duration: Duration, _ count: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(count)
}

_ = try LocaleMatcher(available: available)  // loads ICU's langInfo data once
let builds = mode == "all" || mode == "build" ? (count > 0 ? count : 2000) : 0
var start = clock.now
for _ in 0..<builds { _ = try LocaleMatcher(available: available) }
let buildMicros = micros(clock.now - start, max(builds, 1))

let matcher = try LocaleMatcher(available: available)
let matches = count > 0 ? count : 200_000
var checksum = 0
var matchMicros = 0.0
for _ in 0..<(mode == "all" || mode == "tags" ? 2 : 0) {  // the first pass warms up
    start = clock.now
    for i in 0..<matches {
        checksum &+= try matcher.match(preferred[i % preferred.count]).availableIndex ?? -1
    }
    matchMicros = micros(clock.now - start, matches)
}
print("ICUKit LocaleMatcher, \(available.count) available, \(preferred.count) preferred lists (checksum \(checksum))")
print(String(format: "  build matcher          %8.2f us", buildMicros))
print(String(format: "  match, from tags       %8.3f us", matchMicros))
