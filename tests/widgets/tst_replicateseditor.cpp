// The run editor's replicate count: shown from the scenario, typed by the user, written back,
// held to 1–100, and explained by its tooltip.
#include "ServiceRunEditor.h"
#include "UserInput.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace hedge;

class TestReplicatesEditor : public QObject {
    Q_OBJECT

private slots:
    void typedCountReachesTheScenario()
    {
        ServiceRunEditor editor;
        Scenario knifeEdge;
        knifeEdge.replicates = 10;
        editor.setScenario(knifeEdge);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));

        QSpinBox* spin = editor.replicatesSpin();
        QVERIFY(spin->isVisible());
        QCOMPARE(spin->value(), 10);
        QCOMPARE(spin->minimum(), 1);
        QCOMPARE(spin->maximum(), 100);
        const QString tip = spin->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("Range 1 – 100")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Default: %1.").arg(Scenario{}.replicates)),
                 qPrintable(tip));

        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        test::typeInto(spin, QStringLiteral("25"), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!edited.isEmpty(), 60000);
        Scenario out;
        editor.applyTo(out);
        QCOMPARE(out.replicates, 25);

        // 500 is outside the range: the spin box does not take the third digit.
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("500"));
        QTest::keyClick(spin, Qt::Key_Return);
        editor.applyTo(out);
        QVERIFY2(out.replicates >= 1 && out.replicates <= 100,
                 qPrintable(QString::number(out.replicates)));

        // The arrow key steps it, as for every count.
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("1"));
        QTest::keyClick(spin, Qt::Key_Return);
        QTest::keyClick(spin, Qt::Key_Up);
        editor.applyTo(out);
        QCOMPARE(out.replicates, 2);
    }
};

QTEST_MAIN(TestReplicatesEditor)
#include "tst_replicateseditor.moc"
