// Encoding detection and decoding: ICUKit beside raw ICU (ucsdet, ucnv) and Foundation.
//
//   detect:  EncodingDetector().detect(bytes)   vs  ucsdet_setText + ucsdet_detect (one reused detector)
//   decode:  TextConverter.decode(bytes)         vs  ucnv_toUnicode (one reused converter)
//                                                vs  Foundation String(data:encoding:)
// on Russian windows-1251, Japanese Shift_JIS and mixed UTF-8 text of 4 KiB and 64 KiB.
// throughput = iterations per second; bytes per second = throughput x size.
import Benchmark
import FoundationPeers
import ICUKit
import RawICU

let russian = "Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства. Съешь же ещё этих мягких французских булок, да выпей чаю. "
let japanese = "日本語の文章をここに書きます。東京都の天気は晴れ、明日も良い天気でしょう。エンコーディングの判定は難しい問題です。"
let mixed = "Le café coûte 3 €, naïve façade — Grüße aus Köln; Привет; 日本語; ελληνικά. "

func sample(_ text: String, _ encoding: String, size: Int) -> [UInt8] {
    let converter = try! TextConverter(encodingName: encoding)
    var bytes: [UInt8] = []
    let unit = try! converter.encode(text)
    while bytes.count + unit.count <= size { bytes += unit }
    return bytes
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 2000
    )
    let cases: [(String, String, String, String)] = [
        ("ru-cp1251", russian, "windows-1251", "windows-1251"),
        ("ja-sjis", japanese, "Shift_JIS", "shift_jis"),
        ("mixed-utf8", mixed, "UTF-8", "utf-8"),
    ]
    let raw = RawCharsetDetector()
    let detector = EncodingDetector()
    for size in [4096, 65536] {
        for (name, text, encoding, foundationName) in cases {
            let bytes = sample(text, encoding, size: size)
            let label = "\(name)/\(size / 1024)KiB"
            Benchmark("detect/\(label)/ICUKit") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try! detector.detect(bytes).first!.encoding) }
            }
            Benchmark("detect/\(label)/ucsdet") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(raw.detect(bytes)) }
            }
            let converter = try! TextConverter(encodingName: encoding)
            let rawDecoder = RawDecoder(encoding)
            let foundation = FoundationDecoder(foundationName)
            Benchmark("decode/\(label)/ICUKit") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try! converter.decode(bytes).utf8.count) }
            }
            Benchmark("decode/\(label)/ucnv") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(rawDecoder.decode(bytes)) }
            }
            Benchmark("decode/\(label)/Foundation") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(foundation.decode(bytes)) }
            }
        }
    }
}
