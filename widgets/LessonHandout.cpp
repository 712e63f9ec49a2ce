#include "LessonHandout.h"

#include "LessonStepChart.h"

#include <hedge/Version.h>
#include <hedge/advise/ExerciseSolution.h>
#include <hedge/io/LessonCheck.h>

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

QString handoutEsc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString filledText(const LessonText& text, const LessonRun& run)
{
    if (text.empty())
        return {};
    const std::optional<std::string> filled = fillLessonText(text, run);
    return filled ? QString::fromStdString(*filled) : QStringLiteral("(not in the run)");
}

QString versionTitle(HandoutVersion version)
{
    return version == HandoutVersion::Teacher ? QStringLiteral("Teacher's version")
                                              : QStringLiteral("Student's version");
}

QString handoutGeneratedLine(HandoutVersion version)
{
    return QStringLiteral("%1 · %2 %3 · generated %4")
        .arg(versionTitle(version), QString::fromLatin1(kProjectName),
             QString::fromLatin1(kVersion),
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
}

// The chart's <svg> element for inline use: no XML declaration, and no namespace declarations,
// which an HTML parser does not need and which would be the file's only web addresses.
QString inlineSvg(const QByteArray& document)
{
    QString svg = QString::fromUtf8(document);
    const qsizetype start = svg.indexOf(QLatin1String("<svg"));
    if (start < 0)
        return {};
    svg = svg.mid(start);
    static const QRegularExpression ns(QStringLiteral("\\s+xmlns(:\\w+)?=\"[^\"]*\""));
    const qsizetype rootEnd = svg.indexOf(QLatin1Char('>'));
    QString root = svg.left(rootEnd);
    root.remove(ns);
    return root + svg.mid(rootEnd);
}

// The student's version of a prediction step shows its chart before Reveal (its shown loads):
// the question asks before the chart answers.
const QByteArray& stepChart(const HandoutStep& step, HandoutVersion version)
{
    return version == HandoutVersion::Student && !step.shownChartSvg.isEmpty() ? step.shownChartSvg
                                                                               : step.chartSvg;
}

// An exercise goal's conditions as list items, each with its figure at the start in the
// teacher's version (the HTML file's and the PDF's alike).
QString goalItems(const HandoutStep& step, HandoutVersion version)
{
    QString items;
    for (int i = 0; i < step.goal.size(); ++i) {
        items += QStringLiteral("<li>%1").arg(handoutEsc(step.goal[i]));
        if (version == HandoutVersion::Teacher && i < step.start.size())
            items += QStringLiteral("<br/><span class=\"start\">at the start: %1</span>")
                         .arg(handoutEsc(step.start[i]));
        items += QStringLiteral("</li>\n");
    }
    return items;
}

QString stepHtml(const HandoutStep& step, std::size_t index, HandoutVersion version)
{
    QString html = QStringLiteral("<section class=\"step\" id=\"step-%1\">\n<h2>%1. %2</h2>\n")
                       .arg(index + 1)
                       .arg(handoutEsc(step.title));
    const QByteArray& chart = stepChart(step, version);
    if (!chart.isEmpty())
        html += QStringLiteral("<figure class=\"chart\">\n%1\n</figure>\n").arg(inlineSvg(chart));
    html += QStringLiteral("<p class=\"sentence\">%1</p>\n").arg(handoutEsc(step.sentence));
    if (step.exercise) {
        html += QStringLiteral("<div class=\"exercise\">\n<p class=\"task\"><b>Exercise.</b> "
                               "%1</p>\n<p>The goal, on the setting “%2”:</p>\n"
                               "<ul class=\"goal\">\n")
                    .arg(handoutEsc(step.task), handoutEsc(step.goalSetup));
        html += goalItems(step, version);
        html += QStringLiteral("</ul>\n");
        if (version == HandoutVersion::Student)
            html += QStringLiteral("<p>Your setting and its figures:</p>\n"
                                   "<div class=\"space\"></div>\n");
        html += QStringLiteral("</div>\n");
    }
    if (!step.question.isEmpty()) {
        html += QStringLiteral("<div class=\"question\">\n<p class=\"q\"><b>Question.</b> "
                               "%1</p>\n")
                    .arg(handoutEsc(step.question));
        html += version == HandoutVersion::Teacher
                    ? QStringLiteral("<p class=\"answer\"><b>Answer.</b> %1</p>\n")
                          .arg(handoutEsc(step.answer))
                    : QStringLiteral("<div class=\"space\"></div>\n");
        html += QStringLiteral("</div>\n");
    }
    return html + QStringLiteral("</section>\n");
}

} // namespace

QString handoutVersionName(HandoutVersion version)
{
    return version == HandoutVersion::Teacher ? QStringLiteral("teacher")
                                              : QStringLiteral("student");
}

