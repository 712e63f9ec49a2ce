// Setup → Export Policy As… and Import Policy… as a user meets them (docs/policies.md, "Export
// and import"): the dialog preselects the setup's family, another format shows its text or why
// it does not map, Copy puts the text on the clipboard, Save… writes it; an imported file adds a
// setup (selected, named after the file) with the uncovered fields in a message, and Undo
// removes it; a broken file shows "FIELD: problem" and leaves the setups as they were.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "PolicyExportDialog.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/Presets.h>
#include <hedge/run/SweepController.h>

#include "MetricChartView.h"
#include "SetupCurve.h"

#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QtTest>

using namespace hedge;

namespace {

const char* kGrpcConfig = R"({
  "methodConfig": [{
    "name": [{"service": "shop.Cart"}],
    "hedgingPolicy": {"maxAttempts": 3, "hedgingDelay": "0.015s",
                      "nonFatalStatusCodes": ["UNAVAILABLE"]}
  }],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}
})";

const char* kBrokenEnvoy = "route:\n  retry_policy:\n    per_try_timeout: 20\n"
                           "  hedge_policy:\n    hedge_on_per_try_timeout: true\n";

QStringList shownNames(MainWindow& w)
{
    QStringList names;
    QListWidget* list = test::setupList(w)->listWidget();
    for (int i = 0; i < list->count(); ++i)
        names << list->item(i)->text();
    return names;
}

// Clicks the row `row` of the setup list, as a user selects a setup.
void selectSetup(MainWindow& w, int row)
{
    QListWidget* list = test::setupList(w)->listWidget();
    const QRect rect = list->visualItemRect(list->item(row));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(test::setupList(w)->currentRow(), row);
}

// Steps the format chooser with the keyboard until it shows `title`.
void chooseFormat(QComboBox* combo, const QString& title)
{
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < combo->count() && combo->currentText() != title; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(combo->currentText(), title);
}

PolicyExportDialog* openExportDialog(MainWindow& w)
{
    test::menuAction(w, QStringLiteral("&Setup"), QStringLiteral("&Export Policy As…"))->trigger();
    auto* dialog = w.findChild<PolicyExportDialog*>();
    if (dialog)
        dialog->show();
    return dialog;
}

QAction* undoAction(MainWindow& w)
{
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu() && menu->text() == QStringLiteral("&Edit"))
            return menu->menu()->actions().value(0);
    return nullptr;
}

} // namespace

