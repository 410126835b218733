import Foundation
import Testing

/// `icukit idna to-ascii|to-unicode` and `icukit stringprep` end to end (ARCHITECTURE.md
/// contract). The expected lines of `idna` are PyICU's answers over ICU 72.
@Suite("icukit idna and stringprep")
struct IdentifierCLITests {
    let cli = CLITests()

    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "icukit-idna-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("idna to-ascii: names as arguments, errors as data (exit 0), option flags")
    func toASCII() throws {
        let result = try cli.run(["idna", "to-ascii", "Bücher.de", "a..b", "xn--zz.com", "a\u{200C}b.com", "--", "-x.de"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"input":"Bücher.de","output":"xn--bcher-kva.de","errors":[]}
            {"input":"a..b","output":"a..b","errors":["emptyLabel"]}
            {"input":"xn--zz.com","output":"xn--zz\u{FFFD}.com","errors":["punycode"]}
            {"input":"a\u{200C}b.com","output":"xn--ab-j1t.com","errors":["contextJ"]}
            {"input":"-x.de","output":"-x.de","errors":["leadingHyphen"]}

            """)
        #expect(try cli.run(["idna", "to-ascii", "--transitional", "faß.de"]).stdout == "{\"input\":\"faß.de\",\"output\":\"fass.de\",\"errors\":[]}\n")
        #expect(try cli.run(["idna", "to-ascii", "faß.de"]).stdout.contains("xn--fa-hia.de"))
        #expect(try cli.run(["idna", "to-ascii", "--no-check-joiners", "a\u{200C}b.com"]).stdout.contains("\"errors\":[]"))
        #expect(try cli.run(["idna", "to-ascii", "--no-check-bidi", "\u{663}\u{664}.com"]).stdout.contains("\"errors\":[]"))
        #expect(try cli.run(["idna", "to-ascii", "\u{663}\u{664}.com"]).stdout.contains("\"errors\":[\"bidi\"]"))
        #expect(try cli.run(["idna", "to-ascii", "--std3", "a_b.com"]).stdout.contains("\"errors\":[\"disallowed\"]"))
        #expect(try cli.run(["idna", "to-ascii", "--check-contexto", "a\u{B7}b.ca"]).stdout.contains("\"errors\":[\"contextOPunctuation\"]"))
        #expect(try cli.run(["idna", "to-ascii", "-x.de"]).status == 64)  // an option, unless after --
        #expect(try cli.run(["idna", "to-ascii", "--bogus"]).status == 64)
    }

    @Test("idna to-unicode; stdin and FILE one name per line (CRLF, empty lines skipped); --jsonl")
    func linesAndJSONL() throws {
        let unicode = try cli.run(["idna", "to-unicode", "xn--bcher-kva.de", "xn--e1afmkfd.xn--p1ai"])
        #expect(unicode.stdout == "{\"input\":\"xn--bcher-kva.de\",\"output\":\"bücher.de\",\"errors\":[]}\n{\"input\":\"xn--e1afmkfd.xn--p1ai\",\"output\":\"пример.рф\",\"errors\":[]}\n")
        let lines = "Bücher.de\r\nexample.com\n\nÖBB.at"
        let expected = """
            {"input":"Bücher.de","output":"xn--bcher-kva.de","errors":[]}
            {"input":"example.com","output":"example.com","errors":[]}
            {"input":"ÖBB.at","output":"xn--bb-eka.at","errors":[]}

            """
        #expect(try cli.run(["idna", "to-ascii"], input: lines).stdout == expected)
        #expect(try cli.run(["idna", "to-ascii", "-"], input: lines).stdout == expected)
        let file = try temporaryFile(Array(lines.utf8))
        #expect(try cli.run(["idna", "to-ascii", file]).stdout == expected)
        // After --, an existing file's name is a name.
        #expect(try cli.run(["idna", "to-ascii", "--", file]).stdout.contains("icukit-idna-"))
        let jsonl = try cli.run(["idna", "to-ascii", "--jsonl"], input: "\"B\\u00FCcher.de\"\n\n\"a\\n.b\"\n")
        #expect(jsonl.status == 0)
        #expect(jsonl.stdout == "{\"input\":\"Bücher.de\",\"output\":\"xn--bcher-kva.de\",\"errors\":[]}\n{\"input\":\"a\\n.b\",\"output\":\"a\\n.b\",\"errors\":[]}\n")
        #expect(try cli.run(["idna", "to-ascii", "--jsonl"], input: "plain\n").status == 65)
    }

    @Test("idna: invalid UTF-8 exits 65 naming the byte offset in the input")
    func invalidUTF8() throws {
        let bad = try cli.run(["idna", "to-ascii"], stdin: Data(Array("ok.de\nxn--".utf8) + [0xFF]))
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 10"))
        #expect(bad.stdout == "{\"input\":\"ok.de\",\"output\":\"ok.de\",\"errors\":[]}\n")
        let badJSONL = try cli.run(["idna", "to-unicode", "--jsonl"], stdin: Data([0x22, 0x61, 0xC3, 0x22, 0x0A]))
        #expect(badJSONL.status == 65 && badJSONL.stderr.contains("byte offset 2"))
        #expect(try cli.run(["idna", "to-ascii", "/nonexistent/dir/"]).stdout.contains("\"errors\":[]"))  // not a file: a name
    }

    @Test("stringprep: outputs, typed errors with UTF-8 offsets, exit 65 when any input failed")
    func stringprep() throws {
        let ok = try cli.run(["stringprep", "--profile", "saslprep", "I\u{AD}X", "user", "\u{2168}"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "{\"input\":\"I\u{AD}X\",\"output\":\"IX\"}\n{\"input\":\"user\",\"output\":\"user\"}\n{\"input\":\"\u{2168}\",\"output\":\"IX\"}\n")
        let failed = try cli.run(["stringprep", "--profile", "saslprep", "pä\u{7}", "\u{627}1", "ok", "a\u{221}"])
        #expect(failed.status == 65)
        #expect(failed.stdout == """
            {"input":"pä\\u0007","error":"prohibited","offset":3}
            {"input":"\u{627}1","error":"bidi","offset":2}
            {"input":"ok","output":"ok"}
            {"input":"a\u{221}","error":"unassigned","offset":1}

            """)
        #expect(try cli.run(["stringprep", "--profile", "saslprep", "--allow-unassigned", "a\u{221}"]).status == 0)
        #expect(try cli.run(["stringprep", "--profile", "nameprep"], input: "CAFÉ\n").stdout == "{\"input\":\"CAFÉ\",\"output\":\"café\"}\n")
        #expect(try cli.run(["stringprep", "--profile", "nodeprep", "--jsonl"], input: "\"Juliet\"\n").stdout == "{\"input\":\"Juliet\",\"output\":\"juliet\"}\n")
        for profile in ["nameprep", "nfs4-cs-prep", "nfs4-cs-prep-ci", "nfs4-cis-prep", "nfs4-mixed-prefix", "nfs4-mixed-suffix", "iscsi",
                        "nodeprep", "resourceprep", "mib", "saslprep", "trace", "ldap", "ldap-ci"] {
            #expect(try cli.run(["stringprep", "--profile", profile, "abc"]).status == 0, "\(profile)")
        }
        #expect(try cli.run(["stringprep", "--profile", "bogus", "abc"]).status == 64)
        #expect(try cli.run(["stringprep", "abc"]).status == 64)
        let bad = try cli.run(["stringprep", "--profile", "saslprep"], stdin: Data([0x6F, 0x6B, 0x0A, 0x61, 0xFF]))
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 4"))
        #expect(bad.stdout == "{\"input\":\"ok\",\"output\":\"ok\"}\n")
    }
}
