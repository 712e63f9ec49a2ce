// The real main window follows typing in its editors: a typed value reaches the scenario and the
// autosave after the typing pause, without Enter; a generated setup name follows the policy
// into the scenario; a bad load list leaves the loads in force before the edit running; and
// "Hedges go to: Another replica" with one replica says, under the field, that it is the same
// replica.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "MainWindow.h"
#include "UserInput.h"

#include "FieldMessage.h"
#include "ServiceRunEditor.h"
#include "ServiceTopologyFields.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioJson.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

Scenario small()
{
    Scenario s;
    s.seed = 3;
    s.calls = 2000;
    s.loads = {0.5, 0.8, 0.95};
    s.setups = {Scenario::referenceSetups()[0], Scenario::referenceSetups()[1]};
    return s;
}

Scenario autosaved()
{
    QFile f(MainWindow::autosavePath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return parseScenarioJson(f.readAll().toStdString());
}

using test::idle;

} // namespace

class TestEditorTyping : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> openSmall()
    {
        auto w = test::openWindow(m_dir, small(), QStringLiteral("small.json"));
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get()))
            qFatal("the window did not become active");
        return w;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_editortyping"));
    }

    void init() { test::clearSession(); }

    void typedDelayReachesTheScenarioAndTheAutosaveWithoutEnter()
    {
        auto w = openSmall();
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        const int simulatedBefore = w->controller()->simulatedPoints();
        test::setupList(*w)->setCurrentRow(1);
        QDoubleSpinBox* delay =
            test::knobField<QDoubleSpinBox>(test::setupEditor(*w), "hedge.delay_ms");
        test::typeInto(delay, QStringLiteral("35"));
        QTRY_COMPARE_WITH_TIMEOUT(w->scenario().setups[1].hedge->delayMs, 35.0, 60000);
        QVERIFY(delay->hasFocus()); // no Enter, no Tab
        QVERIFY(w->isWindowModified());
        QCOMPARE(autosaved().setups[1].hedge->delayMs, 35.0);
        // The sweep runs what was typed: it has the delay and simulates its points. (Whether
        // that run is still pending when the scenario shows the delay depends on how soon the
        // test looks: a busy machine's late look finds it done.)
        QCOMPARE(w->controller()->scenario().setups[1].hedge->delayMs, 35.0);
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        QVERIFY2(w->controller()->simulatedPoints() > simulatedBefore,
                 qPrintable(QString::number(w->controller()->simulatedPoints())));
    }

    void generatedNameFollowsTheCancellationIntoTheScenario()
    {
        auto w = openSmall();
        test::setupList(*w)->setCurrentRow(1);
        QCOMPARE(w->scenario().setups[1].name, std::string("hedge, no budget / client"));
        QTest::mouseClick(test::setupEditor(*w)->cancellationButton(Cancellation::Server),
                          Qt::LeftButton);
        QCOMPARE(w->scenario().setups[1].name, std::string("hedge, no budget / server"));
        QCOMPARE(w->scenario().setups[1].cancellation, Cancellation::Server);
        QCOMPARE(autosaved().setups[1].name, std::string("hedge, no budget / server"));
    }

    void badLoadListRunsTheLoadsInForceBeforeTheEdit()
    {
        auto w = openSmall();
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        ServiceRunEditor* e = test::serviceRunEditor(*w);
        e->loadModeCombo()->setCurrentIndex(1);
        QLineEdit* list = e->loadListEdit();
        test::typeInto(list, QStringLiteral("0.5,"));
        QTRY_COMPARE_WITH_TIMEOUT(w->scenario().loads, (std::vector<double>{0.5}), 60000);
        QTest::keyClicks(list, QStringLiteral(" abc"));
        QTRY_COMPARE_WITH_TIMEOUT(w->scenario().loads, small().loads, 60000);
        QVERIFY(e->loadError().contains(QStringLiteral("abc")));
        QCOMPARE(autosaved().loads, small().loads);
    }

    void anotherReplicaWithOneReplicaSaysItIsTheSameReplica()
    {
        auto w = openSmall();
        QCOMPARE(w->scenario().service.replicas, 1);
        QListWidget* list = test::setupList(*w)->listWidget();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier,
                          list->visualItemRect(list->item(1)).center());
        SetupEditor* editor = test::setupEditor(*w);
        FieldMessage* message = editor->placementMessage();
        QVERIFY(!message->isVisibleTo(editor));
        // "Hedges go to": Down from "Any replica" to "Another replica".
        QComboBox* placement = editor->placementCombo();
        placement->setFocus();
        QTest::keyClick(placement, Qt::Key_Down);
        QCOMPARE(w->scenario().setups[1].hedge->placement, HedgePlacement::OtherReplica);
        QVERIFY(message->isVisibleTo(editor));
        QVERIFY2(message->text().contains(QStringLiteral("one replica")) &&
                     message->text().contains(QStringLiteral("same")),
                 qPrintable(message->text()));

        // Four replicas: another replica is another one; the message goes. One again: back.
        QSpinBox* replicas = test::serviceRunEditor(*w)->topologyFields()->replicasSpin();
        const auto typeReplicas = [replicas](const QString& text) {
            test::typeInto(replicas, text);
        };
        typeReplicas(QStringLiteral("4"));
        QTRY_COMPARE_WITH_TIMEOUT(w->scenario().service.replicas, 4, 60000);
        QVERIFY(!message->isVisibleTo(editor));
        typeReplicas(QStringLiteral("1"));
        QTRY_COMPARE_WITH_TIMEOUT(w->scenario().service.replicas, 1, 60000);
        QVERIFY(message->isVisibleTo(editor));

        // Any replica: nothing to say.
        placement->setFocus();
        QTest::keyClick(placement, Qt::Key_Up);
        QCOMPARE(w->scenario().setups[1].hedge->placement, HedgePlacement::Any);
        QVERIFY(!message->isVisibleTo(editor));
    }
};

QTEST_MAIN(TestEditorTyping)
#include "tst_editortyping.moc"
