/// The words and spellings that tell close languages apart: the table of the close-pair stage
/// (see `LanguageRecognizer.rank(_:maximum:text:)`). Each entry names the languages its cues
/// mark, the weight (nats) one occurrence adds to each of them, and the cues: a whole word,
/// `-ending` (a word of five letters or more ending so), `*letter` (any word with that letter),
/// or `^Word` (the word capitalized other than at the start of a sentence). Words are as the
/// scorer reads them: letters lower-cased.
enum ClosePairCues {
    /// Groups of languages the model's n-grams and words separate poorly on their own.
    static let groups: [[String]] = [["hr", "sr-Latn", "bs"], ["id", "ms"], ["es", "ast"], ["pt", "gl"], ["da", "nb", "nn"]]

    static let table: [(languages: String, weight: Double, cues: String)] = [
        // Croatian, Serbian (Latin, ekavian), Bosnian (ijekavian, Serbian vocabulary).
        ("hr", 1.5, """
            tko tisuća tisuću tisuće tjedan tjedna tjedno tjednu kruh također točka točno točku točke \
            povijest povijesti obitelj obitelji glazba glazbe znanost sveučilište kazalište zrakoplov vlak \
            računalo računala računalu računalom izbornik izbornika izborniku odaberite odaberi spremi spremite \
            spremiti pogreška pogreške pogrešku trenutačno trenutačni opći općenito \
            tipkovnica tipkovnice vjerojatno tijekom zaporka zaporku
            """),
        ("sr-Latn bs", 1.2, """
            ko hiljada hiljadu hiljade šta takođe tačka tačno tačku tačke porodica porodice muzika muzike \
            nauka nauke univerzitet računar računara računaru izaberite izaberi sačuvaj sačuvajte sačuvati \
            obriši obrišite opšti opšte uopšte tastatura tastature fascikla fasciklu \
            fascikle nalog naloga nalogu
            """),
        ("sr-Latn", 1.5, """
            nedelja nedelje nedelju hleb vreme vremenu mesto mesta mestu reč reči uvek gde ovde \
            posle pre deo dela delu ceo cela celu celog primer primera primeri izmena izmene izmenu izmeni \
            izmenite promena promene promenu promeni promenite sledeći sledeća sledeće sledećih uspešno \
            neuspešno obaveštenje obaveštenja bezbednost bezbednosti istorija istorije verovatno videti \
            hteti razumeti direktorijum direktorijuma podešavanja podešavanje podesite lepo svet sveta \
            dete deca mleko reka belo mesec meseca meseci 
            """),
        ("hr bs", 1.2, """
            vrijeme mjesto mjesta mjestu riječ riječi uvijek gdje ovdje poslije prije dio dijela \
            dijelu cijeli cijela cijelu cijelog primjer primjera primjeri izmjena izmjene izmjenu izmijeni \
            promjena promjene promjenu promijeni promijenite uspješno neuspješno svijet svijeta dijete \
            djeca mlijeko rijeka bijelo mjesec mjeseca mjeseci vidjeti htjeti razumjeti lijepo sigurnost \
            sigurnosti sljedeći sljedeća sljedeće sljedećih
            """),
        ("bs", 1.5, """
            sedmica sedmice sedmicu hljeb historija historije historiju vjerovatno obavještenje \
            obavještenja uopće kafa
            """),
        // Indonesian and Malay.
        ("id", 1.5, """
            uang bisa sudah karena saja yaitu bahwa mau nomor akun informasi berkas hapus jendela silakan \
            perbarui pengaturan tampilkan tampilan perangkat mengunduh unduh unggah kesalahan galat \
            harus kamu saat ketika sandi valid ^anda
            """),
        ("ms", 1.5, """
            tak wang boleh kerana sahaja iaitu ialah bahawa mahu nombor akaun maklumat fail padam tetingkap \
            sila kemaskini tetapan paparan papar peranti perisian ralat mesti awak semasa \
            laluan baharu cakera pemacu pelayan
            """),
        // Spanish and Asturian.
        ("ast", 1.5, """
            ye nun pa hai tien pue puen facer fai dende agora tamién mui onde col pol coles poles esti esi \
            mesmu ficheru nuevu otru too toos toles vusté usuariu documentu nome nomes -u
            """),
        ("es", 1.2, """
            es no para hay tiene puede pueden hacer hace desde ahora también muy donde este ese mismo \
            archivo archivos fichero nuevo otro todo todos las usted usuario documento nombre nombres su sus
            """),
        // Portuguese and Galician.
        ("pt", 1.5, """
            não você vocês um uma com em pelo pela pelos pelas muito também já hoje isso quando ainda mais \
            sua seu arquivo arquivos trabalho *ç *ã *õ -agem -lho -lha
            """),
        ("gl", 1.5, """
            non un unha unhas con en polo pola polos polas moito tamén xa hoxe iso cando aínda máis súa \
            traballo -ción -cións -axe -llo -lla *ñ
            """),
        // Danish, Norwegian Bokmål and Nynorsk.
        ("da", 1.5, """
            af mig dig sig efter nu bliver blev nogle noget ud op fejl vej mellem gennem sprog hjælp \
            indstillinger vælg ændre ændring slet gem gemme åbn åben luk været blevet givet øje tak \
            -hed -heden -heder -ighed
            """),
        ("nb nn", 1.2, """
            av etter opp feil mellom gjennom språk hjelp innstillinger velg endre endring slett lagre \
            lukk vært gitt øye takk -het -heten -heter -ighet
            """),
        ("nb", 1.5, "meg deg seg nå blir ble noen noe ut hva dere"),
        ("da nb", 1.2, "jeg ikke hvis være fra også hvordan"),
        ("nn", 1.5, "eg ikkje kva korleis me dei ein eit berre noko vere frå dykk òg"),
    ]
}
