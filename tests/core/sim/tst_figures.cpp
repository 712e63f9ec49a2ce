// The one catalogue of figures (hedge/sim/Figures.h): a sweep's charts (Metric) and the Live
// view's panels read the same rows. Every row is complete for what it is listed as, the two
// orders list exactly the rows that have a chart's key or a panel's title, and a figure both
// have reads the same quantity from a point and from a bucket.
#include <hedge/sim/Figures.h>

#include <QTest>

#include <set>
#include <string>

using namespace hedge;

class TestFigures : public QObject {
    Q_OBJECT
private slots:
    void everyRowIsComplete();
    void ordersListTheRowsThatHaveThem();
    void sharedFiguresReadTheSameQuantity();
    void familyBudgetIsABalanceNotTokens();
    void bandIsInTheChartsUnit();
};

void TestFigures::everyRowIsComplete()
{
    std::set<std::string> keys, resultsKeys, titles;
    for (std::size_t i = 0; i < figures().size(); ++i) {
        const FigureRow& row = figures()[i];
        QCOMPARE(static_cast<std::size_t>(row.id), i); // figureRow() indexes by the enum
        QVERIFY2(row.key || row.panelTitle, "a figure neither a chart nor a panel shows");
        QVERIFY(row.unit);
        if (row.key) {
            QVERIFY2(keys.insert(row.key).second, row.key);
            QVERIFY(row.resultsKey && resultsKeys.insert(row.resultsKey).second);
            QVERIFY(row.title && row.chartTitle && row.shortName);
            QVERIFY2(row.ofPoint, row.key);
            if (row.latency)
                QCOMPARE(std::string(row.unit), std::string("ms"));
            if (row.percent)
                QCOMPARE(std::string(row.unit), std::string("%"));
        }
        if (row.panelTitle) {
            QVERIFY2(titles.insert(row.panelTitle).second, row.panelTitle);
            QVERIFY2(row.ofBucket, row.panelTitle);
            QVERIFY(!(row.alwaysShown && row.gauge));
        }
    }
}

void TestFigures::ordersListTheRowsThatHaveThem()
{
    std::set<Figure> metrics(metricFigures().begin(), metricFigures().end());
    std::set<Figure> panels(panelFigures().begin(), panelFigures().end());
    QCOMPARE(metrics.size(), metricFigures().size());
    QCOMPARE(panels.size(), panelFigures().size());
    for (const FigureRow& row : figures()) {
        QCOMPARE(metrics.contains(row.id), row.key != nullptr);
        QCOMPARE(panels.contains(row.id), row.panelTitle != nullptr);
    }
    QCOMPARE(panelFigures().front(), Figure::Load); // the load in force on top
    QCOMPARE(metricFigures().front(), Figure::P99);
    // A lesson's callout names its panel by the results key.
    QCOMPARE(figureFromResultsKey("backlog_ms", panelFigures()), Figure::Backlog);
    QCOMPARE(figureFromResultsKey("rejected_fraction", panelFigures()), Figure::RejectedPercent);
    QVERIFY(!figureFromResultsKey("p999_ms", panelFigures())); // no panel of it
    QCOMPARE(figureFromResultsKey("p999_ms", metricFigures()), Figure::P999);
}

// p99, requests per call, rejected, utilisation, hedges refused and the calls' outcomes (goodput
// and its rate, timed out, hedges and retries per call, wasted work), from a point and from a
// bucket of the same calls: the same value, in the same unit.
void TestFigures::sharedFiguresReadTheSameQuantity()
{
    PointResult point;
    point.p99Ms = 42.0;
    point.requestsPerCall = 1.25;
    point.rejectedFraction = 0.1;
    point.utilisation = 0.6;
    point.hedgesRefusedFraction = 0.05;
    point.goodputFraction = 0.8;
    point.goodputPerSecond = 123.0;
    point.timedOutFraction = 0.1;
    point.hedgesPerCall = 0.15;
    point.retriesPerCall = 0.05;
    point.wastedWorkFraction = 0.25;
    TimelineBucket bucket;
    bucket.p99Ms = 42.0;
    bucket.requestsPerCall = 1.25;
    bucket.callsEnded = 200;
    bucket.rejected = 20;
    bucket.busyFraction = 0.6;
    bucket.arrivals = 200;
    bucket.hedgesRefused = 10;
    bucket.throttleTokens = 3.0;
    bucket.timedOut = 20; // of 200 ended: 20 rejected, 20 timed out, 160 answered
    bucket.goodputPerS = 123.0;
    bucket.hedgesOfEnded = 30;
    bucket.retriesOfEnded = 10;
    bucket.wastedFraction = 0.25;
    int shared = 0;
    for (const FigureRow& row : figures()) {
        if (!row.ofPoint || !row.ofBucket)
            continue;
        ++shared;
        QCOMPARE(bucketFigure(row.id, bucket), row.ofPoint(point));
    }
    QCOMPARE(shared, 11);
}

void TestFigures::familyBudgetIsABalanceNotTokens()
{
    TimelineBucket bucket;
    bucket.throttleTokens = 7.0;
    QCOMPARE(bucketFigure(Figure::ThrottleTokens, bucket, PolicyFamily::Grpc), 7.0);
    QVERIFY(!bucketFigure(Figure::BudgetBalance, bucket, PolicyFamily::Grpc));
    QVERIFY(!bucketFigure(Figure::ThrottleTokens, bucket, PolicyFamily::Tower));
    QCOMPARE(bucketFigure(Figure::BudgetBalance, bucket, PolicyFamily::Finagle), 7.0);
    QVERIFY(!bucketFigure(Figure::P999, bucket)); // a chart's figure only: no panel reads it
}

void TestFigures::bandIsInTheChartsUnit()
{
    PointResult point;
    point.spread = ReplicateSpread{.replicates = 3};
    point.spread->rejectedFraction = {.min = 0.1, .max = 0.2};
    point.spread->p99Ms = FigureSpread{.min = 10.0, .max = 30.0};
    QCOMPARE(figureBand(point, Figure::RejectedPercent), std::make_optional(std::pair(10.0, 20.0)));
    QCOMPARE(figureBand(point, Figure::P99), std::make_optional(std::pair(10.0, 30.0)));
    QVERIFY(!figureBand(point, Figure::HedgesRefusedPercent)); // replicates keep no spread of it
    point.spread->replicates = 1;
    QVERIFY(!figureBand(point, Figure::P99));
}

QTEST_GUILESS_MAIN(TestFigures)
#include "tst_figures.moc"