LessonHandout makeLessonHandout(const Lesson& lesson, const LessonRuns& runs)
{
    LessonHandout handout{
        QString::fromStdString(lesson.title), QString::fromStdString(lesson.summary), {}};
    for (const LessonStep& step : lesson.steps) {
        const LessonRun run = runs.runOf(step.scenario);
        HandoutStep out;
        out.title = QString::fromStdString(step.title);
        out.sentence = filledText(step.callout, run);
        out.question = filledText(step.question, run);
        out.answer = filledText(step.answer, run);
        if (const std::vector<PointResult>* points = runs.pointsOf(step.scenario)) {
            out.chartSvg = lessonStepChartSvg(step, *points, run, out.sentence);
            if (step.prediction && !step.prediction->shownLoads.empty()) {
                std::vector<PointResult> shown;
                for (const PointResult& p : *points)
                    for (double load : step.prediction->shownLoads)
                        if (std::abs(p.load - load) < 1e-9)
                            shown.push_back(p);
                LessonStep before = step;
                before.scenario = shownScenario(step);
                out.shownChartSvg = lessonStepChartSvg(before, shown, run, out.sentence);
            }
        }
        if (const std::vector<WorldResult>* worlds = runs.worldsOf(step.scenario)) {
            // The teacher's chart as Reveal shows it, the student's where the step pauses.
            const double revealed =
                step.prediction ? std::max(step.prediction->revealToS, step.playToS) : step.playToS;
            out.chartSvg = lessonTimelineChartSvg(step, *worlds, revealed, run, out.sentence);
            if (step.prediction)
                out.shownChartSvg =
                    lessonTimelineChartSvg(step, *worlds, step.playToS, run, out.sentence);
        }
        if (step.exercise) {
            out.exercise = true;
            out.task = filledText(step.exercise->task, run);
            // The pane's words ("not collapsed at 70 %"), not the lesson file's
            // ("collapsed of … is held").
            out.goalSetup = QString::fromStdString(step.exercise->setup);
            for (const LessonCondition& condition : step.exercise->goal)
                out.goal << QString::fromStdString(exerciseConditionText(*step.exercise, condition));
            for (const LessonConditionOutcome& o : evaluateExerciseGoal(*step.exercise, run))
                out.start << QStringLiteral("%1 (%2)").arg(QString::fromStdString(o.figure),
                                                           o.holds ? QStringLiteral("held")
                                                                   : QStringLiteral("not held"));
        }
        handout.steps.push_back(std::move(out));
    }
    return handout;
}

QString lessonHandoutHtml(const LessonHandout& handout, HandoutVersion version)
{
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                       "<meta name=\"generator\" content=\"%1 %2\"/>\n<title>%3</title>\n")
            .arg(QString::fromLatin1(kProjectName), QString::fromLatin1(kVersion),
                 handoutEsc(handout.title));
    html += QStringLiteral(
        "<style>\n"
        "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
        "color:#1d1d1f;background:#fff;max-width:900px;margin:2em auto;padding:0 1.5em;"
        "line-height:1.45}\n"
        "h1{font-size:1.7em;margin-bottom:.2em}.meta{color:#666;margin-top:0}\n"
        "h2{margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}\n"
        "figure.chart{margin:0}figure.chart svg{width:100%;height:auto;border:1px solid #e4e4e4}\n"
        ".sentence{font-size:1.1em}.answer{background:#eef6ee;padding:.4em .6em}\n"
        ".start{color:#555;font-size:.9em}\n"
        ".space{height:7em;border:1px solid #bbb;border-radius:4px;margin-bottom:1em;"
        "background:repeating-linear-gradient(#fff,#fff 1.7em,#ddd 1.7em,#ddd 1.75em)}\n"
        "section.step{break-inside:avoid-page}\n"
        "</style>\n</head>\n<body>\n");
    html += QStringLiteral("<h1>%1</h1>\n<p class=\"meta\">%2</p>\n<p class=\"summary\">%3</p>\n")
                .arg(handoutEsc(handout.title), handoutEsc(handoutGeneratedLine(version)),
                     handoutEsc(handout.summary));
    for (std::size_t i = 0; i < handout.steps.size(); ++i)
        html += stepHtml(handout.steps[i], i, version);
    return html + QStringLiteral("</body>\n</html>\n");
}

