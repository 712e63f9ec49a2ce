// The fan-out's fields of the service editor in the real window (docs/user-guide.md, "Service and run"):
// typed parts and copies reach the scenario with the replicas following parts × copies, the
// Replicas box shows them read-only and says why, the ranges keep parts × copies within 255
// replicas, and Ctrl+Z takes each edit back through the document, fields included.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"
#include "UserInput.h"

#include "ServiceRunEditor.h"
#include "ServiceTopologyFields.h"
#include "SetupListWidget.h"

#include <hedge/document/ScenarioDocument.h>

#include <QListWidget>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

} // namespace

class TestFanoutFields : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    ScenarioDocument* m_document = nullptr;
    ServiceTopologyFields* m_fields = nullptr;

    void open(const Scenario& scenario)
    {
        m_window = test::openWindow(m_dir, scenario, QStringLiteral("fanout.json"));
        m_window->resize(1024, 700);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_document = m_window->findChild<ScenarioDocument*>();
        m_fields = test::serviceRunEditor(*m_window)->topologyFields();
        QVERIFY(m_document && m_fields);
    }

    // Ctrl+Z / Ctrl+Shift+Z where a user presses them: outside a text field.
    void press(QKeyCombination keys)
    {
        QListWidget* list = test::setupList(*m_window)->listWidget();
        list->setFocus();
        QTest::keyClick(list, keys.key(), keys.keyboardModifiers());
    }

    // The document and the fields agree on parts, copies and replicas.
    void verifyShown(int parts, int copies, int replicas)
    {
        const ServiceConfig& s = m_document->scenario().service;
        QCOMPARE(s.fanoutParts, parts);
        QCOMPARE(s.fanoutCopies, copies);
        QCOMPARE(s.replicas, replicas);
        QCOMPARE(m_fields->partsSpin()->value(), parts);
        QCOMPARE(m_fields->copiesSpin()->value(), copies);
        QCOMPARE(m_fields->replicasSpin()->value(), replicas);
        QCOMPARE(m_fields->replicasSpin()->isReadOnly(), s.hasFanout());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_fanoutfields"));
    }

    void init() { test::clearSession(); }
    void cleanup() { m_window.reset(); }

    void typedPartsMakeTheReplicasAndUndoTakesThemBack()
    {
        Scenario start = test::twoSetups({0.5});
        start.service.replicas = 4; // a plain service's own replicas, kept when fan-out is off
        open(start);
        QCOMPARE(m_fields->waitForSpin()->text(), QStringLiteral("all"));
        QVERIFY(!m_fields->replicasSpin()->isReadOnly());
        QVERIFY(m_fields->partsSpin()->isVisible());

        test::typeInto(m_fields->partsSpin(), QStringLiteral("10"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().service.fanoutParts, 10);
        verifyShown(10, 1, 10);
        QVERIFY2(m_fields->replicasSpin()->toolTip().contains(
                     QStringLiteral("follows the fan-out: parts × copies = 10 × 1")),
                 qPrintable(m_fields->replicasSpin()->toolTip()));

        test::typeInto(m_fields->copiesSpin(), QStringLiteral("3"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().service.fanoutCopies, 3);
        verifyShown(10, 3, 30);
        // 10 parts × 26 copies would be 260 replicas: the copies stop at 25.
        QCOMPARE(m_fields->copiesSpin()->maximum(), 25);
        QCOMPARE(m_fields->waitForSpin()->maximum(), 10);
        QCOMPARE(m_document->undoStack()->count(), 2);

        press(Qt::CTRL | Qt::Key_Z);
        verifyShown(10, 1, 10);
        press(Qt::CTRL | Qt::Key_Z);
        verifyShown(1, 1, 4);
        QVERIFY(!m_window->isWindowModified());
        press(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        verifyShown(10, 1, 10);
    }

    // calls × parts below 2^32 − 1: each field's maximum follows the other.
    void theCallsPerPointBoundTheParts()
    {
        open(test::twoSetups({0.5}));
        ServiceRunEditor* editor = test::serviceRunEditor(*m_window);
        QCOMPARE(m_fields->partsSpin()->maximum(), 200);
        test::typeInto(editor->callsSpin(), QStringLiteral("100000000"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().calls, 100'000'000);
        QCOMPARE(m_fields->partsSpin()->maximum(), 42); // 43 × 10^8 > 4 294 967 295
        test::typeInto(editor->callsSpin(), QStringLiteral("200000"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().calls, 200'000);
        test::typeInto(m_fields->partsSpin(), QStringLiteral("200"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().service.fanoutParts, 200);
        QCOMPARE(editor->callsSpin()->maximum(), 21'474'836); // 4 294 967 294 / 200
    }

    // Back to one part of one copy by typing: the fan-out is off and the service has one
    // replica (parts × copies), whose box is the user's again.
    void typingOnePartEndsTheFanout()
    {
        Scenario start = test::twoSetups({0.5});
        start.service.fanoutParts = 10;
        start.service.replicas = 10;
        open(start);
        verifyShown(10, 1, 10);
        test::typeInto(m_fields->partsSpin(), QStringLiteral("1"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().service.fanoutParts, 1);
        verifyShown(1, 1, 1);
        test::typeInto(m_fields->replicasSpin(), QStringLiteral("3"), Qt::Key_Return);
        QTRY_COMPARE(m_document->scenario().service.replicas, 3);
        verifyShown(1, 1, 3);
    }
};

QTEST_MAIN(TestFanoutFields)
#include "tst_fanoutfields.moc"
