import ArgumentParser
import Testing

@testable import icukit

/// `ICUKitCommand.parseLeaf`, the start-up fast path, must parse exactly what the full
/// parse from the root parses, and give way to it for everything else.
@Suite("icukit start-up parse")
struct StartupParseTests {
    /// Every `swift run icukit …` line of the README (without pipes and redirections),
    /// plus spellings the README does not show: `--opt=value`, options before and after
    /// positionals, `--`, a default subcommand, short help.
    static let accepted: [[String]] = [
        ["segment", "--by", "word", "--locale", "th", "--format", "json"],
        ["segment", "--by", "sentence", "--locale", "en@ss=standard", "notes.txt"],
        ["segment", "--by", "grapheme", "--format", "count", "--jsonl"],
        ["segment", "--by=word", "--format=count", "--words-only", "a.txt"],
        ["segment", "--jsonl", "--jobs", "2", "--by", "line", "--format", "json"],
        ["detect", "page.html", "notes.txt", "--format", "json", "--top", "3"],
        ["detect", "--allow", "UTF-8,windows-1252", "--declared", "iso-8859-1", "--language", "fr", "old.csv"],
        ["convert", "--from", "auto", "--to", "UTF-8", "old.txt"],
        ["convert", "--from", "UTF-8", "--to", "Shift_JIS", "--lossy"],
        ["language"],
        ["language", "--format", "json", "--top", "2"],
        ["language", "--hints", "fr=0.5,de=0.3", "--constraints", "en,fr,de", "--jsonl"],
        ["language", "--runs", "--format", "json", "mixed.txt"],
        ["sort", "--locale", "da"],
        ["compare", "--locale", "sv", "ä", "z"],
        ["search", "cafe", "--case-insensitive", "--diacritic-insensitive", "--all", "--format", "json"],
        ["bidi", "--format", "json"],
        ["bidi", "--format", "visual"],
        ["bidi", "analyze", "--format", "visual"],
        ["bidi", "isolate", "%@ has the highest score: %d", "سارة", "12"],
        ["format", "date", "2026-06-03T15:07:00Z", "--style", "long", "--time-style", "short", "--locale", "en_GB", "--time-zone", "Europe/London"],
        ["format", "date", "2026-06-03T15:07:00Z", "--template", "yMMMd", "--locale", "zh_CN", "--format", "json"],
        ["format", "date", "--parse", "3 Jun 2026, 16:07:00", "--locale", "en_GB", "--time-zone", "Europe/London"],
        ["format", "interval", "2026-05-01", "2026-05-03", "--locale", "de_DE"],
        ["format", "duration", "3725", "--units-style", "full", "--locale", "en"],
        ["format", "relative", "-86400", "--locale", "fr"],
        ["format", "number", "-5", "--locale", "en"],
        ["format", "number", "1234.5", "--skeleton", "currency/EUR", "--locale", "de"],
        ["format", "number", "--skeleton", "currency/USD sign-accounting", "--locale", "en", "--", "-5"],
        ["format", "measure", "180", "centimeter", "--usage", "person-height", "--locale", "en-US"],
        ["format", "list", "a", "b", "c", "--type", "or", "--locale", "ja"],
        ["calendar", "convert", "2026-11-22", "--to", "islamic-umalqura"],
        ["calendar", "from", "--calendar", "hebrew", "--year", "5784", "--month", "6", "--leap", "--day", "1"],
        ["calendar", "add", "2023-01-22", "--calendar", "chinese", "--months", "1"],
        ["calendar", "diff", "2026-02-18", "2027-02-08", "--calendar", "islamic-umalqura", "--unit", "days"],
        ["locale", "info", "ur-IN-u-ca-islamic-cu-usd", "--format", "json"],
        ["locale", "match", "--available", "en,nb,fr", "--accept-language", "da, de;q=0.8", "--format", "json"],
        ["spoof", "confusable", "paypal", "раураl"],
        ["idna", "to-ascii", "Bücher.de", "ｇｏｏｇｌｅ.com"],
        ["stringprep", "--profile", "saslprep", "secret"],
        ["normalize", "--form", "nfkc-casefold", "names.txt"],
        ["case", "--to", "upper", "--locale", "tr"],
        ["transliterate", "Any-Latin; Latin-ASCII"],
        ["chars", "é", "--format", "json"],
        ["scripts"],
        ["tour"],
    ]

