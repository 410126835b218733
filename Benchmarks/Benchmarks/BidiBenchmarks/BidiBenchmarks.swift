// Bidirectional text: ICUKit beside raw ubidi, on mixed Arabic/Hebrew/English text.
//
//   runs:     BidiParagraph(text).visualRuns      vs  u_strFromUTF8 + ubidi_setPara +
//             (levels, runs, UTF-8 ranges)             ubidi_getLevels + ubidi_getVisualRun
//             and Bidi.forEachVisualRun (runs only)
//   reorder:  Bidi.visualString(of:)               vs  u_strFromUTF8 + ubidi_setPara +
//                                                      ubidi_writeReordered + String
// on 200 short UI strings per iteration and on one 64 KiB document.
import Benchmark
import ICUKit
import RawICU
import SegmentationCorpus

let uiStrings = Corpus.bidiUIStrings
let document = Corpus.bidiDocument

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 200
    )
    let raw = RawBidi()

    for (name, texts) in [("ui200", uiStrings), ("doc64k", [document])] {
        Benchmark(
            "runs/\(name)/ICUKit",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    var sum = 0
                    for text in texts {
                        let paragraph = try! BidiParagraph(text)
                        sum &+= paragraph.visualRuns.count
                        for run in paragraph.visualRuns { sum &+= Int(run.level) }
                    }
                    blackHole(sum)
                }
            },
            setup: {
                for text in texts {
                    let paragraph = try! BidiParagraph(text)
                    let sum = paragraph.visualRuns.count + paragraph.visualRuns.reduce(0) { $0 + Int($1.level) }
                    precondition(sum == raw.runs(text), "runs differ from raw ICU")
                    precondition(try! Bidi.visualString(of: text, removingControls: false) == raw.reorder(text), "reordering differs")
                }
            }
        )
        Benchmark("runs/\(name)/ICUKit forEachVisualRun") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for text in texts { try! Bidi.forEachVisualRun(in: text) { _, level in sum &+= 1 &+ Int(level) } }
                blackHole(sum)
            }
        }
        Benchmark("runs/\(name)/raw ICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for text in texts { sum &+= raw.runs(text) }
                blackHole(sum)
            }
        }
        Benchmark("reorder/\(name)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for text in texts { sum &+= try! Bidi.visualString(of: text, removingControls: false).utf8.count }
                blackHole(sum)
            }
        }
        Benchmark("reorder/\(name)/raw ICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for text in texts { sum &+= raw.reorder(text).utf8.count }
                blackHole(sum)
            }
        }
        Benchmark("analysis+reorder/\(name)/ICUKit BidiParagraph") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for text in texts { sum &+= try! BidiParagraph(text).visualString().utf8.count }
                blackHole(sum)
            }
        }
    }
}
