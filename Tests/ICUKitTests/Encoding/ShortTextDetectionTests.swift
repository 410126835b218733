import Foundation
import ICUKit
import Testing

/// The encodings detection finds last: Johab, EUC-TW, Romanian in windows-1250 against
/// ISO-8859-16, Baltic and Croatian text in ISO-8859-13, at 100–300 bytes.
@Suite("EncodingDetector on short texts")
struct ShortTextDetectionTests {
    let detector = EncodingDetector()

    /// The best guess for `text` in `encoding`, and whether it decodes to `text`.
    func detect(_ text: String, in encoding: String) throws -> (guess: EncodingGuess?, sameText: Bool, bytes: Int) {
        let bytes = try TextConverter(encodingName: encoding).encode(text)
        let result = try? detector.decode(bytes)
        return (result?.guess, result?.text == text, bytes.count)
    }

    @Test("Korean in Johab", arguments: [
        "한국어는 대한민국의 공용어이다. 세종대왕이 1443년에 훈민정음을 창제하였다. 오늘은 날씨가 맑고 따뜻합니다.",
        "서울은 한강을 끼고 있는 대한민국의 수도이며, 인구는 약 천만 명이다. 지하철과 버스가 잘 발달되어 있어서 어디든 쉽게 갈 수 있다. 주말에는 많은 사람들이 공원과 산을 찾는다.",
    ])
    func johab(text: String) throws {
        let (guess, same, count) = try detect(text, in: "Johab")
        #expect((100...300).contains(count))
        #expect(guess?.encoding == "Johab" && guess?.language == "ko" && same, "\(String(describing: guess))")
    }

    @Test("Traditional Chinese in EUC-TW", arguments: [
        "中華民國是位於東亞的國家，首都為臺北市。臺灣的官方語言是國語。今天天氣很好，我們一起去公園散步吧。謝謝。",
        "電腦軟體開發者應該認真閱讀說明文件，並且注意程式碼的品質與測試。圖書館裡有很多書，學生們每天都來這裡讀書和寫作業。",
    ])
    func eucTW(text: String) throws {
        let (guess, same, count) = try detect(text, in: "EUC-TW")
        #expect((100...300).contains(count))
        #expect(guess?.encoding == "EUC-TW" && guess?.language == "zh-Hant" && same, "\(String(describing: guess))")
    }

    @Test("Romanian with ş and ţ (cedilla) is windows-1250; with ISO-8859-16's own quotes, ISO-8859-16")
    func romanian() throws {
        let cedilla = "România este un stat situat în sud-estul Europei Centrale, pe cursul inferior al Dunării, la nord de Peninsula Balcanică şi la ţărmul nord-vestic al Mării Negre."
        let (guess, same, count) = try detect(cedilla, in: "windows-1250")
        #expect((100...300).contains(count))
        #expect(guess?.encoding == "windows-1250" && guess?.language == "ro" && same, "\(String(describing: guess))")
        let sentence = "Bună ziua! Aceasta este o propoziţie scrisă în limba română, cu diacritice: ă, â, î, ş şi ţ. Ştiinţa şi tehnologia sunt foarte importante pentru societatea noastră."
        #expect(try detect(sentence, in: "windows-1250").guess?.encoding == "windows-1250")
        let quoted = "Expoziţia „Ştiinţă şi artă” s-a deschis ieri la Bucureşti. Vizitatorii au putut admira lucrări realizate de studenţi din toată ţara, iar organizatorii spun că „interesul a fost uriaş”."
        let comma = quoted.replacingOccurrences(of: "ş", with: "ș").replacingOccurrences(of: "ţ", with: "ț").replacingOccurrences(of: "Ş", with: "Ș")
        let sixteen = try detect(comma, in: "ISO-8859-16")
        #expect(sixteen.guess?.encoding == "ISO-8859-16" && sixteen.sameText, "\(String(describing: sixteen.guess))")
    }