namespace {

// A piece of rich text laid out at the page's width on the writer.
class PageText {
public:
    PageText(QPdfWriter& writer, const QFont& font, const QString& html, double width)
    {
        m_doc.documentLayout()->setPaintDevice(&writer);
        m_doc.setDefaultFont(font);
        m_doc.setDefaultStyleSheet(
            QStringLiteral("h1{font-size:17pt} h2{font-size:13pt} .meta{color:#666666} "
                           ".answer{background-color:#eef6ee} .start{color:#555555}"));
        m_doc.setHtml(html);
        m_doc.setTextWidth(width);
    }
    double height() const { return m_doc.size().height(); }
    void draw(QPainter& painter, double y)
    {
        painter.save();
        painter.translate(0, y);
        m_doc.drawContents(&painter);
        painter.restore();
    }

private:
    QTextDocument m_doc;
};

// What the HTML's step says around its chart, for the PDF's text documents.
QString textAbove(const HandoutStep& step, std::size_t index)
{
    return QStringLiteral("<h2>%1. %2</h2>").arg(index + 1).arg(handoutEsc(step.title));
}

QString textBelow(const HandoutStep& step, HandoutVersion version)
{
    QString html = QStringLiteral("<p>%1</p>").arg(handoutEsc(step.sentence));
    if (step.exercise) {
        html += QStringLiteral("<p><b>Exercise.</b> %1</p><p>The goal, on the setting “%2”:</p><ul>")
                    .arg(handoutEsc(step.task), handoutEsc(step.goalSetup));
        html += goalItems(step, version);
        html += QStringLiteral("</ul>");
        if (version == HandoutVersion::Student)
            html += QStringLiteral("<p>Your setting and its figures:</p>");
    }
    if (!step.question.isEmpty()) {
        html += QStringLiteral("<p><b>Question.</b> %1</p>").arg(handoutEsc(step.question));
        if (version == HandoutVersion::Teacher)
            html += QStringLiteral("<p class=\"answer\"><b>Answer.</b> %1</p>")
                        .arg(handoutEsc(step.answer));
    }
    return html;
}

// Ruled lines to write on (the student's version), from `y`, `lines` of them.
double drawWritingSpace(QPainter& painter, double y, double width, int lines)
{
    constexpr double kLine = 28.0;
    painter.save();
    painter.setPen(QPen(QColor(0xBB, 0xBB, 0xBB), 1.0));
    for (int i = 1; i <= lines; ++i)
        painter.drawLine(QPointF(0, y + i * kLine), QPointF(width, y + i * kLine));
    painter.restore();
    return lines * kLine + 8.0;
}

std::optional<QString> writeHandoutPdf(const QString& path, const LessonHandout& handout,
                                       HandoutVersion version)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    {
        constexpr int kDpi = 96; // the charts' and the text documents' layout DPI, as the report's
        QPdfWriter writer(&file);
        writer.setResolution(kDpi);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(16, 16, 16, 16), QPageLayout::Millimeter));
        writer.setTitle(handout.title);
        writer.setCreator(QStringLiteral("%1 %2").arg(QString::fromLatin1(kProjectName),
                                                      QString::fromLatin1(kVersion)));
        const double width = writer.width(), pageHeight = writer.height();
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QStringLiteral("Cannot start the PDF for %1.").arg(QFileInfo(path).fileName());
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        QFont base(QStringLiteral("DejaVu Sans"));
        base.setPointSizeF(10.0);
        PageText head(writer, base,
                      QStringLiteral("<h1>%1</h1><p class=\"meta\">%2</p><p>%3</p>")
                          .arg(handoutEsc(handout.title), handoutEsc(handoutGeneratedLine(version)),
                               handoutEsc(handout.summary)),
                      width);
        head.draw(painter, 0);
        double y = head.height() + 8.0;
        for (std::size_t i = 0; i < handout.steps.size(); ++i) {
            const HandoutStep& step = handout.steps[i];
            PageText above(writer, base, textAbove(step, i), width);
            PageText below(writer, base, textBelow(step, version), width);
            QSvgRenderer chart(stepChart(step, version));
            const double chartHeight =
                chart.isValid() ? width * kHandoutChartSize.height() / kHandoutChartSize.width()
                                : 0.0;
            const int spaceLines =
                version == HandoutVersion::Student && (step.exercise || !step.question.isEmpty())
                    ? 4
                    : 0;
            const double needed = above.height() + chartHeight + below.height() + spaceLines * 28.0;
            if (y > 0 && y + needed > pageHeight) {
                writer.newPage();
                y = 0.0;
            }
            above.draw(painter, y);
            y += above.height();
            if (chart.isValid()) {
                chart.render(&painter, QRectF(0, y, width, chartHeight));
                y += chartHeight + 4.0;
            }
            below.draw(painter, y);
            y += below.height();
            if (spaceLines > 0)
                y += drawWritingSpace(painter, y, width, spaceLines);
            y += 12.0;
        }
        painter.end();
    }
    if (!file.commit())
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    return std::nullopt;
}

} // namespace

std::optional<QString> writeLessonHandout(const QString& path, const LessonHandout& handout,
                                          HandoutVersion version)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0)
        return writeHandoutPdf(path, handout, version);
    const QByteArray bytes = lessonHandoutHtml(handout, version).toUtf8();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    return std::nullopt;
}

} // namespace hedge
