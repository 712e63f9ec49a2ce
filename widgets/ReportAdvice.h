// The report's "Why this setting" section (docs/advisor.md, "The answer"; docs/user-guide.md,
// "Advise"): the question in one line, the summary, the table of no hedge, the rule of thumb and
// the advised setting on the same seeds, the front as a chart and why each rejected candidate was
// rejected. The texts are the engine's (AdviceText.h), as hedgesim advise prints them.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QList>
#include <QString>
#include <QStringList>

class QChartView;

namespace hedge {

struct ReportAdvice {
    QString question; // questionSummary()
    QString summary;  // adviceSummary(), "Unfinished. " first for a stopped search
    QStringList columns;
    QList<QStringList> rows;
    QStringList whyNot;
    QChartView* front = nullptr; // drawn as the report's other charts are

    static ReportAdvice from(const AdviceQuestion& question, const AdviceAnswer& answer,
                             QChartView* front);
};

// The section as HTML, its chart not included (the report draws it: inline SVG or on the PDF
// page). `forPrint`: the PDF's table attributes.
QString reportAdviceHtml(const ReportAdvice& advice, bool forPrint);

} // namespace hedge
