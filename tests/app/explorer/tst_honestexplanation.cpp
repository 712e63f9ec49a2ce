// "What this shows" after an edit, on the real window as a user drives it (docs/user-guide.md,
// "What this shows"): a preset loaded from the Presets menu, a knob typed; the pane says what
// was edited with the old and new values, and shows the preset's text as the preset's (greyed
// under a note), not as if it held. Reset Preset brings the preset's numbers back and the line
// goes; Undo brings the edit back; undone to the preset's state, the line goes again. A report
// of the edited scenario says its text is the preset's.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "ServiceMeasurementsDialog.h"
#include "UserInput.h"

#include <hedge/io/Presets.h>

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

const QString kReference = QStringLiteral("Reference: six setups, client and server cancellation");
const std::string kNoBudget = "hedge, no budget / client";

QLabel* editsLine(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QLabel*>(QStringLiteral("presetEdits"));
}

QPushButton* resetButton(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QPushButton*>(QStringLiteral("resetPreset"));
}

QTextBrowser* body(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QTextBrowser*>();
}

// The colour the explanation's first paragraph of the preset's own text is drawn in.
QColor textColour(const MainWindow& w, const QString& paragraphStart)
{
    for (QTextBlock b = body(w)->document()->begin(); b.isValid(); b = b.next())
        if (b.text().startsWith(paragraphStart)) {
            const QTextCharFormat f = b.begin().fragment().charFormat();
            return f.hasProperty(QTextFormat::ForegroundBrush) ? f.foreground().color()
                                                               : body(w)->palette().text().color();
        }
    qFatal("no paragraph starts with %s", qPrintable(paragraphStart));
}

int rowOf(const Scenario& s, const std::string& name)
{
    for (std::size_t i = 0; i < s.setups.size(); ++i)
        if (s.setups[i].name == name)
            return int(i);
    return -1;
}

// Service → From Measurements… with a file or typed p50 and p99, OK once the fit is shown.
void serviceFromMeasurements(MainWindow& w, const QString& csvPath)
{
    test::menuAction(w, QStringLiteral("Serv&ice"), QStringLiteral("From &Measurements…"))
        ->trigger();
    QPointer<ServiceMeasurementsDialog> dialog = w.findChild<ServiceMeasurementsDialog*>();
    QVERIFY(dialog);
    const auto type = [&dialog](const char* field, const QString& text) {
        auto* edit = dialog->findChild<QLineEdit*>(QString::fromLatin1(field));
        QVERIFY(edit);
        test::typeInto(edit, text);
    };
    if (csvPath.isEmpty()) {
        type("p50", QStringLiteral("12"));
        type("p99", QStringLiteral("80"));
    } else {
        QTest::mouseClick(dialog->findChild<QRadioButton*>(QStringLiteral("measurementsFromFile")),
                          Qt::LeftButton);
        type("measurementsPath", csvPath);
    }
    auto* ok = dialog->findChild<QPushButton*>(QStringLiteral("applyServiceFit"));
    QVERIFY(ok);
    // A fit is a simulation only when calibrated (not here): a bound on a hang, no timing.
    QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), 300000);
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_VERIFY(!dialog);
}

} // namespace

