#include "PolicyCommand.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>

#include <QFileInfo>
#include <QString>

#include <ostream>

namespace hedge::cli {

namespace {

std::string familyNames()
{
    std::string names;
    for (PolicyFamily f : allPolicyFamilies())
        names += (names.empty() ? "" : ", ") + std::string(toString(f));
    return names;
}

const Setup& setupNamed(const Scenario& scenario, const std::string& name)
{
    std::string names;
    for (const Setup& setup : scenario.setups) {
        if (setup.name == name)
            return setup;
        names += (names.empty() ? "\"" : ", \"") + setup.name + "\"";
    }
    throw InvalidInput("--setup: no setup \"" + name + "\" in the scenario (setups: " + names +
                       ")");
}

} // namespace

int runPolicyExport(const CommandLine& cl, const Streams& s, const Scenario& scenario)
{
    const Setup& setup = setupNamed(scenario, cl.setupName);
    PolicyFamily format = setup.policy;
    if (!cl.policyFormat.empty()) {
        const auto family = policyFamilyFromString(cl.policyFormat);
        if (!family)
            throw InvalidInput("--as: \"" + cl.policyFormat +
                               "\" is not a family (families: " + familyNames() + ")");
        format = *family;
    }
    if (!cl.jsonOutput.empty() && cl.input != "-" &&
        QFileInfo(QString::fromStdString(cl.jsonOutput)).absoluteFilePath() ==
            QFileInfo(QString::fromStdString(cl.input)).absoluteFilePath())
        throw InvalidInput("-o: would overwrite the scenario " + cl.input);
    ExportedPolicy exported;
    try {
        exported = exportPolicy(setup, format);
    } catch (const ScenarioError& e) {
        throw InvalidInput("--as " + std::string(toString(format)) + ": " + e.problem());
    }
    // The JSON cannot carry them in a comment.
    if (!exported.uncoveredInText)
        for (const std::string& note : exported.uncovered)
            s.err << "hedgesim: not in the explorer's model: " << note << "\n";
    if (cl.jsonOutput.empty()) {
        s.out << exported.text << std::flush;
        return kExitOk;
    }
    return writeOutputFile(cl.jsonOutput, exported.text, s.err) ? kExitOk : kExitInternal;
}

int runPolicyImport(const CommandLine& cl, const Streams& s, const std::string& text)
{
    const PolicyFamily format = cl.policyFormat.empty() ? guessPolicyFormat(text)
                                                        : *policyFamilyFromString(cl.policyFormat);
    ImportedPolicy imported;
    try {
        imported = importPolicy(text, format, cl.importName);
    } catch (const ScenarioError& e) {
        // A field error reads "FIELD: problem"; one about the text as a whole names the file.
        if (e.field().empty())
            throw InvalidInput((cl.input == "-" ? std::string("<stdin>") : cl.input) + ": " +
                               e.problem());
        throw InvalidInput(e.what());
    }
    for (const std::string& field : imported.uncovered)
        s.err << "hedgesim: not modelled: " << field << "\n";
    s.out << writeSetupJson(imported.setup) << std::flush;
    return kExitOk;
}

} // namespace hedge::cli
