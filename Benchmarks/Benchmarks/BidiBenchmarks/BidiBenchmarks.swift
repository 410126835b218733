// Bidirectional text: ICUKit beside raw ubidi, on mixed Arabic/Hebrew/English text.
//
//   runs:     BidiParagraph(text).visualRuns      vs  u_strFromUTF8 + ubidi_setPara +
//             (levels, runs, UTF-8 ranges)             ubidi_getLevels + ubidi_getVisualRun
//   reorder:  Bidi.visualString(of:)               vs  u_strFromUTF8 + ubidi_setPara +
//                                                      ubidi_writeReordered + String
// on 200 short UI strings per iteration and on one 64 KiB document.
import Benchmark
import ICUKit
import RawICU

let uiStrings: [String] = {
    let templates = [
        "%@ has the highest score: %@!", "Welcome back, %@", "%@ sent you %@ messages", "تم تحديث %@ بنجاح",
        "הקובץ %@ נשמר", "Download %@ (%@ MB)", "مرحبا %@، لديك %@ رسائل جديدة", "%@ הגיב לפוסט שלך",
    ]
    let arguments = ["سارة", "Sarah", "דוד", "12", "WWDC 2026", "محمد علي", "report.pdf", "3.5"]
    var strings: [String] = []
    for index in 0..<200 {
        var text = templates[index % templates.count]
        while let range = text.range(of: "%@") {
            text.replaceSubrange(range, with: arguments[(index + strings.count + text.count) % arguments.count])
        }
        strings.append(text)
    }
    return strings
}()

let document: String = {
    let paragraph = """
        The committee (اللجنة) met in Tel Aviv — תל אביב — on 3 June 2026 to review version 2.4.1 of the \
        standard. قال المتحدث: "نحن سعداء بالنتائج"، وأضاف أن 73% من المشاركين وافقوا. \
        ההצעה, שהוגשה על ידי "Unicode Consortium", תיבחן שוב בשנה הבאה (2027). \
        Numbers like 1,234.56 and ١٢٣٤ stay in order; brackets [مثل هذا] mirror.
        """
    var text = ""
    while text.utf8.count < 64 * 1024 { text += paragraph + " " }
    return text
}()

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