    /// Left to the full parse: help, version, completion scripts, unknown subcommands and
    /// options, missing values, values that fail validation.
    static let declined: [[String]] = [
        [], ["--version"], ["--help"], ["-h"], ["help"], ["help", "segment"],
        ["segment", "--help"], ["segment", "-h"], ["format", "date", "--help"],
        ["--generate-completion-script", "bash"], ["segment", "--generate-completion-script", "bash"],
        ["--experimental-dump-help"], ["nosuchcommand"], ["format"], ["format", "nosuch"],
        ["segment", "--by"], ["segment", "--by", "paragraph"], ["segment", "--no-such-flag"],
        ["convert", "--from"], ["sort", "--locale"], ["language", "--top", "x"],
    ]

    static func rendered(_ command: ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test("the fast path parses what the full parse parses", arguments: accepted)
    func agrees(arguments: [String]) throws {
        let full = try ICUKitCommand.parseAsRoot(arguments)
        let fast = try #require(ICUKitCommand.parseLeaf(arguments), "fast path declined \(arguments)")
        #expect(type(of: fast) == type(of: full))
        #expect(Self.rendered(fast) == Self.rendered(full))
    }

    @Test("the comparison sees the parsed values")
    func renderingShowsValues() throws {
        let word = try #require(ICUKitCommand.parseLeaf(["segment", "--by", "word"]))
        let line = try #require(ICUKitCommand.parseLeaf(["segment", "--by", "line"]))
        #expect(Self.rendered(word) != Self.rendered(line))
    }

    @Test("the fast path gives way to the full parse", arguments: declined)
    func declines(arguments: [String]) {
        #expect(ICUKitCommand.parseLeaf(arguments) == nil)
    }

    /// `convert` spellings ``FastParse`` reads by hand: each must give the values the full
    /// parse gives.
    static let handParsed: [[String]] = [
        ["convert"],
        ["convert", "-"],
        ["convert", "old.txt"],
        ["convert", "--from", "auto", "--to", "UTF-8", "old.txt"],
        ["convert", "--from", "UTF-8", "--to", "Shift_JIS", "--lossy"],
        ["convert", "--lossy", "in.txt", "--to=windows-1251", "--from=UTF-8"],
        ["convert", "--to", "UTF-16LE"],
        ["convert", "--from", "x-mac-cyrillic", "in file with spaces.txt"],
        ["convert", "--from", "a=b", "f"],
        ["convert", ""],
    ]

    /// `convert` spellings left to ArgumentParser (help, errors, forms it reads its own way).
    static let notHandParsed: [[String]] = [
        ["convert", "--help"], ["convert", "-h"], ["convert", "--from"], ["convert", "--to"],
        ["convert", "--from", "--to", "UTF-8"], ["convert", "--from="], ["convert", "--lossy=true"],
        ["convert", "--lossy", "--lossy"], ["convert", "--to", "a", "--to", "b"], ["convert", "a", "b"],
        ["convert", "--", "-x"], ["convert", "-x"], ["convert", "--nosuch"], ["convert", "--from", "-"],
        ["convert", "--generate-completion-script", "bash"], ["convert", "--version"],
        ["convert", "--experimental-dump-help"], ["convert", "---completion", "--", "x"],
        ["convert", "--lossy="], ["convert", "-help"], ["converts"], [],
    ]

    @Test("convert read by hand gives what ArgumentParser gives", arguments: handParsed)
    func handParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? ConvertCommand)
        let expected = ConvertCommand.Arguments(from: full.from, to: full.to, lossy: full.lossiness.lossy, file: full.input.file)
        let fast = try #require(ConvertCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("convert spellings ArgumentParser must read are left to it", arguments: notHandParsed)
    func handParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    /// `detect` spellings ``FastParse`` reads by hand.
    static let detectHandParsed: [[String]] = [
        ["detect"], ["detect", "-"], ["detect", "a.txt", "b.txt", "c.txt"],
        ["detect", "page.html", "notes.txt", "--format", "json", "--top", "3"],
        ["detect", "--allow", "UTF-8,windows-1252", "--declared", "iso-8859-1", "--language", "fr", "old.csv"],
        ["detect", "a", "--top=2", "b", "--lossy", "--jobs", "1", "c"],
        ["detect", "--format=text", "--jobs=4", "--top", "007"],
        ["detect", "--language", "zh-Hant", "--allow", " Shift_JIS , EUC-JP ,", "x y.txt"],
        ["detect", ""],
    ]

