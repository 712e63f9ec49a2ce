// The calls' outcomes (goodput, timed out, hedges and retries per call, wasted work) as a user
// meets them on the sweep's charts and table, without the window (tests/support's SweptCharts):
// a collapsed point with a deadline draws goodput near 0 and the charts say that its callers
// time out, on the key and on hover; without a deadline the goodput chart says that a collapse
// does not show there; the table has the outcome columns exactly when the scenario's calls have
// outcomes, with the points' figures. docs/user-guide.md, "Charts" and "Results table". That
// every chart stays readable at 1024 x 700 is the window's (tst_allchartsfit).
#include "ChartWalk.h"
#include "SweptCharts.h"

#include "MetricChartView.h"

#include <hedge/io/ResultsCsv.h>

#include <QHeaderView>
#include <QToolTip>
#include <QtTest>

using namespace hedge;

namespace {

constexpr double kOverloaded = 1.2; // more work than the workers can do: the queue never drains

// One setup without a policy, at a light load and past capacity; `deadlineMs` 0: none. Few
// calls: the point past capacity collapses all the same.
Scenario overloaded(double deadlineMs)
{
    Scenario s;
    s.seed = 7;
    s.calls = 6000;
    s.loads = {0.5, kOverloaded};
    Setup plain;
    plain.name = "no hedge";
    plain.deadlineMs = deadlineMs;
    s.setups = {plain};
    return s;
}

// A point of a temporary list would dangle: keep the list first.
const PointResult* pointAt(std::vector<PointResult>&& points, double load) = delete;
const PointResult* pointAt(const std::vector<PointResult>& points, double load)
{
    for (const PointResult& p : points)
        if (std::abs(p.load - load) < 1e-9)
            return &p;
    return nullptr;
}

// The header keys (the results file's names) of the table, in model order.
QStringList headerKeys(const ResultsTableModel& model)
{
    QStringList keys;
    for (int c = 0; c < model.columnCount(); ++c)
        keys << model.headerData(c, Qt::Horizontal, Qt::EditRole).toString();
    return keys;
}

} // namespace

class TestOutcomeCharts : public QObject {
    Q_OBJECT

private slots:
    void collapseWithADeadlineSaysCallersTimeOut()
    {
        test::SweptCharts w;
        w.charts->setChartVisible(Metric::GoodputPercent, true);
        w.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        w.run(overloaded(200.0));
        QTRY_VERIFY_WITH_TIMEOUT(w.idle(), 600000);
        const std::vector<PointResult> points = w.sweep.displayedPoints();
        const PointResult* collapsed = pointAt(points, kOverloaded);
        QVERIFY(collapsed && (collapsed->collapsed || collapsed->partiallyCollapsed()));
        QVERIFY2(collapsed->goodputFraction < 0.2, qPrintable(QString::number(collapsed->goodputFraction)));

        // The goodput chart draws it near 0, and its key says why: the callers gave up.
        MetricChartView* goodput = w.charts->chart(Metric::GoodputPercent);
        QVERIFY(goodput->isVisibleTo(&w.window));
        // A cross, or half filled where the seed check saw it healthy on another seed.
        const QList<QPointF> marks = goodput->collapsedPoints(QStringLiteral("no hedge")) +
                                     goodput->partialCollapsePoints(QStringLiteral("no hedge"));
        QCOMPARE(marks.size(), 1);
        QVERIFY(marks.front().y() < 20.0);
        QVERIFY2(goodput->collapseKeyText().contains(QStringLiteral("time")),
                 qPrintable(goodput->collapseKeyText()));
        // The p99 chart's p99 is of the few calls answered in time: its key says the same.
        QVERIFY2(w.charts->chart(Metric::P99)->collapseKeyText().contains(QStringLiteral("time")),
                 qPrintable(w.charts->chart(Metric::P99)->collapseKeyText()));

        // Hovering the point reads its goodput and that its callers time out.
        const QPoint spot = test::viewPosOf(goodput, marks.front());
        test::hoverAt(goodput->viewport(), spot + QPoint(0, 1));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("callers time out")),
                 qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void collapseWithoutADeadlineSaysGoodputDoesNotShowIt()
    {
        test::SweptCharts w;
        w.charts->setChartVisible(Metric::GoodputPercent, true);
        w.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        w.run(overloaded(0.0));
        QTRY_VERIFY_WITH_TIMEOUT(w.idle(), 600000);
        const std::vector<PointResult> points = w.sweep.displayedPoints(); // a copy: keep it
        const PointResult* collapsed = pointAt(points, kOverloaded);
        QVERIFY(collapsed && (collapsed->collapsed || collapsed->partiallyCollapsed()));
        // Every call is answered, minutes late: goodput alone would read as healthy.
        QVERIFY(collapsed->goodputFraction > 0.9);
        const QString key = w.charts->chart(Metric::GoodputPercent)->collapseKeyText();
        QVERIFY2(key.contains(QStringLiteral("no deadline")), qPrintable(key));
        // The p99 chart shows the collapse by itself: no word about deadlines there.
        QVERIFY(!w.charts->chart(Metric::P99)->collapseKeyText().contains(QStringLiteral("deadline")));
    }

    void tableHasTheOutcomeColumnsWithADeadline()
    {
        test::SweptCharts w;
        w.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        Scenario light = overloaded(200.0);
        light.loads = {0.5};
        w.run(light);
        QTRY_VERIFY_WITH_TIMEOUT(w.idle() && w.model->rowCount() == 1, 600000);
        const QStringList keys = headerKeys(*w.model);
        for (const std::string& column : resultsCsvOutcomeColumns())
            QVERIFY2(keys.contains(QString::fromStdString(column)), column.c_str());
        // The cells are the point's figures, rounded to read.
        const PointResult& p = w.model->points().front();
        const int goodput = keys.indexOf(QStringLiteral("goodput_fraction"));
        QCOMPARE(w.model->index(0, goodput).data(Qt::EditRole).toDouble(), p.goodputFraction);
        QCOMPARE(w.model->index(0, goodput).data().toString(),
                 QLocale().toString(p.goodputFraction * 100.0, 'f', 2) + QStringLiteral(" %"));
        const int timedOut = keys.indexOf(QStringLiteral("timed_out_fraction"));
        QCOMPARE(w.model->index(0, timedOut).data(Qt::EditRole).toDouble(), p.timedOutFraction);
        // Beside requests per call as the user reads the table: goodput, then timed out.
        QHeaderView* header = w.table->horizontalHeader();
        const int rpc = w.model->modelColumn(ResultsTableModel::RequestsPerCall);
        QCOMPARE(header->visualIndex(goodput), header->visualIndex(rpc) + 1);
        QCOMPARE(header->visualIndex(timedOut), header->visualIndex(rpc) + 2);

        // The same scenario without a deadline: no outcome columns, as its results file.
        light.setups.front().deadlineMs = 0.0;
        w.run(light);
        QTRY_VERIFY_WITH_TIMEOUT(w.idle() && !headerKeys(*w.model).contains(
                                                 QStringLiteral("goodput_fraction")),
                                 600000);
        QCOMPARE(w.model->columnCount(), int(ResultsTableModel::kColumnsWithoutParts));
    }
};

QTEST_MAIN(TestOutcomeCharts)
#include "tst_outcomecharts.moc"
