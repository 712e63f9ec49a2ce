// A lesson's callout on a metric chart (ChartCallout through MetricChartView::setCallout): on
// the setup's drawn point, its bubble inside the plot and clear of the point, hidden while the
// setup is hidden or has no point at the load, following the point when the chart is resized
// or the axis changes, and gone when removed. Issue 37: the bubble stays in the plot and hides
// none of the curves, their markers, the off-scale figures, the title, the axes' labels or the
// legend (CalloutGeometry.h); where the sentence would hide a curve, its compact form is drawn.
#include "CalloutGeometry.h"
#include "TestPoints.h"

#include <widgets/ChartCallout.h>
#include <widgets/MetricChartView.h>

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QTest>

#include <cmath>

using namespace hedge;

namespace {

const QString kBudget = QStringLiteral("hedge, no budget / client");
const QString kText = QStringLiteral("At 50 % load the p99 falls from 250 ms to 55 ms.");
// A lesson's sentence of the usual length, and its compact form.
const QString kLong = QStringLiteral(
    "A hedge sends a second copy of a request that has not answered after the delay, and takes "
    "whichever answer comes first. At 50 % load the p99 falls from 250 ms to 55 ms, and the "
    "p99.9 from 375 ms to 80 ms.");
const QString kCompact = QStringLiteral("p99 55 ms at 50 % load");

QLineSeries* line(MetricChartView& view, const QString& setup)
{
    for (QAbstractSeries* s : view.chart()->series())
        if (s->name() == setup)
            if (auto* l = qobject_cast<QLineSeries*>(s))
                return l;
    return nullptr;
}

// Where the chart draws `setup`'s point at `load`, in chart coordinates.
QPointF drawnAt(MetricChartView& view, const QString& setup, double load)
{
    for (const QPointF& p : view.seriesPoints(setup))
        if (p.x() == load)
            return view.chart()->mapToPosition(p, line(view, setup));
    qFatal("no point drawn at the load");
}

// The sample setups' points on a 560 × 340 chart, shown.
bool showSample(MetricChartView& view)
{
    view.resize(560, 340);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(test::samplePoints());
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

bool near(QPointF a, QPointF b)
{
    return std::abs(a.x() - b.x()) < 0.5 && std::abs(a.y() - b.y()) < 0.5;
}

} // namespace

class TestChartCallout : public QObject {
    Q_OBJECT

    // The bubble lies in the plot (or, on a small chart, in the chart) and leaves the point and
    // its ring (9 px) uncovered.
    static void verifyPlaced(MetricChartView& view, QPointF anchor, bool inPlot = true)
    {
        const QRectF bubble = view.callout().bubbleRect();
        const QRectF plot =
            inPlot ? view.chart()->plotArea() : QRectF(QPointF(0, 0), view.chart()->size());
        QVERIFY2(plot.adjusted(-0.5, -0.5, 0.5, 0.5).contains(bubble),
                 qPrintable(QStringLiteral("bubble %1,%2 %3x%4 outside the plot")
                                .arg(bubble.x())
                                .arg(bubble.y())
                                .arg(bubble.width())
                                .arg(bubble.height())));
        QVERIFY(!bubble.intersects(QRectF(anchor - QPointF(9, 9), QSizeF(18, 18))));
        QVERIFY(bubble.width() > 40 && bubble.height() > 10);
    }

private slots:
    void drawnOnTheSetupsPoint()
    {
        MetricChartView view(Metric::P99);
        QVERIFY(showSample(view));
        QVERIFY(view.callout().shownText().isEmpty());

        view.setCallout(kBudget, 0.5, kText);
        QCOMPARE(view.callout().shownText(), kText);
        QCOMPARE(view.callout().setup(), kBudget);
        QVERIFY(near(view.callout().anchor(), drawnAt(view, kBudget, 0.5)));
        verifyPlaced(view, view.callout().anchor());

        // Another point: the callout moves there.
        view.setCallout(QStringLiteral("no hedge / client"), 0.95, kText);
        QVERIFY(near(view.callout().anchor(),
                     drawnAt(view, QStringLiteral("no hedge / client"), 0.95)));
        verifyPlaced(view, view.callout().anchor());
    }

    // A point drawn on the ceiling (collapsed, off scale) carries the callout there.
    void followsAPointOffScale()
    {
        MetricChartView view(Metric::P99);
        QVERIFY(showSample(view));
        view.setCallout(kBudget, 0.95, kText);
        QCOMPARE(view.callout().shownText(), kText);
        QVERIFY(near(view.callout().anchor(), drawnAt(view, kBudget, 0.95)));
        verifyPlaced(view, view.callout().anchor());
    }

