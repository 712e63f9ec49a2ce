// hedgesim lesson export (docs/lessons.md, "Handouts") in-process: the HTML handout read back as
// a program reads it, its figures compared with the run — the sentences, questions and answers
// `hedgesim lesson check` prints for the same lesson, and one figure computed here from the
// step's own run — the teacher's version with the answers, the student's with room instead and
// no answer anywhere in the file, one chart per step, nothing the file would fetch, and a PDF.
#include "InProcessHedgesim.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/LessonRuns.h>

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace hedge;
using hedge::test::runHedgesim;

namespace {

// Three steps of tail-cutting with few calls: a callout with a question and an answer that
// states a figure, a prediction step (its highest load hidden from the student), an exercise.
const char* const kLesson = R"({"schema": "hedge-explorer/lesson@1", "id": "tiny",
  "title": "Tiny handout", "summary": "Three steps for the handout test.",
  "steps": [
    {"title": "A hedge after the delay",
     "scenario": {"preset": "tail-cutting", "loads": [0.3, 0.6], "calls": 4000},
     "shows": ["no hedge / client", "hedge, default budget / client"],
     "callout": {"setup": "hedge, default budget / client", "load": 0.3, "figure": "p99_ms",
                 "text": "At {load} load the p99 falls from {p99_ms@no hedge / client} to {p99_ms}."},
     "question": "Why does the median call not get faster?",
     "answer": "Only a call slower than the delay sends a hedge: {requests_per_call} requests per call."},
    {"title": "Guess the heavy load",
     "scenario": {"preset": "tail-cutting", "loads": [0.3, 0.6, 0.9], "calls": 4000},
     "callout": {"setup": "hedge, default budget / client", "load": 0.6, "figure": "requests_per_call",
                 "text": "At {load} a call sends {requests_per_call} requests."},
     "question": "What do you expect at the heaviest load?",
     "answer": "At {load@@0.9} the p99 is {p99_ms@@0.9}.",
     "prediction": {"shown_loads": [0.3, 0.6]}},
    {"title": "Tune it",
     "scenario": {"preset": "tail-cutting", "loads": [0.3], "calls": 4000,
                  "knobs": [{"setup": "hedge, default budget / client", "knob": "hedge.delay_ms", "value": 200}]},
     "callout": {"setup": "hedge, default budget / client", "load": 0.3, "figure": "p99_ms",
                 "text": "With a late hedge the p99 is {p99_ms}."},
     "exercise": {"setup": "hedge, default budget / client", "task": "Change the delay: cut the tail.",
                  "goal": ["p99_ms@0.3 < 1"]}}
  ]})";

struct HandoutStep {
    QString title, sentence, question, answer, task;
    QStringList goal;
    int charts = 0, spaces = 0;
    QString chartText; // every text the step's chart draws
};

struct Handout {
    QString title;
    QList<HandoutStep> steps;
    QString error; // the XML reader's, if the file does not parse
};

QString readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(f.readAll());
}

// The handout as a program reads it: an XML parser over the HTML (the writer keeps it
// well-formed), its steps by their elements' classes.
Handout parseHandout(const QString& html)
{
    Handout handout;
    QXmlStreamReader xml(html);
    xml.setNamespaceProcessing(false); // inline SVG in HTML declares no namespaces
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        const QString cls = xml.attributes().value(QStringLiteral("class")).toString();
        if (name == QLatin1String("h1")) {
            handout.title = xml.readElementText();
        } else if (name == QLatin1String("section") && cls == QLatin1String("step")) {
            handout.steps.append(HandoutStep{});
        } else if (handout.steps.isEmpty()) {
            continue;
        } else if (name == QLatin1String("h2")) {
            handout.steps.back().title = xml.readElementText();
        } else if (name == QLatin1String("svg")) {
            ++handout.steps.back().charts;
            handout.steps.back().chartText =
                xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
        } else if (cls == QLatin1String("sentence")) {
            handout.steps.back().sentence = xml.readElementText();
        } else if (cls == QLatin1String("q")) {
            handout.steps.back().question =
                xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else if (cls == QLatin1String("answer")) {
            handout.steps.back().answer =
                xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else if (cls == QLatin1String("task")) {
            handout.steps.back().task = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else if (cls == QLatin1String("space")) {
            ++handout.steps.back().spaces;
        } else if (name == QLatin1String("li")) {
            handout.steps.back().goal
                << xml.readElementText(QXmlStreamReader::IncludeChildElements);
        }
    }
    if (xml.hasError())
        handout.error =
            QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return handout;
}

// What `lesson check` printed for each step: "  callout: …", "  question: …", "  answer: …".
QList<QMap<QString, QString>> checkedTexts(const std::string& out)
{
    QList<QMap<QString, QString>> steps;
    for (const QString& line : QString::fromStdString(out).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("step ")))
            steps.append(QMap<QString, QString>{});
        static const QRegularExpression text(
            QStringLiteral("^  (callout|question|answer|exercise): (.*)$"));
        const QRegularExpressionMatch m = text.match(line);
        if (m.hasMatch() && !steps.isEmpty())
            steps.back()[m.captured(1)] = m.captured(2);
    }
    return steps;
}

