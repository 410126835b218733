#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
@_spi(Internals) import ICUKit
import Synchronization

/// What a batch mode does with a record that fails (`--on-error`).
enum OnErrorPolicy: String, CaseIterable, Sendable {
    /// Stop with the record's error and exit code (the results before it are written).
    case fail
    /// Drop the record; the number dropped is reported on stderr at the end.
    case skip
    /// Write `{"line":N,"error":"…"}` in place of the result and go on.
    case report
}

/// The work of one document: its results appended to the output (a collecting buffer,
/// discarded when the record fails).
typealias DocumentBody = @Sendable (_ document: String, _ out: inout OutputBuffer) throws(CLIFailure) -> Void

/// Runs a command's work over its input: the whole input as one document, or JSON Lines
/// streamed record by record (bounded look-ahead; results written in input order, as
/// soon as the input would make the process wait), on `jobs` threads.
struct RecordPipeline: Sendable {
    let jsonLines: Bool
    let lossy: Bool
    let onError: OnErrorPolicy
    let jobs: Int
    let flushesEachRecord: Bool
    /// Each line is handed to the body as its text (a JSON object the command decodes
    /// itself) rather than decoded as one JSON string.
    var rawLines = false

    /// Records handed to the workers at a time, per job (at most ``batchBytes`` of input).
    /// Each batch costs a wake-up of the sleeping workers, dear on a VM (an idle vCPU halts):
    /// with 128, `normalize --jsonl --jobs 2` on 200,000 short records ran 1.1–1.3x one job;
    /// with 1,024, 1.5x (and `segment --format count` 1.8–1.9x).
    static let recordsPerJob = 1024
    /// Bytes of input lines held at a time, at most (one line longer than this is still read whole).
    static let batchBytes = 1 << 20

    func run(file: String?, _ body: @escaping DocumentBody) throws(CLIFailure) {
        var out = OutputBuffer(flushesEachRecord: flushesEachRecord)
        if !jsonLines {
            let bytes = try CLI.readInput(file)
            let text: String
            do { text = try UTF8Decoding.decode(bytes, lossy: lossy) } catch {
                throw .data("invalid UTF-8 at byte offset \(error.byteOffset) (use --lossy to replace it with U+FFFD)")
            }
            try body(text, &out)
            out.flush()
            return
        }
        let input = try InputFile(file)
        defer { input.close() }
        var reader = LineReader(input)
        var skipped = 0
        if jobs <= 1 {
            var scratch = OutputBuffer(collecting: true)
            while true {
                if !out.isEmpty, !reader.hasLineReady() { out.flush() }
                var result = RecordResult.blank
                let more = try reader.nextLine { line, number, offset throws(CLIFailure) in
                    scratch.removeAll()
                    result = Self.process(line, number: number, offset: offset, lossy: lossy, rawLines: rawLines, into: &scratch, body)
                }
                if !more { break }
                try emit(result, scratch: scratch, into: &out, skipped: &skipped)
            }
        } else {
            try runParallel(&reader, into: &out, skipped: &skipped, body)
        }
        out.flush()
        if skipped > 0 { CLI.standardError("icukit: skipped \(skipped) record\(skipped == 1 ? "" : "s") with errors (--on-error skip)\n") }
    }

    enum RecordResult: Sendable {
        case blank
        case output
        case failure(line: Int, CLIFailure)
    }

    private func emit(_ result: RecordResult, scratch: OutputBuffer, into out: inout OutputBuffer, skipped: inout Int) throws(CLIFailure) {
        switch result {
        case .blank: return
        case .output: out.append(bytes: scratch.pending)
        case .failure(let line, let failure):
            switch onError {
            case .fail:
                out.flush()
                throw failure
            case .skip:
                skipped += 1
                return
            case .report:
                out.append("{\"line\":\(line),\"error\":" + JSON.string(failure.message) + "}\n")
            }
        }
        out.endRecord()
    }

