// The errors a test provokes, as values or text: what a call throws as a ScenarioError (a
// scenario, results, lesson or policy file), a MeasurementError (a measurements file) or a
// command line's UsageError. One helper instead of a try/catch in every test file.
#pragma once

#include <hedge/io/ScenarioError.h>

#include <QString>

#include <optional>
#include <string>
#include <utility>

namespace hedge::test {

// What `run()` throws as an `Error`, or nothing when it returns. Another exception passes
// through (the test fails on it, as it should).
template <class Error = ScenarioError, class Run> std::optional<Error> errorFrom(Run&& run)
{
    try {
        std::forward<Run>(run)();
    } catch (const Error& e) {
        return e;
    }
    return std::nullopt;
}

// The message of what `run()` throws as an `Error`; empty when it returns.
template <class Error = ScenarioError, class Run> QString errorTextFrom(Run&& run)
{
    const std::optional<Error> error = errorFrom<Error>(std::forward<Run>(run));
    return error ? QString::fromUtf8(error->what()) : QString();
}

// Reading `json` as a scenario file (parseScenarioJson): its error, or nothing.
std::optional<ScenarioError> scenarioError(const std::string& json);
// The same as text ("field: problem"); empty when the file is read.
QString scenarioErrorText(const std::string& json);

} // namespace hedge::test
