#include "CommandLine.h"

#include "CommandLineDetail.h"

#include <charconv>

namespace hedge::cli {

namespace cli_detail {

std::int64_t parseCalls(const std::string& text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < kMinRealClockCalls ||
        value > kMaxRealClockCalls)
        usage("--calls", "\"" + text + "\" is not allowed (allowed " +
                             std::to_string(kMinRealClockCalls) + " … " +
                             std::to_string(kMaxRealClockCalls) + ")");
    return value;
}

int parseThreads(const std::string& text)
{
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > kMaxThreads)
        usage("--threads", "\"" + text + "\" is not allowed (allowed 0 … " +
                               std::to_string(kMaxThreads) + "; 0 = all cores)");
    return value;
}

} // namespace cli_detail

namespace {

using namespace cli_detail;

// "K/N" with 1 ≤ K ≤ N ≤ kMaxShardCount.
void parseShard(const std::string& text, CommandLine& cl)
{
    const auto bad = [&text] {
        usage("--shard", "\"" + text + "\" is not allowed (allowed K/N with 1 ≤ K ≤ N ≤ " +
                             std::to_string(kMaxShardCount) + ", e.g. 2/8)");
    };
    const auto slash = text.find('/');
    if (slash == std::string::npos)
        bad();
    const auto number = [&](std::size_t from, std::size_t to) {
        int value = 0;
        const auto [end, ec] = std::from_chars(text.data() + from, text.data() + to, value);
        if (from == to || ec != std::errc() || end != text.data() + to)
            bad();
        return value;
    };
    cl.shardIndex = number(0, slash);
    cl.shardCount = number(slash + 1, text.size());
    if (cl.shardCount < 1 || cl.shardCount > kMaxShardCount || cl.shardIndex < 1 ||
        cl.shardIndex > cl.shardCount)
        bad();
}

// What run, load, confirm and merge need once every argument is read.
void checkRun(const CommandLine& cl, const std::string& name)
{
    const bool merge = cl.command == Command::Merge;
    if (merge && cl.parts.empty())
        usage("merge", "missing PART.json files");
    if (merge && cl.jsonOutput.empty() && cl.csvOutput.empty())
        usage("merge", "needs -o RESULTS.json or --csv RESULTS.csv");
    if (!merge && cl.input.empty())
        usage(name, "missing SCENARIO.json");
    if (cl.command == Command::Load && cl.target.empty())
        usage("--target",
              "load needs the URL of the service to load (e.g. http://127.0.0.1:8080/)");
    if (!cl.measured.empty() && (!cl.target.empty() || !cl.healthOutput.empty()))
        usage("--measured", "reads points measured elsewhere: --target and --health do not apply");
    if (!cl.target.empty()) {
        if (!cl.target.starts_with("http://") || cl.target.size() <= 7)
            usage("--target",
                  "\"" + cl.target + "\" is not an http:// URL (https is not supported)");
    }
}

// run, load, confirm, and merge (which takes part files instead of a scenario, and no
// --threads/--shard).
CommandLine parseRun(const std::vector<std::string>& args, Command command = Command::Run)
{
    CommandLine cl;
    cl.command = command;
    const bool realClock = command == Command::Load || command == Command::Confirm;
    const std::string name = command == Command::Load       ? "load"
                             : command == Command::Confirm  ? "confirm"
                             : command == Command::Timeline ? "timeline"
                                                            : "run";
    const bool merge = command == Command::Merge;
    bool threadsSeen = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        if (arg == "-o" || arg == "--output") {
            option.fill("-o", cl.jsonOutput);
        } else if (arg == "--csv") {
            option.fill("--csv", cl.csvOutput);
        } else if (realClock && arg == "--target") {
            option.fill("--target", cl.target);
        } else if (realClock && arg == "--health") {
            option.fill("--health", cl.healthOutput);
        } else if (command == Command::Confirm && arg == "--measured") {
            option.fill("--measured", cl.measured);
        } else if (realClock && arg == "--calls") {
            std::string text;
            option.fill("--calls", text);
            cl.calls = parseCalls(text);
        } else if (arg == "--shard" && command == Command::Run) {
            if (cl.shardCount != 0)
                usage("--shard", "given twice");
            parseShard(option.take("--shard", "needs K/N"), cl);
        } else if (!realClock && !merge && (arg == "--threads" || arg == "-j")) {
            if (threadsSeen)
                usage("--threads", "given twice");
            threadsSeen = true;
            cl.threads = parseThreads(option.take("--threads", "needs a number"));
        } else if (arg == "--full-collapsed-runs" && command == Command::Run) {
            if (option.hasValue)
                usage(arg, "takes no value");
            cl.fullCollapsedRuns = true;
        } else if (arg == "--quiet" || arg == "-q") {
            if (option.hasValue)
                usage(arg, "takes no value");
            cl.quiet = true;
        } else if (arg == "--help" || arg == "-h") {
            return CommandLine{};
        } else if (isOption(arg)) {
            usage(arg, "unknown option");
        } else if (merge) {
            cl.parts.push_back(arg);
        } else if (cl.input.empty()) {
            cl.input = arg;
        } else {
            usage(name, "takes one scenario file; \"" + arg + "\" is one too many");
        }
    }
    checkRun(cl, name);
    return cl;
}

