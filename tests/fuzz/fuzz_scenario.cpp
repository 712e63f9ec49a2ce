// libFuzzer target over the scenario parser and validator (tests/fuzz/README in
// docs/HARDENING.md). A ScenarioError is the parser's one expected answer to bad input;
// any other exception, a crash, a sanitizer report or a hang is a bug. A scenario that is
// accepted must survive its own file form: write it, parse it again, get the same scenario.
#include <hedge/io/ScenarioJson.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void bug(const char* what, const std::string& detail)
{
    std::fprintf(stderr, "fuzz_scenario: %s: %s\n", what, detail.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    hedge::Scenario scenario;
    try {
        scenario = hedge::parseScenarioJson(text);
    } catch (const hedge::ScenarioError&) {
        return 0; // rejected with a message: the expected answer to bad input
    }
    // Anything else escapes and libFuzzer reports it as a crash (uncaught exception).

    const std::string written = hedge::writeScenarioJson(scenario);
    hedge::Scenario again;
    try {
        again = hedge::parseScenarioJson(written);
    } catch (const hedge::ScenarioError& e) {
        bug("a written scenario does not parse", std::string(e.what()) + "\n" + written);
    }
    if (!(again == scenario))
        bug("round trip changed the scenario", written);
    if (hedge::writeScenarioJson(again) != written)
        bug("writing is not stable", written);
    return 0;
}
