// One warm text transform, for counting instructions with callgrind (see text-callgrind.sh):
// wall-clock figures on a shared 2-core machine are noisy, instruction counts are not.
//
//   TextInstructions OPERATION SCRIPT MODE
//   OPERATION nfc-of-nfc | nfd-to-nfc | nfc-to-nfd | upper | lower | fold
//   SCRIPT    English | Russian | Arabic | Hindi | Chinese | Japanese (the corpus text in NFC,
//             decomposed for nfd-to-nfc)
//   MODE      icukit | raw (RawNormalizer / RawCaseMapper: reused buffers, UTF-8 in and out)
//             | rawstring (raw, then a `String` made of its output, as a Swift caller needs)
//             | first (ICUKit's first call in the process, cold: for upper/lower/fold it
//             includes building the fast path's table and opening the `UCaseMap`)
//
// The operation runs once before the measured call, `measuredTransform`, which callgrind
// counts alone (`--toggle-collect='*measuredTransform*'`). Prints the result's UTF-8 length.
import ICUKit
import RawICU
import SegmentationCorpus

let arguments = CommandLine.arguments
guard arguments.count == 4, let script = Script(rawValue: arguments[2]) else {
    fatalError("usage: TextInstructions OPERATION SCRIPT MODE")
}
let operation = arguments[1], mode = arguments[3]
let nfc = try Normalizer.nfc.normalize(Corpus.text(script))
let text = operation == "nfd-to-nfc" ? try Normalizer.nfd.normalize(nfc) : nfc
let normalizer: Normalizer = operation == "nfc-to-nfd" ? .nfd : .nfc
let rawNormalizer = RawNormalizer(operation == "nfc-to-nfd" ? "nfd" : "nfc")
let mapper = CaseMapper(), rawMapper = RawCaseMapper(locale: "")

@inline(never) func transform() -> Int {
    switch (operation, mode) {
    case ("nfc-of-nfc", "icukit"), ("nfd-to-nfc", "icukit"), ("nfc-to-nfd", "icukit"):
        return try! normalizer.normalize(text).utf8.count
    case ("nfc-of-nfc", "raw"), ("nfd-to-nfc", "raw"), ("nfc-to-nfd", "raw"):
        return rawNormalizer.normalize(text)
    case ("nfc-of-nfc", "rawstring"), ("nfd-to-nfc", "rawstring"), ("nfc-to-nfd", "rawstring"):
        return rawNormalizer.normalizedString(text).utf8.count
    case ("upper", "icukit"), ("upper", "first"): return try! mapper.uppercased(text).utf8.count
    case ("lower", "icukit"), ("lower", "first"): return try! mapper.lowercased(text).utf8.count
    case ("fold", "icukit"), ("fold", "first"): return try! mapper.folded(text).utf8.count
    case ("upper", "raw"): return rawMapper.map(text, 0)
    case ("lower", "raw"): return rawMapper.map(text, 1)
    case ("fold", "raw"): return rawMapper.map(text, 2)
    case ("upper", "rawstring"): return rawMapper.mappedString(text, 0).utf8.count
    case ("lower", "rawstring"): return rawMapper.mappedString(text, 1).utf8.count
    case ("fold", "rawstring"): return rawMapper.mappedString(text, 2).utf8.count
    default: fatalError("unknown operation or mode: \(operation) \(mode)")
    }
}

@inline(never) func measuredTransform() -> Int { transform() }

if mode == "first" {
    print(measuredTransform())
} else {
    let warm = transform()
    let measured = measuredTransform()
    precondition(warm == measured)
    print(measured)
}