CommandLine parseOne(Command command, const char* name, const char* what,
                     const std::vector<std::string>& args)
{
    CommandLine cl;
    cl.command = command;
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h")
            return CommandLine{};
        if (command == Command::Preset && (arg == "--list" || arg == "-l")) {
            cl.command = Command::PresetList;
            continue;
        }
        if (isOption(arg))
            usage(arg, "unknown option");
        if (!cl.input.empty())
            usage(name, std::string("takes one ") + what + "; \"" + arg + "\" is one too many");
        cl.input = arg;
    }
    if (cl.command == Command::PresetList) {
        if (!cl.input.empty())
            usage("preset", "--list takes no name");
        return cl;
    }
    if (cl.input.empty())
        usage(name, std::string("missing ") + what);
    return cl;
}

// policy export SCENARIO --setup NAME [--as FAMILY] [-o FILE];
// policy import FILE [--format grpc|envoy] [--name NAME].
CommandLine parsePolicy(const std::vector<std::string>& args)
{
    if (args.empty() || (args[0] != "export" && args[0] != "import"))
        usage("policy", args.empty() ? "missing export or import"
                                     : "\"" + args[0] + "\" is not export or import");
    CommandLine cl;
    const bool exporting = args[0] == "export";
    cl.command = exporting ? Command::PolicyExport : Command::PolicyImport;
    const std::string name = exporting ? "policy export" : "policy import";
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        const auto value = [&](const char* option_, std::string& target, const char* what) {
            if (!target.empty())
                usage(option_, "given twice");
            target = option.take(option_, what);
            if (target.empty())
                usage(option_, what);
        };
        if (exporting && (arg == "-o" || arg == "--output"))
            option.fill("-o", cl.jsonOutput);
        else if (exporting && arg == "--setup")
            value("--setup", cl.setupName, "needs a setup's name");
        else if (exporting && arg == "--as")
            value("--as", cl.policyFormat, "needs a family (grpc, envoy, polly, ...)");
        else if (!exporting && arg == "--format")
            value("--format", cl.policyFormat, "needs grpc or envoy");
        else if (!exporting && arg == "--name")
            value("--name", cl.importName, "needs a name");
        else if (arg == "--help" || arg == "-h")
            return CommandLine{};
        else if (isOption(arg))
            usage(arg, "unknown option");
        else if (!cl.input.empty())
            usage(name, "takes one file; \"" + arg + "\" is one too many");
        else
            cl.input = arg;
    }
    if (cl.input.empty())
        usage(name, exporting ? "missing SCENARIO.json" : "missing FILE");
    if (exporting && cl.setupName.empty())
        usage(name, "needs --setup NAME (the setup to export)");
    if (!exporting && !cl.policyFormat.empty() && cl.policyFormat != "grpc" &&
        cl.policyFormat != "envoy")
        usage("--format", "\"" + cl.policyFormat + "\" is not allowed (allowed grpc, envoy)");
    return cl;
}

