#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICUKit

/// `icukit idna to-ascii|to-unicode`: UTS #46 processing of domain names.
enum IDNACommand {
    static let spec = CommandSpec(
        group: "idna",
        abstract: "Convert domain names to ASCII (Punycode) or Unicode with UTS #46 (IDNA).",
        subcommands: [IDNAToASCIICommand.spec, IDNAToUnicodeCommand.spec]
    )
}

/// The options of both `idna` subcommands.
struct IDNAOptions {
    static let transitionalOption = OptionSpec.flag("transitional", help: "Transitional processing (IDNA2003 compatibility: ß → ss, ς → σ, ZWJ/ZWNJ removed).")
    static let noCheckBidiOption = OptionSpec.flag("no-check-bidi", help: "Do not check the Bidi rule (RFC 5893).")
    static let noCheckJoinersOption = OptionSpec.flag("no-check-joiners", help: "Do not check the ContextJ rules for ZWJ/ZWNJ (RFC 5892).")
    static let checkContextOOption = OptionSpec.flag("check-contexto", help: "Check the ContextO rules (RFC 5892).")
    static let std3Option = OptionSpec.flag("std3", help: "Apply the STD3 rules (only letters, digits and hyphens in ASCII).")
    static var options: [OptionSpec] { [transitionalOption, noCheckBidiOption, noCheckJoinersOption, checkContextOOption, std3Option] + ValueListInput.options }

    var transitional: Bool
    var noCheckBidi: Bool
    var noCheckJoiners: Bool
    var checkContextO: Bool
    var std3: Bool
    var input: ValueListInput

    init(_ arguments: ParsedArguments) {
        transitional = arguments.flag(Self.transitionalOption)
        noCheckBidi = arguments.flag(Self.noCheckBidiOption)
        noCheckJoiners = arguments.flag(Self.noCheckJoinersOption)
        checkContextO = arguments.flag(Self.checkContextOOption)
        std3 = arguments.flag(Self.std3Option)
        input = ValueListInput(arguments)
    }

    var options: IDNA.Options {
        IDNA.Options(transitional: transitional, checkBidi: !noCheckBidi, checkContextJ: !noCheckJoiners,
                     checkContextO: checkContextO, useSTD3ASCIIRules: std3)
    }

    /// Writes one `{"input":…,"output":…,"errors":[…]}` line per name.
    func run(toASCII: Bool) throws(CLIFailure) {
        let idna: IDNA
        do { idna = try IDNA(options) } catch { throw CLIFailure(message: error.description, code: CLI.software) }
        var out = OutputBuffer()
        defer { out.flush() }
        try input.forEachValue { name throws(CLIFailure) in
            let result: IDNA.Result
            do throws(IdentifierError) { result = toASCII ? try idna.toASCII(name) : try idna.toUnicode(name) } catch {
                throw IdentifierCLI.failure(error)
            }
            out.append("{\"input\":")
            out.append(jsonString: name)
            out.append(",\"output\":")
            out.append(jsonString: result.output)
            out.append(",\"errors\":[")
            if !result.errors.isEmpty {
                var first = true
                for errorName in result.errors.names {
                    if !first { out.append(byte: UInt8(ascii: ",")) }
                    first = false
                    out.append(byte: UInt8(ascii: "\""))
                    out.append(errorName)
                    out.append(byte: UInt8(ascii: "\""))
                }
            }
            out.append("]}\n")
            out.endRecord()
        }
    }
}

struct IDNAToASCIICommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "to-ascii",
        abstract: "The ASCII form of domain names (for lookup and storage).",
        discussion: IdentifierCLI.idnaDiscussion,
        options: { IDNAOptions.options }
    )


    var options: IDNAOptions

    init(_ arguments: ParsedArguments) {
        options = IDNAOptions(arguments)
    }

    func run() throws { try options.run(toASCII: true) }
}

struct IDNAToUnicodeCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "to-unicode",
        abstract: "The Unicode form of domain names (for display).",
        discussion: IdentifierCLI.idnaDiscussion,
        options: { IDNAOptions.options }
    )


    var options: IDNAOptions

    init(_ arguments: ParsedArguments) {
        options = IDNAOptions(arguments)
    }

    func run() throws { try options.run(toASCII: false) }
}

