// One shared ICUKit object used by 1, 2, 4 and 8 concurrent tasks (weak scaling: every task
// does the same fixed amount of work), for the "many cores in one service" question of
// issues 16 and 19: does throughput grow with the cores, and does it stay flat (no lock
// convoy, no collapse) when there are more tasks than cores?
//   swift run -c release ScalingTiming [SECONDS]      (per task and run; default 0.5)
// Each task runs as many operations as one task does in SECONDS; the best of three runs
// counts. Prints, per workload and task count, operations per second, the speedup over one
// task and the efficiency (speedup divided by min(tasks, cores)). Run it on an idle machine.
import Dispatch
import Foundation
import ICUKit
import SegmentationCorpus

let seconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 0.5 : 0.5
let cores = ProcessInfo.processInfo.activeProcessorCount
let sentences = Corpus.shortSentences(count: 4096)

struct Workload: Sendable {
    let name: String
    var operations: Int          // per task (calibrated: one task runs about SECONDS)
    let body: @Sendable (Int) -> Int   // one operation on item i; returns a checksum part
}

let segmenter = try Segmenter(.word, locale: LocaleID("en"))
let collator = try Collator(locale: LocaleID("sv"))
let converter = try TextConverter(encodingName: "windows-1251")
let cyrillic = try converter.encode(Corpus.text(.russian).prefix(4096).description, lossy: true)
let formatter = try ICUNumberFormatter(skeleton: "currency/EUR", locale: LocaleID("de"))

let workloads = [
    Workload(name: "Segmenter (words of a sentence)", operations: 1) { segmenter.count(of: sentences[$0 % sentences.count]) },
    Workload(name: "Collator (compare two sentences)", operations: 1) {
        collator.compare(sentences[$0 % sentences.count], sentences[($0 &+ 1) % sentences.count]) == .ascending ? 1 : 0
    },
    Workload(name: "Collator (sort key)", operations: 1) { collator.sortKey(for: sentences[$0 % sentences.count]).hashValue & 1 },
    Workload(name: "TextConverter (decode 4 KB)", operations: 1) { _ in ((try? converter.decode(cyrillic)) ?? "").utf8.count },
    Workload(name: "ICUNumberFormatter (format)", operations: 1) { ((try? formatter.format(Double($0) * 1.25)) ?? "").utf8.count },
]

func run(_ workload: Workload, tasks: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let total = UnsafeMutableBufferPointer<Int>.allocate(capacity: tasks)
    defer { total.deallocate() }
    let box = UncheckedBox(value: total)
    // One OS thread per task (not the cooperative pool, which would run only `cores` at a
    // time): with 4 and 8 tasks, more threads than cores really contend for the shared object.
    let done = DispatchGroup()
    for task in 0..<tasks {
        done.enter()
        let thread = Thread {
            var sum = 0
            for i in 0..<workload.operations { sum &+= workload.body(i &+ task &* 7919) }
            box.value[task] = sum
            done.leave()
        }
        thread.start()
    }
    done.wait()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    precondition(total.reduce(0, &+) != Int.min)
    return Double(workload.operations * tasks) / seconds
}

struct UncheckedBox: @unchecked Sendable { let value: UnsafeMutableBufferPointer<Int> }

print("cores: \(cores)")
print("| workload | tasks | ops/s | speedup | efficiency |")
print("|---|---:|---:|---:|---:|")
func best(_ workload: Workload, tasks: Int) -> Double { (0..<3).map { _ in run(workload, tasks: tasks) }.max()! }

for var workload in workloads {
    while Double(workload.operations) / run(workload, tasks: 1) < seconds { workload.operations *= 2 }  // calibrate (and warm up)
    let base = best(workload, tasks: 1)
    for tasks in [1, 2, 4, 8] {
        let rate = tasks == 1 ? base : best(workload, tasks: tasks)
        let speedup = rate / base
        print("| \(workload.name) | \(tasks) | \(Int(rate)) | \(String(format: "%.2f", speedup)) | \(String(format: "%.2f", speedup / Double(min(tasks, cores)))) |")
    }
}