// lesson export FILE --html OUT [--pdf OUT] [--student] [--threads N] (docs/lessons.md,
// "Handouts").
CommandLine parseLessonExport(const std::vector<std::string>& args)
{
    CommandLine cl;
    cl.command = Command::LessonExport;
    bool threadsSeen = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        if (arg == "--threads" || arg == "-j") {
            if (threadsSeen)
                usage("--threads", "given twice");
            threadsSeen = true;
            cl.threads = parseThreads(option.take("--threads", "needs a number"));
        } else if (arg == "--html" || arg == "--pdf") {
            std::string& out = arg == "--html" ? cl.handoutHtml : cl.handoutPdf;
            if (!out.empty())
                usage(arg, "given twice");
            out = option.take(arg, "needs a file");
        } else if (arg == "--student") {
            cl.handoutStudent = true;
        } else if (arg == "--teacher") {
            cl.handoutStudent = false;
        } else if (arg == "--help" || arg == "-h") {
            return CommandLine{};
        } else if (isOption(arg)) {
            usage(arg, "unknown option");
        } else if (!cl.input.empty()) {
            usage("lesson export", "one LESSON.json at a time (\"" + arg + "\" is a second)");
        } else {
            cl.input = arg;
        }
    }
    if (cl.input.empty())
        usage("lesson export", "missing LESSON.json");
    if (cl.handoutHtml.empty() && cl.handoutPdf.empty())
        usage("lesson export", "needs --html OUT.html or --pdf OUT.pdf");
    return cl;
}

// lesson check FILE... [--threads N] (docs/lessons.md, "Checking a lesson").
CommandLine parseLesson(const std::vector<std::string>& args)
{
    if (!args.empty() && args[0] == "export")
        return parseLessonExport(args);
    if (args.empty() || args[0] != "check")
        usage("lesson", args.empty() ? "missing check or export"
                                     : "\"" + args[0] + "\" is not check or export");
    CommandLine cl;
    cl.command = Command::LessonCheck;
    bool threadsSeen = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string arg;
        OptionValue option = optionAt(args, i, arg);
        if (arg == "--threads" || arg == "-j") {
            if (threadsSeen)
                usage("--threads", "given twice");
            threadsSeen = true;
            cl.threads = parseThreads(option.take("--threads", "needs a number"));
        } else if (arg == "--help" || arg == "-h") {
            return CommandLine{};
        } else if (isOption(arg)) {
            usage(arg, "unknown option");
        } else {
            cl.parts.push_back(arg);
        }
    }
    if (cl.parts.empty())
        usage("lesson check", "missing LESSON.json files");
    return cl;
}

} // namespace

CommandLine parseCommandLine(const std::vector<std::string>& args)
{
    if (args.empty())
        usage("hedgesim", "missing command");
    const std::string& first = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (first == "--help" || first == "-h" || first == "help") {
        if (!rest.empty() && first != "help")
            usage(first, "takes no arguments");
        return CommandLine{};
    }
    if (first == "--version" || first == "-v" || first == "-V") {
        if (!rest.empty())
            usage(first, "takes no arguments");
        CommandLine cl;
        cl.command = Command::Version;
        return cl;
    }
    if (first == "run")
        return parseRun(rest);
    if (first == "timeline")
        return parseRun(rest, Command::Timeline);
    if (first == "load")
        return parseRun(rest, Command::Load);
    if (first == "confirm")
        return parseRun(rest, Command::Confirm);
    if (first == "merge")
        return parseRun(rest, Command::Merge);
    if (first == "preset")
        return parseOne(Command::Preset, "preset", "preset NAME (or --list)", rest);
    if (first == "validate")
        return parseOne(Command::Validate, "validate", "scenario FILE", rest);
    if (first == "policy")
        return parsePolicy(rest);
    if (first == "service")
        return cli_detail::parseServiceCommandLine(rest);
    if (first == "lesson")
        return parseLesson(rest);
    if (first == "advise")
        return cli_detail::parseAdviseCommandLine(rest);
    if (isOption(first))
        usage(first, "unknown option");
    usage(first,
          "unknown command (commands: run, timeline, advise, load, confirm, merge, preset, "
          "validate, policy, service, lesson)");
}

