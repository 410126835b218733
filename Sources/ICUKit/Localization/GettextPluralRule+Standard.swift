extension GettextPluralRule {
    /// The `Plural-Forms` header ICUKit writes for a language whose `.po` file it creates:
    /// the expression translators use for it, chosen so that its forms split the integers
    /// exactly as CLDR's categories (ICU 72) do, one form per category that integers reach
    /// (a test checks 0…1000 against ICU for each). `nil` for a language not listed.
    ///
    /// ```swift
    /// GettextPluralRule.standardForms(for: "pl")   // "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && …);"
    /// ```
    public static func standardForms(for language: String) -> String? {
        let base = language.split(separator: "-").first.map { String($0).lowercased() } ?? ""
        if language.lowercased() == "pt-pt" { return "nplurals=2; plural=(n != 1);" }
        for (forms, languages) in table where languages.split(separator: " ").contains(Substring(base)) { return forms }
        return nil
    }

    private static let table: [(String, String)] = [
        ("nplurals=1; plural=0;", "ja zh ko vi th id ms lo my km yue"),
        ("nplurals=2; plural=(n != 1);", "en de nl sv da nb nn no fi et it es el hu tr bg ca eu gl af sq az ka ur sw ta te ml mn ne ps so tk uz ur kk ky"),
        ("nplurals=2; plural=(n > 1);", "fr pt hi fa bn gu kn am zu hy"),
        ("nplurals=2; plural=(n%10==1 && n%100!=11) ? 0 : 1;", "mk is"),
        ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", "ru uk be hr sr bs"),
        ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", "pl"),
        ("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", "cs sk"),
        ("nplurals=3; plural=(n%10==1 && (n%100<11 || n%100>19) ? 0 : n%10>=2 && n%10<=9 && (n%100<11 || n%100>19) ? 1 : 2);", "lt"),
        ("nplurals=3; plural=(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2);", "lv"),
        ("nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2);", "ro"),
        ("nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);", "he"),
        ("nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);", "sl"),
        ("nplurals=4; plural=(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n>2 && n<20) ? 2 : 3;", "gd"),
        ("nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4);", "ga"),
        ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);", "ar"),
        ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n==3 ? 3 : n==6 ? 4 : 5);", "cy"),
    ]
}