    /// One JSON Lines record: decoded, checked and run through `body` into `scratch`.
    static func process(
        _ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, lossy: Bool, rawLines: Bool = false,
        into scratch: inout OutputBuffer, _ body: DocumentBody
    ) -> RecordResult {
        if JSONLines.isBlank(line) { return .blank }
        if rawLines {
            if let invalid = UTF8Decoding.firstInvalidOffset(in: line), !lossy {
                return .failure(line: number, .data("invalid UTF-8 at byte offset \(offset + invalid) (use --lossy to replace it with U+FFFD)"))
            }
            let text = String(decoding: line, as: UTF8.self)
            if text.allSatisfy(\.isWhitespace) { return .blank }
            do { try body(text, &scratch) } catch { return .failure(line: number, error) }
            return .output
        }
        var decoded: String?
        // One validation, the standard library's as the string is made; the checks for which
        // failure it was run only when it failed.
        if let valid = JSONLines.decodeValidString(line) {
            decoded = valid
        } else if UTF8Decoding.firstInvalidOffset(inContiguous: line) == nil {
            decoded = nil
        } else if lossy {
            var repaired = Array(String(decoding: line, as: UTF8.self).utf8)
            decoded = repaired.withUnsafeMutableBufferPointer { JSONLines.decodeString(UnsafeBufferPointer($0)) }
        } else {
            let invalid = UTF8Decoding.firstInvalidOffset(in: line) ?? 0
            return .failure(line: number, .data("invalid UTF-8 at byte offset \(offset + invalid) (use --lossy to replace it with U+FFFD)"))
        }
        guard let document = decoded else {
            if String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace) { return .blank }
            return .failure(line: number, .data("line \(number): expected one JSON string per line (--jsonl)"))
        }
        do { try body(document, &scratch) } catch { return .failure(line: number, error) }
        return .output
    }

    /// Reads batches of lines (bounded in count and bytes, cut short when the input
    /// would block), runs them on `jobs` threads and writes the results in input order.
    /// Two batches alternate: while the workers run one, the main thread writes the
    /// results of the one before and reads the next (only lines already available, so
    /// that no finished result waits for input).
    private func runParallel(_ reader: inout LineReader, into out: inout OutputBuffer, skipped: inout Int, _ body: @escaping DocumentBody) throws(CLIFailure) {
        let limit = jobs * Self.recordsPerJob
        var current = Batch(capacity: limit), next = Batch(capacity: limit)
        try fill(current, from: &reader, limit: limit, blocking: true, out: &out)
        if current.count == 0 { return }
        var running = start(current, body)
        while true {
            do {
                try fill(next, from: &reader, limit: limit, blocking: false, out: &out)
            } catch {
                running.wait()
                throw error
            }
            running.wait()
            if next.count == 0 {
                try emit(current, into: &out, skipped: &skipped)
                try fill(next, from: &reader, limit: limit, blocking: true, out: &out)
                if next.count == 0 { return }
                swap(&current, &next)
                running = start(current, body)
                continue
            }
            let finished = current
            swap(&current, &next)
            running = start(current, body)
            do {
                try emit(finished, into: &out, skipped: &skipped)
            } catch {
                running.wait()  // the workers still read the other batch
                throw error
            }
        }
    }

    /// Reads lines into `batch` (emptied first): up to `limit` lines and about 1 MiB; with
    /// `blocking`, waits for the first line (writing `out` first), else takes only lines
    /// that are ready.
    private func fill(_ batch: Batch, from reader: inout LineReader, limit: Int, blocking: Bool, out: inout OutputBuffer) throws(CLIFailure) {
        batch.reset()
        while batch.count < limit, batch.arena.count < Self.batchBytes {
            if !reader.hasLineReady() {
                if !blocking || batch.count > 0 { return }
                out.flush()
            }
            let more = try reader.nextLine { line, number, offset throws(CLIFailure) in
                batch.arena.append(contentsOf: line)
                batch.lines.append((batch.arena.count, number, offset))
            }
            if !more { return }
        }
    }

    /// Starts the workers on `batch`: `jobs − 1` Dispatch threads, the main thread being the
    /// last of the `jobs` (``Running/wait()`` claims records until none are left, after the
    /// main thread has written the batch before and read the next). With `jobs` workers
    /// besides the main thread, `jobs + 1` threads competed for `jobs` cores: a thread holding
    /// claimed records lost its core for a time slice while the others waited at the end of
    /// the batch (measured on 2 idle cores: 1.47–1.59x one job for `language`, 1.78–1.84x
    /// now). Records are claimed a few at a time from a shared counter, so a worker that
    /// loses its core anyway (to another process) does not hold up the batch either.
    private func start(_ batch: Batch, _ body: @escaping DocumentBody) -> Running {
        let group = DispatchGroup()
        batch.claimed.store(0, ordering: .relaxed)
        let job = Job(batch: batch, shared: batch.shared(), lossy: lossy, rawLines: rawLines, body: body)
        for _ in 0..<min(jobs - 1, batch.count) {
            DispatchQueue.global().async(group: group) { job.run() }
        }
        return Running(group: group, job: job)
    }

    private func emit(_ batch: Batch, into out: inout OutputBuffer, skipped: inout Int) throws(CLIFailure) {
        for index in 0..<batch.count {
            try emit(batch.results[index], scratch: batch.outputs[index], into: &out, skipped: &skipped)
        }
    }
}

