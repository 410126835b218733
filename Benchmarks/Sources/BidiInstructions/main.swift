// One warm pass of bidi analysis for counting instructions with callgrind (bidi-callgrind.sh):
// wall-clock figures on a shared 2-core machine are noisy, instruction counts are not.
//
//   BidiInstructions OPERATION TEXTS MODE
//   OPERATION runs (BidiParagraph(text).visualRuns, their levels summed; raw: ubidi_setPara,
//             ubidi_getLevels, ubidi_getVisualRun per run) | reorder (Bidi.visualString(of:);
//             raw: ubidi_writeReordered and a String)
//   TEXTS     ui200 (200 short UI strings) | doc64k (one 64 KiB mixed document)
//   MODE      icukit | raw | each (runs only: Bidi.forEachVisualRun, no BidiParagraph built)
//
// The pass runs once before the measured one, `measuredPass`, which callgrind counts alone
// (`--toggle-collect='*measuredPass*'`). Prints a checksum, equal for both modes.
import ICUKit
import RawICU
import SegmentationCorpus

let arguments = CommandLine.arguments
guard arguments.count == 4, ["runs", "reorder"].contains(arguments[1]), ["icukit", "raw", "each"].contains(arguments[3]) else {
    fatalError("usage: BidiInstructions runs|reorder ui200|doc64k icukit|raw|each")
}
let operation = arguments[1], mode = arguments[3]
let texts: [String] = switch arguments[2] {
case "ui200": Corpus.bidiUIStrings
case "doc64k": [Corpus.bidiDocument]
default: fatalError("unknown texts \(arguments[2])")
}
let raw = RawBidi()

@inline(never) func pass() -> Int {
    var sum = 0
    switch (operation, mode) {
    case ("runs", "icukit"):
        for text in texts {
            let paragraph = try! BidiParagraph(text)
            sum &+= paragraph.visualRuns.count
            for run in paragraph.visualRuns { sum &+= Int(run.level) }
        }
    case ("runs", "each"):
        for text in texts {
            try! Bidi.forEachVisualRun(in: text) { _, level in sum &+= 1 &+ Int(level) }
        }
    case ("runs", _):
        for text in texts { sum &+= raw.runs(text) }
    case ("reorder", "icukit"):
        for text in texts { sum &+= try! Bidi.visualString(of: text, removingControls: false).utf8.count }
    default:
        for text in texts { sum &+= raw.reorder(text).utf8.count }
    }
    return sum
}

@inline(never) func measuredPass() -> Int { pass() }

let warm = pass()
let measured = measuredPass()
precondition(warm == measured)
print(measured)
