"""The benchmark's domain names: the same deterministic generator as
Benchmarks/IdentifierBenchmarks/IdentifierBenchmarks.swift (`DomainNames.generate`), so the
Python peer times the very names the Swift benchmark does."""

WORDS = ["example", "shop", "news", "mail", "cloud", "data", "web", "app", "blog", "store", "media", "tech",
         "home", "photo", "travel", "music", "game", "bank", "health", "school", "city", "food", "auto",
         "sport", "market", "online", "digital", "green", "smart", "global"]
IDN = ["bücher", "münchen", "straße", "пример", "москва", "例え", "テスト", "中国", "مثال", "한국",
       "ελλάδα", "ישראל", "भारत", "ไทย", "café", "zürich", "köln", "españa", "ñandú", "øst"]
ACE = ["xn--bcher-kva", "xn--mnchen-3ya", "xn--e1afmkfd", "xn--r8jz45g", "xn--zckzah", "xn--fiqs8s",
       "xn--mgbh0fb", "xn--3e0b707e", "xn--hxargifdar", "xn--caf-dma"]
TLDS = ["com", "org", "net", "de", "fr", "jp", "ru", "io", "co.uk", "com.au"]
MASK = (1 << 64) - 1


def generate(count):
    state = 0x2545F4914F6CDD1D
    names = []
    for _ in range(count):
        state ^= (state << 13) & MASK
        state ^= state >> 7
        state ^= (state << 17) & MASK
        r = state
        kind = r % 100
        word = WORDS[(r >> 8) % len(WORDS)]
        other = WORDS[(r >> 16) % len(WORDS)]
        tld = TLDS[(r >> 24) % len(TLDS)]
        if kind < 80:
            label = word + ("-" + other if (r >> 32) % 3 == 0 else "") + (str((r >> 40) % 100) if (r >> 48) % 4 == 0 else "")
            name = ("www." if (r >> 56) % 2 == 0 else "") + label + "." + tld
        elif kind < 85:
            name = "www." + word.capitalize() + "." + tld.upper()
        elif kind < 95:
            name = IDN[(r >> 8) % len(IDN)] + ("-" + other if (r >> 32) % 2 == 0 else "") + "." + tld
        else:
            name = ACE[(r >> 8) % len(ACE)] + "." + tld
        names.append(name)
    return names
