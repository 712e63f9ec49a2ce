// The command line of `hedgesim advise` (CommandLine.h, AdviseArguments): syntax and ranges;
// which knobs the stack has, the setup and the family are the command's to check.
#include "CommandLineDetail.h"

#include <charconv>
#include <cmath>
#include <functional>

namespace hedge::cli::cli_detail {

namespace {

// The question's ranges (docs/advisor.md, "The question"), as adviceQuestionError() states them.
constexpr double kMaxLoad = 1.5;
constexpr int kMaxRuns = 100;
constexpr int kMaxSteps = 100;

bool readDouble(const std::string& text, double& value)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size() &&
           std::isfinite(value);
}

// A number the option's range allows, or a usage error naming the option and the range.
double numberOption(const std::string& option, const std::string& text, const std::string& range,
              const std::function<bool(double)>& allowed)
{
    double value = 0.0;
    if (!readDouble(text, value) || !allowed(value))
        usage(option, "\"" + text + "\" is not allowed (allowed " + range + ")");
    return value;
}

double loadOption(const std::string& option, const std::string& text)
{
    return numberOption(option, text, "a load > 0 and ≤ 1.5",
                  [](double v) { return v > 0.0 && v <= kMaxLoad; });
}

std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (std::size_t at = text.find(separator); at != std::string::npos;
         at = text.find(separator, from)) {
        parts.push_back(text.substr(from, at - from));
        from = at + 1;
    }
    parts.push_back(text.substr(from));
    return parts;
}

// KNOB=LO:HI[:STEPS][,log]
AdviseSearchArgument parseSearch(const std::string& text)
{
    const std::string form = "KNOB=LO:HI[:STEPS][,log], e.g. hedge.delay_ms=5:60:12,log";
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        usage("--search", "\"" + text + "\" is not " + form);
    AdviseSearchArgument s;
    s.field = text.substr(0, eq);
    std::string range = text.substr(eq + 1);
    if (range.ends_with(",log")) {
        s.log = true;
        range.resize(range.size() - 4);
    }
    const std::vector<std::string> parts = split(range, ':');
    if (parts.size() < 2 || parts.size() > 3)
        usage("--search", "\"" + text + "\" is not " + form);
    const std::string option = "--search " + s.field;
    s.from = numberOption(option, parts[0], "a finite number", [](double) { return true; });
    s.to = numberOption(option, parts[1], "a number ≥ LO (" + parts[0] + ")",
                  [&s](double v) { return v >= s.from; });
    if (parts.size() == 3)
        s.steps = int(numberOption(option, parts[2], "STEPS 1 … " + std::to_string(kMaxSteps),
                             [](double v) { return v >= 1 && v <= kMaxSteps && v == std::floor(v); }));
    if (s.log && s.from <= 0.0)
        usage(option, "a log scale needs LO > 0 (got " + parts[0] + ")");
    return s;
}

void parseHold(const std::string& text, AdviseArguments& a)
{
    const std::vector<std::string> parts = split(text, ':');
    if (parts.size() != 2)
        usage("--hold", "\"" + text + "\" is not LO:HI (e.g. 0.3:0.85)");
    a.holdFrom = loadOption("--hold", parts[0]);
    a.holdTo = numberOption("--hold", parts[1], "HI ≥ LO (" + parts[0] + ") and ≤ 1.5",
                      [&a](double v) { return v >= a.holdFrom && v <= kMaxLoad; });
}

void parseHoldLoads(const std::string& text, AdviseArguments& a)
{
    for (const std::string& part : split(text, ',')) {
        const double value = loadOption("--hold-loads", part);
        if (!a.holdLoads.empty() && value <= a.holdLoads.back())
            usage("--hold-loads", "\"" + text + "\" is not allowed (loads must increase)");
        a.holdLoads.push_back(value);
    }
}

// FACTOR:LENGTH_S:RECOVER_S
void parseBurst(const std::string& text, AdviseArguments& a)
{
    const std::vector<std::string> parts = split(text, ':');
    if (parts.size() != 3)
        usage("--burst", "\"" + text + "\" is not FACTOR:LENGTH_S:RECOVER_S (e.g. 1.3:20:60)");
    a.burstFactor = numberOption("--burst", parts[0], "FACTOR > 1 and ≤ 10",
                           [](double v) { return v > 1.0 && v <= 10.0; });
    a.burstLengthS = numberOption("--burst", parts[1], "LENGTH_S > 0 and ≤ 3600",
                            [](double v) { return v > 0.0 && v <= 3600.0; });
    a.burstRecoverS = numberOption("--burst", parts[2], "RECOVER_S > 0 and ≤ 3600",
                             [](double v) { return v > 0.0 && v <= 3600.0; });
}

// "0.001" or "0.1%": a fraction of the calls.
double parseFailed(const std::string& text)
{
    const bool percent = text.ends_with('%');
    const std::string digits = percent ? text.substr(0, text.size() - 1) : text;
    const double value = numberOption("--max-failed", digits, "a fraction 0 … 1, or 0 … 100 %",
                                [percent](double v) { return v >= 0.0 && v <= (percent ? 100.0 : 1.0); });
    return percent ? value / 100.0 : value;
}

