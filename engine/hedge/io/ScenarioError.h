// A rejected scenario or results file: which field is wrong and why. The field is a path in
// the file's own spelling ("setups[2].hedge.max_attempts", "loads[0]"; empty for the file as
// a whole), so the GUI can point at the editor that holds it and hedgesim can print
// `FIELD: problem`.
#pragma once

#include <stdexcept>
#include <string>

namespace hedge {

class ScenarioError : public std::runtime_error {
public:
    // `line` and `column` (1-based) are set for JSON syntax errors only.
    ScenarioError(std::string field, std::string problem, int line = 0, int column = 0);

    const std::string& field() const noexcept { return m_field; }
    const std::string& problem() const noexcept { return m_problem; }
    int line() const noexcept { return m_line; }
    int column() const noexcept { return m_column; }

    // The same error one level down, e.g. a scenario error inside a results file:
    // withPrefix("scenario") turns "seed" into "scenario.seed".
    ScenarioError withPrefix(const std::string& prefix) const;

    // what() is "field: problem", or just the problem when no field applies.

private:
    std::string m_field;
    std::string m_problem;
    int m_line;
    int m_column;
};

} // namespace hedge
