import ICUKit
import Testing

/// LanguageRecognizer: per-language samples, script shortcuts, hints and constraints,
/// undetermined input, bad bytes, bounded work on huge input.
@Suite("LanguageRecognizer")
struct LanguageRecognizerTests {
    let recognizer = LanguageRecognizer()

    /// Article 1 of the Universal Declaration of Human Rights (first sentence or so), which
    /// is not program-message text the model was trained on.
    static let samples: [(String, String)] = [
        ("en", "All human beings are born free and equal in dignity and rights. They are endowed with reason and conscience."),
        ("fr", "Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils sont doués de raison et de conscience."),
        ("de", "Alle Menschen sind frei und gleich an Würde und Rechten geboren. Sie sind mit Vernunft und Gewissen begabt."),
        ("es", "Todos los seres humanos nacen libres e iguales en dignidad y derechos y, dotados como están de razón y conciencia."),
        ("it", "Tutti gli esseri umani nascono liberi ed eguali in dignità e diritti. Essi sono dotati di ragione e di coscienza."),
        ("pt", "Todos os seres humanos nascem livres e iguais em dignidade e em direitos. Dotados de razão e de consciência."),
        ("nl", "Alle mensen worden vrij en gelijk in waardigheid en rechten geboren. Zij zijn begiftigd met verstand en geweten."),
        ("sv", "Alla människor är födda fria och lika i värde och rättigheter. De har utrustats med förnuft och samvete."),
        ("da", "Alle mennesker er født frie og lige i værdighed og rettigheder. De er udstyret med fornuft og samvittighed."),
        ("fi", "Kaikki ihmiset syntyvät vapaina ja tasavertaisina arvoltaan ja oikeuksiltaan. Heille on annettu järki ja omatunto."),
        ("pl", "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. Są oni obdarzeni rozumem i sumieniem."),
        ("cs", "Všichni lidé rodí se svobodní a sobě rovní co do důstojnosti a práv. Jsou nadáni rozumem a svědomím."),
        ("hu", "Minden emberi lény szabadon születik és egyenlő méltósága és joga van. Az emberek, ésszel és lelkiismerettel bírván."),
        ("tr", "Bütün insanlar hür, haysiyet ve haklar bakımından eşit doğarlar. Akıl ve vicdana sahiptirler."),
        ("ru", "Все люди рождаются свободными и равными в своем достоинстве и правах. Они наделены разумом и совестью."),
        ("uk", "Всі люди народжуються вільними і рівними у своїй гідності та правах. Вони наділені розумом і совістю."),
        ("bg", "Всички хора се раждат свободни и равни по достойнство и права. Те са надарени с разум и съвест."),
        ("ro", "Toate ființele umane se nasc libere și egale în demnitate și în drepturi. Ele sunt înzestrate cu rațiune și conștiință."),
        ("ca", "Tots els éssers humans neixen lliures i iguals en dignitat i en drets. Són dotats de raó i de consciència."),
        ("id", "Semua orang dilahirkan merdeka dan mempunyai martabat dan hak-hak yang sama. Mereka dikaruniai akal dan hati nurani."),
        ("vi", "Tất cả mọi người sinh ra đều được tự do và bình đẳng về nhân phẩm và quyền lợi."),
        ("ar", "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا."),
        ("fa", "تمام افراد بشر آزاد به دنیا می‌آیند و از لحاظ حیثیت و حقوق با هم برابرند."),
        ("hi", "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है।"),
        ("el", "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα."),
        ("he", "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם."),
        ("ja", "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。"),
        ("ko", "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다."),
        ("zh-Hans", "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。"),
        ("zh-Hant", "人人生而自由，在尊嚴和權利上一律平等。他們賦有理性和良心，並應以兄弟關係的精神相對待。"),
        ("th", "มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ"),
        ("ka", "ყველა ადამიანი იბადება თავისუფალი და თანასწორი თავისი ღირსებითა და უფლებებით."),
        ("hy", "Բոլոր մարդիկ ծնվում են ազատ ու հավասար իրենց արժանապատվությամբ ու իրավունքներով։"),
    ]

    /// Pairs that write much of the same text alike: either answer is acceptable.
    static let closePairs: [String: Set<String>] = ["id": ["id", "ms"], "nb": ["nb", "da", "nn"], "hr": ["hr", "bs", "sr-Latn"]]

    @Test("UDHR article 1 in 33 languages: the right dominant language")
    func samples() {
        for (code, text) in Self.samples {
            let language = recognizer.dominantLanguage(of: text)?.bcp47 ?? "nil"
            #expect(Self.closePairs[code, default: [code]].contains(language), "\(code): got \(language)")
        }
    }

    @Test("scripts that belong to one language decide alone")
    func scriptShortcuts() {
        let cases = [("한국어", "ko"), ("ภาษาไทย", "th"), ("ქართული", "ka"), ("Հայերեն", "hy"), ("Ελληνικά", "el"), ("ひらがな", "ja"), ("カタカナ", "ja")]
        for (text, code) in cases {
            let hypotheses = recognizer.hypotheses(for: text)
            #expect(hypotheses.first?.language.bcp47 == code, "\(text)")
            #expect(hypotheses.count == 1 && hypotheses[0].probability == 1)
        }
        // Han only: simplified or traditional by character set.
        #expect(recognizer.dominantLanguage(of: "简体中文")?.bcp47 == "zh-Hans")
        #expect(recognizer.dominantLanguage(of: "繁體中文")?.bcp47 == "zh-Hant")
        // Kana with Han is Japanese, Han alone is not.
        #expect(recognizer.dominantLanguage(of: "東京都に住んでいます")?.bcp47 == "ja")
    }

