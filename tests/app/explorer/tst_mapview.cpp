// The map view in the real window, driven as a user does, on a small grid (3 delays × 3
// loads, few calls): a grid file and the delay-map preset open on the map; its cells hold
// exactly the engine's numbers (a whole-scenario LoadSweep through gridMap) and fill in coarse
// first; hovering a cell shows its figures; a click or Enter on a cell gives the setup that
// value and shows its curves without re-running the map, while an edit of the service re-runs
// it; a map of a service knob runs each cell on its service; the exports are valid files that
// hold the same numbers, and File → Export Chart… of the map writes the picture without the
// keyboard's focus box, titled with the setup and knob.
#include "ExplorerTestSupport.h"

#include "MapView.h"

#include "ChartTheme.h"
#include "HeatMapView.h"
#include "MapColourScale.h"
#include "PointTooltip.h"
#include "MetricChartView.h"
#include "SetupEditor.h"
#include "ServiceRunEditor.h"
#include "SetupListWidget.h"

#include <hedge/io/Presets.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/run/SweepController.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>

#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>
#include <QXmlStreamReader>

using namespace hedge;

namespace {

Scenario smallGrid()
{
    Scenario s;
    s.calls = 2500;
    s.seed = 11;
    s.loads = {0.3, 0.6, 0.9};
    s.setups.clear();
    const std::vector<Setup> all = Scenario::referenceSetups();
    for (const Setup& setup : all)
        if (setup.name == "no hedge / client" || setup.name == "hedge, default budget / client")
            s.setups.push_back(setup);
    s.grid = Grid{.setup = "hedge, default budget / client", .knob = "hedge.delay_ms",
                  .values = {5, 20, 40}};
    return s;
}

// The engine's own points of the whole scenario (setups, baseline, cells).
std::vector<PointResult> enginePoints(const Scenario& s)
{
    return LoadSweep(s, 1).run().points;
}

void compareCells(const GridMap& shown, const GridMap& engine)
{
    QCOMPARE(shown.knobValues, engine.knobValues);
    QCOMPARE(shown.rows, engine.rows);
    QCOMPARE(shown.cells.size(), engine.cells.size());
    for (std::size_t i = 0; i < engine.cells.size(); ++i) {
        QVERIFY(shown.cells[i].has_value());
        const MapCell& a = *shown.cells[i];
        const MapCell& b = *engine.cells[i];
        QVERIFY(a.point == b.point);
        QVERIFY(a.baseline == b.baseline);
        QCOMPARE(a.value, b.value);
        QCOMPARE(a.collapsed, b.collapsed);
        QCOMPARE(a.helps, b.helps);
    }
}

// The pixels of `image` (at scale 1) on the outline of `cell` of `map`, two pixels wide.
int pixelsOfColour(const QImage& image, const HeatMapView& map, HeatMapView::CellIndex cell,
                   const QColor& colour)
{
    const QRect r = map.cellRect(cell).toAlignedRect().adjusted(-1, -1, 1, 1);
    int found = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const bool edge =
                x - r.left() < 4 || r.right() - x < 4 || y - r.top() < 4 || r.bottom() - y < 4;
            if (edge && image.valid(x, y) && QColor(image.pixel(x, y)) == colour)
                ++found;
        }
    return found;
}

// One CSV line's cells (RFC 4180 quoting: setup names hold commas).
QStringList csvCells(const QString& line)
{
    QStringList cells{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == c)
            cells.back() += line[++i];
        else if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (c == QLatin1Char(',') && !quoted)
            cells.push_back(QString());
        else
            cells.back() += c;
    }
    return cells;
}

} // namespace