void checkAdvise(const CommandLine& cl)
{
    const AdviseArguments& a = cl.advise;
    if (cl.input.empty())
        usage("advise", "missing SCENARIO.json");
    if (a.targetLoad <= 0.0)
        usage("--target-load", "missing (the load where the tail is judged, > 0 and ≤ 1.5)");
    if (a.holdTo <= 0.0 && a.holdLoads.empty())
        usage("--hold", "missing (the loads the setting must live with: --hold LO:HI or "
                        "--hold-loads a,b,c)");
    if (a.holdTo > 0.0 && !a.holdLoads.empty())
        usage("--hold-loads", "takes the place of --hold; give one of them");
    if (a.maxRpc <= 0.0)
        usage("--max-rpc", "missing (requests per call allowed at the target, ≥ 1)");
    if (a.family == "all" && !a.search.empty())
        usage("--search", "names one family's knobs; with --family all each family searches "
                          "its own defaults");
}

// One option of advise's own; false when `arg` is not one.
bool parseAdviseOption(const std::string& arg, OptionValue& option, AdviseArguments& a)
{
    const auto value = [&](const char* what) { return option.take(arg, what); };
    const auto once = [&](bool given) {
        if (given)
            usage(arg, "given twice");
    };
    if (arg == "--setup") {
        once(!a.setup.empty());
        a.setup = value("needs a setup's name");
        if (a.setup.empty())
            usage(arg, "needs a setup's name");
    } else if (arg == "--family") {
        once(!a.family.empty());
        a.family = value("needs a family (grpc, envoy, … or all)");
        if (a.family.empty())
            usage(arg, "needs a family (grpc, envoy, … or all)");
    } else if (arg == "--search") {
        a.search.push_back(parseSearch(value("needs KNOB=LO:HI[:STEPS][,log]")));
    } else if (arg == "--target-load") {
        once(a.targetLoad > 0);
        a.targetLoad = numberOption(arg, value("needs a load"), "a load > 0 and ≤ 1.5",
                              [](double v) { return v > 0.0 && v <= kMaxLoad; });
    } else if (arg == "--hold") {
        once(a.holdTo > 0);
        parseHold(value("needs LO:HI"), a);
    } else if (arg == "--hold-loads") {
        once(!a.holdLoads.empty());
        parseHoldLoads(value("needs loads a,b,c"), a);
    } else if (arg == "--max-rpc" || arg == "--max-rpc-held") {
        double& target = arg == "--max-rpc" ? a.maxRpc : a.maxRpcHeld;
        once(target > 0);
        target = numberOption(arg, value("needs a number"), "a number ≥ 1",
                        [](double v) { return v >= 1.0; });
    } else if (arg == "--max-failed") {
        once(a.maxFailed.has_value());
        a.maxFailed = parseFailed(value("needs a fraction"));
    } else if (arg == "--runs") {
        once(a.runs > 0);
        a.runs = int(numberOption(arg, value("needs a number"), "1 … " + std::to_string(kMaxRuns),
                            [](double v) { return v >= 1 && v <= kMaxRuns && v == std::floor(v); }));
    } else if (arg == "--burst") {
        once(a.burstFactor.has_value());
        parseBurst(value("needs FACTOR:LENGTH_S:RECOVER_S"), a);
    } else if (arg == "--objective") {
        once(!a.objective.empty());
        a.objective = value("needs p50, p99 or p99.9");
        if (a.objective != "p50" && a.objective != "p99" && a.objective != "p99.9")
            usage(arg, "\"" + a.objective + "\" is not allowed (allowed p50, p99, p99.9)");
    } else if (arg == "--why-not") {
        a.whyNot = true;
    } else {
        return false;
    }
    return true;
}

} // namespace

// advise SCENARIO --target-load L --hold LO:HI --max-rpc R [options] (docs/advisor.md).
CommandLine parseAdviseCommandLine(const std::vector<std::string>& args)
{
    CommandLine cl;
    cl.command = Command::Advise;
    bool threadsSeen = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        if (parseAdviseOption(arg, option, cl.advise))
            continue;
        if (arg == "-o" || arg == "--output") {
            option.fill("-o", cl.jsonOutput);
        } else if (arg == "--threads" || arg == "-j") {
            if (threadsSeen)
                usage("--threads", "given twice");
            threadsSeen = true;
            cl.threads = parseThreads(option.take("--threads", "needs a number"));
        } else if (arg == "--quiet" || arg == "-q") {
            cl.quiet = true;
        } else if (arg == "--help" || arg == "-h") {
            return CommandLine{};
        } else if (isOption(arg)) {
            usage(arg, "unknown option");
        } else if (!cl.input.empty()) {
            usage("advise", "takes one scenario file; \"" + arg + "\" is one too many");
        } else {
            cl.input = arg;
        }
    }
    checkAdvise(cl);
    return cl;
}

} // namespace hedge::cli::cli_detail