class TestPolicyExchange : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_policyexchange")); }

    void exportCopiesTheChosenFormat()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        const Scenario scenario = test::twoSetups({0.5});
        w.setScenario(scenario);
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        selectSetup(w, 1); // "hedge, no budget": resilience4cata, and Polly's policy too

        PolicyExportDialog* dialog = openExportDialog(w);
        QVERIFY(dialog);
        auto* combo = dialog->findChild<QComboBox*>(QStringLiteral("policyFormat"));
        auto* view = dialog->findChild<QPlainTextEdit*>(QStringLiteral("policyText"));
        auto* copy = dialog->findChild<QPushButton*>(QStringLiteral("copyPolicy"));
        auto* notes = dialog->findChild<QLabel*>(QStringLiteral("policyNotes"));
        QCOMPARE(combo->currentText(), QStringLiteral("resilience4cata (Java)"));
        QCOMPARE(view->font().family(),
                 QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
        QVERIFY(view->isReadOnly());
        QCOMPARE(view->toPlainText().toStdString(), exportPolicy(scenario.setups[1]).text);

        chooseFormat(combo, QStringLiteral("Polly v8 hedging (C#)"));
        QApplication::clipboard()->clear();
        QTest::mouseClick(copy, Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text().toStdString(),
                 exportPolicy(scenario.setups[1], PolicyFamily::Polly).text);

        // gRPC's rules are not resilience4cata's: why, instead of a text to copy.
        chooseFormat(combo, QStringLiteral("gRPC service config (JSON)"));
        QVERIFY(view->toPlainText().isEmpty());
        QVERIFY(!copy->isEnabled());
        QVERIFY2(view->placeholderText().contains("does not map exactly onto grpc"),
                 qPrintable(view->placeholderText()));
        QVERIFY(!notes->isVisible());

        // Save… writes the text shown.
        chooseFormat(combo, QStringLiteral("Murphy hedging policy (Delphi)"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("murphy.pas"));
        test::answerFileDialog(path);
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("savePolicy")),
                          Qt::LeftButton);
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll().toStdString(),
                 exportPolicy(scenario.setups[1], PolicyFamily::Murphy).text);
        dialog->reject();
    }

    // A gRPC setup: its own format first, the uncovered points under the JSON.
    void aFamilySetupExportsItsOwnConfig()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        Scenario scenario = test::twoSetups({0.5});
        scenario.setups[0].policy = PolicyFamily::Grpc;
        scenario.setups[0].families.grpc.throttling = GrpcThrottling{};
        w.setScenario(scenario);
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        selectSetup(w, 0);
        PolicyExportDialog* dialog = openExportDialog(w);
        QVERIFY(dialog);
        QCOMPARE(dialog->findChild<QComboBox*>(QStringLiteral("policyFormat"))->currentText(),
                 QStringLiteral("gRPC service config (JSON)"));
        QCOMPARE(dialog->text().toStdString(), exportPolicy(scenario.setups[0]).text);
        auto* notes = dialog->findChild<QLabel*>(QStringLiteral("policyNotes"));
        QVERIFY2(notes->isVisible() && notes->text().contains("taken as UNAVAILABLE"),
                 qPrintable(notes->text()));
        dialog->reject();
    }

    void importAddsASetupThatUndoRemoves()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.setScenario(test::twoSetups({0.5}));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList before = shownNames(w);

        test::answerFileDialog(test::writeFile(dir, QStringLiteral("cart.json"), kGrpcConfig));
        test::menuAction(w, QStringLiteral("&Setup"), QStringLiteral("&Import Policy…"))->trigger();
        QCOMPARE(shownNames(w), before + QStringList{QStringLiteral("cart")});
        QCOMPARE(test::setupList(w)->currentRow(), 2);
        const Setup& added = w.scenario().setups.back();
        QCOMPARE(added.policy, PolicyFamily::Grpc);
        QCOMPARE(added.families.grpc.maxAttempts, 3);
        QCOMPARE(added.families.grpc.hedgingDelayMs, 15.0);
        QVERIFY(added.families.grpc.nonFatalErrors && added.families.grpc.throttling);
        QTRY_VERIFY(w.findChild<QMessageBox*>(QStringLiteral("importedPolicyUncovered")));
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("importedPolicyUncovered"));
        QVERIFY2(box->text().contains("methodConfig[0].name"), qPrintable(box->text()));
        box->accept();
        QVERIFY(w.isModified());

        QAction* undo = undoAction(w);
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(shownNames(w), before);
        QCOMPARE(w.scenario().setups.size(), std::size_t(2));
    }

    // Setup → Import Policy… on four stacks: the imported Envoy setup is drawn at once, with
    // the engine's points and its collapse marker, without touching its check box.
    void anImportedSetupIsDrawn()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false});
        Scenario scenario = findPreset("four-stacks")->scenario;
        scenario.calls = 4000;
        scenario.loads = {0.5, 0.95};
        w.setScenario(scenario);
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 120000);

        // Envoy hedging at 5 ms with four retries and no budget: it collapses at 95 %.
        const char* route = "route:\n  retry_policy:\n    num_retries: 4\n"
                            "    per_try_timeout: 0.005s\n"
                            "  hedge_policy:\n    hedge_on_per_try_timeout: true\n"
                            "cluster:\n  circuit_breakers:\n    thresholds:\n"
                            "    - priority: DEFAULT\n      max_retries: 100000\n";
        test::answerFileDialog(test::writeFile(dir, QStringLiteral("edge.yaml"), route));
        test::menuAction(w, QStringLiteral("&Setup"), QStringLiteral("&Import Policy…"))->trigger();
        QCOMPARE(w.scenario().setups.back().name, std::string("edge"));
        if (auto* box = w.findChild<QMessageBox*>(QStringLiteral("importedPolicyUncovered")))
            box->accept();
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 120000);

        // The window's own results for the new setup (its run, as the table shows them).
        const std::vector<PointResult> engine = w.controller()->displayedPoints();
        QList<double> loads;
        QList<double> collapsed;
        QList<QPointF> held; // the points that did not collapse, drawn at their p99
        for (const PointResult& p : engine)
            if (p.setup == "edge") {
                loads.append(p.load);
                if (p.collapsed)
                    collapsed.append(p.load);
                else if (p.p99Ms)
                    held.append({p.load, *p.p99Ms});
            }
        QCOMPARE(loads.size(), 2);
        QCOMPARE(collapsed, QList<double>{0.95}); // the premise: the collapse at 95 %
        MetricChartView* p99 = test::chart(w, Metric::P99);
        const QString edge = QStringLiteral("edge");
        bool styled = false;
        for (const SeriesStyle& style : p99->seriesStyles())
            styled = styled || (style.setup == edge && style.visible);
        QVERIFY(styled);
        // A point at each load; the one that held at its p99 (a collapsed one sits on the
        // axis' ceiling, under its marker).
        QTRY_COMPARE_WITH_TIMEOUT(p99->seriesPoints(edge).size(), qsizetype(2), 60000);
        QCOMPARE(p99->seriesPoints(edge).front(), held.front());
        QCOMPARE(p99->seriesPoints(edge).back().x(), 0.95);
        QList<QPointF> markers;
        for (MarkerKind kind : {MarkerKind::Collapse, MarkerKind::OffScale})
            markers += p99->markerPoints(edge, kind);
        QCOMPARE(markers.size(), 1);
        // At 95 % (markers of several setups at one load stand side by side).
        QVERIFY2(std::abs(markers.front().x() - 0.95) < 0.1,
                 qPrintable(QString::number(markers.front().x())));
        // The colour it is drawn with is the one the list shows and the scenario keeps.
        QCOMPARE(test::setupList(w)->styles().back().setup, edge);
        QCOMPARE(test::setupList(w)->styles().back().color,
                 p99->seriesStyles().back().color);
    }

    void aBrokenFileChangesNothing()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.setScenario(test::twoSetups({0.5}));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList before = shownNames(w);
        const Scenario scenario = w.scenario();

        test::answerFileDialog(test::writeFile(dir, QStringLiteral("edge.yaml"), kBrokenEnvoy));
        test::menuAction(w, QStringLiteral("&Setup"), QStringLiteral("&Import Policy…"))->trigger();
        QTRY_VERIFY(w.findChild<QMessageBox*>(QStringLiteral("policyImportError")));
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("policyImportError"));
        QVERIFY2(
            box->text().contains("route.retry_policy.per_try_timeout: \"20\" is not a duration"),
            qPrintable(box->text()));
        box->accept();
        QCOMPARE(shownNames(w), before);
        QCOMPARE(w.scenario(), scenario);
        QVERIFY(!w.isModified());
        QVERIFY(!undoAction(w)->isEnabled());
    }
};

QTEST_MAIN(TestPolicyExchange)
#include "tst_policyexchange.moc"