    @Test("undetermined: empty, no letters")
    func undetermined() {
        for text in ["", " ", "12345", "!!! ??? ...", "🙂🙂", "\u{0}\u{1}"] {
            #expect(recognizer.dominantLanguage(of: text) == nil, "\(text.debugDescription)")
            #expect(recognizer.hypotheses(for: text).isEmpty)
        }
        #expect(recognizer.hypotheses(for: "Bonjour", maximum: 0).isEmpty)
    }

    @Test("hypotheses: ranked, probabilities in 0…1 summing to at most 1")
    func hypotheses() {
        let hypotheses = recognizer.hypotheses(for: "Dobar dan, kako ste?", maximum: 5)
        #expect(hypotheses.count == 5)
        #expect(zip(hypotheses, hypotheses.dropFirst()).allSatisfy { $0.probability >= $1.probability })
        #expect(hypotheses.allSatisfy { (0...1).contains($0.probability) })
        #expect(hypotheses.reduce(0) { $0 + $1.probability } <= 1.0000001)
        // South Slavic Latin: the three standards share most words.
        #expect(["hr", "bs", "sr-Latn", "sl"].contains(hypotheses[0].language.bcp47))
    }

    @Test("constraints: only those languages; script mismatch still answers within them")
    func constraints() throws {
        let constrained = try LanguageRecognizer(languageConstraints: ["nb", "da"])
        let answer = constrained.dominantLanguage(of: "Alla människor är födda fria och lika i värde och rättigheter.")
        #expect(["nb", "da"].contains(answer?.bcp47 ?? ""))
        #expect(constrained.languageConstraints.map(\.bcp47).sorted() == ["da", "nb"])
        let latinOnly = try LanguageRecognizer(languageConstraints: ["en", "fr"])
        for h in latinOnly.hypotheses(for: "Все люди рождаются свободными и равными", maximum: 10) {
            #expect(["en", "fr"].contains(h.language.bcp47))
        }
        // zh names both Chinese models.
        let chinese = try LanguageRecognizer(languageConstraints: ["zh"])
        #expect(chinese.languageConstraints.count == 2)
    }

    @Test("hints shift close calls toward the hinted language")
    func hints() throws {
        let text = "Alle mennesker er født frie"   // Danish and Norwegian Bokmål write this the same
        let plain = recognizer.hypotheses(for: text, maximum: 10)
        let toDanish = try LanguageRecognizer(languageHints: ["da": 0.9]).hypotheses(for: text, maximum: 10)
        let pDanish = { (list: [LanguageHypothesis]) in list.first { $0.language.bcp47 == "da" }?.probability ?? 0 }
        #expect(pDanish(toDanish) > pDanish(plain))
        #expect(toDanish.first?.language.bcp47 == "da")
    }

    @Test("bad configuration: unknown languages and weights are typed errors")
    func badConfiguration() {
        #expect(throws: LanguageRecognitionError.unknownLanguage("xx")) { try LanguageRecognizer(languageConstraints: ["xx"]) }
        #expect(throws: LanguageRecognitionError.unknownLanguage("not a tag")) { try LanguageRecognizer(languageHints: ["not a tag": 0.5]) }
        #expect(throws: LanguageRecognitionError.invalidHintWeight(language: "fr", weight: 2)) { try LanguageRecognizer(languageHints: ["fr": 2]) }
        #expect(throws: LanguageRecognitionError.invalidHintWeight(language: "fr", weight: -0.5)) { try LanguageRecognizer(languageHints: ["fr": -0.5]) }
    }

    @Test("UTF-8 bytes: invalid input is a typed error with its offset, or lossy")
    func bytes() throws {
        let bad: [UInt8] = Array("Bonjour à tous".utf8) + [0xFF] + Array(" et bonne journée".utf8)
        #expect(throws: LanguageRecognitionError.invalidUTF8(InvalidUTF8Error(byteOffset: 15))) {
            try recognizer.dominantLanguage(ofUTF8: bad)
        }
        #expect(try recognizer.dominantLanguage(ofUTF8: bad, lossy: true)?.bcp47 == "fr")
        #expect(try recognizer.dominantLanguage(ofUTF8: [UInt8]()) == nil)
    }

    @Test("huge input is sampled: bounded work, same answer")
    func huge() {
        let sentence = "Alle Menschen sind frei und gleich an Würde und Rechten geboren. "
        let text = String(repeating: sentence, count: 200_000)   // about 13 MB
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(recognizer.dominantLanguage(of: text)?.bcp47 == "de") }
        #expect(elapsed < .seconds(10))   // debug build on a shared machine; about 0.1 s in release
    }

    @Test("supported languages: 100+, BCP 47, the 42 encoding-model languages among them")
    func supported() {
        let codes = Set(LanguageRecognizer.supportedLanguages.map(\.bcp47))
        #expect(codes.count >= 100)
        let encoding = ["ru", "uk", "bg", "be", "mk", "sr", "el", "he", "ar", "fa", "tr", "pl", "cs", "sk", "hu", "sl", "hr", "ro",
                        "ja", "zh-Hans", "zh-Hant", "ko", "th", "vi", "fr", "de", "es", "pt", "it", "ca", "nl", "da", "sv", "nb",
                        "fi", "is", "ga", "et", "lt", "lv", "eo", "mt"]
        #expect(encoding.allSatisfy(codes.contains))
        #expect(codes.contains("sr-Latn"))
    }
}