namespace {

// The commands and their options, one a line.
std::string synopsisText()
{
    return "Usage:\n"
           "  hedgesim run SCENARIO.json [-o RESULTS.json] [--csv RESULTS.csv] [--threads N] "
           "[--quiet]\n"
           "               [--shard K/N] [--full-collapsed-runs]\n"
           "  hedgesim merge PART.json... -o RESULTS.json [--csv RESULTS.csv] [--quiet]\n"
           "  hedgesim timeline SCENARIO.json [-o TIMELINE.json] [--csv TIMELINE.csv] [--threads "
           "N]\n"
           "                [--quiet]\n"
           "  hedgesim advise SCENARIO.json --target-load L --hold LO:HI --max-rpc R\n"
           "                [--setup NAME] [--family F|all]\n"
           "                [--search KNOB=LO:HI[:STEPS][,log]]... [--hold-loads a,b,c]\n"
           "                [--max-rpc-held R] [--max-failed F] [--runs N]\n"
           "                [--burst FACTOR:LENGTH_S:RECOVER_S] [--objective p50|p99|p99.9]\n"
           "                [--why-not] [--threads N] [-o ADVICE.json] [--quiet]\n"
           "  hedgesim load SCENARIO.json --target URL [--calls N] [-o RESULTS.json]\n"
           "                [--csv RESULTS.csv] [--health HEALTH.json] [--quiet]\n"
           "  hedgesim confirm SCENARIO.json [--target URL] [--calls N] [-o MEASURED.json]\n"
           "                [--csv COMPARISON.csv] [--health HEALTH.json] [--quiet]\n"
           "  hedgesim confirm SCENARIO.json --measured RESULTS.json [--csv COMPARISON.csv]\n"
           "  hedgesim preset NAME        print a preset scenario (JSON) on standard output\n"
           "  hedgesim preset --list      list the presets\n"
           "  hedgesim validate FILE      check a scenario file (silent when it is valid)\n"
           "  hedgesim policy export SCENARIO.json --setup NAME [--as FAMILY] [-o FILE]\n"
           "  hedgesim policy import FILE [--format grpc|envoy] [--name NAME]\n"
           "  hedgesim service fit FILE [--format csv|hdrhistogram_log|prometheus]\n"
           "                [--column C] [--metric M] [--unit ms|s|us] [--at-utilisation U]\n"
           "                [--workers N] [--calls N] [-o SERVICE.json] [--quiet]\n"
           "  hedgesim service fit --p50 X --p99 X [--p90 X] [--p999 X] [--max X] [--unit U]\n"
           "                [--at-utilisation U] [--workers N] [--calls N] [-o SERVICE.json]\n"
           "  hedgesim lesson check LESSON.json... [--threads N]\n"
           "  hedgesim lesson export LESSON.json --html OUT.html [--pdf OUT.pdf] [--student]\n"
           "                [--threads N]\n"
           "  hedgesim --help | --version\n"
           "\n"
           "Simulates every (setup, load) point of a scenario (hedged calls to a shared\n"
           "service) and prints p99, p99.9, requests per call, rejected %, utilisation and\n"
           "collapses as a table.\n"
           "\n";
}

// What the commands do: their options and what they print.
std::string commandsText()
{
    return "run options:\n"
           "  -o, --output FILE   write the results as JSON (hedge-explorer/results@1)\n"
           "      --csv FILE      write the results as CSV, one row a point\n"
           "  -j, --threads N     worker threads, 0 … 256 (default 0: all cores); the\n"
           "                      numbers do not depend on it\n"
           "  -q, --quiet         print no table and no progress\n"
           "      --shard K/N     run only the K-th of N disjoint, balanced parts of the\n"
           "                      points (1 ≤ K ≤ N); -o then writes a part for merge\n"
           "      --full-collapsed-runs  run every collapsed point to its last call; by\n"
           "                      default a point stops once its collapse is proved: the\n"
           "                      verdict is the same, its other figures are of the calls\n"
           "                      measured until then (docs/model.md, \"Stopping early\")\n"
           "merge joins the parts 1 … N of one sharded run into the results a single run\n"
           "writes, bit for bit; parts of another run, overlapping or missing are refused.\n"
           "\n"
           "advise searches a stack's knobs on the scenario's service (docs/advisor.md):\n"
           "the stack is --setup NAME (default: the first setup with a hedge), as --family F\n"
           "if given (its cancellation kept, the family's defaults for its knobs); --search\n"
           "names the knobs and ranges (default: the family's delay, attempts and budget;\n"
           "STEPS default to the knob's). It holds --hold LO:HI (LO, HI, the target and the\n"
           "point between the target and HI) or --hold-loads, judges the tail (--objective,\n"
           "default p99) at --target-load, allows --max-rpc requests per call there,\n"
           "--max-rpc-held at every held load, --max-failed failed or rejected calls (a\n"
           "fraction or N%, default 0.001), no collapse in --runs runs (default 10), and\n"
           "--burst: back from the target × FACTOR for LENGTH_S within RECOVER_S. Prints the\n"
           "question, no hedge, the rule of thumb and the advice at every held load with\n"
           "their spread, the summary, the front and the candidates dropped (--why-not: each\n"
           "one and why); -o writes it all as JSON. --family all compares every family.\n"
           "Exit 3 when no setting keeps every limit (the tightest is named).\n"
           "\n"
           "load: open-loop Poisson calls at each load of the scenario, hedged by each setup\n"
           "through the engine's HedgedCaller, as real HTTP GETs to URL; latency from each\n"
           "call's intended start. Prints the figures and the generator's health (achieved\n"
           "rate, timer lateness, client queueing). Hedging adds load to the target. A\n"
           "setup's deadline and retries hold on the real calls (goodput, timed out).\n"
           "confirm: the same on real clocks against hedge-service started on 127.0.0.1\n"
           "(one per cancellation mode; or --target), and the simulation of the same\n"
           "scenario, side by side with the relative differences.\n"
           "      --target URL    the HTTP endpoint to call (GET)\n"
           "      --calls N       calls per point, " +
           std::to_string(kMinRealClockCalls) + " … " + std::to_string(kMaxRealClockCalls) +
           " (default: the scenario's; they take\n"
           "                      calls / rate seconds of real time)\n"
           "      --health FILE   write the generator's health per point as JSON\n"
           "      --csv FILE      (confirm) real and simulated figures side by side\n"
           "      --measured FILE (confirm) a results file measured elsewhere (the grpc-js\n"
           "                      run, tools/grpc-js/run.js): compared, nothing run\n"
           "\n"
           "policy export prints the setup NAME's policy as its stack's own configuration:\n"
           "gRPC service config JSON, Envoy v3 route and cluster YAML, Polly C#, Finagle\n"
           "Scala, Tower Rust, Murphy Delphi, resilience4cata Java. --as another family\n"
           "works only where the rules are the same (a resilience4cata setup without a\n"
           "budget as polly or murphy). What the model does not cover is in the text's\n"
           "comment (gRPC's JSON has none: it goes to standard error).\n"
           "policy import reads a gRPC service config (JSON) or an Envoy route and cluster\n"
           "(YAML; --format when the content does not say) and prints the setup as a\n"
           "scenario file's setups entry; the fields the model does not cover are listed on\n"
           "standard error. See docs/policies.md, \"Export and import\".\n"
           "\n"
           "service fit builds a service-time table from measured latencies: a CSV of\n"
           "samples (--column), an HdrHistogram interval log, a Prometheus histogram\n"
           "(--metric; --format when the file's name does not say), or a dashboard's\n"
           "percentiles (--p50 ... --max, in --unit). With --at-utilisation U the latencies\n"
           "are response times measured at utilisation U: the table is calibrated until the\n"
           "simulated response times at U (no hedging, --workers per replica, default 16,\n"
           "--calls per round, default 200000) match p50, p90, p99 and p99.9 within 2 %.\n"
           "Prints the fit (measured, service time, simulated response, residual) and the\n"
           "import's notes; -o writes the scenario's \"service\" object with the table.\n"
           "See docs/service-data.md.\n"
           "A bad file: \"FILE:LINE: problem\" on standard error, exit 2.\n"
           "\n"
           "lesson check runs every step of each lesson (resources/lessons/*.json) and\n"
           "prints its callout with the run's figures and whether each condition holds;\n"
           "exit 1 when one does not, 2 for a file that is not a valid lesson (\"FILE:LINE: FIELD:\n"
           "problem\"). See docs/lessons.md.\n"
           "\n"
           "lesson export runs every step of a lesson and writes its handout: one\n"
           "self-contained HTML file (charts as inline SVG, nothing fetched) and/or a PDF,\n"
           "each step's chart, its sentence with the run's figures, its question with the\n"
           "answer (--student: room to write instead) and each exercise's goal. See\n"
           "docs/lessons.md, \"Handouts\".\n"
           "\n"
           "SCENARIO.json may be - for standard input, e.g.\n"
           "  hedgesim preset collapse | hedgesim run - -o collapse.json\n"
           "Files are written whole or not at all.\n"
           "\n"
           "Exit status: 0 success; 2 invalid input or usage (\"FIELD: problem\" on standard\n"
           "error, no file written); 1 internal failure; 3 (advise) no setting keeps every\n"
           "limit.\n"
           "\n"
           "The model, the file formats and the tools are described in\n"
           "/usr/share/doc/hedge-explorer/ (model.md, scenario.md, timeline.md, maps.md,\n"
           "realclock.md, policies.md, service-data.md, lessons.md, advisor.md; docs/ in the\n"
           "source\n"
           "tree) and in\n"
           "man hedgesim.\n";
}

} // namespace

std::string usageText()
{
    return synopsisText() + commandsText();
}

} // namespace hedge::cli
