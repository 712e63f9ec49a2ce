#include <hedge/io/ScenarioError.h>

#include <utility>

namespace hedge {

namespace {
std::string joined(const std::string& field, const std::string& problem)
{
    return field.empty() ? problem : field + ": " + problem;
}
} // namespace

ScenarioError::ScenarioError(std::string field, std::string problem, int line, int column)
    : std::runtime_error(joined(field, problem)), m_field(std::move(field)),
      m_problem(std::move(problem)), m_line(line), m_column(column)
{}

ScenarioError ScenarioError::withPrefix(const std::string& prefix) const
{
    if (prefix.empty())
        return *this;
    std::string field = prefix;
    if (!m_field.empty())
        field += (m_field.front() == '[' ? "" : ".") + m_field;
    return ScenarioError(std::move(field), m_problem, m_line, m_column);
}

} // namespace hedge