class TestHonestExplanation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_honestexplanation")); }

    void anEditIsSaidAndResetPresetUndoes()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        test::menuAction(w, QStringLiteral("&Presets"), kReference)->trigger();
        const Preset* reference = findPreset("reference");
        QCOMPARE(w.scenario(), reference->scenario);
        const QString firstWords = QString::fromStdString(reference->explanation).left(30);
        const QColor holding = textColour(w, firstWords);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QVERIFY(!resetButton(w)->isVisibleTo(&w));

        // The budget of "hedge, no budget / client" typed: 0 → 7 % (the setup renames itself).
        const int row = rowOf(w.scenario(), kNoBudget);
        QVERIFY(row >= 0);
        test::setupList(w)->setCurrentRow(row);
        test::typeInto(
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.budget_percent"),
            QStringLiteral("7"), Qt::Key_Return);
        QCOMPARE(w.scenario().setups[std::size_t(row)].hedge->budgetPercent, 7.0);
        QVERIFY(editsLine(w)->isVisibleTo(&w));
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: budget of “hedge, no budget / client” 0 → 7 %"));
        QVERIFY(resetButton(w)->isVisibleTo(&w));
        // The text is the preset's, said so and greyed: not presented as holding.
        QVERIFY(body(w)->toPlainText().startsWith(
            QStringLiteral("This describes the preset as loaded; your edits changed it.")));
        const QColor greyed = textColour(w, firstWords);
        QVERIFY(greyed != holding);
        // Greyed: nearer the page's colour than the text that holds.
        const QColor page = body(w)->palette().color(QPalette::Window);
        const auto distance = [](const QColor& a, const QColor& b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                   std::abs(a.blue() - b.blue());
        };
        QVERIFY2(distance(greyed, page) < distance(holding, page) / 2 + 10,
                 qPrintable(greyed.name() + QLatin1Char(' ') + holding.name()));
        // So does a report of the edited scenario.
        const QString report = m_dir.filePath(QStringLiteral("edited.html"));
        QCOMPARE(w.exportReport(report), std::nullopt);
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QStringLiteral("the scenario of this report was edited from it. "
                                             "Edited: budget of “hedge, no budget / client” 0 "
                                             "→ 7 %.")));

        // Reset Preset: the preset's numbers, in the document and the editor; the line goes.
        QTest::mouseClick(resetButton(w), Qt::LeftButton);
        QCOMPARE(w.scenario(), reference->scenario);
        test::setupList(w)->setCurrentRow(row);
        QCOMPARE(
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.budget_percent")->value(),
            0.0);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QVERIFY(!resetButton(w)->isVisibleTo(&w));
        QCOMPARE(textColour(w, firstWords), holding);
        QVERIFY(!body(w)->toPlainText().contains(QStringLiteral("your edits changed it")));

        // Undo takes the reset back: the edit and its line return.
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(w.scenario().setups[std::size_t(row)].hedge->budgetPercent, 7.0);
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: budget of “hedge, no budget / client” 0 → 7 %"));
        QCOMPARE(textColour(w, firstWords), greyed);
        // Undone back to the preset's state: nothing is edited, the line goes.
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(w.scenario(), reference->scenario);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QCOMPARE(textColour(w, firstWords), holding);
    }

    // A service taken from measurements, or given back to the log-normal model, is named as
    // such ("service time from cache.csv"), not as "other settings of the service".
    void aMeasuredServiceIsNamed()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        test::menuAction(w, QStringLiteral("&Presets"), kReference)->trigger();
        serviceFromMeasurements(w, QString());
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: service time from typed percentiles"));
        QByteArray csv = "latency_ms\n";
        for (int i = 1; i <= 200; ++i)
            csv += QByteArray::number(5.0 + 0.1 * i, 'f', 1) + '\n';
        serviceFromMeasurements(w, test::writeFile(m_dir, QStringLiteral("cache.csv"), csv));
        QCOMPARE(editsLine(w)->text(), QStringLiteral("Edited: service time from cache.csv"));
        // Its other fields typed too: each said on its own.
        test::typeInto(test::serviceRunEditor(w)->workersSpin(), QStringLiteral("24"),
                       Qt::Key_Return);
        QCOMPARE(editsLine(w)->text(), QStringLiteral("Edited: service time from cache.csv; "
                                                      "service workers 16 → 24"));
        // Back to the model: the preset's service time again, only the workers are edited.
        test::menuAction(w, QStringLiteral("Serv&ice"), QStringLiteral("Use the &Log-Normal Model"))
            ->trigger();
        QCOMPARE(editsLine(w)->text(), QStringLiteral("Edited: service workers 16 → 24"));

        // A preset whose service is measured, given the log-normal model (a window of its own:
        // this one would ask about its unsaved edits).
        MainWindow bimodal(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        bimodal.resize(1024, 700);
        bimodal.show();
        test::menuAction(bimodal, QStringLiteral("&Presets"),
                         QStringLiteral("A bimodal service: where the delay must sit"))
            ->trigger();
        QVERIFY(!editsLine(bimodal)->isVisibleTo(&bimodal));
        test::menuAction(bimodal, QStringLiteral("Serv&ice"),
                         QStringLiteral("Use the &Log-Normal Model"))
            ->trigger();
        QCOMPARE(editsLine(bimodal)->text(),
                 QStringLiteral("Edited: service time from the log-normal model"));
    }

    // Several edits (a service knob typed, a setup added, a delay typed, a setup removed):
    // each is listed, the first three in the line, "and 1 more" after them, all in its tooltip.
    void severalEditsAreListed()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        test::menuAction(w, QStringLiteral("&Presets"), kReference)->trigger();
        test::typeInto(test::serviceRunEditor(w)->workersSpin(), QStringLiteral("24"),
                       Qt::Key_Return);
        QCOMPARE(editsLine(w)->text(), QStringLiteral("Edited: service workers 16 → 24"));
        QToolButton* add = nullptr;
        for (QToolButton* b : test::setupList(w)->findChildren<QToolButton*>())
            if (b->text() == QStringLiteral("Add"))
                add = b;
        QVERIFY(add);
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: setup “new setup” added; service workers 16 → 24"));
        const int row = rowOf(w.scenario(), kNoBudget);
        test::setupList(w)->setCurrentRow(row);
        test::typeInto(test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.delay_ms"),
                       QStringLiteral("35"), Qt::Key_Return);
        test::setupList(w)->setCurrentRow(0);
        const std::string first = w.scenario().setups[0].name;
        test::setupList(w)->removeSetup();
        const QString removed =
            QStringLiteral("setup “%1” removed").arg(QString::fromStdString(first));
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: %1; delay of “hedge, no budget / client” 20 → 35 ms; "
                                "setup “new setup” added and 1 more")
                     .arg(removed));
        QCOMPARE(editsLine(w)->toolTip().split(QLatin1Char('\n')).size(), 4);
        QVERIFY(editsLine(w)->toolTip().endsWith(QStringLiteral("service workers 16 → 24")));
    }
};

QTEST_MAIN(TestHonestExplanation)

#include "tst_honestexplanation.moc"
