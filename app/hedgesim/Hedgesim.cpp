#include "Hedgesim.h"

#include "AdviseCommand.h"
#include "LessonCommand.h"
#include "LessonExportCommand.h"
#include "PolicyCommand.h"
#include "RealClockCommands.h"
#include "ResultsTable.h"
#include "ServiceCommand.h"
#include "TimelineCommand.h"

#include <hedge/Version.h>
#include <hedge/qt/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ShardMerge.h>
#include <hedge/sim/LoadSweep.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <atomic>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

namespace hedge::cli {

namespace {

std::string readInput(const std::string& input, std::istream& in)
{
    if (input == "-")
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    QFile file(QString::fromStdString(input));
    if (!file.open(QIODevice::ReadOnly))
        throw InvalidInput(input + ": cannot read: " + file.errorString().toStdString());
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError)
        throw InvalidInput(input + ": cannot read: " + file.errorString().toStdString());
    return bytes.toStdString();
}

Scenario loadScenario(const std::string& input, std::istream& in)
{
    const std::string text = readInput(input, in);
    try {
        return parseScenarioJson(text);
    } catch (const ScenarioError& e) {
        // A field error already reads "FIELD: problem"; one about the document as a whole
        // (a syntax error, not an object) names the file as its field.
        if (e.field().empty())
            throw InvalidInput((input == "-" ? std::string("<stdin>") : input) + ": " +
                               e.problem());
        throw InvalidInput(e.what());
    }
}

QString absolute(const std::string& path)
{
    return QFileInfo(QString::fromStdString(path)).absoluteFilePath();
}

// Checked before the run so that a typo in a path does not cost a whole sweep.
void checkOutput(const char* option, const std::string& path)
{
    if (path.empty())
        return;
    const QFileInfo info(QString::fromStdString(path));
    if (info.isDir())
        throw InvalidInput(std::string(option) + ": " + path + " is a directory");
    const QDir dir = info.absoluteDir();
    if (!dir.exists())
        throw InvalidInput(std::string(option) + ": directory " + dir.path().toStdString() +
                           " does not exist");
}

void checkOutputs(const CommandLine& cl)
{
    checkOutput("-o", cl.jsonOutput);
    checkOutput("--csv", cl.csvOutput);
    checkOutput("--health", cl.healthOutput);
    if (!cl.jsonOutput.empty() && !cl.csvOutput.empty() &&
        absolute(cl.jsonOutput) == absolute(cl.csvOutput))
        throw InvalidInput("--csv: same file as -o (" + cl.csvOutput + ")");
    if (cl.input != "-") {
        for (const auto& [option, path] :
             {std::pair{"-o", cl.jsonOutput}, std::pair{"--csv", cl.csvOutput}})
            if (!path.empty() && absolute(path) == absolute(cl.input))
                throw InvalidInput(std::string(option) + ": would overwrite the scenario " +
                                   cl.input);
    }
}

int run(const CommandLine& cl, const Streams& s)
{
    const Scenario scenario = loadScenario(cl.input, s.in);
    if (scenario.timeline)
        throw InvalidInput("timeline: a timeline scenario runs with hedgesim timeline, not run");
    checkOutputs(cl);

    const std::optional<Shard> shard =
        cl.shardCount > 0 ? std::optional(Shard{cl.shardIndex, cl.shardCount}) : std::nullopt;
    LoadSweep sweep(scenario, cl.threads, shard.value_or(Shard{}));
    sweep.setStopCollapsedEarly(!cl.fullCollapsedRuns);
    const std::size_t total = sweep.pointCount();
    const bool progress = s.errIsTerminal && !cl.quiet;
    std::size_t done = 0; // onPoint is never called concurrently with itself
    const LoadSweep::Outcome outcome = sweep.run([&](std::size_t, const PointResult&) {
        ++done;
        if (progress)
            s.err << "\rhedgesim: " << done << "/" << total << " points" << std::flush;
    });
    if (progress)
        s.err << "\r\033[K" << std::flush; // clear the progress line
    if (outcome.cancelled || outcome.points.size() != total)
        throw std::runtime_error("the sweep ended with " + std::to_string(outcome.points.size()) +
                                 " of " + std::to_string(total) + " points");

    if (!cl.quiet)
        s.out << ResultsTable(outcome.points, scenario.service.replicas > 1, scenario.hasCallOutcomes())
                         .format()
              << std::flush;

    bool written = true;
    const auto write = [&](const std::string& path, const std::string& bytes) {
        written = writeOutputFile(path, bytes, s.err) && written;
    };
    if (!cl.jsonOutput.empty())
        write(cl.jsonOutput, writeResultsJson(scenario, outcome.points, shard));
    if (!cl.csvOutput.empty())
        write(cl.csvOutput, writeResultsCsv(scenario, outcome.points));
    return written ? kExitOk : kExitInternal;
}

int merge(const CommandLine& cl, const Streams& s)
{
    std::vector<ResultsPart> parts;
    for (const std::string& name : cl.parts) {
        for (const auto& [option, path] :
             {std::pair{"-o", cl.jsonOutput}, std::pair{"--csv", cl.csvOutput}})
            if (!path.empty() && absolute(path) == absolute(name))
                throw InvalidInput(std::string(option) + ": would overwrite the part " + name);
        try {
            parts.push_back({name, parseResultsJson(readInput(name, s.in))});
        } catch (const ScenarioError& e) {
            throw InvalidInput(name + ": " + e.what());
        }
    }
    checkOutput("-o", cl.jsonOutput);
    checkOutput("--csv", cl.csvOutput);
    RunResults merged;
    try {
        merged = mergeResultsParts(parts);
    } catch (const ScenarioError& e) {
        throw InvalidInput(e.what());
    }
    if (!cl.quiet)
        s.out << ResultsTable(merged.points, merged.scenario.service.replicas > 1,
                              merged.scenario.hasCallOutcomes())
                         .format() << std::flush;
    bool written = true;
    if (!cl.jsonOutput.empty())
        written =
            writeOutputFile(cl.jsonOutput, writeResultsJson(merged.scenario, merged.points), s.err);
    if (!cl.csvOutput.empty())
        written = writeOutputFile(cl.csvOutput, writeResultsCsv(merged.scenario, merged.points), s.err) && written;
    return written ? kExitOk : kExitInternal;
}

int preset(const CommandLine& cl, const Streams& s)
{
    const Preset* p = findPreset(cl.input);
    if (!p) {
        std::string names;
        for (const Preset& each : presets())
            names += (names.empty() ? "" : ", ") + each.name;
        throw InvalidInput("preset: \"" + cl.input + "\" is not a preset (presets: " + names + ")");
    }
    s.out << writeScenarioJson(p->scenario) << std::flush;
    return kExitOk;
}

int presetList(const Streams& s)
{
    std::size_t width = 0;
    for (const Preset& p : presets())
        width = std::max(width, p.name.size());
    for (const Preset& p : presets())
        s.out << p.name << std::string(width - p.name.size() + 2, ' ') << p.title << "\n";
    s.out << std::flush;
    return kExitOk;
}

// Silent on success, as the man page says: the exit status is the answer.
int validate(const CommandLine& cl, const Streams& s)
{
    loadScenario(cl.input, s.in);
    return kExitOk;
}

} // namespace

