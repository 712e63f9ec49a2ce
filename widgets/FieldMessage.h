// A line of red text right under a form row that says what is wrong with what was typed in the
// field(s) of that row. Several fields, or several checks, may share one line: each reports
// under its own key, the latest report shows, and the line hides when no report is left.
#pragma once

#include <QLabel>

#include <utility>
#include <vector>

namespace hedge {

class FieldMessage : public QLabel {
public:
    explicit FieldMessage(QWidget* parent = nullptr);

    // Shows `message` for `source`; an empty message withdraws that source's report.
    void report(const void* source, const QString& message);
    // Withdraws every report, e.g. when the editor shows another scenario.
    void withdrawAll();
    // The message shown, or empty.
    QString message() const;

private:
    void showLatest();

    std::vector<std::pair<const void*, QString>> m_reports; // oldest first
};

} // namespace hedge
