// The band a point's replicates span: drawn on the real chart in the setup's colour, light,
// behind the line; p5–p95 from 10 replicates, min–max below; hidden with its setup; above 0
// on a log axis.
#include "TestPoints.h"

#include <widgets/ChartExport.h>
#include <widgets/Metric.h>
#include <widgets/MetricChartView.h>
#include <widgets/ResultsTableModel.h>
#include <widgets/ResultsTableView.h>

#include <QAreaSeries>
#include <QChart>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QTest>
#include <QToolTip>

using namespace hedge;

namespace {

const QString kSetup = QStringLiteral("no hedge / client");

FigureSpread spread(double min, double max, std::optional<double> p5 = {},
                    std::optional<double> p95 = {})
{
    FigureSpread f;
    f.min = min;
    f.max = max;
    f.p5 = p5;
    f.p95 = p95;
    return f;
}

// A point run `replicates` times whose p99 spread over the runs is given.
PointResult replicated(double load, double p99, int replicates, FigureSpread p99Spread)
{
    PointResult p = test::point(kSetup.toStdString(), load, p99);
    ReplicateSpread s;
    s.replicates = replicates;
    s.p99Ms = p99Spread;
    // The other figures varied by ±10 % over the runs.
    const auto around = [replicates](double v) {
        return replicates >= 10 ? spread(v * 0.9, v * 1.1, v * 0.92, v * 1.08)
                                : spread(v * 0.9, v * 1.1);
    };
    s.requestsPerCall = around(p.requestsPerCall);
    s.hedgedFraction = around(p.hedgedFraction);
    s.rejectedFraction = around(p.rejectedFraction);
    s.failedFraction = around(p.failedFraction);
    s.utilisation = around(p.utilisation);
    p.spread = s;
    return p;
}

QAreaSeries* bandOf(MetricChartView& view, const QString& setup)
{
    for (QAbstractSeries* s : view.chart()->series())
        if (auto* area = qobject_cast<QAreaSeries*>(s); area && area->name().startsWith(setup))
            return area;
    return nullptr;
}

} // namespace

class TestSpreadBands : public QObject {
    Q_OBJECT

private slots:
    void bandSpansPercentilesOrExtremes()
    {
        MetricChartView view(Metric::P99);
        view.resize(640, 400);
        view.setSeriesStyles(test::sampleStyles());
        // 12 replicates: p5–p95; 3 replicates: min–max; 1 run: no spread, band narrows to it.
        view.setPoints({replicated(0.3, 100.0, 12, spread(20.0, 900.0, 60.0, 300.0)),
                        replicated(0.5, 150.0, 3, spread(120.0, 260.0)),
                        test::point(kSetup.toStdString(), 0.7, 200.0)});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        const QList<QPointF> upper = view.bandUpperEdge(kSetup);
        const QList<QPointF> lower = view.bandLowerEdge(kSetup);
        QCOMPARE(upper, (QList<QPointF>{{0.3, 300.0}, {0.5, 260.0}, {0.7, 200.0}}));
        QCOMPARE(lower, (QList<QPointF>{{0.3, 60.0}, {0.5, 120.0}, {0.7, 200.0}}));
        // The other setups ran once: no band.
        QVERIFY(view.bandUpperEdge(QStringLiteral("hedge, no budget / client")).isEmpty());

        QAreaSeries* band = bandOf(view, kSetup);
        QVERIFY(band);
        QVERIFY(band->isVisible());
        const QColor fill = band->brush().color();
        QCOMPARE(fill.rgb(), test::sampleStyles().front().color.rgb());
        QVERIFY2(fill.alpha() < 100, qPrintable(QString::number(fill.alpha())));
        for (QLegendMarker* marker : view.chart()->legend()->markers(band))
            QVERIFY(!marker->isVisible());

        // What the user sees: between the line and the upper edge the plot is tinted with the
        // setup's colour; at the same height past the curve's end it is not. (Loads off the
        // grid lines' ticks.)
        const QColor setup = test::sampleStyles().front().color;
        const auto distance = [](const QColor& a, const QColor& b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                   std::abs(a.blue() - b.blue());
        };
        const auto tinted = [&](const QImage& image, const QPoint& viewOffset) {
            const auto pixelAt = [&](double load, double value) {
                const QPointF inChart = view.chart()->mapToPosition(QPointF(load, value), band);
                const QPoint at = (view.mapFromScene(view.chart()->mapToScene(inChart)) +
                                   viewOffset) *
                                  image.devicePixelRatio();
                return image.pixelColor(at);
            };
            const QColor inside = pixelAt(0.37, 170.0);
            const QColor outside = pixelAt(0.87, 170.0);
            return distance(inside, setup) + 20 < distance(outside, setup);
        };
        QVERIFY(tinted(view.grab().toImage(), QPoint()));

        // Exports render the same scene: the band is in the PNG (and so in SVG, PDF, report).
        const QImage exported = renderChart(&view, view.size(), 1.0);
        QVERIFY(tinted(exported, -view.mapFromScene(QPointF(0, 0))));
    }

    void bandHidesWithItsSetup()
    {
        MetricChartView view(Metric::P99);
        view.resize(640, 400);
        QList<SeriesStyle> styles = test::sampleStyles();
        view.setSeriesStyles(styles);
        view.setPoints({replicated(0.3, 100.0, 5, spread(80.0, 130.0)),
                        replicated(0.5, 150.0, 5, spread(120.0, 260.0))});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.bandUpperEdge(kSetup).isEmpty());

