// Calendars: ICUKit beside raw ucal and Foundation's Calendar, per calendar system.
//
//   fields:   CalendarSystem.calendarDate(for:)   vs  ucal_setMillis + ucal_get ×5 (and ×16, every field
//             a CalendarDate carries)   vs  Calendar.dateComponents([.era, .year, .month, .day])
//   addMonth: CalendarSystem.adding(1, .month)    vs  ucal_setMillis + ucal_add + ucal_getMillis  vs  Calendar.date(byAdding:)
// on 100 instants spread over 1950–2050 per iteration (one UCalendar reused by the raw
// loop; ICUKit's tables warm after the first iteration).
import Benchmark
import FoundationEssentials
import FoundationPeers
import ICUKit
import RawICU

let instants: [Double] = (0..<100).map { (index: Int) -> Double in
    // 1950-01-01 … 2050, one year apart plus a varying time of day (seconds since 1970).
    let start: Double = -631_152_000
    let year: Double = Double(index) * 31_556_952
    let time: Double = Double((index * 7_919) % 86_400)
    return start + year + time
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 500
    )

    for id in ["gregorian", "islamic-umalqura", "chinese", "hebrew", "japanese"] {
        let system = try! CalendarSystem(id)
        let raw = RawCalendar(id)
        let foundation = FoundationCalendar(id)

        Benchmark(
            "fields/\(id)/ICUKit",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    var sum = 0
                    for seconds in instants {
                        let d = try! system.calendarDate(for: Date(timeIntervalSince1970: seconds))
                        sum &+= d.era &+ d.year &+ (d.month - 1) &+ (d.isLeapMonth ? 1 : 0) &+ d.day
                    }
                    blackHole(sum)
                }
            },
            setup: {
                for seconds in instants {
                    let d = try! system.calendarDate(for: Date(timeIntervalSince1970: seconds))
                    let (year, month, leap, day) = raw.ymd(seconds * 1000)
                    precondition((d.extendedYear, d.month - 1, d.day) == (year, month, day), "fields differ from raw ICU")
                    precondition(d.isLeapMonth == leap || id == "hebrew", "leap flag differs")
                    let later = try! system.adding(1, .month, to: Date(timeIntervalSince1970: seconds))
                    precondition(later.timeIntervalSince1970 * 1000 == raw.addMonths(1, to: seconds * 1000), "month addition differs")
                }
            }
        )
        Benchmark("fields/\(id)/raw ICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for seconds in instants { sum &+= raw.fields(seconds * 1000) }
                blackHole(sum)
            }
        }
        Benchmark("fields/\(id)/raw ICU, all 16 fields") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for seconds in instants { sum &+= raw.allFields(seconds * 1000) }
                blackHole(sum)
            }
        }
        Benchmark("fields/\(id)/Foundation") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for seconds in instants { sum &+= foundation.fields(seconds) }
                blackHole(sum)
            }
        }
        Benchmark("addMonth/\(id)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0.0
                for seconds in instants { sum += try! system.adding(1, .month, to: Date(timeIntervalSince1970: seconds)).timeIntervalSince1970 }
                blackHole(sum)
            }
        }
        Benchmark("addMonth/\(id)/raw ICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0.0
                for seconds in instants { sum += raw.addMonths(1, to: seconds * 1000) }
                blackHole(sum)
            }
        }
        Benchmark("addMonth/\(id)/Foundation") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0.0
                for seconds in instants { sum += foundation.addMonths(1, to: seconds) }
                blackHole(sum)
            }
        }
    }
}