bool writeOutputFile(const std::string& path, const std::string& bytes, std::ostream& err)
{
    if (path.empty())
        return true;
    if (const auto error = writeFileAtomically(path, bytes)) {
        err << "hedgesim: " << *error << "\n";
        return false;
    }
    return true;
}

int runCommand(const CommandLine& cl, const Streams& s)
{
    try {
        switch (cl.command) {
        case Command::Help:
            s.out << usageText() << std::flush;
            return kExitOk;
        case Command::Version:
            s.out << "hedgesim " << kVersion << " (" << kProjectName << ")\n" << std::flush;
            return kExitOk;
        case Command::Run:
            return run(cl, s);
        case Command::Preset:
            return preset(cl, s);
        case Command::PresetList:
            return presetList(s);
        case Command::Validate:
            return validate(cl, s);
        case Command::Merge:
            return merge(cl, s);
        case Command::PolicyExport:
            return runPolicyExport(cl, s, loadScenario(cl.input, s.in));
        case Command::PolicyImport:
            return runPolicyImport(cl, s, readInput(cl.input, s.in));
        case Command::ServiceFit:
            return runServiceFit(cl, s);
        case Command::LessonCheck:
            return runLessonCheck(cl, s);
        case Command::LessonExport:
            return runLessonExport(cl, s);
        case Command::Advise: {
            const Scenario scenario = loadScenario(cl.input, s.in);
            checkOutputs(cl);
            return runAdvise(cl, s, scenario);
        }
        case Command::Timeline: {
            const Scenario scenario = loadScenario(cl.input, s.in);
            checkOutputs(cl);
            return runTimelineCommand(cl, s, scenario);
        }
        case Command::Load:
        case Command::Confirm: {
            Scenario scenario = loadScenario(cl.input, s.in);
            checkOutputs(cl);
            return cl.command == Command::Load ? runLoad(cl, s, std::move(scenario))
                                               : runConfirm(cl, s, std::move(scenario));
        }
        }
    } catch (const ScenarioError& e) {
        s.err << e.what() << "\n" << std::flush; // a value out of range after --calls
        return kExitInvalid;
    } catch (const InvalidInput& e) {
        s.err << e.what() << "\n" << std::flush;
        return kExitInvalid;
    } catch (const std::exception& e) {
        s.err << "hedgesim: internal error: " << e.what() << "\n" << std::flush;
        return kExitInternal;
    }
    return kExitInternal;
}

int hedgesimMain(const std::vector<std::string>& args, const Streams& s)
{
    CommandLine cl;
    try {
        cl = parseCommandLine(args);
    } catch (const UsageError& e) {
        s.err << e.what() << "\n" << std::flush;
        return kExitInvalid;
    }
    return runCommand(cl, s);
}

} // namespace hedge::cli