/// One batch of input lines and their results. The arena and line arrays are not touched
/// by the main thread while workers run (so the pointers ``shared()`` hands out stay valid);
/// results and per-record outputs live in fixed storage, one slot per record, each written
/// by one worker only.
private final class Batch: @unchecked Sendable {
    var arena: [UInt8] = []
    var lines: [(end: Int, number: Int, offset: Int)] = []
    let results: UnsafeMutableBufferPointer<RecordPipeline.RecordResult>
    let outputs: UnsafeMutableBufferPointer<OutputBuffer>
    /// The next record no thread has claimed yet (see `Job`).
    let claimed = Atomic<Int>(0)

    init(capacity: Int) {
        arena.reserveCapacity(RecordPipeline.batchBytes + RecordPipeline.batchBytes / 4)
        lines.reserveCapacity(capacity)
        results = .allocate(capacity: capacity)
        results.initialize(repeating: .blank)
        outputs = .allocate(capacity: capacity)
        outputs.initialize(repeating: OutputBuffer(collecting: true))
    }

    deinit {
        results.deinitialize()
        results.deallocate()
        outputs.deinitialize()
        outputs.deallocate()
    }

    var count: Int { lines.count }

    func reset() {
        arena.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    func shared() -> SharedBatch {
        SharedBatch(
            arena: arena.withUnsafeBufferPointer { $0 }, lines: lines.withUnsafeBufferPointer { $0 },
            results: results, outputs: outputs
        )
    }
}

/// The buffers of one batch, shared with the worker threads: each worker reads the
/// arena and writes only its own slots, and the batch outlives the workers' group.
private struct SharedBatch: @unchecked Sendable {
    let arena: UnsafeBufferPointer<UInt8>
    let lines: UnsafeBufferPointer<(end: Int, number: Int, offset: Int)>
    let results: UnsafeMutableBufferPointer<RecordPipeline.RecordResult>
    let outputs: UnsafeMutableBufferPointer<OutputBuffer>
}

/// The work on one batch, shared by the worker threads and the main thread: each claims
/// the next few records from the batch's counter until none are left, and writes only the
/// slots of the records it claimed.
private struct Job: @unchecked Sendable {
    let batch: Batch
    let shared: SharedBatch
    let lossy: Bool
    let rawLines: Bool
    let body: DocumentBody

    /// Records claimed at a time: few enough to balance, enough to keep the counter cold.
    static let claim = 4

    func run() {
        let count = shared.lines.count
        while true {
            let from = batch.claimed.add(Self.claim, ordering: .relaxed).oldValue
            if from >= count { return }
            for index in from..<min(from + Self.claim, count) {
                let start = index == 0 ? 0 : shared.lines[index - 1].end
                let entry = shared.lines[index]
                let line = UnsafeBufferPointer(rebasing: shared.arena[start..<entry.end])
                shared.outputs[index].removeAll()
                shared.results[index] = RecordPipeline.process(
                    line, number: entry.number, offset: entry.offset, lossy: lossy, rawLines: rawLines, into: &shared.outputs[index], body)
            }
        }
    }
}

/// A started batch.
private struct Running {
    let group: DispatchGroup
    let job: Job

    /// Helps with the records no worker has claimed yet, then waits for the workers.
    func wait() {
        job.run()
        group.wait()
    }
}

extension CLI {
    /// The number of processors online (the default of `--jobs`).
    static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