        styles.front().visible = false;
        view.setSeriesStyles(styles);
        QVERIFY(!bandOf(view, kSetup)->isVisible());
        QVERIFY(view.bandUpperEdge(kSetup).isEmpty());

        styles.front().visible = true;
        view.setSeriesStyles(styles);
        QVERIFY(bandOf(view, kSetup)->isVisible());
        QCOMPARE(view.bandUpperEdge(kSetup).size(), 2);
    }

    void logAxisBandStaysAboveZero()
    {
        MetricChartView view(Metric::P99);
        view.resize(640, 400);
        view.setSeriesStyles(test::sampleStyles());
        // Some replicate had a p99 of 0 (no slow call): the band cannot reach 0 on a log axis.
        view.setPoints({replicated(0.3, 5.0, 4, spread(0.0, 40.0)),
                        replicated(0.5, 50.0, 4, spread(30.0, 70.0))});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.isLogarithmic());
        const QList<QPointF> lower = view.bandLowerEdge(kSetup);
        QCOMPARE(lower.size(), 2);
        for (const QPointF& p : lower)
            QVERIFY2(p.y() > 0.0, qPrintable(QString::number(p.y())));
        QVERIFY(lower.front().y() <= 5.0);
        QCOMPARE(view.bandUpperEdge(kSetup).front().y(), 40.0);
        QVERIFY(view.valueAxisRange().second >= 70.0); // the axis holds the band
    }

    void percentMetricBandInPercent()
    {
        MetricChartView view(Metric::RejectedPercent);
        view.resize(640, 400);
        view.setSeriesStyles(test::sampleStyles());
        PointResult p = replicated(0.5, 150.0, 3, spread(120.0, 260.0));
        p.rejectedFraction = 0.02;
        p.spread->rejectedFraction = spread(0.01, 0.04);
        view.setPoints({p});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.bandUpperEdge(kSetup), (QList<QPointF>{{0.5, 4.0}}));
        QCOMPARE(view.bandLowerEdge(kSetup), (QList<QPointF>{{0.5, 1.0}}));
    }

    void hoverAndTableShowPooledValueAndSpread()
    {
        // 12 runs, as the engine pools them: the nearest-rank p5 and p95 are the min and max.
        PointResult p = replicated(0.5, 212.0, 12, spread(55.0, 238.0, 55.0, 238.0));
        p.spread->collapsedRuns = 3; // collapsed in 3 of 12 runs, not in most
        PointResult few = replicated(0.7, 300.0, 3, spread(280.0, 330.0));

        QWidget window;
        auto* view = new MetricChartView(Metric::P99, &window);
        view->resize(640, 400);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->setSeriesStyles(test::sampleStyles());
        view->setPoints({p, few});

        // Partly collapsed: its own marker, not the collapse X.
        QCOMPARE(view->partialCollapsePoints(kSetup), (QList<QPointF>{{0.5, 212.0}}));
        QVERIFY(view->collapsedPoints(kSetup).isEmpty());

        QAbstractSeries* marks = nullptr;
        for (QAbstractSeries* s : view->chart()->series())
            if (s->name() == kSetup + QStringLiteral(" (collapsed in some runs)"))
                marks = s;
        QVERIFY(marks);
        const QPoint onPoint = view->mapFromScene(
            view->chart()->mapToScene(view->chart()->mapToPosition(QPointF(0.5, 212.0), marks)));
        QTest::mouseMove(window.windowHandle(), view->viewport()->mapTo(&window, onPoint));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        const QString tip = QToolTip::text();
        QVERIFY2(tip.contains(QStringLiteral("212 ms [55.0–238]")), qPrintable(tip));
        // ...and the hover says what they are: not a 90 % interval.
        QVERIFY2(tip.contains(QStringLiteral("min–max of 12 runs")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("collapsed in 3 of 12 runs")), qPrintable(tip));

        ResultsTableModel model;
        ResultsTableView table;
        table.setResultsModel(&model);
        model.setPoints({p, few, test::point("single", 0.5, 100.0)});
        table.resize(1000, 300);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        const auto cell = [&](int row, int column) {
            return table.model()
                ->index(row, column)
                .data(Qt::DisplayRole)
                .toString();
        };
        // The table view sorts; find the rows by their p99.
        QStringList p99s;
        for (int r = 0; r < 3; ++r)
            p99s << cell(r, ResultsTableModel::P99Ms);
        QVERIFY2(p99s.contains(QLocale().toString(212.0, 'f', 1) + QStringLiteral(" [") +
                               QLocale().toString(55.0, 'f', 1) + QStringLiteral("–") +
                               QLocale().toString(238.0, 'f', 1) + QStringLiteral("]")),
                 qPrintable(p99s.join(QStringLiteral(" | "))));
        QVERIFY(p99s.contains(QLocale().toString(100.0, 'f', 1))); // run once: no bracket
        bool partialShown = false;
        for (int r = 0; r < 3; ++r)
            partialShown = partialShown || cell(r, ResultsTableModel::Collapsed) ==
                                               QStringLiteral("no (collapsed in 3 of 12 runs)");
        QVERIFY(partialShown);
    }
};

QTEST_MAIN(TestSpreadBands)
#include "tst_spreadbands.moc"
