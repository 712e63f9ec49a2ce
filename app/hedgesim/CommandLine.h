// The command line of hedgesim: subcommands run / timeline / advise / merge / load / confirm / preset /
// validate / policy export / policy import / service fit / lesson check / lesson export, --help, --version.
// Plain argv parsing (no QCoreApplication): hedgesim owns its exit codes (2 for usage) and
// must not pick up Qt's own options or the user's locale.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hedge::cli {

enum class Command {
    Help,
    Version,
    Run,
    Preset,
    PresetList,
    Validate,
    Load,
    Confirm,
    Merge,
    Timeline,
    PolicyExport,
    PolicyImport,
    ServiceFit,
    LessonCheck,
    LessonExport,
    Advise
};

// hedgesim service fit: where the latencies come from and what to do with them. Checked for
// syntax and range here; the names of --format and --unit by the command.
struct ServiceFitArguments {
    std::string format; // csv, hdrhistogram_log, prometheus; empty: from the file's name
    std::string column; // csv: the column
    std::string metric; // prometheus: the histogram
    std::string unit;   // ms, s, us; empty: ms
    double atUtilisation = 0.0; // 0: no calibration
    int workers = 0;            // 0: a scenario's default
    // A dashboard's percentiles instead of a file, in --unit; 0: not given.
    double p50 = 0.0, p90 = 0.0, p99 = 0.0, p999 = 0.0, max = 0.0;

    bool hasPercentiles() const { return p50 > 0 || p90 > 0 || p99 > 0 || p999 > 0 || max > 0; }
};

// One --search KNOB=LO:HI[:STEPS][,log] as typed; the knob is checked against the stack by the
// command. steps 0: the knob's default count (and scale, unless `log`).
struct AdviseSearchArgument {
    std::string field;
    double from = 0.0;
    double to = 0.0;
    int steps = 0;
    bool log = false;
};

// hedgesim advise (docs/advisor.md): the question's parts the command line gives. Checked for
// syntax and range here; the setup, the family's name and the knobs by the command.
struct AdviseArguments {
    std::string setup;  // --setup NAME; empty: the scenario's first setup with a hedge
    std::string family; // --family F or "all"; empty: the setup's
    std::vector<AdviseSearchArgument> search;
    double targetLoad = 0.0;             // --target-load (required)
    double holdFrom = 0.0, holdTo = 0.0; // --hold LO:HI; 0: not given
    std::vector<double> holdLoads;       // --hold-loads a,b,c
    double maxRpc = 0.0;                 // --max-rpc (required)
    double maxRpcHeld = 0.0;             // --max-rpc-held; 0: no limit
    std::optional<double> maxFailed;     // --max-failed, a fraction; none: the default
    int runs = 0;                        // --runs; 0: the default
    std::optional<double> burstFactor, burstLengthS, burstRecoverS; // --burst F:L:R
    std::string objective;               // --objective; empty: p99
    bool whyNot = false;                 // --why-not: one line per rejected candidate
};

struct CommandLine {
    Command command = Command::Help;
    std::string input;      // run, validate: scenario file ("-": standard input); preset: name
    std::string jsonOutput; // run -o
    std::string csvOutput;  // run --csv
    int threads = 0;        // run --threads; 0: all cores
    bool quiet = false;     // run --quiet: no table, no progress
    bool fullCollapsedRuns = false; // run --full-collapsed-runs: no early stop
    // load, confirm (real clocks)
    std::string target;       // --target URL (load: required; confirm: instead of hedge-service)
    std::string healthOutput; // --health FILE: the generator's health as JSON
    std::string measured;     // confirm --measured RESULTS.json: points measured elsewhere
    std::int64_t calls = 0;   // --calls N per point; 0: the scenario's
    int shardIndex = 0;       // run --shard K/N: K (1-based); 0: the whole run
    int shardCount = 0;       // N
    std::vector<std::string> parts; // merge: the part files; lesson check: the lesson files
    // lesson export LESSON.json (input) --html OUT and/or --pdf OUT [--student]
    std::string handoutHtml;
    std::string handoutPdf;
    bool handoutStudent = false; // the student's version: no answers, room to write
    // policy export (input: the scenario, jsonOutput: -o) and policy import (input: the file)
    std::string setupName;    // export --setup NAME
    std::string policyFormat; // export --as FAMILY, import --format grpc|envoy; empty: its own
    std::string importName;   // import --name NAME
    // service fit FILE (input) or --p50 ...; -o SERVICE.json (jsonOutput); --calls per round
    ServiceFitArguments fit;
    // advise SCENARIO (input) ... [-o ADVICE.json] (jsonOutput) [--threads N] [--quiet]
    AdviseArguments advise;
};

// A usage error; what() is "FIELD: problem" (the field being the option or subcommand).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr int kMaxThreads = 256;
// A scenario's own bounds (hedge::limits::kMinCalls … kMaxCalls, checked again after --calls).
inline constexpr std::int64_t kMinRealClockCalls = 1000;
inline constexpr std::int64_t kMaxRealClockCalls = 100'000'000;
inline constexpr int kMaxShardCount = 100000;

// `args` excludes the program name. Throws UsageError.
CommandLine parseCommandLine(const std::vector<std::string>& args);

std::string usageText();

} // namespace hedge::cli
