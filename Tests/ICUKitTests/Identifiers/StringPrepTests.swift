import Foundation
import ICUKit
import Testing

/// String preparation: RFC 4013's SASLprep examples, the nameprep vectors of the IDN test
/// vectors draft (draft-josefsson-idn-test-vectors, the ones ICU's own nptest uses for
/// RFC 3491), typed errors with UTF-8 offsets, and every profile ICU ships.
@Suite("String preparation")
struct StringPrepTests {
    @Test("RFC 4013 §3 examples (SASLprep)")
    func saslprepExamples() throws {
        let sasl = try StringPrep(.saslprep)
        #expect(try sasl.prepare("I\u{AD}X") == "IX")         // SOFT HYPHEN mapped to nothing
        #expect(try sasl.prepare("user") == "user")           // no transformation
        #expect(try sasl.prepare("USER") == "USER")           // case preserved, will not match #2
        #expect(try sasl.prepare("\u{AA}") == "a")            // output is NFKC, input in ISO 8859-1
        #expect(try sasl.prepare("\u{2168}") == "IX")         // output is NFKC, will match #1
        #expect(throws: IdentifierError.prohibited("\u{7}", utf8Offset: 0)) { try sasl.prepare("\u{7}") }
        #expect(throws: IdentifierError.bidi("1", utf8Offset: 2)) { try sasl.prepare("\u{627}1") }
        // RFC 4013 §2.1: non-ASCII spaces map to SPACE.
        #expect(try sasl.prepare("pass\u{A0}word\u{3000}") == "pass word ")
    }

    /// (input, output or nil for an error) of the nameprep test vectors.
    static let nameprepVectors: [(String, String?)] = [
        ("foo\u{AD}\u{34F}\u{1806}\u{180B}bar\u{200B}\u{2060}baz\u{FE00}\u{FE08}\u{FE0F}\u{FEFF}", "foobarbaz"),  // map to nothing
        ("CAFE", "cafe"),
        ("\u{DF}", "ss"),
        ("\u{130}", "i\u{307}"),
        ("\u{143}\u{37A}", "\u{144} \u{3B9}"),
        ("\u{2121}\u{33C6}\u{1D7BB}", "telc\u{2215}kg\u{3C3}"),
        ("j\u{30C}\u{A0}\u{AA}", "\u{1F0} a"),
        ("\u{1FB7}", "\u{1FB6}\u{3B9}"),
        ("\u{1F0}", "\u{1F0}"),
        ("\u{390}", "\u{390}"),
        ("\u{3B0}", "\u{3B0}"),
        ("\u{1E96}", "\u{1E96}"),
        ("\u{1F56}", "\u{1F56}"),
        (" ", " "),
        ("\u{A0}", " "),
        ("\u{1680}", nil),
        ("\u{2000}", " "),
        ("\u{200B}", ""),
        ("\u{3000}", " "),
        ("\u{10}\u{7F}", "\u{10}\u{7F}"),
        ("\u{85}", nil),
        ("\u{180E}", nil),
        ("\u{FEFF}", ""),
        ("\u{1D175}", nil),
        ("\u{F123}", nil),
        ("\u{F1234}", nil),
        ("\u{10F234}", nil),
        ("\u{8FFFE}", nil),
        ("\u{10FFFF}", nil),
        ("\u{FFFD}", nil),
        ("\u{2FF5}", nil),
        ("\u{341}", "\u{301}"),
        ("\u{200E}", nil),
        ("\u{202A}", nil),
        ("\u{E0001}", nil),
        ("\u{E0042}", nil),
        ("foo\u{5BE}bar", nil),
        ("foo\u{FD50}bar", nil),
        ("foo\u{FE76}bar", "foo \u{64E}bar"),
        ("\u{627}1", nil),
        ("\u{627}1\u{628}", "\u{627}1\u{628}"),
        ("\u{E0002}", nil),
        ("X\u{AD}\u{DF}\u{130}\u{2121}j\u{30C}\u{A0}\u{AA}\u{3B0}\u{2000}", "xssi\u{307}tel\u{1F0} a\u{3B0} "),
        ("X\u{DF}\u{3316}\u{130}\u{2121}\u{249F}\u{3300}", "xss\u{30AD}\u{30ED}\u{30E1}\u{30FC}\u{30C8}\u{30EB}i\u{307}tel(d)\u{30A2}\u{30D1}\u{30FC}\u{30C8}"),
    ]

