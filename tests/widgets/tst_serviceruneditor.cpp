#include "ServiceRunEditor.h"
#include "ServiceSourceLine.h"

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace hedge;

class TestServiceRunEditor : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        Scenario s;
        s.seed = 18446744073709551615ull; // the largest seed
        s.calls = 12345;
        s.warmupFraction = 0.25;
        s.loads = {0.2, 0.55, 1.2};
        s.service = ServiceConfig{.workers = 7,
                                  .medianMs = 3.5,
                                  .sigma = 1.25,
                                  .hiccupProbability = 0.05,
                                  .hiccupMinMs = 40.0,
                                  .hiccupMaxMs = 90.0,
                                  .errorProbability = 0.01};
        ServiceRunEditor editor;
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        editor.setScenario(s);
        QCOMPARE(edited.count(), 0);
        Scenario out;
        editor.applyTo(out);
        QCOMPARE(out.service, s.service);
        QCOMPARE(out.loads, s.loads);
        QCOMPARE(out.calls, s.calls);
        QCOMPARE(out.warmupFraction, s.warmupFraction);
        QCOMPARE(out.seed, s.seed);
        // Uneven loads are shown as a list.
        QCOMPARE(editor.loadModeCombo()->currentIndex(), 1);
    }

    // A hiccup range wholly above the one shown (from above its "to") loads as it is: the
    // fields' ranges that keep from ≤ to do not clamp the new values while they load.
    void hiccupRangeAboveTheShownOneLoads()
    {
        ServiceRunEditor editor; // shows 100 … 300 ms
        Scenario s;
        s.service.hiccupMinMs = 500.0;
        s.service.hiccupMaxMs = 900.0;
        editor.setScenario(s);
        QCOMPARE(editor.service().hiccupMinMs, 500.0);
        QCOMPARE(editor.service().hiccupMaxMs, 900.0);
        s.service.hiccupMinMs = 10.0;
        s.service.hiccupMaxMs = 20.0;
        editor.setScenario(s);
        QCOMPARE(editor.service().hiccupMinMs, 10.0);
        QCOMPARE(editor.service().hiccupMaxMs, 20.0);
    }

    void evenLoadsShowAsRange()
    {
        Scenario s;
        s.loads = {0.3, 0.4, 0.5, 0.6};
        ServiceRunEditor editor;
        editor.setScenario(s);
        QCOMPARE(editor.loadModeCombo()->currentIndex(), 0);
        QCOMPARE(editor.loadFromSpin()->value(), 0.3);
        QCOMPARE(editor.loadToSpin()->value(), 0.6);

        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        editor.loadStepSpin()->setValue(0.15);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(editor.loads(), (std::vector<double>{0.3, 0.45, 0.6}));
    }

    void rangeWithFromAboveToKeepsLastGood()
    {
        Scenario s;
        s.loads = {0.3, 0.4, 0.5};
        ServiceRunEditor editor;
        editor.setScenario(s);
        editor.show();
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        editor.loadFromSpin()->setValue(0.9);
        QCOMPARE(edited.count(), 0);
        QVERIFY(editor.loadErrorLabel()->isVisible());
        QVERIFY(!editor.loadError().isEmpty());
        QCOMPARE(editor.loads(), s.loads);
    }

    void parseLoadList_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<std::vector<double>>("loads");
        QTest::newRow("commas") << "0.3, 0.5,0.7" << true << std::vector<double>{0.3, 0.5, 0.7};
        QTest::newRow("spaces and semicolons")
            << "0.3 0.5;0.7" << true << std::vector<double>{0.3, 0.5, 0.7};
        QTest::newRow("percent") << "80%, 95 %" << true << std::vector<double>{0.8, 0.95};
        QTest::newRow("overload") << "1.5" << true << std::vector<double>{1.5};
        QTest::newRow("empty") << "  " << false << std::vector<double>{};
        QTest::newRow("zero") << "0, 0.5" << false << std::vector<double>{};
        QTest::newRow("too high") << "0.5, 1.6" << false << std::vector<double>{};
        QTest::newRow("word") << "0.5, abc" << false << std::vector<double>{};
        QTest::newRow("twice") << "0.5, 0.5" << false << std::vector<double>{};
        QTest::newRow("negative") << "-0.5" << false << std::vector<double>{};
    }

    void parseLoadList()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(std::vector<double>, loads);
        QString error;
        const auto parsed = ServiceRunEditor::parseLoadList(text, &error);
        QCOMPARE(parsed.has_value(), ok);
        QCOMPARE(error.isEmpty(), ok);
        if (ok)
            QCOMPARE(*parsed, loads);
    }

    void invalidListShowsErrorAndKeepsLastGood()
    {
        Scenario s;
        s.loads = {0.5, 0.9};
        ServiceRunEditor editor;
        editor.setScenario(s);
        editor.show();
        QCOMPARE(editor.loadModeCombo()->currentIndex(), 0);
        editor.loadModeCombo()->setCurrentIndex(1);
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        QLineEdit* list = editor.loadListEdit();
        list->setFocus();
        list->end(false);
        QTest::keyClicks(list, QStringLiteral(", x"));
        QTRY_VERIFY_WITH_TIMEOUT(editor.loadErrorLabel()->isVisible(),
                                 60000); // after the typing pause
        QVERIFY(editor.loadError().contains(QStringLiteral("x")));
        QCOMPARE(editor.loads(), s.loads);
        QCOMPARE(edited.count(), 0);

        // Fixing the text clears the error and takes the new loads.
        list->selectAll();
        QTest::keyClicks(list, QStringLiteral("0.4 0.6"));
        QTRY_VERIFY_WITH_TIMEOUT(!editor.loadErrorLabel()->isVisible(), 60000);
        QCOMPARE(editor.loads(), (std::vector<double>{0.4, 0.6}));
        QVERIFY(edited.count() >= 1);
    }

    void showsServiceTimeQuantiles()
    {
        ServiceRunEditor editor;
        const ServiceTimeQuantiles q = serviceTimeQuantiles(ServiceConfig{});
        QVERIFY(editor.quantilesLabel()->text().contains(QString::number(q.p95Ms, 'f', 1)));
        QVERIFY(editor.quantilesLabel()->text().contains(QStringLiteral("p99")));
        editor.hiccupProbabilitySpin()->setValue(0.0);
        ServiceConfig noHiccups;
        noHiccups.hiccupProbability = 0.0;
        const ServiceTimeQuantiles q2 = serviceTimeQuantiles(noHiccups);
        QVERIFY(editor.quantilesLabel()->text().contains(QString::number(q2.p99Ms, 'f', 1)));
    }

    void hiccupRangeCannotBeInverted()
    {
        ServiceRunEditor editor;
        editor.hiccupMinSpin()->setValue(500.0); // above max 300: clamped
        QVERIFY(editor.service().hiccupMinMs <= editor.service().hiccupMaxMs);
    }

    void everyFieldHasATooltipWithItsDefault()
    {
        ServiceRunEditor editor;
        const QList<QWidget*> fields{editor.workersSpin(),
                                     editor.medianSpin(),
                                     editor.sigmaSpin(),
                                     editor.hiccupProbabilitySpin(),
                                     editor.hiccupMinSpin(),
                                     editor.hiccupMaxSpin(),
                                     editor.errorProbabilitySpin(),
                                     editor.loadFromSpin(),
                                     editor.loadToSpin(),
                                     editor.loadStepSpin(),
                                     editor.loadListEdit(),
                                     editor.callsSpin(),
                                     editor.warmupSpin(),
                                     editor.seedEdit()};
        for (QWidget* w : fields)
            QVERIFY2(w->toolTip().contains(QStringLiteral("Default")), qPrintable(w->toolTip()));
        QCOMPARE(editor.callsSpin()->minimum(), 1000);
        QCOMPARE(editor.callsSpin()->maximum(), 100000000);
        QCOMPARE(editor.workersSpin()->maximum(), 10000);
        QCOMPARE(editor.sigmaSpin()->maximum(), 3.0);
    }

    // A service with a distribution keeps it through the editor (an edit of the workers does
    // not drop it); its log-normal fields are disabled, the source line says where the time
    // comes from and the quantiles are the distribution's.
    void aDistributionIsKeptAndItsFieldsDisabled()
    {
        Scenario s;
        ServiceDistribution d;
        d.kind = DistributionKind::Percentiles;
        d.percentiles = {{0.5, 12.0}, {0.99, 80.0}};
        d.table = percentileTable(d.percentiles, std::nullopt, std::nullopt);
        s.service.distribution = d;
        ServiceRunEditor editor;
        editor.setScenario(s);
        QCOMPARE(editor.service(), s.service);
        editor.workersSpin()->setValue(9);
        QCOMPARE(editor.service().distribution, s.service.distribution);
        QCOMPARE(editor.service().workers, 9);
        QVERIFY(!editor.medianSpin()->isEnabled());
        QVERIFY(!editor.sigmaSpin()->isEnabled());
        QVERIFY(!editor.hiccupProbabilitySpin()->isEnabled());
        QVERIFY(!editor.hiccupMinSpin()->isEnabled());
        QVERIFY(!editor.hiccupMaxSpin()->isEnabled());
        QVERIFY(editor.workersSpin()->isEnabled());
        QVERIFY(editor.errorProbabilitySpin()->isEnabled());
        QCOMPARE(editor.sourceLine()->label()->text(),
                 QStringLiteral("From percentiles p50 12 ms, p99 80 ms, taken as service times"));
        QVERIFY(!editor.sourceLine()->logNormalButton()->isHidden());
        QVERIFY2(editor.quantilesLabel()->text().contains("<b>p50</b> 12.0 ms"),
                 qPrintable(editor.quantilesLabel()->text()));

        editor.setScenario(Scenario{});
        QVERIFY(!editor.service().distribution);
        QVERIFY(editor.medianSpin()->isEnabled());
        QVERIFY(editor.sourceLine()->logNormalButton()->isHidden());
        QVERIFY(editor.sourceLine()->label()->isHidden());
    }
};

QTEST_MAIN(TestServiceRunEditor)
#include "tst_serviceruneditor.moc"
