#include "ReportAdvice.h"

#include <hedge/advise/AdviceText.h>

namespace hedge {

ReportAdvice ReportAdvice::from(const AdviceQuestion& question, const AdviceAnswer& answer,
                                QChartView* front)
{
    ReportAdvice r;
    r.question = QString::fromStdString(questionSummary(question));
    r.summary = QString::fromStdString(adviceSummary(question, answer));
    if (!answer.finished)
        r.summary = QStringLiteral("Unfinished. ") + r.summary;
    const AdviceTable table = adviceTable(question, answer);
    for (const std::string& c : table.columns)
        r.columns << QString::fromStdString(c);
    for (const auto& row : table.rows) {
        QStringList cells;
        for (const std::string& cell : row)
            cells << QString::fromStdString(cell);
        r.rows << cells;
    }
    for (const std::string& line : whyNotLines(answer))
        r.whyNot << QString::fromStdString(line);
    r.front = front;
    return r;
}

QString reportAdviceHtml(const ReportAdvice& advice, bool forPrint)
{
    const auto esc = [](const QString& t) { return t.toHtmlEscaped(); };
    QString html = QStringLiteral("<h2>Why this setting</h2>\n<p><b>The question:</b> %1</p>\n"
                                  "<p>%2</p>\n")
                       .arg(esc(advice.question), esc(advice.summary));
    html += forPrint
                ? QStringLiteral("<table class=\"results\" cellspacing=\"0\" cellpadding=\"2\" "
                                 "border=\"1\" style=\"border-collapse:collapse\"><thead><tr>")
                : QStringLiteral("<table class=\"results advice\"><thead><tr>");
    for (const QString& c : advice.columns)
        html += QStringLiteral("<th>%1</th>").arg(esc(c));
    html += QStringLiteral("</tr></thead><tbody>");
    for (const QStringList& row : advice.rows) {
        html += QStringLiteral("<tr>");
        for (int c = 0; c < row.size(); ++c)
            html += QStringLiteral("<td%1>%2</td>")
                        .arg(c == 0 ? QString() : QStringLiteral(" align=\"right\""), esc(row[c]));
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</tbody></table>\n");
    if (!advice.whyNot.isEmpty()) {
        html += QStringLiteral("<p><b>Why not the others</b></p>\n<ul>");
        for (const QString& line : advice.whyNot)
            html += QStringLiteral("<li>%1</li>").arg(esc(line));
        html += QStringLiteral("</ul>\n");
    }
    return html;
}

} // namespace hedge
