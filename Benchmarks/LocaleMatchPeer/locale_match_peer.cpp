// The peer of ICUKit's LocaleMatcher benchmark: ICU's own C++ icu::LocaleMatcher (ICU 72).
//
// Reads workload.txt (line 1: the 100 available locales; then one preferred list per line),
// builds one matcher, then times best-match lookups over the preferred lists, cycling,
// the same way LocaleMatchTiming does for ICUKit:
//   tags     the preferred tags are parsed each time (icu::Locale(tag)), as ICUKit's
//            match([String]) parses them;
//   locales  pre-built icu::Locale objects (ICU's cheapest path);
//   distance as tags, plus the distance of the match (internalMatch on the matched pair):
//            what a shim must do to answer ICUKit's LocaleMatcher.Match, which carries
//            the distance that icu::LocaleMatcher::Result does not.
// Also times building the matcher. Prints one line per measurement, microseconds.
//
//   g++ -O2 -std=c++17 locale_match_peer.cpp -o /tmp/locale_match_peer \
//       $(pkg-config --cflags --libs icu-i18n icu-uc) && /tmp/locale_match_peer workload.txt
#include <unicode/localematcher.h>
#include <unicode/locid.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static std::vector<std::string> split(const std::string &line) {
    std::vector<std::string> tags;
    std::stringstream stream(line);
    std::string tag;
    while (std::getline(stream, tag, ',')) {
        size_t start = tag.find_first_not_of(' ');
        size_t end = tag.find_last_not_of(' ');
        if (start != std::string::npos) tags.push_back(tag.substr(start, end - start + 1));
    }
    return tags;
}

int main(int argc, char **argv) {
    std::ifstream file(argc > 1 ? argv[1] : "workload.txt");
    // argv[2]: all (default), or only one of build, tags, locales, distance, none (for instruction
    // counts with perf stat: subtract "none" and divide by the operation count).
    std::string mode = argc > 2 ? argv[2] : "all";
    // argv[3]: how many builds or matches (per pass) instead of 2000 and 200000.
    int count = argc > 3 ? std::atoi(argv[3]) : 0;
    std::string line;
    std::getline(file, line);
    std::vector<icu::Locale> available;
    for (const auto &tag : split(line)) available.emplace_back(tag.c_str());
    std::vector<std::vector<std::string>> preferred;
    std::vector<std::vector<icu::Locale>> preferredLocales;
    while (std::getline(file, line)) {
        if (line.empty()) continue;
        preferred.push_back(split(line));
        std::vector<icu::Locale> locales;
        for (const auto &tag : preferred.back()) locales.emplace_back(tag.c_str());
        preferredLocales.push_back(locales);
    }
    using clock = std::chrono::steady_clock;
    UErrorCode status = U_ZERO_ERROR;

    auto build = [&]() {
        icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> it(available.begin(), available.end());
        return icu::LocaleMatcher::Builder().setSupportedLocales(it).build(status);
    };
    { auto warm = build(); }
    const int builds = mode == "all" || mode == "build" ? (count ? count : 2000) : 0;
    auto t0 = clock::now();
    for (int i = 0; i < builds; ++i) { auto matcher = build(); }
    double buildMicros = std::chrono::duration<double, std::micro>(clock::now() - t0).count() / (builds ? builds : 1);

    icu::LocaleMatcher matcher = build();
    const int matches = count ? count : 200000;
    long checksum = 0;
    for (int pass = 0; pass < 2 && (mode == "all" || mode == "tags"); ++pass) {  // pass 0 warms up
        t0 = clock::now();
        for (int i = 0; i < matches; ++i) {
            const auto &tags = preferred[i % preferred.size()];
            std::vector<icu::Locale> locales;
            locales.reserve(tags.size());
            for (const auto &tag : tags) locales.emplace_back(tag.c_str());
            icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> it(locales.begin(), locales.end());
            checksum += matcher.getBestMatchResult(it, status).getSupportedIndex();
        }
    }
    double tagMicros = std::chrono::duration<double, std::micro>(clock::now() - t0).count() / matches;

    for (int pass = 0; pass < 2 && (mode == "all" || mode == "locales"); ++pass) {
        t0 = clock::now();
        for (int i = 0; i < matches; ++i) {
            const auto &locales = preferredLocales[i % preferredLocales.size()];
            icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> it(locales.begin(), locales.end());
            checksum += matcher.getBestMatchResult(it, status).getSupportedIndex();
        }
    }
    double localeMicros = std::chrono::duration<double, std::micro>(clock::now() - t0).count() / matches;

    double distanceSum = 0;
    for (int pass = 0; pass < 2 && (mode == "all" || mode == "distance"); ++pass) {
        t0 = clock::now();
        for (int i = 0; i < matches; ++i) {
            const auto &tags = preferred[i % preferred.size()];
            std::vector<icu::Locale> locales;
            locales.reserve(tags.size());
            for (const auto &tag : tags) locales.emplace_back(tag.c_str());
            icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> it(locales.begin(), locales.end());
            auto result = matcher.getBestMatchResult(it, status);
            checksum += result.getSupportedIndex();
            if (result.getDesiredIndex() >= 0) {
                distanceSum += matcher.internalMatch(locales[result.getDesiredIndex()], *result.getSupportedLocale(), status);
            }
        }
    }
    double distanceMicros = std::chrono::duration<double, std::micro>(clock::now() - t0).count() / matches;
    if (U_FAILURE(status)) { std::fprintf(stderr, "ICU error %s\n", u_errorName(status)); return 70; }
    std::printf("ICU C++ LocaleMatcher (ICU %s), %zu available, %zu preferred lists (checksum %ld)\n",
                U_ICU_VERSION, available.size(), preferred.size(), checksum);
    std::printf("  build matcher          %8.2f us\n", buildMicros);
    std::printf("  match, from tags       %8.3f us\n", tagMicros);
    std::printf("  match, Locale objects  %8.3f us\n", localeMicros);
    std::printf("  match + distance       %8.3f us (sum %.3f)\n", distanceMicros, distanceSum);
    return 0;
}
