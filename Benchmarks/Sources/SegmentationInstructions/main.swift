// One warm segmentation walk, for counting instructions with callgrind (see callgrind.sh):
// wall-clock figures on a shared 2-core machine are noisy, instruction counts are not.
//
//   SegmentationInstructions UNIT SCRIPT MODE
//   UNIT   grapheme | word | sentence | line
//   SCRIPT English | Russian | Arabic | Hindi | Thai | Chinese | Japanese | Emoji | short
//          (short: 10,000 short sentences of every script, one string at a time)
//   MODE   default | utf8 | utf16 (ICUKit) | rawutf8 | rawutf16 (raw ICU) | stdlib
//
// The text is built and walked once before the measured walk, `measuredWalk`, which
// callgrind counts alone (`--toggle-collect='*measuredWalk*'`). Prints the segment count.
@_spi(Internals) import ICUKit
import RawICU
import SegmentationCorpus

let arguments = CommandLine.arguments
guard arguments.count == 4, let unit = Segmenter.Unit(rawValue: arguments[1]) else {
    fatalError("usage: SegmentationInstructions UNIT SCRIPT MODE")
}
let texts = arguments[2] == "short"
    ? Corpus.shortSentences(count: 10_000)
    : [Corpus.text(Script(rawValue: arguments[2]) ?? { fatalError("unknown script \(arguments[2])") }())]
let mode = arguments[3]
let segmenter = try Segmenter(unit)
let raw = RawBreakIterator({
    switch unit {
    case .grapheme: .character
    case .word: .word
    case .sentence: .sentence
    case .line: .line
    }
}())
let window = Int(Int32.max) - 1

@inline(never) func walk() -> Int {
    var count = 0
    switch mode {
    // `&+=` here: with the same body as the other modes' closures, the optimizer merges the
    // three and chains two forwarding thunks (~8 instructions a boundary) in front of this one.
    case "default": for text in texts { segmenter.forEachBoundary(in: text) { _, _ in count &+= 1 } }
    case "utf8": for text in texts { segmenter.forEachBoundary(in: text, path: .utf8, window: window) { _, _ in count += 1 } }
    case "utf16": for text in texts { segmenter.forEachBoundary(in: text, path: .utf16, window: window) { _, _ in count += 1 } }
    case "rawutf8": for text in texts { count += raw.walkUTF8(text).boundaries }
    case "rawutf16": for text in texts { count += raw.walkUTF16(text).boundaries }
    case "stdlib": for text in texts { for _ in text { count += 1 } }
    default: fatalError("unknown mode \(mode)")
    }
    return count
}

@inline(never) func measuredWalk() -> Int { walk() }

let warm = walk()
let measured = measuredWalk()
precondition(warm == measured)
print(measured)
