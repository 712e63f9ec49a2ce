// The command line of `hedgesim service fit` (CommandLine.h, ServiceFitArguments).
#include "CommandLineDetail.h"

#include <hedge/io/ScenarioValidation.h>

#include <charconv>
#include <cmath>
#include <utility>

namespace hedge::cli::cli_detail {

namespace {

std::string intRangeText(int lo, int hi)
{
    return std::to_string(lo) + " … " + std::to_string(hi);
}

// A number of milliseconds (or of --unit) for --p50 ... --max, or --at-utilisation's
// fraction: finite, 0 < value < hi.
double parsePositive(const std::string& option, const std::string& text, double hi,
                     const std::string& range)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value) || value <= 0.0 || value >= hi)
        usage(option, "\"" + text + "\" is not allowed (allowed " + range + ")");
    return value;
}

int parseWorkers(const std::string& text)
{
    const std::string range = intRangeText(limits::kMinWorkers, limits::kMaxWorkers);
    const double workers = parsePositive("--workers", text, limits::kMaxWorkers + 1.0, range);
    if (workers != std::floor(workers))
        usage("--workers", "\"" + text + "\" is not allowed (allowed " + range + ")");
    return int(workers);
}

// --p50, --p90, --p99, --p999, --max: the field it fills; none for another option.
double* percentileOption(ServiceFitArguments& f, const std::string& option)
{
    for (const auto& [name, field] :
         {std::pair{"--p50", &f.p50}, std::pair{"--p90", &f.p90}, std::pair{"--p99", &f.p99},
          std::pair{"--p999", &f.p999}, std::pair{"--max", &f.max}})
        if (option == name)
            return field;
    return nullptr;
}

// The arguments of service fit that are not options of its own, once all are read.
void checkServiceFit(const CommandLine& cl)
{
    const ServiceFitArguments& f = cl.fit;
    if (f.hasPercentiles()) {
        if (!cl.input.empty())
            usage("service fit", "takes FILE or --p50 ... --p999, not both");
        if (f.p50 <= 0 || f.p99 <= 0)
            usage("service fit", "a dashboard's percentiles need --p50 and --p99 at least");
        for (const auto& [option, absent] :
             {std::pair{"--format", f.format.empty()}, std::pair{"--column", f.column.empty()},
              std::pair{"--metric", f.metric.empty()}})
            if (!absent)
                usage(option, "reads a FILE; there is none with --p50 ...");
    } else if (cl.input.empty()) {
        usage("service fit", "missing FILE (or --p50 X --p99 X for a dashboard's percentiles)");
    }
}

} // namespace

// service fit FILE [--format F] [--column C] [--metric M] [--unit U] [--at-utilisation U]
// [--workers N] [--calls N] [-o SERVICE.json] [--quiet], or --p50 X ... instead of FILE.
CommandLine parseServiceCommandLine(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] != "fit")
        usage("service", args.empty() ? "missing fit" : "\"" + args[0] + "\" is not fit");
    CommandLine cl;
    cl.command = Command::ServiceFit;
    ServiceFitArguments& f = cl.fit;
    const auto latency = [](const std::string& option, const std::string& text) {
        return parsePositive(option, text, 1e12, "a latency > 0, in --unit");
    };
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        const auto text = [&](std::string& target, const char* what) {
            if (!target.empty())
                usage(arg, "given twice");
            target = option.take(arg, what);
            if (target.empty())
                usage(arg, what);
        };
        const auto number = [&](double& target, auto parse) {
            if (target > 0)
                usage(arg, "given twice");
            target = parse(arg, option.take(arg, "needs a number"));
        };
        if (arg == "-o" || arg == "--output")
            option.fill("-o", cl.jsonOutput);
        else if (arg == "--format")
            text(f.format, "needs csv, hdrhistogram_log or prometheus");
        else if (arg == "--column")
            text(f.column, "needs a column's name");
        else if (arg == "--metric")
            text(f.metric, "needs a metric's name");
        else if (arg == "--unit")
            text(f.unit, "needs ms, s or us");
        else if (arg == "--at-utilisation")
            number(f.atUtilisation, [](const std::string& o, const std::string& t) {
                return parsePositive(o, t, 1.0, "0 < U < 1");
            });
        else if (arg == "--workers") {
            if (f.workers > 0)
                usage(arg, "given twice");
            f.workers = parseWorkers(option.take(arg, "needs a number"));
        } else if (arg == "--calls") {
            if (cl.calls > 0)
                usage(arg, "given twice");
            cl.calls = parseCalls(option.take(arg, "needs a number"));
        } else if (double* percentile = percentileOption(f, arg))
            number(*percentile, latency);
        else if (arg == "--quiet" || arg == "-q")
            cl.quiet = true;
        else if (arg == "--help" || arg == "-h")
            return CommandLine{};
        else if (isOption(arg))
            usage(arg, "unknown option");
        else if (!cl.input.empty())
            usage("service fit", "takes one file; \"" + arg + "\" is one too many");
        else
            cl.input = arg;
    }
    checkServiceFit(cl);
    return cl;
}

} // namespace hedge::cli::cli_detail
