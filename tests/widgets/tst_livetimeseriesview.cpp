// The live view's charts: each world drawn in its colour against simulated time, hidden
// worlds not drawn, optional panels added on demand, the window scrolling with the run,
// collapses marked where they begin, exports in PNG, SVG and PDF (a bad suffix refused).
#include "LiveTimeSeriesView.h"

#include "ChartTheme.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace hedge;

namespace {

const QColor kFirst(0xE6, 0x9F, 0x00);
const QColor kSecond(0x00, 0x72, 0xB2);

// `seconds` buckets of 1 s; the second world collapses from `collapseAt` on.
std::vector<BucketRing> rings(int seconds, int collapseAt = -1)
{
    std::vector<BucketRing> r(2, BucketRing(600));
    for (int t = 1; t <= seconds; ++t) {
        for (int w = 0; w < 2; ++w) {
            TimelineBucket b;
            b.tS = t;
            b.load = 0.5;
            b.arrivals = 500;
            b.callsEnded = 500;
            b.p99Ms = w == 0 ? 30.0 : 30.0 + t;
            b.requestsPerCall = 1.0 + 0.5 * w;
            b.backlogMs = w == 1 && collapseAt >= 0 && t >= collapseAt ? 100.0 * (t - collapseAt) : 0.0;
            b.busyFraction = 0.5;
            b.collapsed = w == 1 && collapseAt >= 0 && t >= collapseAt + 5;
            r[std::size_t(w)].push(b);
        }
    }
    return r;
}

int count(const QImage& image, const QColor& colour, int tolerance = 40)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                    std::abs(c.blue() - colour.blue()) <
                tolerance)
                ++n;
        }
    return n;
}

} // namespace

