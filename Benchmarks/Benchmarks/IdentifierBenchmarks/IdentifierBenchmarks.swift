// Identifiers: IDNA toASCII/toUnicode beside raw ICU C (RawICU: uidna_nameTo*_UTF8 on a
// reused buffer, plus the output String), in one run, on 1,000,000 generated domain names
// (the same generator as Benchmarks/idna/names.py, whose Python peer times PyPI's `idna`).
//
//   idna/toASCII/mixed-1M/<impl>       80% lowercase LDH (the fast path), 5% with capitals,
//                                       10% IDN labels, 5% xn-- labels
//   idna/toASCII/ldh-1M/<impl>         only the lowercase LDH names: the fast path
//   idna/toASCII/non-ldh/<impl>        only the others (ICU does the work)
//   idna/toUnicode/mixed-1M/<impl>     toUnicode of the toASCII outputs
//   stringprep/saslprep/<impl>         SASLprep of 10,000 user names (ICUKit only)
import Benchmark
@_spi(Testing) import ICUKit
import RawICU

/// The benchmark's names; keep in step with Benchmarks/idna/names.py.
enum DomainNames {
    static let words = ["example", "shop", "news", "mail", "cloud", "data", "web", "app", "blog", "store", "media", "tech",
                        "home", "photo", "travel", "music", "game", "bank", "health", "school", "city", "food", "auto",
                        "sport", "market", "online", "digital", "green", "smart", "global"]
    static let idn = ["bücher", "münchen", "straße", "пример", "москва", "例え", "テスト", "中国", "مثال", "한국",
                      "ελλάδα", "ישראל", "भारत", "ไทย", "café", "zürich", "köln", "españa", "ñandú", "øst"]
    static let ace = ["xn--bcher-kva", "xn--mnchen-3ya", "xn--e1afmkfd", "xn--r8jz45g", "xn--zckzah", "xn--fiqs8s",
                      "xn--mgbh0fb", "xn--3e0b707e", "xn--hxargifdar", "xn--caf-dma"]
    static let tlds = ["com", "org", "net", "de", "fr", "jp", "ru", "io", "co.uk", "com.au"]

    static func generate(_ count: Int) -> [String] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var names: [String] = []
        names.reserveCapacity(count)
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let r = state
            let kind = r % 100
            let word = words[Int((r >> 8) % UInt64(words.count))]
            let other = words[Int((r >> 16) % UInt64(words.count))]
            let tld = tlds[Int((r >> 24) % UInt64(tlds.count))]
            let name: String
            if kind < 80 {
                let label = word + ((r >> 32) % 3 == 0 ? "-" + other : "") + ((r >> 48) % 4 == 0 ? String((r >> 40) % 100) : "")
                name = ((r >> 56) % 2 == 0 ? "www." : "") + label + "." + tld
            } else if kind < 85 {
                name = "www." + word.prefix(1).uppercased() + word.dropFirst() + "." + tld.uppercased()
            } else if kind < 95 {
                name = idn[Int((r >> 8) % UInt64(idn.count))] + ((r >> 32) % 2 == 0 ? "-" + other : "") + "." + tld
            } else {
                name = ace[Int((r >> 8) % UInt64(ace.count))] + "." + tld
            }
            names.append(name)
        }
        return names
    }
}

let mixed = DomainNames.generate(1_000_000)
let idna = try! IDNA()
let ldh = mixed.filter { IDNA.isFastPathName($0) }
let nonLDH = mixed.filter { !IDNA.isFastPathName($0) }
let asciiForms = mixed.map { try! idna.toASCII($0).output }
let userNames: [String] = (0..<10_000).map { index in
    ["alice", "Bob", "user\u{A0}name", "I\u{AD}X", "pässwörd", "\u{2168}", "ｆｕｌｌ", "carol.smith"][index % 8] + String(index)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 5
    )
    let raw = RawIDNA()
    let cases: [(String, [String])] = [("mixed-1M", mixed), ("ldh-\(ldh.count / 1000)k", ldh), ("non-ldh-\(nonLDH.count / 1000)k", nonLDH)]
    for (label, names) in cases {
        Benchmark("idna/toASCII/\(label)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for name in names { let result = try! idna.toASCII(name); sum &+= result.output.utf8.count &+ Int(result.errors.rawValue) }
                blackHole(sum)
            }
        }
        Benchmark("idna/toASCII/\(label)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for name in names { sum &+= raw.toASCII(name) }
                blackHole(sum)
            }
        }
    }
    Benchmark("idna/toUnicode/mixed-1M/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for name in asciiForms { let result = try! idna.toUnicode(name); sum &+= result.output.utf8.count &+ Int(result.errors.rawValue) }
            blackHole(sum)
        }
    }
    Benchmark("idna/toUnicode/mixed-1M/RawICU") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for name in asciiForms { sum &+= raw.toUnicode(name) }
            blackHole(sum)
        }
    }
    let sasl = try! StringPrep(.saslprep)
    Benchmark("stringprep/saslprep/10k/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for name in userNames { sum &+= try! sasl.prepare(name).utf8.count }
            blackHole(sum)
        }
    }
}
