// The seed check as a user meets it (docs/user-guide.md, "Charts"; docs/replicates.md, "Seed
// check"): on the knife-edge preset run once, after the sweep a point whose verdict differs
// between seeds is drawn half filled and its hover says on how many seeds it collapsed, a
// point the check did not reach says its verdict is one run's, and the results table's Seeds
// column gives the same evidence. The sweep controller with the charts and the table, without
// the window (tests/support's SweptCharts).
#include "ChartWalk.h"
#include "SweptCharts.h"

#include "MetricChartView.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"

#include <hedge/io/Presets.h>
#include <hedge/sim/Simulation.h>

#include <QChart>
#include <QHeaderView>
#include <QToolTip>
#include <QtTest>

using namespace hedge;

namespace {

// How many of replicates 0..runs-1 of the point collapse, run directly.
int collapsedRuns(const Scenario& s, const PointResult& p, int runs)
{
    const auto setup = std::find_if(s.setups.begin(), s.setups.end(),
                                    [&](const Setup& x) { return x.name == p.setup; });
    int collapsed = 0;
    for (int r = 0; r < runs; ++r)
        collapsed += simulatePoint(PointSpec{.service = s.service,
                                             .setup = *setup,
                                             .load = p.load,
                                             .seed = s.seed,
                                             .replicate = r,
                                             .calls = s.calls,
                                             .warmupFraction = s.warmupFraction})
                             .collapsed
                         ? 1
                         : 0;
    return collapsed;
}

// The table's row of a point.
int rowOf(ResultsTableModel* model, const PointResult& p)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        const PointResult& q = model->points()[std::size_t(row)];
        if (q.setup == p.setup && q.load == p.load)
            return row;
    }
    return -1;
}

} // namespace

class TestSeedMarks : public QObject {
    Q_OBJECT

private slots:
    void knifeEdgeRunOnceShowsWhichVerdictsHoldOnOtherSeeds()
    {
        test::SweptCharts w;
        w.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        // The knife-edge preset, one run a point (as a user types 1 into Replicates).
        Scenario s = findPreset("knife-edge")->scenario;
        s.replicates = 1;
        w.run(s);
        // The sweep ends after its seed check.
        QTRY_VERIFY_WITH_TIMEOUT(
            w.idle() && w.sweep.passLabel().contains(QStringLiteral("seeds checked at")), 600000);
        MetricChartView* p99 = w.charts->chart(Metric::P99);
        QTRY_COMPARE_WITH_TIMEOUT(p99->passLabel(), w.sweep.passLabel(), 60000);
        const std::vector<PointResult> points = p99->points();
        const auto varies = std::find_if(points.begin(), points.end(),
                                         [](const PointResult& p) { return p.verdictVaries(); });
        QVERIFY2(varies != points.end(),
                 "no point of the knife edge changes verdict with the seed");
        const auto unchecked = std::find_if(points.begin(), points.end(), [](const PointResult& p) {
            return p.verdictUnchecked() && !p.collapsed && p.p99Ms;
        });
        QVERIFY(unchecked != points.end());

        // The point whose verdict changes is half filled, and its hover counts the seeds.
        const QString setup = QString::fromStdString(varies->setup);
        QList<QPointF> marks = p99->markerPoints(setup, MarkerKind::Partial);
        marks += p99->markerPoints(setup, MarkerKind::PartialOffScale);
        const auto mark = std::find_if(marks.begin(), marks.end(), [&](const QPointF& m) {
            return std::abs(m.x() - varies->load) < 0.02;
        });
        QVERIFY(mark != marks.end());
        const int k = collapsedRuns(s, *varies, 5);
        QVERIFY(k > 0 && k < 5);
        test::hoverAt(p99->viewport(), test::viewPosOf(p99, *mark) + QPoint(0, 1));
        const QString expected = QStringLiteral("collapsed in %1 of 5 seeds").arg(k);
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible() && QToolTip::text().contains(expected),
                                 60000);
        // The key beside the markers says what the half-filled shape is.
        QVERIFY2(p99->collapseKeyText().contains(QStringLiteral("in some runs")),
                 qPrintable(p99->collapseKeyText()));

        // A point the check did not reach: its verdict is one run's.
        test::hoverAt(p99->viewport(), QPoint(2, 2));
        QTRY_VERIFY_WITH_TIMEOUT(!QToolTip::isVisible(), 60000);
        test::hoverAt(p99->viewport(),
                      test::viewPosOf(p99, QPointF(unchecked->load, *unchecked->p99Ms)));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible() &&
                                     QToolTip::text().contains(QStringLiteral(
                                         "one run: the verdict may change with the seed")),
                                 60000);

        // The table: the Seeds column beside Collapsed, its text the same evidence.
        ResultsTableModel* model = w.model;
        const int row = rowOf(model, *varies);
        QVERIFY(row >= 0);
        QCOMPARE(model->headerData(ResultsTableModel::Seeds, Qt::Horizontal).toString(),
                 QStringLiteral("Seeds"));
        QCOMPARE(model->data(model->index(row, ResultsTableModel::Seeds)).toString(),
                 QStringLiteral("collapses in %1 of 5").arg(k));
        QCOMPARE(model->data(model->index(rowOf(model, *unchecked), ResultsTableModel::Seeds))
                     .toString(),
                 QStringLiteral("1 run"));
        ResultsTableView* table = w.table;
        const QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->visualIndex(ResultsTableModel::Seeds),
                 header->visualIndex(ResultsTableModel::Collapsed) + 1);
        // Every point with a check says how many runs; every other one "1 run".
        for (const PointResult& p : points) {
            const QString text =
                model->data(model->index(rowOf(model, p), ResultsTableModel::Seeds)).toString();
            if (p.seedCheck)
                QVERIFY2(text.contains(QStringLiteral("5")), qPrintable(text));
            else
                QCOMPARE(text, QStringLiteral("1 run"));
        }
    }
};

QTEST_MAIN(TestSeedMarks)
#include "tst_seedmarks.moc"
