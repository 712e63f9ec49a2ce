// The fit table of Service → From Measurements…: each row's measured latency, the service-time
// table's, the simulated response time when calibrated, and the residual, (fitted - measured)
// / measured, signed: the simulated response's when calibrated, the table's otherwise.
#include "ServiceFitTable.h"

#include <QtTest>

using namespace hedge;

namespace {

// A table whose p50 is 12 ms and p99 60 ms (log-linear between its ends).
ServiceTimeTable twelveAndSixty()
{
    return percentileTable({{0.5, 12.0}, {0.99, 60.0}}, 6.0, 100.0);
}

} // namespace

class TestServiceFitTable : public QObject {
    Q_OBJECT
private slots:
    void residualsOfTheTableWhenNotCalibrated()
    {
        ServiceFitTable table;
        table.setFit({{0.5, 10.0}, {0.99, 80.0}}, twelveAndSixty(), std::nullopt);
        QCOMPARE(table.cellText(0, ServiceFitTable::Measured), QStringLiteral("10.0"));
        QCOMPARE(table.cellText(0, ServiceFitTable::Model), QStringLiteral("12.0"));
        QCOMPARE(table.cellText(0, ServiceFitTable::Residual), QStringLiteral("+20.0 %"));
        QCOMPARE(table.cellText(2, ServiceFitTable::Residual), QStringLiteral("-25.0 %"));
        // p90 was not measured: only the table's value.
        QCOMPARE(table.cellText(1, ServiceFitTable::Measured), QStringLiteral("—"));
        QCOMPARE(table.cellText(1, ServiceFitTable::Residual), QStringLiteral("—"));
        QCOMPARE(table.cellText(4, ServiceFitTable::Model), QStringLiteral("100"));
        QCOMPARE(table.cellText(0, ServiceFitTable::Simulated), QStringLiteral("—"));
    }

    void residualsOfTheSimulatedResponsesWhenCalibrated()
    {
        Calibration calibration{.utilisation = 0.6,
                                .rounds = 3,
                                .measured = {{0.5, 10.0}, {0.99, 80.0}},
                                .simulated = {{0.5, 9.0}, {0.99, 84.0}}};
        ServiceFitTable table;
        table.setFit({{0.5, 10.0}, {0.99, 80.0}, {1.0, 120.0}}, twelveAndSixty(), calibration);
        QCOMPARE(table.cellText(0, ServiceFitTable::Simulated), QStringLiteral("9.0"));
        QCOMPARE(table.cellText(0, ServiceFitTable::Residual), QStringLiteral("-10.0 %"));
        QCOMPARE(table.cellText(2, ServiceFitTable::Simulated), QStringLiteral("84.0"));
        QCOMPARE(table.cellText(2, ServiceFitTable::Residual), QStringLiteral("+5.0 %"));
        // The slowest is not simulated: no residual is made up for it.
        QCOMPARE(table.cellText(4, ServiceFitTable::Measured), QStringLiteral("120"));
        QCOMPARE(table.cellText(4, ServiceFitTable::Simulated), QStringLiteral("—"));
        QCOMPARE(table.cellText(4, ServiceFitTable::Residual), QStringLiteral("—"));
        table.clearFit();
        QCOMPARE(table.cellText(0, ServiceFitTable::Measured), QStringLiteral("—"));
    }
};

QTEST_MAIN(TestServiceFitTable)
#include "tst_servicefittable.moc"
