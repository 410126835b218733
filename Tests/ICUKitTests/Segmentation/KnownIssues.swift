/// Cases of the Unicode 15.0 break tests where ICU 72's root rules differ on purpose,
/// by code-point sequence (as ICU's `RBBITest::testCaseIsKnownIssue` lists them).
enum KnownIssues {
    /// CLDR's root word rules take U+003A COLON out of MidLetter (UAX #29 keeps "a:b"
    /// together; CLDR does so only for Swedish and Finnish), so ICU breaks around it.
    static let colon = "CLDR root tailoring: COLON is not MidLetter (a:b splits)"

    static let word: [String: String] = Dictionary(uniqueKeysWithValues: [
        "0061 003A 0041", "0061 003A 0308 0041", "0061 003A 05D0", "0061 003A 0308 05D0",
        "0061 003A 0061 2060", "0061 003A 0308 0061 2060", "0061 003A 0061 003A",
        "0061 003A 0308 0061 003A", "0061 003A 0061 0027", "0061 003A 0308 0061 0027",
        "0061 003A 0061 0027 2060", "0061 003A 0308 0061 0027 2060", "0061 003A 0061 002C",
        "0061 003A 0308 0061 002C", "0041 003A 0041",
    ].map { ($0, colon) })

    /// ICU (CLDR) treats HYPHEN-MINUS as a possible minus sign that stays with what follows.
    static let hyphen = "CLDR tailoring: HYPHEN-MINUS before a non-number is a prefix (HY × ...), no break after it"
    /// ICU keeps the pre-Unicode-15 LB25 pair IS × NU (".5", ",0" stay together).
    static let infixNumeric = "ICU keeps the older LB25 rule IS × NU (no break between . or , and a digit)"

    static let line: [String: String] = [
        "002D 0023": hyphen, "002D 0308 0023": hyphen, "002D 00A7": hyphen, "002D 0308 00A7": hyphen,
        "002D 50005": hyphen, "002D 0308 50005": hyphen, "002D 0E01": hyphen, "002D 0308 0E01": hyphen,
        "002C 0030": infixNumeric, "002C 0308 0030": infixNumeric,
        "0065 0071 0075 0061 006C 0073 0020 002E 0033 0035 0020 0063 0065 006E 0074 0073": infixNumeric,
        "0061 002E 0032 0020": infixNumeric, "0061 002E 0032 0020 0915": infixNumeric,
        "0061 002E 0032 0020 672C": infixNumeric, "0061 002E 0032 3000 672C": infixNumeric,
        "0061 002E 0032 3000 307E": infixNumeric, "0061 002E 0032 3000 0033": infixNumeric,
        "0041 002E 0031 0020 BABB": infixNumeric, "BD24 C5B4 002E 0020 0041 002E 0032 0020 BCFC": infixNumeric,
        "BD10 C694 002E 0020 0041 002E 0033 0020 BABB": infixNumeric, "C694 002E 0020 0041 002E 0034 0020 BABB": infixNumeric,
        "0061 002E 0032 3000 300C": infixNumeric,
    ]
}
