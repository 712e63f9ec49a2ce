#include "PolicyCommand.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioError.h>

#include <nlohmann/json.hpp>

#include <QFileInfo>
#include <QString>

#include <ostream>

namespace hedge::cli {

namespace {

using Json = nlohmann::ordered_json;

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

Json familyKnobs(const Setup& setup)
{
    const FamilySettings& f = setup.families;
    switch (setup.policy) {
    case PolicyFamily::Grpc: {
        Json g{{"max_attempts", f.grpc.maxAttempts},
               {"hedging_delay_ms", f.grpc.hedgingDelayMs},
               {"non_fatal_errors", f.grpc.nonFatalErrors}};
        g["throttling"] = f.grpc.throttling ? Json{{"max_tokens", f.grpc.throttling->maxTokens},
                                                   {"token_ratio", f.grpc.throttling->tokenRatio}}
                                            : Json();
        g["flavour"] = toString(f.grpc.flavour);
        return g;
    }
    case PolicyFamily::Envoy: {
        Json e{{"per_try_timeout_ms", f.envoy.perTryTimeoutMs},
               {"num_retries", f.envoy.numRetries},
               {"backoff_base_ms", f.envoy.backoffBaseMs},
               {"backoff_max_ms", f.envoy.backoffMax()}};
        e["retry_budget"] =
            f.envoy.retryBudget
                ? Json{{"budget_percent", f.envoy.retryBudget->budgetPercent},
                       {"min_retry_concurrency", f.envoy.retryBudget->minRetryConcurrency}}
                : Json();
        e["max_retries"] = f.envoy.maxRetries;
        return e;
    }
    default:
        return Json::object(); // only gRPC and Envoy configurations are imported
    }
}

} // namespace

std::string setupEntryJson(const Setup& setup)
{
    Json entry{{"name", setup.name}, {"policy", toString(setup.policy)}};
    if (setup.isFamily())
        entry[toString(setup.policy)] = familyKnobs(setup);
    entry["cancellation"] = toString(setup.cancellation);
    return entry.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

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
    if (format == PolicyFamily::Grpc)
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
    s.out << setupEntryJson(imported.setup) << std::flush;
    return kExitOk;
}

} // namespace hedge::cli
