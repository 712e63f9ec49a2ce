// A policy's state where a user reads it after a sweep (docs/user-guide.md, "Results table";
// docs/policies.md, "Hedges refused"): the results table's Hedges refused column and the
// point's hover for every setup, and the chart kept with the scenario. The Live view's panels
// of a family's state are tests/widgets/tst_livepolicystate's.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MetricChartView.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"

#include <QComboBox>
#include <QChart>
#include <QHeaderView>
#include <QToolButton>
#include <QToolTip>
#include <QtTest>

using namespace hedge;

namespace {

const QString kGrpc = QStringLiteral("grpc, throttled");
const QString kPlain = QStringLiteral("hedge, no budget");

Setup grpcThrottled()
{
    Setup s;
    s.name = kGrpc.toStdString();
    s.policy = PolicyFamily::Grpc;
    s.families.grpc = GrpcSettings{.maxAttempts = 3,
                                   .hedgingDelayMs = 20.0,
                                   .nonFatalErrors = true,
                                   .throttling = GrpcThrottling{}};
    return s;
}

// A service that sheds a fifth of its attempts with errors gRPC's config calls non-fatal:
// the throttle engages (docs/policies.md); resilience4cata without a budget refuses nothing.
Scenario sheddingService()
{
    Scenario s = test::twoSetups({0.5, 0.6}, 20000, 7);
    s.service.errorProbability = 0.2;
    s.setups = {grpcThrottled(), s.setups[1]};
    return s;
}

int columnTitled(ResultsTableView* view, const QString& title)
{
    for (int c = 0; c < view->model()->columnCount(); ++c)
        if (view->model()->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    return -1;
}

void grab(QWidget& w, const char* name)
{
    // A picture to look at, for whoever asks for one; nothing is checked against it.
    if (qEnvironmentVariableIsSet("HEDGE_GRAB_DIR"))
        w.grab().save(qEnvironmentVariable("HEDGE_GRAB_DIR") + QLatin1Char('/') +
                      QLatin1String(name));
}

} // namespace

class TestPolicyState : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_policystate")); }

    // The table's Hedges refused column: above zero for the throttled gRPC setup, zero for
    // resilience4cata without a budget; the hover of a point on the chart says the figure.
    void theTableAndTheHoverShowHedgesRefused()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.openScenarioFile(test::writeScenario(m_dir, sheddingService(), "shed.json")),
                 std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 300000);

        ResultsTableView* table = test::tableView(w);
        const int refused = columnTitled(table, QStringLiteral("Hedges refused"));
        QVERIFY(refused >= 0);
        QAbstractItemModel* model = table->model();
        QCOMPARE(model->rowCount(), 4);
        int grpcRows = 0, plainRows = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString setup = model->index(r, ResultsTableModel::Setup).data().toString();
            const double value = model->index(r, refused).data(Qt::UserRole).toDouble();
            const QString shown = model->index(r, refused).data().toString();
            if (setup == kGrpc) {
                ++grpcRows;
                QVERIFY2(value > 0.0, qPrintable(shown));
                QVERIFY2(shown != QStringLiteral("0.00 %"), qPrintable(shown));
            } else {
                ++plainRows;
                QCOMPARE(setup, kPlain);
                QCOMPARE(value, 0.0);
                QCOMPARE(shown, QStringLiteral("0.00 %"));
            }
        }
        QCOMPARE(grpcRows, 2);
        QCOMPARE(plainRows, 2);
        // Beside the hedged share, where a reader looks for it.
        QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->visualIndex(refused),
                 header->visualIndex(ResultsTableModel::HedgedFraction) + 1);
        table->scrollTo(model->index(0, refused));
        grab(w, "table-hedges-refused.png");

        // View → the chart of hedges refused: the gRPC setup's curve is the table's figure.
        test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::HedgesRefusedPercent))
            ->trigger();
        MetricChartView* refusedChart = test::chart(w, Metric::HedgesRefusedPercent);
        QTRY_VERIFY_WITH_TIMEOUT(refusedChart->isVisible(), 10000);
        const QList<QPointF> refusedPoints = refusedChart->seriesPoints(kGrpc);
        QCOMPARE(refusedPoints.size(), 2);
        QVERIFY(refusedPoints[1].y() > 0.0);
        QVERIFY(refusedChart->seriesPoints(kPlain).size() == 2);
        QCOMPARE(refusedChart->seriesPoints(kPlain)[1].y(), 0.0);

        // The pointer on the gRPC setup's p99 point at 60 %: its hover says the figure.
        MetricChartView* chart = test::chart(w, Metric::P99);
        const QList<QPointF> points = chart->seriesPoints(kGrpc);
        QCOMPARE(points.size(), 2);
        QChart* qchart = chart->chart();
        // Where the point is drawn once the window has laid the new chart out.
        const auto spotOf = [&] {
            return chart->mapFromScene(qchart->mapToScene(
                qchart->mapToPosition(points[1], qchart->series().value(0))));
        };
        QTRY_VERIFY_WITH_TIMEOUT(chart->pointAt(spotOf()).has_value(), 10000);
        const QPoint spot = spotOf();
        // Moved there from a pixel below, as a hand does (the first move only enters the window).
        QTest::mouseMove(w.windowHandle(), chart->viewport()->mapTo(&w, spot + QPoint(0, 1)));
        QTest::mouseMove(w.windowHandle(), chart->viewport()->mapTo(&w, spot));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 10000);
        const std::optional<PointResult> point = chart->pointAt(spot);
        QVERIFY(point);
        QCOMPARE(QString::fromStdString(point->setup), kGrpc);
        QVERIFY(point->hedgesRefusedFraction > 0.0);
        const QString figure = PointTooltip::threeDigits(point->hedgesRefusedFraction * 100.0);
        QVERIFY2(QToolTip::text().contains(
                     QStringLiteral("<td>hedges refused</td><td style=\"padding-left:10px\">"
                                    "<nobr>%1 %</nobr>")
                         .arg(figure)),
                 qPrintable(QToolTip::text()));
        QCOMPARE(refusedPoints[1].y(), point->hedgesRefusedFraction * 100.0);

        // Saved with the chart shown, the file opens again with it (a key files accept).
        const QString saved = m_dir.filePath(QStringLiteral("saved.json"));
        QCOMPARE(w.saveScenarioFile(saved), std::nullopt);
        MainWindow again(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QCOMPARE(again.openScenarioFile(saved), std::nullopt);
        QVERIFY(test::shownCharts(again).contains(metricResultsKey(Metric::HedgesRefusedPercent)));
    }
};

QTEST_MAIN(TestPolicyState)
#include "tst_policystate.moc"