class TestMapView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // A window showing the small grid's completed map.
    std::unique_ptr<MainWindow> openGrid(const Scenario& s = smallGrid())
    {
        auto w = std::make_unique<MainWindow>(
            MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w->resize(1024, 700);
        w->show();
        if (w->openScenarioFile(test::writeScenario(m_dir, s, QStringLiteral("grid.json"))))
            qFatal("the grid file was refused: %s", qPrintable(w->lastError()));
        return w;
    }

    static bool mapDone(MainWindow& w)
    {
        return w.mapSweep()->isComplete() && !w.mapSweep()->isRunning() &&
               test::mapView(w)->heatMap()->map().filled() ==
                   test::mapView(w)->heatMap()->map().cells.size();
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_mapview"));
        QVERIFY(m_dir.isValid());
    }

    void aGridFileOpensOnItsMapWithTheEnginesNumbers()
    {
        const Scenario s = smallGrid();
        auto w = openGrid(s);
        QCOMPARE(test::sweepViews(*w)->currentWidget(), test::mapView(*w));
        QVERIFY(test::sweepViews(*w)->tabBar()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        const std::vector<PointResult> engine = enginePoints(s);
        // Every figure the user can choose, through the figure box.
        QComboBox* box = test::mapView(*w)->figureBox();
        for (int i = 0; i < box->count(); ++i) {
            box->setFocus();
            box->setCurrentIndex(i);
            const MapFigure figure = test::mapView(*w)->figure();
            QCOMPARE(test::mapView(*w)->heatMap()->figure(), figure);
            compareCells(test::mapView(*w)->heatMap()->map(), gridMap(s, engine, figure));
        }
    }

    // A map of a service knob: each column of cells is the gridded setup on another service,
    // run by the same sweep as the curves (one batch a service), with the engine's numbers.
    void aServiceKnobMapRunsEachCellOnItsOwnService()
    {
        Scenario s = smallGrid();
        s.grid = Grid{.setup = "hedge, default budget / client", .knob = "service.median_ms",
                      .values = {4, 12}};
        auto w = openGrid(s);
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        const std::vector<PointResult> engine = enginePoints(s);
        compareCells(test::mapView(*w)->heatMap()->map(), gridMap(s, engine, MapFigure::P99Ratio));
    }

    void cellsFillInCoarseFirst()
    {
        Scenario s = smallGrid();
        s.calls = 30000;
        auto w = std::make_unique<MainWindow>(
            MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w->mapSweep()->setCoarseCalls(1000);
        int redrawsWithCoarseCells = 0;
        int redrawsWithFullCells = 0;
        int redrawsWithCoarseAfterFull = 0;
        connect(w->mapSweep(), &SweepController::pointsChanged, w.get(), [&] {
            bool coarse = false;
            bool full = false;
            for (const auto& cell : test::mapView(*w)->heatMap()->map().cells)
                if (cell)
                    (cell->point.measuredCalls <= 1000 ? coarse : full) = true;
            redrawsWithCoarseCells += coarse;
            redrawsWithCoarseAfterFull += coarse && !full && redrawsWithFullCells > 0;
            redrawsWithFullCells += full;
        });
        QVERIFY(!w->openScenarioFile(test::writeScenario(m_dir, s, QStringLiteral("g2.json"))));
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 30000);
        // The coarse cells were on the map first; the full ones replaced them, never the
        // other way round.
        QVERIFY(redrawsWithCoarseCells > 0);
        QVERIFY(redrawsWithFullCells > 0);
        QCOMPARE(redrawsWithCoarseAfterFull, 0);
        for (const auto& cell : test::mapView(*w)->heatMap()->map().cells)
            QVERIFY(cell->point.measuredCalls > 1000);
    }

    void hoveringACellShowsItsFigures()
    {
        auto w = openGrid();
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        HeatMapView* map = test::mapView(*w)->heatMap();
        const HeatMapView::CellIndex cell{1, 2}; // 20 ms at 90 %
        const MapCell& shown = *map->map().at(1, 2);
        QTest::mouseMove(map, map->cellRect(cell).center().toPoint());
        QTRY_VERIFY_WITH_TIMEOUT(!map->shownText().isEmpty(), 60000);
        const QString p99 = PointTooltip::duration(*shown.point.p99Ms);
        const QString baseline = PointTooltip::duration(*shown.baseline->p99Ms);
        QVERIFY2(map->shownText().contains(QStringLiteral("= 20 · load 90 %")),
                 qPrintable(map->shownText()));
        QVERIFY2(map->shownText().contains(p99), qPrintable(map->shownText()));
        QVERIFY(map->shownText().contains(baseline));
        QVERIFY(map->shownText().contains(PointTooltip::threeDigits(shown.point.requestsPerCall)));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QCOMPARE(QToolTip::text(), map->shownText());
        // Another cell, other figures.
        QTest::mouseMove(map, map->cellRect({0, 0}).center().toPoint());
        QTRY_VERIFY_WITH_TIMEOUT(map->shownText().contains(QStringLiteral("= 5 · load 30 %")),
                                 60000);
    }

    void clickingACellSetsTheKnobAndShowsItsCurves()
    {
        auto w = openGrid();
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        HeatMapView* map = test::mapView(*w)->heatMap();
        const Setup& before = w->scenario().setups[1];
        QCOMPARE(before.hedge->delayMs, 20.0); // the reference setup's delay
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect({2, 1}).center().toPoint());
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 40.0);
        QVERIFY(test::sweepViews(*w)->currentWidget() != test::mapView(*w)); // the curves
        QCOMPARE(test::setupList(*w)->currentRow(), 1);
        QCOMPARE(test::setupEditor(*w)->setup().hedge->delayMs, 40.0);
        QCOMPARE(w->controller()->scenario().setups[1].hedge->delayMs, 40.0);
        QVERIFY(w->isModified());
        // The map does not depend on the setup's own delay: it stays complete.
        QVERIFY(w->mapSweep()->isComplete());
        QVERIFY(!w->mapSweep()->isRunning());

        // The keyboard: back to the map, the first delay (Home), Enter.
        test::sweepViews(*w)->setCurrentWidget(test::mapView(*w));
        map->setFocus();
        QTest::keyClick(map, Qt::Key_Home);
        QTest::keyClick(map, Qt::Key_Return);
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 5.0);
    }

    void anEditReRunsTheMapWithTheNewNumbers()
    {
        auto w = openGrid();
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        const GridMap before = test::mapView(*w)->heatMap()->map();
        // One worker fewer, typed into the service editor as a user does.
        QSpinBox* workers = test::serviceRunEditor(*w)->workersSpin();
        workers->setFocus();
        QTest::keyClick(workers, Qt::Key_Down);
        QCOMPARE(w->scenario().service.workers, smallGrid().service.workers - 1);
        // The map is out of date at once (its cells were another service's); the new ones follow.
        QVERIFY(!w->mapSweep()->isComplete());
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        const GridMap after = test::mapView(*w)->heatMap()->map();
        QVERIFY(!(after.at(0, 0)->point == before.at(0, 0)->point));
        compareCells(after, gridMap(w->scenario(), enginePoints(w->scenario()), MapFigure::P99Ratio));
    }

    void exportsAreValidFilesWithTheMapsNumbers()
    {
        const Scenario s = smallGrid();
        auto w = openGrid(s);
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        MapView* view = test::mapView(*w);

        const QString png = m_dir.filePath(QStringLiteral("map.png"));
        QVERIFY(!view->exportMap(png, QSize(800, 500)));
        QImage image;
        QVERIFY(image.load(png));
        QCOMPARE(image.size(), QSize(800, 500));

        const QString svg = m_dir.filePath(QStringLiteral("map.svg"));
        QVERIFY(!view->exportMap(svg));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svgFile);
        bool sawSvg = false;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"svg")
                sawSvg = true;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);

        const QString pdf = m_dir.filePath(QStringLiteral("map.pdf"));
        QVERIFY(!view->exportMap(pdf));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == "%PDF-");

        // The cells as a results file: it reads back with the same numbers.
        const std::vector<PointResult> points = w->mapSweep()->displayedPoints();
        const QString json = m_dir.filePath(QStringLiteral("cells.json"));
        QVERIFY(!view->exportMap(json));
        const RunResults back = readResultsFile(json.toStdString());
        QCOMPARE(back.points.size(), points.size());
        QCOMPARE(points.size(), s.loads.size() * (s.grid->values.size() + 1)); // cells + baseline
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(back.points[i].setup, points[i].setup);
            QCOMPARE(back.points[i].knobValue, points[i].knobValue);
            QCOMPARE(back.points[i].load, points[i].load);
            QCOMPARE(back.points[i].p99Ms, points[i].p99Ms);
            QCOMPARE(back.points[i].requestsPerCall, points[i].requestsPerCall);
        }

        // CSV: a header with the knob's column, one row a point, the same p99s.
        const QString csv = m_dir.filePath(QStringLiteral("cells.csv"));
        QVERIFY(!view->exportMap(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines =
            QString::fromUtf8(csvFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(points.size()) + 1);
        const QStringList header = csvCells(lines[0]);
        const int p99Column = int(header.indexOf(QStringLiteral("p99_ms")));
        const int knobColumn = int(header.indexOf(QStringLiteral("knob_value")));
        QVERIFY(p99Column > 0 && knobColumn > 0);
        for (std::size_t i = 0; i < points.size(); ++i) {
            const QStringList cells = csvCells(lines[int(i) + 1]);
            QCOMPARE(cells[p99Column].toDouble(), *points[i].p99Ms);
            if (points[i].knobValue)
                QCOMPARE(cells[knobColumn].toDouble(), *points[i].knobValue);
        }

        // A name the map cannot be written as: said, with the formats it can.
        const auto error = view->exportMap(m_dir.filePath(QStringLiteral("map.bmp")));
        QVERIFY(error && error->contains(QStringLiteral(".png, .svg, .pdf, .csv or .json")));
    }

    // A keyboard user moves to a cell (its focus box drawn), then File → Export Chart… with
    // the map shown: the PNG has no focus box around that cell, and its title names the setup
    // and the knob after the figure, as the SVG's text does; File → Copy Chart copies the
    // picture without the box too.
    void theExportedMapHasNoFocusBoxAndNamesSetupAndKnob()
    {
        const Scenario s = smallGrid();
        auto w = openGrid(s);
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 20000);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        HeatMapView* map = test::mapView(*w)->heatMap();
        map->setFocus(Qt::TabFocusReason);
        QTest::keyClick(map, Qt::Key_Right);
        QTest::keyClick(map, Qt::Key_Up);
        const HeatMapView::CellIndex cell{0, 1};
        QCOMPARE(map->currentCell(), std::optional(cell));
        const QColor highlight = map->palette().color(QPalette::Highlight);
        // On screen the box is there.
        QVERIFY(pixelsOfColour(map->grab().toImage(), *map, cell, highlight) > 20);

        const QString png = m_dir.filePath(QStringLiteral("focused-map.png"));
        test::answerFileDialog(png);
        test::menuAction(*w, QStringLiteral("&File"), QStringLiteral("&Export Chart…"))->trigger();
        QImage image;
        QVERIFY(image.load(png));
        QCOMPARE(image.size(), map->size());
        QCOMPARE(pixelsOfColour(image, *map, cell, highlight), 0);

        // The title: the figure, then the setup and the knob.
        const QString setup = QString::fromStdString(s.grid->setup);
        const QString figure = MapColourScale::figureTitle(MapFigure::P99Ratio);
        QVERIFY2(map->title().startsWith(figure) && map->title().contains(setup) &&
                     map->title().contains(QStringLiteral("hedge delay (ms)")),
                 qPrintable(map->title()));
        // In the PNG, the title goes on after the figure's words: text there, in the title's
        // line.
        const QFontMetricsF title(ChartTheme(map->palette(), map->font()).titleFont());
        const int from = int(8 + title.horizontalAdvance(figure + QStringLiteral(" — ")));
        const QColor background = QColor(image.pixel(2, 2));
        int text = 0;
        for (int y = 8; y < int(8 + title.height()); ++y)
            for (int x = from; x < from + 150; ++x)
                text += QColor(image.pixel(x, y)) != background;
        QVERIFY2(text > 50, qPrintable(QString::number(text)));

        // File → Copy Chart puts the same picture on the clipboard.
        test::menuAction(*w, QStringLiteral("&File"), QStringLiteral("&Copy Chart"))->trigger();
        const QImage copied = QApplication::clipboard()->image();
        QCOMPARE(copied.size(), map->size());
        QCOMPARE(pixelsOfColour(copied, *map, cell, highlight), 0);

        const QString svg = m_dir.filePath(QStringLiteral("focused-map.svg"));
        test::answerFileDialog(svg);
        test::menuAction(*w, QStringLiteral("&File"), QStringLiteral("&Export Chart…"))->trigger();
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(svgFile.readAll());
        QVERIFY2(svgText.contains(setup.toHtmlEscaped()), qPrintable(svgText.left(2000)));
    }

    void theDelayMapPresetIsOfferedAndShowsTheMap()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        const Preset* preset = findPreset("delay-map");
        QVERIFY(preset && preset->scenario.grid);
        QAction* entry = test::menuAction(w, QStringLiteral("&Presets"),
                                          QString::fromStdString(preset->title));
        QVERIFY(entry);
        entry->trigger();
        QVERIFY(w.scenario().grid.has_value());
        QCOMPARE(test::sweepViews(w)->currentWidget(), test::mapView(w));
        QCOMPARE(test::mapView(w)->heatMap()->map().knobValues, preset->scenario.grid->values);
        // A scenario without a grid takes the map's tab away again.
        QVERIFY(w.loadPreset(QStringLiteral("reference")));
        QCOMPARE(test::sweepViews(w)->indexOf(test::mapView(w)), -1);
        QVERIFY(!test::sweepViews(w)->tabBar()->isVisible());
        QVERIFY(!test::mapView(w)->isVisible());
        QVERIFY(test::chart(w, Metric::P99)->isVisible());
    }
};

QTEST_MAIN(TestMapView)
#include "tst_mapview.moc"