// A file that opens anywhere, off line: nothing it would fetch or link to.
void verifySelfContained(const QString& html)
{
    QVERIFY2(!html.contains(QLatin1String("http://")), "a web address");
    QVERIFY2(!html.contains(QLatin1String("https://")), "a web address");
    static const QRegularExpression reference(
        QStringLiteral("\\b(src|href)\\s*=|<link\\b|<script\\b|@import|url\\("),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = reference.match(html);
    QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("a reference: ") + m.captured()));
}

} // namespace

class TestLessonHandout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_lessonPath = m_dir.filePath(QStringLiteral("tiny.json"));
        QFile f(m_lessonPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kLesson);
    }

    void theTeachersHandoutHasTheRunsFiguresAndTheAnswers()
    {
        const QString out = m_dir.filePath(QStringLiteral("teacher.html"));
        const auto exported = runHedgesim(QStringList{
            QStringLiteral("lesson"), QStringLiteral("export"), m_lessonPath,
            QStringLiteral("--html"), out, QStringLiteral("--threads"), QStringLiteral("2")});
        QCOMPARE(exported.exitCode, cli::kExitOk);
        const QString html = readFile(out);
        verifySelfContained(html);
        const Handout handout = parseHandout(html);
        QVERIFY2(handout.error.isEmpty(), qPrintable(handout.error));
        QCOMPARE(handout.title, QStringLiteral("Tiny handout"));
        QCOMPARE(handout.steps.size(), 3);

        // The texts `lesson check` prints from its run of the same lesson.
        const auto checked =
            runHedgesim(QStringList{QStringLiteral("lesson"), QStringLiteral("check"), m_lessonPath,
                                    QStringLiteral("--threads"), QStringLiteral("1")});
        const QList<QMap<QString, QString>> texts = checkedTexts(checked.out);
        QCOMPARE(texts.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const HandoutStep& step = handout.steps[i];
            QCOMPARE(step.charts, 1);
            QCOMPARE(step.sentence, texts[i][QStringLiteral("callout")]);
            QCOMPARE(step.spaces, 0);
            if (texts[i].contains(QStringLiteral("question"))) {
                QCOMPARE(step.question,
                         QStringLiteral("Question. ") + texts[i][QStringLiteral("question")]);
                QCOMPARE(step.answer,
                         QStringLiteral("Answer. ") + texts[i][QStringLiteral("answer")]);
            }
        }
        QCOMPARE(handout.steps[0].title, QStringLiteral("1. A hedge after the delay"));
        QCOMPARE(handout.steps[2].task,
                 QStringLiteral("Exercise. ") + texts[2][QStringLiteral("exercise")]);
        QCOMPARE(handout.steps[2].goal.size(), 1);
        // In the words the lesson pane gives the student, not the lesson file's.
        QVERIFY2(handout.steps[2].goal[0].startsWith(QLatin1String("p99 at 30 % below 1")),
                 qPrintable(handout.steps[2].goal[0]));
        QVERIFY2(handout.steps[2].goal[0].contains(QLatin1String("at the start: ")),
                 qPrintable(handout.steps[2].goal[0]));

        // One figure from the step's own run, computed here: the hedged p99 at 30 % is in the
        // sentence and on the chart (its callout's bubble says it).
        const Lesson lesson = readLessonFile(m_lessonPath.toStdString());
        LessonRuns runs;
        const LessonRun run = runs.of(lesson.steps[0].scenario, 2);
        const QString p99 = QString::fromStdString(
            formatLessonFigure("p99_ms", run.figure(lesson.steps[0].anchor)));
        QVERIFY2(handout.steps[0].sentence.endsWith(QStringLiteral("to %1.").arg(p99)),
                 qPrintable(handout.steps[0].sentence + QStringLiteral(" / ") + p99));
        QVERIFY2(handout.steps[0].chartText.contains(p99), qPrintable(handout.steps[0].chartText));
    }

    void theStudentsHandoutAsksWithoutAnswering()
    {
        const QString out = m_dir.filePath(QStringLiteral("student.html"));
        const QString pdf = m_dir.filePath(QStringLiteral("student.pdf"));
        const auto exported =
            runHedgesim(QStringList{QStringLiteral("lesson"), QStringLiteral("export"),
                                    m_lessonPath, QStringLiteral("--html"), out,
                                    QStringLiteral("--pdf"), pdf, QStringLiteral("--student")});
        QCOMPARE(exported.exitCode, cli::kExitOk);
        const QString html = readFile(out);
        verifySelfContained(html);
        const Handout handout = parseHandout(html);
        QVERIFY2(handout.error.isEmpty(), qPrintable(handout.error));
        QCOMPARE(handout.steps.size(), 3);
        for (const HandoutStep& step : handout.steps) {
            QVERIFY(step.answer.isEmpty());
            QCOMPARE(step.charts, 1);
        }
        // Room to answer each question and the exercise; no answer's words anywhere.
        QCOMPARE(handout.steps[0].spaces, 1);
        QCOMPARE(handout.steps[1].spaces, 1);
        QCOMPARE(handout.steps[2].spaces, 1);
        QVERIFY(!html.contains(QLatin1String("Only a call slower than the delay")));
        QVERIFY(!html.contains(QLatin1String("at the start: ")));
        // The prediction step's chart stops at the loads it shows before Reveal: 90 % is not
        // on its load axis, as it is on the teacher's.
        QVERIFY2(!handout.steps[1].chartText.contains(QLatin1String("90 %")),
                 qPrintable(handout.steps[1].chartText));
        // The PDF: a document of its own pages.
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
    }

    // A timeline step (the Live view's): its chart is the Live view's panels from 0 s to the
    // step's moment, the callout's figure on it; its sentence the run's, as `lesson check` prints.
    void aTimelineStepHasTheLiveViewsChart()
    {
        const QString path = m_dir.filePath(QStringLiteral("timeline.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"schema": "hedge-explorer/lesson@1", "id": "live", "title": "Live", "summary": "S",
          "steps": [{"title": "Before the burst", "scenario": {"preset": "metastable"},
            "callout": {"setup": "hedge, no budget / client", "at_s": 60, "figure": "p99_ms",
                        "text": "At {load} load the p99 is {p99_ms}."}}]})");
        f.close();
        const QString out = m_dir.filePath(QStringLiteral("timeline.html"));
        const auto exported =
            runHedgesim(QStringList{QStringLiteral("lesson"), QStringLiteral("export"), path,
                                    QStringLiteral("--html"), out});
        QCOMPARE(exported.exitCode, cli::kExitOk);
        const QString html = readFile(out);
        verifySelfContained(html);
        const Handout handout = parseHandout(html);
        QVERIFY2(handout.error.isEmpty(), qPrintable(handout.error));
        QCOMPARE(handout.steps.size(), 1);
        QCOMPARE(handout.steps[0].charts, 1);
        const auto checked =
            runHedgesim(QStringList{QStringLiteral("lesson"), QStringLiteral("check"), path});
        const QList<QMap<QString, QString>> texts = checkedTexts(checked.out);
        QCOMPARE(texts.size(), 1);
        QCOMPARE(handout.steps[0].sentence, texts[0][QStringLiteral("callout")]);
        // The panels' titles, and the callout's figure at its moment.
        const QString chart = handout.steps[0].chartText;
        QVERIFY2(chart.contains(QLatin1String("p99 (ms, log)")), qPrintable(chart));
        const QString p99 =
            handout.steps[0].sentence.section(QStringLiteral("p99 is "), 1).chopped(1);
        QVERIFY2(!p99.isEmpty() && chart.contains(p99),
                 qPrintable(p99 + QStringLiteral(" / ") + chart));
    }

    void aBadLessonWritesNothing()
    {
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(kLesson).replace("\"p99_ms\"", "\"p98_ms\""));
        f.close();
        const QString out = m_dir.filePath(QStringLiteral("bad.html"));
        const auto exported =
            runHedgesim(QStringList{QStringLiteral("lesson"), QStringLiteral("export"), bad,
                                    QStringLiteral("--html"), out});
        QCOMPARE(exported.exitCode, cli::kExitInvalid);
        QVERIFY2(QString::fromStdString(exported.err).contains(QLatin1String("callout.figure")),
                 exported.err.c_str());
        QVERIFY(!QFile::exists(out));
    }

private:
    QTemporaryDir m_dir;
    QString m_lessonPath;
};

QTEST_MAIN(TestLessonHandout)
#include "tst_lessonhandout.moc"