    /// `detect` spellings left to ArgumentParser: help, errors, values it must judge.
    static let detectNotHandParsed: [[String]] = [
        ["detect", "--help"], ["detect", "-h"], ["detect", "--top"], ["detect", "--top", "0"],
        ["detect", "--top", "-1"], ["detect", "--top", "+2"], ["detect", "--top", "x"],
        ["detect", "--top", "99999999999999999999999"], ["detect", "--jobs", "0"], ["detect", "--jobs="],
        ["detect", "--format", "xml"], ["detect", "--format", "JSON"], ["detect", "--lossy", "--lossy"],
        ["detect", "--top", "1", "--top", "2"], ["detect", "--", "-x"], ["detect", "-x"], ["detect", "--nosuch"],
        ["detect", "--declared", "-"], ["detect", "--version"], ["detect", "--experimental-dump-help"],
        ["detect", "--generate-completion-script", "bash"], ["detects"],
    ]

    @Test("detect read by hand gives what ArgumentParser gives", arguments: detectHandParsed)
    func detectHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? DetectCommand)
        let expected = DetectCommand.Arguments(
            top: full.top, declared: full.declared, allow: full.allow, language: full.language, lossy: full.lossiness.lossy,
            format: full.output.format, jobs: full.jobs, files: full.files)
        let fast = try #require(DetectCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("detect spellings ArgumentParser must read are left to it", arguments: detectNotHandParsed)
    func detectHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    /// `segment` spellings ``FastParse`` reads by hand.
    static let segmentHandParsed: [[String]] = [
        ["segment", "--by", "word"], ["segment", "--by=grapheme", "-"], ["segment", "--by", "sentence", "in.txt"],
        ["segment", "--by", "line", "--locale", "th", "--strict", "--format", "json", "thai.txt"],
        ["segment", "--format=count", "--words-only", "--by", "word", "--locale=ja"],
        ["segment", "--by", "word", "--jsonl", "--lossy", "--on-error", "report", "--jobs", "3", "--flush", "records.jsonl"],
        ["segment", "--jsonl", "--on-error=skip", "--by", "word", "--format", "text"],
        ["segment", "--by", "word", "--jobs", "2"], ["segment", "--by", "word", "--on-error", "skip"],
        ["segment", "--by", "word", "--locale", "de-u-co-phonebk", "a file.txt"], ["segment", "--by", "word", ""],
    ]

    /// `segment` spellings left to ArgumentParser.
    static let segmentNotHandParsed: [[String]] = [
        ["segment"], ["segment", "--by"], ["segment", "--by", "paragraph"], ["segment", "--by", "Word"],
        ["segment", "--by", "word", "--format", "xml"], ["segment", "--by", "word", "--on-error", "ignore"],
        ["segment", "--by", "word", "--jobs", "0"], ["segment", "--by", "word", "--jobs", "two"],
        ["segment", "--by", "word", "a", "b"], ["segment", "--by", "word", "--strict", "--strict"],
        ["segment", "--by", "word", "--by", "line"], ["segment", "--by", "word", "--help"], ["segment", "-h"],
        ["segment", "--by", "word", "--words-only=true"], ["segment", "--by", "word", "--", "-x"],
        ["segment", "--by", "word", "--locale", "-x"], ["segment", "--by", "word", "--wordsonly"],
        ["segment", "--version"], ["segment", "--generate-completion-script", "bash"], ["segments", "--by", "word"],
    ]

    static func segmentValues(_ full: SegmentCommand) -> SegmentCommand.Arguments {
        let input = full.input
        return SegmentCommand.Arguments(
            by: full.by, locale: full.locale.locale, strict: full.strictness.strict, format: full.output.format,
            wordsOnly: full.wordsOnly,
            input: DocumentInput.Values(jsonl: input.jsonLines.jsonl, lossy: input.lossiness.lossy, onError: input.batch.onError,
                                        jobs: input.batch.jobs, flush: input.batch.flush, file: input.input.file))
    }

    @Test("segment read by hand gives what ArgumentParser gives", arguments: segmentHandParsed)
    func segmentHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? SegmentCommand)
        let fast = try #require(SegmentCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == Self.segmentValues(full))
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("segment spellings ArgumentParser must read are left to it", arguments: segmentNotHandParsed)
    func segmentHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("segment's hand-read defaults are ArgumentParser's")
    func segmentDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["segment", "--by", "line"]) as? SegmentCommand)
        #expect(SegmentCommand.Arguments(by: .line) == Self.segmentValues(full))
    }

    /// `normalize` spellings ``FastParse`` reads by hand.
    static let normalizeHandParsed: [[String]] = [
        ["normalize", "--form", "nfc"], ["normalize", "--form=nfkc-casefold", "-"], ["normalize", "--form", "nfd", "in.txt"],
        ["normalize", "--check", "--form", "nfkd", "--lossy", "x.txt"],
        ["normalize", "--form", "nfkc", "--jsonl", "--on-error", "report", "--jobs", "2", "--flush", "records.jsonl"],
        ["normalize", "--form", "nfc", "--jobs", "1"], ["normalize", "--form", "nfc", ""],
    ]

    /// `normalize` spellings left to ArgumentParser.
    static let normalizeNotHandParsed: [[String]] = [
        ["normalize"], ["normalize", "--form"], ["normalize", "--form", "NFC"], ["normalize", "--form", "nfkc_cf"],
        ["normalize", "--form", "nfc", "--jobs", "0"], ["normalize", "--form", "nfc", "--on-error", "x"],
        ["normalize", "--form", "nfc", "a", "b"], ["normalize", "--form", "nfc", "--check", "--check"],
        ["normalize", "--form", "nfc", "--help"], ["normalize", "--form", "nfc", "--by", "word"], ["normalize", "-h"],
    ]

    @Test("normalize read by hand gives what ArgumentParser gives", arguments: normalizeHandParsed)
    func normalizeHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? NormalizeCommand)
        let input = full.input
        let expected = NormalizeCommand.Arguments(
            form: full.form, check: full.check,
            input: DocumentInput.Values(jsonl: input.jsonLines.jsonl, lossy: input.lossiness.lossy, onError: input.batch.onError,
                                        jobs: input.batch.jobs, flush: input.batch.flush, file: input.input.file))
        let fast = try #require(NormalizeCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("normalize spellings ArgumentParser must read are left to it", arguments: normalizeNotHandParsed)
    func normalizeHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    /// `language` spellings ``FastParse`` reads by hand.
    static let languageHandParsed: [[String]] = [
        ["language"], ["language", "-"], ["language", "doc.txt"], ["language", "--top", "3", "--format", "json", "doc.txt"],
        ["language", "--hints", "fr=0.5,de=0.3", "--constraints=en,fr,de", "--runs"],
        ["language", "--jsonl", "--format=json", "--top=1", "--jobs", "2", "--on-error", "skip", "--lossy", "--flush", "r.jsonl"],
    ]

    /// `language` spellings left to ArgumentParser.
    static let languageNotHandParsed: [[String]] = [
        ["language", "--top", "0"], ["language", "--top", "x"], ["language", "--format", "count"], ["language", "a", "b"],
        ["language", "--runs", "--runs"], ["language", "--help"], ["language", "--hints", "-fr=1"], ["language", "-h"],
    ]

    @Test("language read by hand gives what ArgumentParser gives", arguments: languageHandParsed)
    func languageHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? LanguageCommand)
        let expected = LanguageCommand.Arguments(
            top: full.top, hints: full.hints, constraints: full.constraints, runs: full.runs, format: full.format,
            input: full.input.values)
        let fast = try #require(LanguageCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("language spellings ArgumentParser must read are left to it", arguments: languageNotHandParsed)
    func languageHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    /// `transliterate` spellings ``FastParse`` reads by hand.
    static let transliterateHandParsed: [[String]] = [
        ["transliterate", "Any-Latin"], ["transliterate", "Any-Latin; Latin-ASCII", "in.txt"], ["transliterate", "--list"],
        ["transliterate", "Greek-Latin", "--reverse", "-"], ["transliterate", "--rules", "my.rules", "in.txt"],
        ["transliterate", "[:Latin:] Any-Upper", "--jsonl", "--jobs", "2", "--on-error", "report", "--lossy", "--flush", "r.jsonl"],
        ["transliterate"], ["transliterate", "a", "b", "c"],
    ]

    /// `transliterate` spellings left to ArgumentParser.
    static let transliterateNotHandParsed: [[String]] = [
        ["transliterate", "--help"], ["transliterate", "-h"], ["transliterate", "--rules"], ["transliterate", "--list", "--list"],
        ["transliterate", "Any-Latin", "--jobs", "0"], ["transliterate", "--", "-x"], ["transliterate", "--nosuch"],
    ]

    @Test("transliterate read by hand gives what ArgumentParser gives", arguments: transliterateHandParsed)
    func transliterateHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? TransliterateCommand)
        let expected = TransliterateCommand.Arguments(
            rules: full.rules, reverse: full.reverse, list: full.list, arguments: full.arguments,
            input: DocumentInput.Values(jsonl: full.jsonLines.jsonl, lossy: full.lossiness.lossy, onError: full.batch.onError,
                                        jobs: full.batch.jobs, flush: full.batch.flush))
        let fast = try #require(TransliterateCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("transliterate spellings ArgumentParser must read are left to it", arguments: transliterateNotHandParsed)
    func transliterateHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("detect's hand-read defaults are ArgumentParser's")
    func detectDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["detect"]) as? DetectCommand)
        #expect(DetectCommand.Arguments() == DetectCommand.Arguments(
            top: full.top, declared: full.declared, allow: full.allow, language: full.language, lossy: full.lossiness.lossy,
            format: full.output.format, jobs: full.jobs, files: full.files))
    }

    /// `sort` spellings ``FastParse`` reads by hand.
    static let sortHandParsed: [[String]] = [
        ["sort"], ["sort", "-"], ["sort", "words.txt"], ["sort", "--locale", "sv", "words.txt"], ["sort", "--locale=de-u-co-phonebk"],
        ["sort", "--strength", "primary", "--numeric", "--case-first", "upper", "--ignore-punctuation", "--reverse", "--unique"],
        ["sort", "--standard", "--locale", "ja", "--strict", "--lossy", "x.txt"], ["sort", "--strength=identical", "--case-first=lower"],
        ["sort", "--standard", "--numeric"],
    ]

    /// `sort` spellings left to ArgumentParser.
    static let sortNotHandParsed: [[String]] = [
        ["sort", "--help"], ["sort", "-h"], ["sort", "--locale"], ["sort", "--strength", "strong"], ["sort", "--case-first", "Upper"],
        ["sort", "a", "b"], ["sort", "--reverse", "--reverse"], ["sort", "--", "-x"], ["sort", "--jobs", "2"], ["sort", "--locale", ""],
        ["sort", "--locale", "sv", "--locale", "de"], ["sort", "-r"],
    ]

    @Test("sort read by hand gives what ArgumentParser gives", arguments: sortHandParsed)
    func sortHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? SortCommand)
        let expected = SortCommand.Arguments(
            collation: full.collation.values, reverse: full.reverse, unique: full.unique, lossy: full.lossiness.lossy, file: full.input.file)
        let fast = try #require(SortCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("sort spellings ArgumentParser must read are left to it", arguments: sortNotHandParsed)
    func sortHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("sort's hand-read defaults are ArgumentParser's")
    func sortDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["sort"]) as? SortCommand)
        #expect(SortCommand.Arguments() == SortCommand.Arguments(
            collation: full.collation.values, reverse: full.reverse, unique: full.unique, lossy: full.lossiness.lossy, file: full.input.file))
    }

    /// `bidi` spellings ``FastParse`` reads by hand (the default subcommand, analyze).
    static let bidiHandParsed: [[String]] = [
        ["bidi"], ["bidi", "-"], ["bidi", "doc.txt"], ["bidi", "--direction", "rtl", "--format", "json", "doc.txt"],
        ["bidi", "--format=visual", "--direction=ltr", "--lossy"],
        ["bidi", "--jsonl", "--on-error", "skip", "--jobs", "3", "--flush", "strings.jsonl"],
    ]

    /// `bidi` spellings left to ArgumentParser.
    static let bidiNotHandParsed: [[String]] = [
        ["bidi", "--help"], ["bidi", "-h"], ["bidi", "analyze"], ["bidi", "analyze", "doc.txt"], ["bidi", "isolate", "%@ x", "y"],
        ["bidi", "help"], ["bidi", "--direction", "RTL"], ["bidi", "--format", "csv"], ["bidi", "a", "b"], ["bidi", "--jobs", "0"],
        ["bidi", "--direction"], ["bidi", "--", "-x"],
    ]

    @Test("bidi read by hand gives what ArgumentParser gives", arguments: bidiHandParsed)
    func bidiHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? BidiAnalyzeCommand)
        let expected = BidiAnalyzeCommand.Arguments(direction: full.direction, format: full.output.format, input: full.input.values)
        let fast = try #require(BidiAnalyzeCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("bidi spellings ArgumentParser must read are left to it", arguments: bidiNotHandParsed)
    func bidiHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("bidi's hand-read defaults are ArgumentParser's")
    func bidiDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["bidi"]) as? BidiAnalyzeCommand)
        #expect(BidiAnalyzeCommand.Arguments() == BidiAnalyzeCommand.Arguments(
            direction: full.direction, format: full.output.format, input: full.input.values))
    }

    /// `search` spellings ``FastParse`` reads by hand.
    static let searchHandParsed: [[String]] = [
        ["search", "the"], ["search", "the", "doc.txt"], ["search", "the", "-"], ["search", "--all", "في", "--format", "json", "doc.txt"],
        ["search", "STRASSE", "--locale", "de", "--case-insensitive", "--diacritic-insensitive", "--strict"],
        ["search", "x", "--backwards", "--anchored", "--lossy", "--jsonl", "--on-error=report", "--jobs", "2", "--flush", "r.jsonl"],
        ["search", ""], ["search", "a b", "--format=text"],
    ]

    /// `search` spellings left to ArgumentParser.
    static let searchNotHandParsed: [[String]] = [
        ["search"], ["search", "--all"], ["search", "-x"], ["search", "--", "-x"], ["search", "a", "b", "c"], ["search", "-h"],
        ["search", "a", "--format", "csv"], ["search", "a", "--all", "--all"], ["search", "a", "--jobs", "0"], ["search", "a", "--locale"],
    ]

    @Test("search read by hand gives what ArgumentParser gives", arguments: searchHandParsed)
    func searchHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? SearchCommand)
        let expected = SearchCommand.Arguments(
            pattern: full.pattern, locale: full.locale.locale, strict: full.strictness.strict, caseInsensitive: full.caseInsensitive,
            diacriticInsensitive: full.diacriticInsensitive, backwards: full.backwards, anchored: full.anchored, all: full.all,
            format: full.output.format, input: full.input.values)
        let fast = try #require(SearchCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == expected)
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("search spellings ArgumentParser must read are left to it", arguments: searchNotHandParsed)
    func searchHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("search's hand-read defaults are ArgumentParser's")
    func searchDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["search", "x"]) as? SearchCommand)
        #expect(SearchCommand.Arguments(pattern: "x") == SearchCommand.Arguments(
            pattern: full.pattern, locale: full.locale.locale, strict: full.strictness.strict, caseInsensitive: full.caseInsensitive,
            diacriticInsensitive: full.diacriticInsensitive, backwards: full.backwards, anchored: full.anchored, all: full.all,
            format: full.output.format, input: full.input.values))
    }

    /// `case` spellings ``FastParse`` reads by hand.
    static let caseHandParsed: [[String]] = [
        ["case", "--to", "upper"], ["case", "--to=lower", "-"], ["case", "--to", "fold", "--locale", "tr", "doc.txt"],
        ["case", "--to", "title", "--locale=nl", "--lossy"], ["case", "--to", "upper", "--jsonl", "--jobs", "2", "--on-error", "skip", "--flush"],
    ]

    /// `case` spellings left to ArgumentParser.
    static let caseNotHandParsed: [[String]] = [
        ["case"], ["case", "--to"], ["case", "--to", "UPPER"], ["case", "--to", "upper", "a", "b"], ["case", "-h"],
        ["case", "--to", "upper", "--to", "lower"], ["case", "--to", "upper", "--jobs", "0"], ["case", "--to", "upper", "--strict"],
    ]

    @Test("case read by hand gives what ArgumentParser gives", arguments: caseHandParsed)
    func caseHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? CaseCommand)
        let fast = try #require(CaseCommand.fastParse(arguments.dropFirst()), "declined \(arguments)")
        #expect(fast == CaseCommand.Arguments(to: full.to, locale: full.locale, input: full.input.values))
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("case spellings ArgumentParser must read are left to it", arguments: caseNotHandParsed)
    func caseHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("case's hand-read defaults are ArgumentParser's")
    func caseDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["case", "--to", "upper"]) as? CaseCommand)
        #expect(CaseCommand.Arguments(to: .upper) == CaseCommand.Arguments(to: full.to, locale: full.locale, input: full.input.values))
    }

    /// `calendar convert` spellings ``FastParse`` reads by hand.
    static let calendarConvertHandParsed: [[String]] = [
        ["calendar", "convert", "--to", "hebrew"], ["calendar", "convert", "--to", "chinese", "2024-01-01", "2025-02-03"],
        ["calendar", "convert", "--to=japanese", "--time-zone", "Asia/Tokyo", "--format", "text", "-"],
        ["calendar", "convert", "2024-01-01", "--format=json", "--to", "islamic-umalqura"],
    ]

    /// `calendar convert` spellings left to ArgumentParser.
    static let calendarConvertNotHandParsed: [[String]] = [
        ["calendar", "convert"], ["calendar", "convert", "--to", "hebrew", "-0044-03-15"], ["calendar", "convert", "--to", "hebrew", "--format", "csv"],
        ["calendar", "convert", "-h"], ["calendar", "convert", "--to", "a", "--to", "b"], ["calendar", "convert", "--to", "hebrew", "--", "2024-01-01"],
        ["calendar", "from", "--calendar", "hebrew", "--year", "5784", "--month", "1", "--day", "1"], ["calendar"],
    ]

    @Test("calendar convert read by hand gives what ArgumentParser gives", arguments: calendarConvertHandParsed)
    func calendarConvertHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? CalendarConvertCommand)
        let fast = try #require(CalendarConvertCommand.fastParse(arguments.dropFirst(2)), "declined \(arguments)")
        #expect(fast == CalendarConvertCommand.Arguments(to: full.to, timeZone: full.timeZone, format: full.output.format, dates: full.dateArguments))
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("calendar convert spellings ArgumentParser must read are left to it", arguments: calendarConvertNotHandParsed)
    func calendarConvertHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    @Test("calendar convert's hand-read defaults are ArgumentParser's")
    func calendarConvertDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["calendar", "convert", "--to", "hebrew"]) as? CalendarConvertCommand)
        #expect(CalendarConvertCommand.Arguments(to: "hebrew")
            == CalendarConvertCommand.Arguments(to: full.to, timeZone: full.timeZone, format: full.output.format, dates: full.dateArguments))
    }

    /// `format date` spellings ``FastParse`` reads by hand.
    static let formatDateHandParsed: [[String]] = [
        ["format", "date"], ["format", "date", "--locale", "en", "2026-06-03T15:07:00Z"],
        ["format", "date", "--style", "short", "--time-style", "none", "--locale=ar", "--calendar", "islamic-umalqura", "--time-zone", "Asia/Riyadh"],
        ["format", "date", "--pattern", "yyyy-MM-dd'T'HH:mm", "--format", "json", "--strict", "a", "b"],
        ["format", "date", "--template", "yMMMd", "--hour-cycle", "h23", "--context", "standalone"],
        ["format", "date", "--parse", "--lenient", "--locale", "en", "Jun 3, 2026"],
    ]

    /// `format date` spellings left to ArgumentParser.
    static let formatDateNotHandParsed: [[String]] = [
        ["format", "date", "-0044-03-15T12:00:00Z"], ["format", "date", "--style", "Short"], ["format", "date", "--context", "x"],
        ["format", "date", "--format", "csv"], ["format", "date", "-h"], ["format", "date", "--parse", "--parse"],
        ["format", "date", "--", "2026-06-03T15:07:00Z"], ["format", "number", "5"], ["format"], ["format", "date", "--locale"],
    ]

    @Test("format date read by hand gives what ArgumentParser gives", arguments: formatDateHandParsed)
    func formatDateHandParsedAgrees(arguments: [String]) throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(arguments) as? FormatDateCommand)
        let fast = try #require(FormatDateCommand.fastParse(arguments.dropFirst(2)), "declined \(arguments)")
        #expect(fast == Self.formatDateValues(full))
        #expect(FastParse.job(arguments) != nil)
    }

    @Test("format date spellings ArgumentParser must read are left to it", arguments: formatDateNotHandParsed)
    func formatDateHandParseDeclines(arguments: [String]) {
        #expect(FastParse.job(arguments) == nil)
    }

    static func formatDateValues(_ full: FormatDateCommand) -> FormatDateCommand.Arguments {
        FormatDateCommand.Arguments(
            style: full.style, timeStyle: full.timeStyle, template: full.template, pattern: full.pattern, hourCycle: full.hourCycle,
            options: full.options.values, parse: full.parse, lenient: full.lenient, format: full.output.format, values: full.valueArguments)
    }

    @Test("format date's hand-read defaults are ArgumentParser's")
    func formatDateDefaultsAgree() throws {
        let full = try #require(try ICUKitCommand.parseAsRoot(["format", "date"]) as? FormatDateCommand)
        #expect(FormatDateCommand.Arguments() == Self.formatDateValues(full))
    }
}