class TestLiveTimeSeriesView : public QObject {
    Q_OBJECT
private slots:
    void eachShownWorldIsDrawnInItsColour()
    {
        const auto data = rings(120);
        LiveTimeSeriesView view;
        view.setSource(&data);
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true}, {QStringLiteral("b"), kSecond, true}});
        // At twice the pixels a line has a row of its own colour wherever it lands (at one,
        // a flat line between two rows is only their blend).
        const QImage both = view.renderImage({800, 560}, 2.0);
        QVERIFY(count(both, kFirst) > 200);
        QVERIFY(count(both, kSecond) > 200);
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true}, {QStringLiteral("b"), kSecond, false}});
        const QImage one = view.renderImage({800, 560}, 2.0);
        QVERIFY(count(one, kFirst) > 200);
        QCOMPARE(count(one, kSecond), 0);
    }

    void optionalPanelsComeOnDemand()
    {
        LiveTimeSeriesView view;
        QVERIFY(view.isPanelShown(Figure::P99));
        QVERIFY(!view.isPanelShown(Figure::Utilisation));
        view.setPanelShown(Figure::P99, false); // always shown
        QVERIFY(view.isPanelShown(Figure::P99));
        view.setPanelShown(Figure::Utilisation, true);
        QVERIFY(view.isPanelShown(Figure::Utilisation));
        TimelineBucket b;
        b.callsEnded = 200;
        b.rejected = 50;
        b.busyFraction = 0.4;
        QCOMPARE(*bucketFigure(Figure::RejectedPercent, b), 25.0);
        QCOMPARE(*bucketFigure(Figure::Utilisation, b), 40.0);
        QVERIFY(!bucketFigure(Figure::Limit, b));
    }

    void theWindowScrollsWithTheRun()
    {
        LiveTimeSeriesView view;
        view.setWindowSeconds(60);
        const auto shortRun = rings(30);
        view.setSource(&shortRun);
        QCOMPARE(view.timeRange(), std::make_pair(0.0, 60.0));
        const auto longRun = rings(500);
        view.setSource(&longRun);
        QCOMPARE(view.timeRange(), std::make_pair(440.0, 500.0));
    }

    void aCollapseIsMarkedWhereItBegins()
    {
        LiveTimeSeriesView view;
        const ChartTheme theme(view.palette(), view.font());
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true}, {QStringLiteral("b"), kSecond, true}});
        const auto calm = rings(120);
        view.setSource(&calm);
        QCOMPARE(count(view.renderImage({800, 560}), theme.collapseColour()), 0);
        const auto collapsing = rings(120, 60);
        view.setSource(&collapsing);
        QVERIFY(count(view.renderImage({800, 560}), theme.collapseColour()) > 30);
    }

    void exportsWriteEachFormat()
    {
        QTemporaryDir dir;
        const auto data = rings(100, 50);
        LiveTimeSeriesView view;
        view.setSource(&data);
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true}, {QStringLiteral("b"), kSecond, true}});
        for (const char* name : {"live.png", "live.svg", "live.pdf"}) {
            const QString path = dir.filePath(QLatin1String(name));
            QVERIFY2(!view.exportTo(path, {900, 600}), name);
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray head = f.read(8);
            if (path.endsWith(QLatin1String("png")))
                QVERIFY(head.startsWith("\x89PNG"));
            else if (path.endsWith(QLatin1String("pdf")))
                QVERIFY(head.startsWith("%PDF"));
            else
                QVERIFY(f.readAll().contains("<svg") || head.contains("<?xml"));
        }
        const auto error = view.exportTo(dir.filePath(QStringLiteral("live.bmp")));
        QVERIFY(error);
        QVERIFY(error->contains(QStringLiteral(".png")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("live.bmp"))));
    }

    // Three worlds collapse in the same second and a fourth a second later: each label sits
    // where no other is (a row further down), never over another ("collacollapse…").
    void collapseLabelsNeverOverprint()
    {
        std::vector<BucketRing> data(4, BucketRing(600));
        for (int t = 1; t <= 120; ++t)
            for (int w = 0; w < 4; ++w) {
                TimelineBucket b;
                b.tS = t;
                b.load = 0.9;
                b.arrivals = b.callsEnded = 500;
                b.p99Ms = 30.0 + t;
                b.requestsPerCall = 1.5;
                const int onset = w < 3 ? 30 : 31;
                b.backlogMs = t >= onset ? 2000.0 + 100.0 * t : 0.0;
                b.collapsed = t >= onset;
                data[std::size_t(w)].push(b);
            }
        LiveTimeSeriesView view;
        view.resize(800, 560);
        view.setSource(&data);
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true},
                              {QStringLiteral("b"), kSecond, true},
                              {QStringLiteral("c"), QColor(0x00, 0x9E, 0x73), true},
                              {QStringLiteral("d"), QColor(0xCC, 0x79, 0xA7), true}});
        view.setWindowSeconds(120);
        const QList<QRectF> labels = view.collapseLabelRects();
        QCOMPARE(labels.size(), 4);
        const QRectF p99 = view.panelRect(Figure::P99);
        for (int i = 0; i < labels.size(); ++i) {
            QVERIFY(p99.contains(labels[i]));
            for (int j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(QStringLiteral("%1, %2").arg(i).arg(j)));
        }
        // A panel too short for four rows leaves the extra labels out rather than stack them.
        view.resize(800, 260);
        const QList<QRectF> fewer = view.collapseLabelRects();
        QVERIFY(fewer.size() < 4);
        for (int i = 0; i < fewer.size(); ++i)
            for (int j = i + 1; j < fewer.size(); ++j)
                QVERIFY(!fewer[i].intersects(fewer[j]));
    }

    // Presenter mode's large font (F11) at 1920x1080: a p99 of 50 s puts "100000" on the log
    // axis; every value label fits left of its panel (it was clipped to "0000" in a fixed
    // 52 px), and every time label is whole inside the widget (the last one read "5:0").
    void presenterLabelsAreWhole()
    {
        std::vector<BucketRing> data(2, BucketRing(600));
        const auto calm = rings(300);
        for (std::size_t w = 0; w < calm.size(); ++w)
            for (std::size_t k = 0; k < calm[w].size(); ++k) {
                TimelineBucket b = calm[w].at(k);
                if (k % 50 == 0)
                    b.p99Ms = 50000.0; // a collapse's tail
                data[w].push(b);
            }
        LiveTimeSeriesView view;
        view.setFont(ChartTheme::presenterFont(view.font()));
        view.resize(1920, 900);
        view.setSource(&data);
        view.setSeriesStyles({{QStringLiteral("a"), kFirst, true}, {QStringLiteral("b"), kSecond, true}});
        view.setPanelShown(Figure::Utilisation, true);
        view.setWindowSeconds(300);
        const QFontMetricsF fm(ChartTheme(view.palette(), view.font()).smallFont());
        QVERIFY(view.valueLabels(Figure::P99).contains(QStringLiteral("100000")));
        for (Figure panel : panelFigures()) {
            const QRectF plot = view.panelRect(panel);
            if (plot.isEmpty() || panel == Figure::ReplicaBacklog)
                continue;
            const double room = plot.left() - 4; // from the widget's edge to 4 px off the panel
            const QStringList labels = view.valueLabels(panel);
            QVERIFY(!labels.isEmpty());
            for (const QString& label : labels)
                QVERIFY2(fm.horizontalAdvance(label) <= room,
                         qPrintable(QStringLiteral("%1: %2 px in %3 px")
                                        .arg(label)
                                        .arg(fm.horizontalAdvance(label))
                                        .arg(room)));
        }
        const QList<QPair<QRectF, QString>> times = view.timeLabels();
        QVERIFY(times.size() >= 3);
        QCOMPARE(times.front().second, QStringLiteral("0:00"));
        QCOMPARE(times.back().second, QStringLiteral("5:00"));
        for (const auto& [rect, text] : times) {
            QVERIFY2(QRectF(view.rect()).contains(rect), qPrintable(text));
            QVERIFY2(fm.horizontalAdvance(text) <= rect.width(), qPrintable(text));
        }
        // Hovering reads the panels where they are drawn now: just inside the p99 panel's
        // left edge a figure, just outside it (over the labels) none.
        const QRectF p99 = view.panelRect(Figure::P99);
        QVERIFY(!view.hoverTextAt(QPointF(p99.left() + 1, p99.center().y())).isEmpty());
        QVERIFY(view.hoverTextAt(QPointF(p99.left() - 2, p99.center().y())).isEmpty());
    }
};

QTEST_MAIN(TestLiveTimeSeriesView)
#include "tst_livetimeseriesview.moc"
