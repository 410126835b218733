// Answers locale-matching draws with ICU's own C++ icu::LocaleMatcher, for whichever ICU it
// is compiled and run against (Scripts/locale-match-oracle-cxx.py drives it).
// Input, one draw per line, fields separated by TAB, lists by US (0x1F):
//   available, favor, demotion, direction, default ("-" = first available, "none", or a tag),
//   maxDistance ("" or "desired<US>supported"), mode ("H" = Accept-Language header, "P" = list),
//   header or preferred list
// Output, one line per draw: "locale" (H) or "availableIndex<TAB>preferredIndex<TAB>locale" (P),
// with "null" for no locale.
#include <unicode/localematcher.h>
#include <unicode/locid.h>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using icu::Locale;

static std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream stream(text);
    while (std::getline(stream, part, separator)) parts.push_back(part);
    if (!text.empty() && text.back() == separator) parts.push_back("");
    return parts;
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> f = split(line, '\t');
        if (f.size() < 8) { std::cerr << "bad line\n"; return 65; }
        UErrorCode status = U_ZERO_ERROR;
        std::vector<Locale> available;
        for (const std::string &tag : split(f[0], '\x1f')) available.emplace_back(tag.c_str());
        icu::LocaleMatcher::Builder builder;
        builder.setSupportedLocales(available.begin(), available.end());
        builder.setFavorSubtag(f[1] == "script" ? ULOCMATCH_FAVOR_SCRIPT : ULOCMATCH_FAVOR_LANGUAGE);
        builder.setDemotionPerDesiredLocale(f[2] == "none" ? ULOCMATCH_DEMOTION_NONE : ULOCMATCH_DEMOTION_REGION);
        builder.setDirection(f[3] == "onlyTwoWay" ? ULOCMATCH_DIRECTION_ONLY_TWO_WAY : ULOCMATCH_DIRECTION_WITH_ONE_WAY);
        Locale defaultLocale(f[4].c_str());
        if (f[4] == "none") builder.setNoDefaultLocale();
        else if (f[4] != "-") builder.setDefaultLocale(&defaultLocale);
        if (!f[5].empty()) {
            std::vector<std::string> pair = split(f[5], '\x1f');
            builder.setMaxDistance(Locale(pair[0].c_str()), Locale(pair[1].c_str()));
        }
        icu::LocaleMatcher matcher = builder.build(status);
        if (U_FAILURE(status)) { std::cerr << u_errorName(status) << "\n"; return 70; }
        if (f[6] == "H") {
            const Locale *best = matcher.getBestMatchForListString(f[7], status);
            std::cout << (best == nullptr ? "null" : best->getName()) << "\n";
        } else {
            std::vector<Locale> preferred;
            for (const std::string &tag : split(f[7], '\x1f')) preferred.emplace_back(tag.c_str());
            icu::Locale::RangeIterator<std::vector<Locale>::iterator> it(preferred.begin(), preferred.end());
            icu::LocaleMatcher::Result result = matcher.getBestMatchResult(it, status);
            const Locale *supported = result.getSupportedLocale();
            std::cout << result.getSupportedIndex() << "\t" << result.getDesiredIndex() << "\t"
                      << (supported == nullptr ? "null" : supported->getName()) << "\n";
        }
        if (U_FAILURE(status)) { std::cerr << u_errorName(status) << "\n"; return 70; }
    }
    return 0;
}