    void followsResizeAndNewPoints()
    {
        MetricChartView view(Metric::P99);
        QVERIFY(showSample(view));
        view.setCallout(kBudget, 0.5, kText);
        const QPointF before = view.callout().anchor();

        view.resize(330, 230); // a chart of a 1024 × 700 window's grid
        QTRY_VERIFY(!near(view.callout().anchor(), before));
        QVERIFY(near(view.callout().anchor(), drawnAt(view, kBudget, 0.5)));
        verifyPlaced(view, view.callout().anchor(), false);
        // A long text on it: the bubble still stays on the chart.
        view.setCallout(kBudget, 0.5, (kText + QLatin1Char(' ')).repeated(6));
        verifyPlaced(view, view.callout().anchor(), false);
        view.setCallout(kBudget, 0.5, kText);

        // The same point with another figure: the callout stays on it as the axis refits.
        std::vector<PointResult> points = test::samplePoints();
        for (PointResult& p : points)
            if (p.setup == kBudget.toStdString() && p.load == 0.5)
                p.p99Ms = 120.0;
        view.setPoints(points);
        QVERIFY(near(view.callout().anchor(), drawnAt(view, kBudget, 0.5)));
        verifyPlaced(view, view.callout().anchor(), false);
    }

    // Issue 37: on every point of the sample, at a 1024 × 700 window's chart size, the usual
    // size and a presenter's, the bubble hides nothing (CalloutGeometry.h); the sentence is
    // drawn where it hides nothing, else the compact form; the legend of presenter mode too.
    void hidesNothing_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("legend");
        QTest::newRow("1024x700's chart") << QSize(330, 230) << false;
        QTest::newRow("usual") << QSize(560, 340) << false;
        QTest::newRow("presenter") << QSize(900, 520) << true;
    }
    void hidesNothing()
    {
        QFETCH(QSize, size);
        QFETCH(bool, legend);
        MetricChartView view(Metric::P99);
        QVERIFY(showSample(view));
        view.resize(size);
        view.chart()->legend()->setAlignment(Qt::AlignTop);
        view.chart()->legend()->setVisible(legend);
        QTRY_COMPARE(view.chart()->size().toSize(), size);
        int compact = 0, whole = 0;
        for (const SeriesStyle& style : test::sampleStyles())
            for (const double load : {0.3, 0.5, 0.7, 0.85, 0.95}) {
                view.setCallout(style.setup, load, kLong, kCompact);
                QCOMPARE(view.callout().shownText(), kLong);
                QVERIFY(near(view.callout().anchor(), drawnAt(view, style.setup, load)));
                verifyPlaced(view, view.callout().anchor());
                const QStringList problems = test::calloutProblems(view);
                QVERIFY2(problems.isEmpty(),
                         qPrintable(QStringLiteral("%1 at %2: %3 (drawn: %4)")
                                        .arg(style.setup)
                                        .arg(load)
                                        .arg(problems.join(QStringLiteral("; ")),
                                             view.callout().drawnText())));
                (view.callout().drawnText() == kCompact ? compact : whole) += 1;
            }
        // The presenter's chart has room for the sentence somewhere; the small one never.
        if (size.width() > 800)
            QVERIFY2(whole > 0, qPrintable(QString::number(compact)));
        if (size.width() < 400)
            QCOMPARE(whole, 0);
    }

    // Without a compact form (another caller), the sentence: inside the plot, clear of the ring.
    void withoutACompactForm()
    {
        MetricChartView view(Metric::P99);
        QVERIFY(showSample(view));
        view.resize(330, 230);
        QTRY_COMPARE(view.chart()->size().toSize(), QSize(330, 230));
        view.setCallout(kBudget, 0.5, kLong);
        QCOMPARE(view.callout().drawnText(), kLong);
        verifyPlaced(view, view.callout().anchor());
    }

    // Nothing to point at: no callout, until there is again.
    void hiddenWithoutItsPoint()
    {
        MetricChartView view(Metric::P99);
        view.resize(560, 340);
        view.setSeriesStyles(test::sampleStyles());
        view.setPoints({});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setCallout(kBudget, 0.5, kText);
        QVERIFY(view.callout().shownText().isEmpty()); // no point yet
        view.setPoints(test::samplePoints());
        QCOMPARE(view.callout().shownText(), kText);

        view.setCallout(kBudget, 0.6, kText); // a load the chart has no point at
        QVERIFY(view.callout().shownText().isEmpty());
        view.setCallout(kBudget, 0.5, kText);
        QList<SeriesStyle> styles = test::sampleStyles();
        styles[1].visible = false; // the setup hidden
        view.setSeriesStyles(styles);
        QVERIFY(view.callout().shownText().isEmpty());
        view.setSeriesStyles(test::sampleStyles());
        QCOMPARE(view.callout().shownText(), kText);

        view.setCallout({}, 0.0, {}); // removed
        QVERIFY(view.callout().shownText().isEmpty());
        view.setPoints(test::samplePoints());
        QVERIFY(view.callout().shownText().isEmpty());
    }
};

QTEST_MAIN(TestChartCallout)
#include "tst_chartcallout.moc"
