import ICUKit
import Testing

/// The close-pair stage: a paragraph of each close language (written for these tests, not
/// program-message text) is recognized as itself, and a text without a telling word says it
/// is ambiguous.
@Suite("LanguageRecognizer close pairs")
struct ClosePairTests {
    let recognizer = LanguageRecognizer()

    static let paragraphs: [(String, String)] = [
        ("hr", "Tko želi doći na sastanak sljedeći tjedan, neka se javi do petka. Cijeli dio posla je gotov, a tisuću primjera smo spremili u mapu na računalu. Također vrijedi provjeriti postavke prije nego što odaberete novu datoteku."),
        ("sr-Latn", "Ko želi da dođe na sastanak sledeće nedelje, neka se javi do petka. Ceo deo posla je završen, a hiljadu primera smo sačuvali u fasciklu na računaru. Takođe treba proveriti podešavanja pre nego što izaberete novu datoteku."),
        ("bs", "Ko želi doći na sastanak sljedeće sedmice, neka se javi do petka. Cijeli dio posla je završen, a hiljadu primjera smo sačuvali u fasciklu na računaru. Također treba provjeriti historiju prije nego što izaberete novu datoteku."),
        ("id", "Anda bisa menyimpan berkas ini di folder mana saja karena pengaturan sudah diperbarui. Jika Anda tidak mau menghapus akun, silakan tutup jendela ini dan masukkan kata sandi yang baru."),
        ("ms", "Anda boleh menyimpan fail ini di mana-mana folder kerana tetapan telah dikemaskini. Jika anda tidak mahu memadam akaun, sila tutup tetingkap ini dan masukkan kata laluan yang baharu."),
        ("es", "Este archivo no se puede abrir porque el usuario no tiene permiso para leerlo. También hay otro documento nuevo en la carpeta, y todos los cambios se guardan desde ahora de forma automática."),
        ("ast", "Esti ficheru nun se pue abrir porque l'usuariu nun tien permisu pa lleelu. Tamién hai otru documentu nuevu na carpeta, y tolos cambeos guárdense dende agora de mou automáticu."),
        ("pt", "Não foi possível abrir o arquivo porque você não tem permissão para o ler. Também já existe uma nova configuração na pasta, e todas as alterações são guardadas automaticamente."),
        ("gl", "Non foi posible abrir o ficheiro porque non ten permiso para lelo. Tamén xa existe unha nova configuración no cartafol, e todos os cambios gárdanse automaticamente."),
        ("da", "Jeg kan ikke åbne filen, fordi den er blevet slettet af en anden bruger. Vælg en ny mappe i indstillingerne, og gem ændringerne, før du lukker vinduet. Sikkerheden er vigtig for mig."),
        ("nb", "Jeg kan ikke åpne filen, fordi den er blitt slettet av en annen bruker. Velg en ny mappe i innstillingene, og lagre endringene før du lukker vinduet. Sikkerheten er viktig for meg."),
        ("nn", "Eg kan ikkje opne fila, fordi ho er sletta av ein annan brukar. Vel ei ny mappe i innstillingane, og lagre endringane før du lukkar vindauget. Tryggleiken er viktig for meg."),
    ]

    @Test("a paragraph of each close language", arguments: paragraphs)
    func paragraph(_ sample: (String, String)) {
        #expect(recognizer.dominantLanguage(of: sample.1)?.bcp47 == sample.0)
    }

    @Test("a long text of a close language is read to the end")
    func longText() {
        // Twenty paragraphs: the early stop would otherwise settle on the first pieces.
        for (code, text) in Self.paragraphs {
            let long = Array(repeating: text, count: 20).joined(separator: " ")
            #expect(recognizer.dominantLanguage(of: long)?.bcp47 == code)
        }
    }

    @Test("a text with no telling word leaves the pair ambiguous")
    func ambiguous() {
        let hypotheses = recognizer.hypotheses(for: "Dobar dan", maximum: 2)
        #expect(hypotheses.count == 2)
        #expect((hypotheses.first?.probability ?? 1) < 0.9)
    }
}
