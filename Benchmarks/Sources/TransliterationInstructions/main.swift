// Transliteration of 200 short strings (≤ 40 characters, the TextBenchmarks set) with a
// warm cache, for counting instructions with callgrind (see translit-callgrind.sh).
//
//   TransliterationInstructions ID MODE
//   MODE  icukit | raw (RawTransliterator: one UTransliterator, u_strFromUTF8 →
//         utrans_transUChars → u_strToUTF8 into reused buffers) | foundation
//         (NSString.applyingTransform through swift-corelibs-foundation's CFStringTransform)
//         | rawclone (raw on a `utrans_clone` of the opened transliterator)
//
// The 200 strings run once before the measured pass, `measuredPass`, which
// callgrind counts alone. Prints the total UTF-8 length of the results.
import FoundationPeers
import ICUKit
import RawICU
import SegmentationCorpus

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fatalError("usage: TransliterationInstructions ID MODE") }
let id = arguments[1], mode = arguments[2]
let texts: [String] = Corpus.shortSentences(count: 200).map { String($0.prefix(40)) }
let transliterator = try Transliterator(id)
let raw = RawTransliterator(id, clone: mode == "rawclone")

@inline(never) func pass() -> Int {
    var total = 0
    switch mode {
    case "icukit": for text in texts { total += try! transliterator.transliterate(text).utf8.count }
    case "raw", "rawclone": for text in texts { total += raw.transliterate(text) }
    case "foundation": for text in texts { total += FoundationText.transform(text, id) }
    default: fatalError("unknown mode \(mode)")
    }
    return total
}

@inline(never) func measuredPass() -> Int { pass() }

let warm = pass()
let measured = measuredPass()
precondition(warm == measured)
print(measured)