    @Test("nameprep (RFC 3491) test vectors")
    func nameprepVectors() throws {
        let nameprep = try StringPrep(.nameprep)
        for (input, expected) in Self.nameprepVectors {
            if let expected {
                let output = try nameprep.prepare(input)
                #expect(same(output, expected), "\(input.debugDescription) → \(output.debugDescription)")
            } else {
                #expect(throws: IdentifierError.self, "\(input.debugDescription)") { try nameprep.prepare(input) }
            }
        }
    }

    @Test("typed errors name the input's character and its UTF-8 offset")
    func errors() throws {
        let sasl = try StringPrep(.saslprep)
        #expect(throws: IdentifierError.prohibited("\u{7}", utf8Offset: 6)) { try sasl.prepare("pässw\u{7}rd") }
        #expect(throws: IdentifierError.prohibited("\u{E000}", utf8Offset: 6)) { try sasl.prepare("ünïc\u{E000}de") }
        // U+0221 was assigned in Unicode 4.0: unassigned for stringprep (Unicode 3.2).
        #expect(throws: IdentifierError.unassigned("\u{221}", utf8Offset: 4)) { try sasl.prepare("ab\u{E9}\u{221}") }
        #expect(try sasl.prepare("ab\u{221}", options: .init(allowUnassigned: true)) == "ab\u{221}")
        // An Arabic name with a Latin letter after it: the rule breaks at the "x".
        #expect(throws: IdentifierError.bidi("x", utf8Offset: 4)) { try sasl.prepare("\u{627}\u{628}x") }
        #expect(throws: IdentifierError.bidi("\u{5D0}", utf8Offset: 1)) { try sasl.prepare("a\u{5D0}") }
        // A character that only becomes prohibited after mapping: U+FE76 is fine, but a
        // prohibited character after an expanding one is still located in the input.
        #expect(throws: IdentifierError.prohibited("\u{1680}", utf8Offset: 3)) { try StringPrep(.nameprep).prepare("\u{3316}\u{1680}") }
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 2))) { try sasl.prepare(utf8: [0x61, 0x62, 0xFF]) }
        #expect(try sasl.prepare(utf8: Array("user".utf8)) == "user")
        #expect(IdentifierError.prohibited("\u{7}", utf8Offset: 3).description == "prohibited character U+0007 at byte offset 3")
    }

    @Test("every profile ICU ships opens and prepares; the XMPP, trace and LDAP profiles do their own mapping")
    func everyProfile() throws {
        #expect(StringPrep.Profile.allCases.count == 14)
        for profile in StringPrep.Profile.allCases {
            let prep = try StringPrep(profile)
            #expect(prep.profile == profile)
            #expect(StringPrep.Profile(rawValue: profile.rawValue) == profile)
            // Plain ASCII letters survive every profile (case-folded by some).
            #expect(try prep.prepare("abc") == "abc", "\(profile)")
        }
        #expect(try StringPrep(.nodeprep).prepare("Juliet") == "juliet")
        #expect(throws: IdentifierError.prohibited("@", utf8Offset: 1)) { try StringPrep(.nodeprep).prepare("a@b") }
        #expect(try StringPrep(.resourceprep).prepare("Home Office") == "Home Office")
        #expect(try StringPrep(.ldapCaseInsensitive).prepare("ABC") == "abc")
        #expect(try StringPrep(.ldap).prepare("ABC") == "ABC")
        #expect(try StringPrep(.nfs4CISPrep).prepare("ABC") == "abc")
        #expect(try StringPrep(.nfs4CSPrep).prepare("ABC") == "ABC")
        #expect(try StringPrep(.iscsi).prepare("IQN.2001-04.COM.Example") == "iqn.2001-04.com.example")
        #expect(throws: IdentifierError.self) { try StringPrep(.trace).prepare("a\u{7}") }
    }

    @Test("profiles shared across threads")
    func concurrentUse() async throws {
        let ok = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let prep = try StringPrep(index % 2 == 0 ? .saslprep : .nameprep)
                    for _ in 0..<500 where try prep.prepare("I\u{AD}X\u{2168}") != (index % 2 == 0 ? "IXIX" : "ixix") { return false }
                    return true
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(ok)
    }
}
