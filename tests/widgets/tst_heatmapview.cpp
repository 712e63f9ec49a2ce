// HeatMapView on hand-made maps: collapsed cells are drawn unlike any colour of the scale
// (hatched and crossed), the outline encloses the cells where hedging helps, the ratio's
// scale is diverging and centred on 1, the keyboard reaches every cell and activates it, and
// the map follows a dark palette.
#include "ChartTheme.h"
#include "HeatMapView.h"
#include "MapColourScale.h"

#include <QTest>
#include <QSignalSpy>

#include <cmath>
#include <set>

using namespace hedge;

namespace {

PointResult point(double value, double load, double p99)
{
    PointResult p;
    p.setup = "hedged";
    p.load = load;
    p.knobValue = value;
    p.p99Ms = p99;
    p.measuredCalls = 1000;
    return p;
}

// Two knob values × two loads; every cell a ratio of 1 unless changed.
GridMap smallMap()
{
    GridMap map;
    map.knobValues = {10, 20};
    map.rows = {0.5, 0.9};
    map.cells.resize(4);
    for (std::size_t v = 0; v < 2; ++v)
        for (std::size_t l = 0; l < 2; ++l) {
            MapCell c{.point = point(map.knobValues[v], map.rows[l], 20.0)};
            c.baseline = point(0, map.rows[l], 20.0);
            c.baseline->knobValue.reset();
            c.value = 1.0;
            map.cells[v * 2 + l] = c;
        }
    return map;
}

// The colours of the inside of a cell (away from its edges, where the outline and gaps are).
std::set<QRgb> coloursIn(const QImage& image, QRectF rect, qreal dpr)
{
    std::set<QRgb> colours;
    const QRect inner = QRectF(rect.topLeft() * dpr, rect.size() * dpr)
                            .adjusted(4 * dpr, 4 * dpr, -4 * dpr, -4 * dpr)
                            .toRect();
    for (int y = inner.top(); y <= inner.bottom(); ++y)
        for (int x = inner.left(); x <= inner.right(); ++x)
            colours.insert(image.pixel(x, y) & 0xFFFFFF);
    return colours;
}

int pixelsNear(const std::set<QRgb>& colours, QColor target)
{
    int n = 0;
    for (QRgb c : colours)
        if (std::abs(qRed(c) - target.red()) + std::abs(qGreen(c) - target.green()) +
                std::abs(qBlue(c) - target.blue()) <
            40)
            ++n;
    return n;
}

} // namespace

class TestHeatMapView : public QObject {
    Q_OBJECT
private slots:
    void collapsedCellsAreHatchedAndCrossed()
    {
        HeatMapView view;
        view.resize(600, 400);
        GridMap map = smallMap();
        map.cells[0 * 2 + 1]->collapsed = true; // (10, 0.9)
        map.cells[0 * 2 + 1]->point.collapsed = true;
        view.setMap(map, MapFigure::P99Ratio);
        const QImage image = view.grab().toImage();
        const qreal dpr = image.devicePixelRatio();
        const ChartTheme theme(view.palette(), view.font());
        const std::set<QRgb> collapsed = coloursIn(image, view.cellRect({0, 1}), dpr);
        const std::set<QRgb> plain = coloursIn(image, view.cellRect({1, 1}), dpr);
        // The plain cell: the scale's colour (and its figure's text) and nothing of the collapse.
        QVERIFY(pixelsNear(plain, MapColourScale::forMap(MapFigure::P99Ratio, map).colour(1.0)) > 0);
        QCOMPARE(pixelsNear(plain, theme.collapseColour()), 0);
        // The collapsed cell: the collapse's red lines over another fill.
        QVERIFY(pixelsNear(collapsed, theme.collapseColour()) > 0);
        QVERIFY(collapsed.size() >= 2);
    }

    void theOutlineEnclosesTheCellsWhereHedgingHelps()
    {
        HeatMapView view;
        view.resize(600, 400);
        GridMap map = smallMap();
        view.setMap(map, MapFigure::P99Ratio);
        const QImage without = view.grab().toImage();
        map.cells[1 * 2 + 0]->helps = true; // (20, 0.5)
        map.cells[1 * 2 + 0]->value = 0.5;
        view.setMap(map, MapFigure::P99Ratio);
        const QImage with = view.grab().toImage();
        // Along the helping cell's left edge (shared with a cell that does not help) the
        // outline is drawn in the text colour.
        const qreal dpr = with.devicePixelRatio();
        const QRectF r = view.cellRect({1, 0});
        const QPoint onEdge = (QPointF(r.left(), r.center().y()) * dpr).toPoint();
        // (The light palette's text is dark: the line reads dark where a gap was light.)
        QVERIFY(ChartTheme(view.palette(), view.font()).text().lightness() < 50);
        QVERIFY2(QColor(with.pixel(onEdge)).lightness() < 60,
                 qPrintable(QColor(with.pixel(onEdge)).name()));
        QVERIFY2(QColor(without.pixel(onEdge)).lightness() > 150,
                 qPrintable(QColor(without.pixel(onEdge)).name()));
    }

    void theRatioScaleIsDivergingAroundOne()
    {
        const MapColourScale scale = MapColourScale::forMap(MapFigure::P99Ratio, smallMap());
        QVERIFY(scale.isDiverging() && scale.isLogarithmic());
        QCOMPARE(scale.position(1.0), 0.5);
        // Log-scaled: halving is as far below 1 as doubling is above.
        QVERIFY(std::abs(scale.position(0.5) - (1.0 - scale.position(2.0))) < 1e-12);
        const QColor helps = scale.colour(0.5);
        const QColor hurts = scale.colour(2.0);
        QVERIFY(helps.blue() > helps.red());
        QVERIFY(hurts.red() > hurts.blue());
        const QColor centre = scale.colour(1.0);
        QVERIFY(std::abs(centre.red() - centre.blue()) < 8); // neutral: neither side
    }

    void theKeyboardReachesAndActivatesCells()
    {
        HeatMapView view;
        view.resize(600, 400);
        view.setKnobTitle(QStringLiteral("hedge delay (ms)"));
        view.setMap(smallMap(), MapFigure::P99Ratio);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        QSignalSpy activated(&view, &HeatMapView::cellActivated);
        QTest::keyClick(&view, Qt::Key_Right); // the first key picks the first cell
        QCOMPARE(view.currentCell()->value, std::size_t{0});
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.currentCell()->value, std::size_t{1});
        QCOMPARE(view.currentCell()->row, std::size_t{1});
        QVERIFY2(view.shownText().contains(QStringLiteral("hedge delay (ms) = 20")),
                 qPrintable(view.shownText()));
        QVERIFY(view.shownText().contains(QStringLiteral("load 90 %")));
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toDouble(), 20.0);
        QCOMPARE(activated.at(0).at(1).toDouble(), 0.9);
    }

    void followsADarkPalette()
    {
        HeatMapView view;
        view.resize(600, 400);
        view.setMap(smallMap(), MapFigure::P99Ratio);
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Window, QColor(0x28, 0x28, 0x28));
        dark.setColor(QPalette::Text, QColor(0xE0, 0xE0, 0xE0));
        dark.setColor(QPalette::WindowText, QColor(0xE0, 0xE0, 0xE0));
        view.setPalette(dark);
        const QImage image = view.grab().toImage();
        QCOMPARE(QColor(image.pixel(2, 2)).lightness() < 60, true);
    }
};

QTEST_MAIN(TestHeatMapView)
#include "tst_heatmapview.moc"
