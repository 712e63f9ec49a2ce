// Setup → Export Policy As… and Import Policy… as a user meets them (docs/policies.md, "Export
// and import"): the dialog preselects the setup's family, another format shows its text or why
// it does not map, Copy puts the text on the clipboard, Save… writes it; an imported file adds a
// setup (selected, named after the file) with the uncovered fields in a message, and Undo
// removes it; a broken file shows "FIELD: problem" and leaves the setups as they were.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "PolicyExportDialog.h"

#include <hedge/io/PolicyExport.h>

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