/// `icukit stringprep`: RFC 3454 string preparation with ICU's profiles.
struct StringPrepCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "stringprep",
        abstract: "Prepare strings with a stringprep profile (SASLprep, nameprep, XMPP, LDAP, …).",
        discussion: """
            One JSON line per input: {"input":…,"output":…} when it prepares, else \
            {"input":…,"error":"prohibited|unassigned|bidi","offset":N} with the UTF-8 byte \
            offset of the input character at fault. Exits 0 when every input prepared, 65 \
            when any failed (after writing every line). Profiles: nameprep (RFC 3491), \
            nfs4-cs-prep, nfs4-cs-prep-ci, nfs4-cis-prep, nfs4-mixed-prefix, \
            nfs4-mixed-suffix (RFC 3530), iscsi (RFC 3722), nodeprep, resourceprep \
            (RFC 3920, XMPP), mib (RFC 4011), saslprep (RFC 4013), trace (RFC 4505), ldap, \
            ldap-ci (RFC 4518). \(IdentifierCLI.inputDiscussion)
            """,
        options: { [profileOption, allowUnassignedOption] + ValueListInput.options }
    )

    static let profileOption = OptionSpec.choice("profile", StringPrep.Profile.self, help: "The profile: \(StringPrep.Profile.allCases.map(\.rawValue).joined(separator: ", ")).", required: true)
    static let allowUnassignedOption = OptionSpec.flag("allow-unassigned", help: "Let code points unassigned in Unicode 3.2 through (for queries, not stored strings).")

    var profile: StringPrep.Profile
    var allowUnassigned: Bool
    var input: ValueListInput

    init(_ arguments: ParsedArguments) {
        profile = arguments.choice(Self.profileOption)!
        allowUnassigned = arguments.flag(Self.allowUnassignedOption)
        input = ValueListInput(arguments)
    }

    func run() throws {
        let prep: StringPrep
        do { prep = try StringPrep(profile) } catch { throw CLIFailure(message: error.description, code: CLI.software) }
        let options = StringPrep.Options(allowUnassigned: allowUnassigned)
        var out = OutputBuffer()
        defer { out.flush() }  // the lines before a failing input stay written
        var failed = 0
        try input.forEachValue { text throws(CLIFailure) in
            out.append("{\"input\":")
            out.append(jsonString: text)
            do throws(IdentifierError) {
                let prepared = try prep.prepare(text, options: options)
                out.append(",\"output\":")
                out.append(jsonString: prepared)
                out.append("}\n")
            } catch {
                let kind: String, offset: Int
                switch error {
                case .prohibited(_, let at): (kind, offset) = ("prohibited", at)
                case .unassigned(_, let at): (kind, offset) = ("unassigned", at)
                case .bidi(_, let at): (kind, offset) = ("bidi", at)
                default:
                    out.flush()
                    throw IdentifierCLI.failure(error)
                }
                failed += 1
                out.append(",\"error\":\"\(kind)\",\"offset\":")
                out.append(decimal: offset)
                out.append("}\n")
            }
            out.endRecord()
        }
        out.flush()
        if failed > 0 { throw CLIFailure.data("\(failed) input\(failed == 1 ? "" : "s") failed preparation with profile \(profile.rawValue)") }
    }
}

/// What the identifier subcommands share: their input and their error mapping.
enum IdentifierCLI {
    static let inputDiscussion = """
        Input: NAME… arguments are the values; with none, or -, the values are the lines of \
        stdin, and a single argument that names an existing file is read as FILE (one value \
        per line, LF or CRLF, empty lines skipped); put -- before a value that is also a \
        file's name (or starts with -). With --jsonl, each input line is one JSON string. \
        Invalid UTF-8 exits 65 naming its byte offset in the input.
        """

    static let idnaDiscussion = """
        One JSON line per name: {"input":"Bücher.de","output":"xn--bcher-kva.de","errors":[]}. \
        output is ICU's even when there are errors; errors names ICU's UTS #46 error bits: \
        emptyLabel, labelTooLong, domainNameTooLong, leadingHyphen, trailingHyphen, hyphen34, \
        leadingCombiningMark, disallowed, punycode, labelHasDot, invalidAceLabel, bidi, \
        contextJ, contextOPunctuation, contextODigits. Errors in a name are data (exit 0). \
        Defaults: nontransitional, CheckBidi and CheckJoiners on, ContextO and STD3 rules off. \
        \(inputDiscussion)
        """

    /// An identifier error that stops the command: invalid UTF-8 and over-long input exit
    /// 65, ICU failures 70.
    static func failure(_ error: IdentifierError) -> CLIFailure {
        switch error {
        case .invalidUTF8(let invalid): .data("invalid UTF-8 at byte offset \(invalid.byteOffset)")
        case .icu: CLIFailure(message: error.description, code: CLI.software)
        default: .data(error.description)
        }
    }
}

/// `[--jsonl] [NAME…|FILE|-]`: values as arguments, or one per line of FILE or stdin.
struct ValueListInput {
    static let argumentsOption = OptionSpec.variadic("name", help: "Values; none or - for stdin lines; one existing FILE for its lines (-- before values that are file names).", unrecognized: true)
    static var options: [OptionSpec] { [JSONLinesFlag.option, argumentsOption] }

    var jsonLines: JSONLinesFlag
    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        jsonLines = JSONLinesFlag(arguments)
        self.arguments = arguments.strings(Self.argumentsOption)
    }

    /// Calls `body` with every value in input order.
    func forEachValue(_ body: (String) throws(CLIFailure) -> Void) throws(CLIFailure) {
        let forced = arguments.contains("--")
        let values = try CLI.positionalValues(arguments, names: nil)
        var file: String?
        if values.isEmpty || (!forced && values == ["-"]) {
            file = nil
        } else if !forced, values.count == 1, Self.isFile(values[0]) {
            file = values[0]
        } else {
            for value in values { try body(value) }
            return
        }
        let jsonl = jsonLines.jsonl
        let input = try InputFile(file)
        defer { input.close() }
        var reader = LineReader(input)
        while try reader.nextLine({ line, number, offset throws(CLIFailure) in
            if jsonl {
                if JSONLines.isBlank(line) { return }
                if let invalid = UTF8Decoding.firstInvalidOffset(in: line) {
                    throw .data("invalid UTF-8 at byte offset \(offset + invalid) (line \(number))")
                }
                guard let value = JSONLines.decodeString(line) else {
                    throw .data("line \(number): expected one JSON string per line (--jsonl)")
                }
                try body(value)
                return
            }
            var text = line
            if let last = text.last, last == 0x0D { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
            if text.isEmpty { return }
            guard let value = String(validating: text, as: UTF8.self) else {
                let invalid = UTF8Decoding.firstInvalidOffset(in: text) ?? 0
                throw .data("invalid UTF-8 at byte offset \(offset + invalid) (line \(number))")
            }
            try body(value)
        }) {}
    }

    /// Whether `path` names something that is not a directory (a file, a FIFO, /dev/stdin).
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
}
