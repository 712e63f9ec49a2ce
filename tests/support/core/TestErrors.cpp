#include "TestErrors.h"

#include <hedge/io/ScenarioJson.h>

namespace hedge::test {

std::optional<ScenarioError> scenarioError(const std::string& json)
{
    return errorFrom([&] { parseScenarioJson(json); });
}

QString scenarioErrorText(const std::string& json)
{
    return errorTextFrom([&] { parseScenarioJson(json); });
}

} // namespace hedge::test