    @Test("Lithuanian, Latvian and Croatian in ISO-8859-13 decode to their text", arguments: [
        ("Lietuvos Respublika - valstybė Europos šiaurės rytuose, prie Baltijos jūros. Sostinė yra Vilnius. „Žalgirio“ mūšis įvyko 1410 metais. Šalies gyventojų skaičius siekia apie 2,8 milijono žmonių.", "lt"),
        ("Vakar vakare mes ėjome pasivaikščioti į parką. Ten sutikome seną draugą, kuris papasakojo įdomią istoriją apie savo kelionę į Žemaitiją ir ežerų kraštą.", "lt"),
        ("Latvija ir valsts Baltijas jūras austrumu krastā. Tās galvaspilsēta ir Rīga, kas ir lielākā pilsēta Baltijas valstīs. Latviešu valodā runā aptuveni divi miljoni cilvēku.", "lv"),
        ("Zagreb je glavni i najveći grad Republike Hrvatske. Smješten je na južnim obroncima Medvednice, uz rijeku Savu. Grad ima bogatu povijest i mnoštvo muzeja, kazališta i galerija.", "hr"),
        ("Hrvatska je država u srednjoj Europi, na obali Jadranskog mora. Glavni grad je Zagreb. Često se čuje izreka: „Tko rano rani, dvije sreće grabi.“", "hr"),
    ])
    func iso885913(text: String, language: String) throws {
        let (guess, same, count) = try detect(text, in: "ISO-8859-13")
        #expect((100...300).contains(count))
        // windows-1257 has the same letters on the same bytes: either name gives the text.
        #expect(same && ["ISO-8859-13", "windows-1257"].contains(guess?.encoding ?? "-"), "\(String(describing: guess))")
        #expect(guess?.language == language)
    }

    /// A few Lithuanian letters among foreign names and dates: the ASCII letter pairs say
    /// Lithuanian, not the Slovak of Mac Central European or the Esperanto of ISO-8859-3,
    /// which read the same bytes as other letters.
    @Test("mostly-ASCII Lithuanian in ISO-8859-4 and ISO-8859-10 decodes to its text", arguments: [
        "Johanas Sebastianas Bachas (vok. Johann Sebastian Bach, 1685 m. kovo 31 d. Eizenachas - 1750 m. liepos 28 d. Leipcigas) - vokiečių kompozitorius ir vargonininkas, baroko muzikos meistras.",
        "Rembrantas van Reinas (ol. Rembrandt van Rijn, 1606 m. liepos 15 d. Leidenas - 1669 m. spalio 4 d. Amsterdamas) - olandų tapytojas ir grafikas, baroko epochos dailininkas.",
        "Klodas Mone (pranc. Claude Monet, 1840 m. lapkricio 14 d. Paryzius - 1926 m. Giverny) - prancūzų tapytojas, impresionizmo pradininkas, piešė vandens lelijas ir Ruano katedra.",
        "Fransas Halsas (ol. Frans Hals, apie 1582 m. Antverpenas - 1666 m. rugpjucio 26 d. Harlemas, Nyderlandai) - olandų portretistas, Aukso amziaus tapytojas.",
    ])
    func lithuanianFewAccents(text: String) throws {
        for name in ["ISO-8859-4", "ISO-8859-10"] {
            let (guess, same, count) = try detect(text, in: name)
            #expect((100...300).contains(count))
            #expect(same && guess?.language == "lt", "\(name): \(String(describing: guess))")
        }
    }

    /// Mac Central European reads windows-1250's ă and â as „ and ‚, which open a quotation
    /// and never follow a letter; the Slovak-looking ASCII words must not outweigh that.
    @Test("Romanian ă at word ends is not read as Mac Central European quotes", arguments: [
        "Manual OS/2 (IBM)\nCehoslovacia, Republica federativă Cehă si Slovacă\nUzbecă (Alt",
        "Sistem APL (Dyalog)\nCehoslovacia socialistă\nTurcă (Alt",
    ])
    func romanianWordFinalBreve(text: String) throws {
        let (guess, same, _) = try detect(text, in: "windows-1250")
        #expect(same && guess?.language == "ro", "\(String(describing: guess))")
    }

    @Test("the same texts in the code pages they are usually in stay there")
    func usualCodePages() throws {
        let croatian = "Zagreb je glavni i najveći grad Republike Hrvatske. Smješten je na južnim obroncima Medvednice, uz rijeku Savu. Grad ima bogatu povijest i mnoštvo muzeja, kazališta i galerija."
        for name in ["windows-1250", "ISO-8859-2"] {
            let (guess, same, _) = try detect(croatian, in: name)
            #expect(guess?.encoding == name && same, "\(name): \(String(describing: guess))")
        }
        let korean = "서울은 한강을 끼고 있는 대한민국의 수도이며, 인구는 약 천만 명이다."
        #expect(try detect(korean, in: "EUC-KR").guess?.encoding == "EUC-KR")
        let chinese = "中華民國是位於東亞的國家，首都為臺北市。臺灣的官方語言是國語。"
        #expect(try detect(chinese, in: "Big5").guess?.encoding == "Big5")
        #expect(try detect(chinese, in: "GB18030").guess?.encoding == "GB18030")
    }
}
