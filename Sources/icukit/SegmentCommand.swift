@_spi(Internals) import ICUKit

/// `icukit segment`: grapheme, word, sentence and line-break segmentation.
struct SegmentCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "segment",
        abstract: "Split text into graphemes, words, sentences or line-break segments.",
        discussion: """
            Reads FILE (or stdin). text: one segment per line (CR, LF and other line \
            separators inside a segment are shown as \\r, \\n, \\u{…}). json: one JSON \
            object per document, {"boundaries":[0,…,n],"kinds":[…]} with UTF-8 byte \
            offsets (no kinds for graphemes). count: the number of segments.
            """,
        options: {
            [byOption, LocaleOption.option, StrictFlag.option, FormatOption<Format>.option, wordsOnlyOption] + DocumentInput.options
        }
    )

    enum Format: String, OutputFormatChoice { case text, json, count; static let defaultFormat = Format.text }

    static let byOption = OptionSpec.choice("by", Segmenter.Unit.self, help: "grapheme, word, sentence or line.", required: true)
    static let wordsOnlyOption = OptionSpec.flag("words-only", help: "Text and count formats: only word-like segments (--by word).")

    var by: Segmenter.Unit
    var locale: String?
    var strict: Bool
    var format: Format
    var wordsOnly: Bool
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        by = arguments.choice(Self.byOption)!
        locale = LocaleOption(arguments).locale
        strict = StrictFlag(arguments).strict
        format = FormatOption<Format>(arguments).format
        wordsOnly = arguments.flag(Self.wordsOnlyOption)
        input = try DocumentInput(arguments)
    }

    func run() throws {
        let locale = try CLI.locale(self.locale, strict: strict)
        let by = self.by, format = self.format, wordsOnly = self.wordsOnly
        let segmenter: Segmenter
        do {
            segmenter = try Segmenter(by, locale: locale)
        } catch {
            throw CLIFailure(message: "cannot open the \(by.rawValue) segmenter: \(error)", code: CLI.software)
        }
        let file = input.file
        let pipeline = try input.pipeline()
        if !pipeline.jsonLines, format != .json {
            // One document, count or text: segmented window by window as it is read.
            var out = OutputBuffer()
            if format == .count {
                var count = 0
                let wordsOnly = wordsOnly
                try Self.readWindows(of: file, lossy: pipeline.lossy) { bytes, atEnd, kept in
                    Self.countWindow(bytes, atEnd: atEnd, segmenter: segmenter, wordsOnly: wordsOnly, count: &count, kept: &kept)
                }
                out.append("\(count)\n")
            } else {
                try Self.streamWindows(of: file, lossy: pipeline.lossy, segmenter: segmenter) { bytes, start, end, kind in
                    guard !wordsOnly || kind.isWordLike else { return }
                    CLI.appendVisible(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &out)
                }
            }
            out.flush()
            return
        }
        if !pipeline.jsonLines {
            // One document as JSON: streamed window by window too; the boundaries and kinds
            // wait in bounded memory (SpillBuffer) and the object is written at the end.
            try Self.streamJSON(of: file, lossy: pipeline.lossy, segmenter: segmenter)
            return
        }
        try pipeline.run(file: file) { document, out throws(CLIFailure) in
            Self.segment(document, segmenter: segmenter, format: format, wordsOnly: wordsOnly, into: &out)
        }
    }

    /// `--format json` on one document (no `--jsonl`): the same object as ``segment(_:segmenter:format:wordsOnly:into:)``,
    /// from ``streamWindows(of:lossy:segmenter:_:)``, in bounded memory.
    static func streamJSON(of file: String?, lossy: Bool, segmenter: Segmenter) throws(CLIFailure) {
        let boundaries = SpillBuffer(), kinds = SpillBuffer()
        let names = Segment.Kind.allCases
        var offset = 0
        var failure: CLIFailure?
        try streamWindows(of: file, lossy: lossy, segmenter: segmenter) { _, start, end, kind in
            if failure != nil { return }
            offset += end - start
            boundaries.memory.append(UInt8(ascii: ","))
            OutputBuffer.appendDecimal(offset, to: &boundaries.memory)
            kinds.memory.append(UInt8(truncatingIfNeeded: names.firstIndex(of: kind) ?? 0))
            do throws(CLIFailure) {
                try boundaries.spillIfFull()
                try kinds.spillIfFull()
            } catch { failure = error }
        }
        if let failure { throw failure }
        var out = OutputBuffer()
        out.append("{\"boundaries\":[0")
        try boundaries.drain { bytes throws(CLIFailure) in
            out.append(bytes: bytes)
            out.endRecord()
        }
        out.append(byte: UInt8(ascii: "]"))
        if segmenter.unit != .grapheme {
            out.append(",\"kinds\":[")
            let quoted = names.map { Array("\"\($0.rawValue)\"".utf8) }
            var first = true
            try kinds.drain { bytes throws(CLIFailure) in
                for code in bytes {
                    if first { first = false } else { out.append(byte: UInt8(ascii: ",")) }
                    out.append(bytes: quoted[Int(code)])
                }
                out.endRecord()
            }
            out.append(byte: UInt8(ascii: "]"))
        }
        out.append("}\n")
        out.flush()
    }

    /// The result of one document in `format`, appended to `out` byte by byte.
    static func segment(_ document: String, segmenter: Segmenter, format: Format, wordsOnly: Bool, into out: inout OutputBuffer) {
        switch format {
        case .json:
            var kinds: [UInt8] = []
            out.append("{\"boundaries\":[0")
            segmenter.forEachBoundary(in: document) { offset, kind in
                out.append(byte: UInt8(ascii: ","))
                out.append(decimal: offset)
                kinds.append(UInt8(ascii: kinds.isEmpty ? "[" : ","))
                kinds.append(UInt8(ascii: "\""))
                let name = kind.rawValue
                if name.utf8.withContiguousStorageIfAvailable({ kinds.append(contentsOf: $0) }) == nil { kinds.append(contentsOf: name.utf8) }
                kinds.append(UInt8(ascii: "\""))
            }
            out.append(byte: UInt8(ascii: "]"))
            if segmenter.unit != .grapheme {
                out.append(",\"kinds\":")
                if kinds.isEmpty { out.append("[]") } else {
                    kinds.append(UInt8(ascii: "]"))
                    out.append(bytes: kinds)
                }
            }
            out.append("}\n")
        case .count:
            var count = 0
            segmenter.forEachBoundary(in: document) { _, kind in
                if !wordsOnly || kind.isWordLike { count += 1 }
            }
            out.append(decimal: count)
            out.append(byte: 0x0A)
        case .text:
            var text = document
            text.withUTF8 { bytes in
                var start = 0
                segmenter.forEachBoundary(in: document) { end, kind in
                    if !wordsOnly || kind.isWordLike { CLI.appendVisible(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &out) }
                    start = end
                }
            }
        }
    }

    /// Bytes read and segmented at a time when the input is one document.
    static let windowSize = 4 << 20
    /// The end of a window is segmented again with the next one, from the last boundary
    /// before this margin, so that ICU sees the context that follows it (as the library's
    /// own windows past 2 GiB do).
    static let windowMargin = 1 << 16

    /// Segments the input FILE (or stdin) window by window in bounded memory, calling
    /// `body(bytes, start, end, kind)` per segment with the segment's range in the window.
    /// (Inlined, so that `body` is not one more closure call per boundary.)
    @inline(__always)
    static func streamWindows(
        of file: String?, lossy: Bool, segmenter: Segmenter,
        _ body: (UnsafeBufferPointer<UInt8>, Int, Int, Segment.Kind) -> Void
    ) throws(CLIFailure) {
        try readWindows(of: file, lossy: lossy) { bytes, atEnd, kept in
            segmentWindow(bytes, atEnd: atEnd, segmenter: segmenter, kept: &kept, body)
        }
    }

    /// Reads the input FILE (or stdin) window by window in bounded memory and hands each
    /// window (complete UTF-8 sequences) to `window(bytes, atEnd, &kept)`, which segments it,
    /// sets `kept` to the end of the last segment it took, and returns `false` (having taken
    /// nothing) when the bytes are not valid UTF-8; the rest is carried into the next window.
    @inline(__always)
    static func readWindows(
        of file: String?, lossy: Bool, _ window: (UnsafeBufferPointer<UInt8>, Bool, inout Int) -> Bool
    ) throws(CLIFailure) {
        let input = try InputFile(file)
        defer { input.close() }
        var pending: [UInt8] = []  // the carried tail plus what was read
        var base = 0  // stream offset of pending[0] (exact while the input is valid UTF-8)
        var atEnd = false
        while true {
            let chunk = try input.read(upTo: windowSize)
            atEnd = chunk.count < windowSize
            pending.append(contentsOf: chunk)
            let complete = atEnd ? pending.count : completeUTF8Prefix(pending)
            var repaired: [UInt8]?  // --lossy: the window with U+FFFD for invalid bytes
            var kept = 0
            var valid = true
            pending.withUnsafeBufferPointer { all in
                valid = window(UnsafeBufferPointer(rebasing: all[..<complete]), atEnd, &kept)
            }
            if !valid {
                let bad = pending[..<complete]
                guard lossy else {
                    let offset = base + (UTF8Decoding.firstInvalidOffset(in: bad) ?? 0)
                    throw .data("invalid UTF-8 at byte offset \(offset) (use --lossy to replace it with U+FFFD)")
                }
                let fixed = Array(String(decoding: bad, as: UTF8.self).utf8)
                fixed.withUnsafeBufferPointer { bytes in
                    _ = window(bytes, atEnd, &kept)
                }
                repaired = fixed
            }
            if atEnd { return }
            // Carry the unfinished part (and the incomplete UTF-8 sequence after it).
            let tail = (repaired.map { Array($0[kept...]) } ?? Array(pending[kept..<complete])) + pending[complete...]
            base += kept
            pending = tail
            // (A single segment longer than a window is carried until it ends.)
        }
    }

    /// ``segmentWindow(_:atEnd:segmenter:kept:_:)`` for `--format count`: adds the number of
    /// segments it would report to `count` (the library counts on the UTF-16 offsets without
    /// mapping each boundary back to UTF-8).
    @inline(__always)
    static func countWindow(
        _ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool, segmenter: Segmenter, wordsOnly: Bool, count: inout Int, kept: inout Int
    ) -> Bool {
        let cutoff = atEnd ? Int.max : bytes.count - windowMargin
        guard var result = segmenter.countSegments(inUnvalidatedUTF8: bytes, through: cutoff, wordLikeOnly: wordsOnly) else { return false }
        if result.last == 0, let next = result.next, !atEnd {
            // No boundary before the margin: take the first one inside it.
            result.count += result.nextCounts ? 1 : 0
            result.last = next
        }
        count += result.count
        kept = result.last
        return true
    }

    /// Segments one window (`bytes`, complete UTF-8 sequences) and reports the segments
    /// that end at least ``windowMargin`` before its end (all of them `atEnd`), setting
    /// `kept` to the end of the last one reported. Returns `false` (and reports nothing)
    /// when the bytes are not valid UTF-8: ICU's conversion checks them, so valid text is
    /// not validated twice.
    @inline(__always)
    static func segmentWindow(
        _ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool, segmenter: Segmenter, kept: inout Int,
        _ body: (UnsafeBufferPointer<UInt8>, Int, Int, Segment.Kind) -> Void
    ) -> Bool {
        let cutoff = atEnd ? Int.max : bytes.count - windowMargin
        var lateEnd = -1, lateKind = Segment.Kind.cluster
        var last = 0
        let invalid = segmenter.forEachBoundary(inUnvalidatedUTF8: bytes) { end, kind in
            if end <= cutoff {
                body(bytes, last, end, kind)
                last = end
            } else if lateEnd < 0 && end < bytes.count {
                lateEnd = end
                lateKind = kind
            }
        }
        if invalid != nil { return false }
        if last == 0, lateEnd > 0, !atEnd {
            // No boundary before the margin: take the first one inside it.
            body(bytes, 0, lateEnd, lateKind)
            last = lateEnd
        }
        kept = last
        return true
    }

    /// The length of the longest prefix of `bytes` that does not end inside a UTF-8
    /// sequence (a sequence cut off by the end of a read is left for the next one).
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var continuation = 0
        while index > 0, continuation < 3, bytes[index - 1] & 0xC0 == 0x80 {
            index -= 1
            continuation += 1
        }
        guard index > 0 else { return bytes.count }
        let lead = bytes[index - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > continuation + 1 ? index - 1 : bytes.count
    }

}
