// A map of two knobs (docs/maps.md, "Two knobs") on the real window: Run → Map a Knob… with
// "Against: workers", its values and its load typed in maps hedge delay × workers at one load;
// the map's rows are the worker counts (axis, hover, title) and its cells the engine's; a click
// sets both knobs in one edit, which one Undo takes back; the exports name both values; Edit
// Grid… shows the second knob again.
#include "ExplorerTestSupport.h"
#include "TestFiles.h"
#include "UserInput.h"

#include "GridDialog.h"
#include "HeatMapView.h"
#include "MapView.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/run/SweepController.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace hedge;

namespace {

Scenario small()
{
    Scenario s;
    s.calls = 2000;
    s.seed = 5;
    s.loads = {0.4, 0.8};
    s.setups = {Scenario::referenceSetups()[0], Scenario::referenceSetups()[1]};
    return s;
}

} // namespace

class TestTwoKnobMap : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // Maps hedge delay 5, 17.5, 30 against 4 and 8 workers at 60 % through the dialog.
    std::unique_ptr<MainWindow> mapThroughTheDialog()
    {
        auto w = test::openWindow(m_dir, small(), QStringLiteral("small.json"));
        w->resize(1024, 700);
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get()))
            qFatal("the window did not become active");
        test::menuAction(*w, QStringLiteral("&Run"), QStringLiteral("&Map a Knob…"))->trigger();
        GridDialog* dialog = w->findChild<GridDialog*>();
        if (!dialog)
            qFatal("no grid dialog");
        dialog->activateWindow();
        if (!QTest::qWaitForWindowActive(dialog))
            qFatal("the grid dialog did not become active");
        // Tab on, as a user does (Enter would press Map).
        test::typeInto(dialog->toBox(), QStringLiteral("30"), Qt::Key_Tab);
        test::typeInto(dialog->countBox(), QStringLiteral("3"), Qt::Key_Tab);
        QComboBox* against = dialog->againstBox();
        if (against->currentData().toString() != QString() || dialog->againstFromBox()->isVisible())
            qFatal("a new map is against load");
        against->setFocus();
        against->setCurrentIndex(against->findData(QStringLiteral("service.workers")));
        test::typeInto(dialog->againstFromBox(), QStringLiteral("4"), Qt::Key_Tab);
        test::typeInto(dialog->againstToBox(), QStringLiteral("8"), Qt::Key_Tab);
        test::typeInto(dialog->againstCountBox(), QStringLiteral("2"), Qt::Key_Tab);
        test::typeInto(dialog->againstLoadBox(), QStringLiteral("60"), Qt::Key_Tab);
        if (!dialog->valuesLabel()->text().contains(
                QStringLiteral("6 cells with the 2 values of workers")))
            qFatal("%s", qPrintable(dialog->valuesLabel()->text()));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        return w;
    }

    static bool mapDone(MainWindow& w)
    {
        return w.mapSweep()->isComplete() && !w.mapSweep()->isRunning() &&
               test::mapView(w)->heatMap()->map().filled() == 6;
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_twoknobmap"));
        QVERIFY(m_dir.isValid());
    }

    void theDialogMapsTwoKnobsWithTheEnginesCells()
    {
        auto w = mapThroughTheDialog();
        QVERIFY(w->scenario().grid);
        const Grid& grid = *w->scenario().grid;
        QCOMPARE(grid.knob, std::string("hedge.delay_ms"));
        QVERIFY(grid.against);
        QCOMPARE(grid.against->knob, std::string("service.workers"));
        QCOMPARE(grid.against->values, (std::vector<double>{4, 8}));
        QCOMPARE(grid.against->load, 0.6);
        QCOMPARE(test::sweepViews(*w)->currentWidget(), test::mapView(*w));
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 60000);

        HeatMapView* map = test::mapView(*w)->heatMap();
        QCOMPARE(map->map().rows, (std::vector<double>{4, 8}));
        QCOMPARE(map->map().againstLoad, std::optional<double>(0.6));
        QVERIFY2(
            map->title().endsWith(QStringLiteral("hedge delay (ms) against workers at load 60 %")),
            qPrintable(map->title()));
        // The engine's own cells, figure for figure.
        const Scenario s = w->scenario();
        const GridMap engine = gridMap(s, LoadSweep(s, 1).run().points, MapFigure::P99Ratio);
        for (std::size_t i = 0; i < engine.cells.size(); ++i) {
            QVERIFY(map->map().cells[i]);
            QVERIFY(map->map().cells[i]->point == engine.cells[i]->point);
            QVERIFY(map->map().cells[i]->baseline == engine.cells[i]->baseline);
        }
        // Hover names both values and the load.
        QTest::mouseMove(map, map->cellRect({1, 1}).center().toPoint());
        QTRY_VERIFY(map->shownText().contains(
            QStringLiteral("hedge delay (ms) = 17.5 · workers = 8 · load 60 %")));

        // Edit Grid… shows the second knob, its values and its load.
        QTest::mouseClick(test::mapView(*w)->editButton(), Qt::LeftButton);
        GridDialog* again = w->findChild<GridDialog*>();
        QVERIFY(again);
        QCOMPARE(again->againstBox()->currentData().toString(), QStringLiteral("service.workers"));
        QCOMPARE(again->againstValues(), (std::vector<double>{4, 8}));
        QCOMPARE(again->againstLoadBox()->value(), 60.0);
        QVERIFY(again->againstFromBox()->isVisible());
        QCOMPARE(again->result().grid, w->scenario().grid);
        again->reject();
    }

    void clickingACellSetsBothKnobsAndOneUndoTakesThemBack()
    {
        auto w = mapThroughTheDialog();
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 60000);
        HeatMapView* map = test::mapView(*w)->heatMap();
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 20.0);
        QCOMPARE(w->scenario().service.workers, 16);
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect({2, 0}).center().toPoint());
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 30.0);
        QCOMPARE(w->scenario().service.workers, 4);
        QCOMPARE(w->controller()->scenario().service.workers, 4);
        QVERIFY(test::sweepViews(*w)->currentWidget() != test::mapView(*w)); // the curves
        QCOMPARE(test::setupList(*w)->currentRow(), 1);

        QAction* undo = test::menuAction(*w, QStringLiteral("&Edit"),
                                         QStringLiteral("&Undo Choose a Map Cell"));
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 20.0);
        QCOMPARE(w->scenario().service.workers, 16);
        QVERIFY(w->scenario().grid->against); // the grid itself stays: only the cell is undone
    }

    void exportsNameBothKnobs()
    {
        auto w = mapThroughTheDialog();
        QTRY_VERIFY_WITH_TIMEOUT(mapDone(*w), 60000);
        MapView* view = test::mapView(*w);
        const QString svg = m_dir.filePath(QStringLiteral("two.svg"));
        QVERIFY(!view->exportMap(svg));
        const QByteArray picture = test::readAll(svg);
        QVERIFY(picture.contains("against workers at load 60 %"));
        // The y axis: the worker counts under the knob's name, not loads.
        for (const char* text : {">4</text>", ">8</text>", ">workers</text>"})
            QVERIFY2(picture.contains(text), text);
        for (const char* text : {">load</text>", ">40 %</text>", ">60 %</text>"})
            QVERIFY2(!picture.contains(text), text);
        const QString png = m_dir.filePath(QStringLiteral("two.png"));
        QVERIFY(!view->exportMap(png, QSize(1024, 700)));

        const QString csv = m_dir.filePath(QStringLiteral("cells.csv"));
        QVERIFY(!view->exportMap(csv));
        const QList<QByteArray> lines = test::readAll(csv).split('\n');
        QVERIFY2(lines[0].endsWith(",knob_value,against_value"), lines[0].constData());
        QCOMPARE(lines.count(), 1 + 2 + 6 + 1); // header, baseline × 2, cells, the last '\n'
        QVERIFY(lines[3].endsWith(",5,4")); // the first cell: delay 5, 4 workers

        const QString json = m_dir.filePath(QStringLiteral("cells.json"));
        QVERIFY(!view->exportMap(json));
        const RunResults back = readResultsFile(json.toStdString());
        QCOMPARE(back.points.size(), std::size_t{8});
        QCOMPARE(back.points[7].knobValue, std::optional<double>(30));
        QCOMPARE(back.points[7].againstValue, std::optional<double>(8));
        QCOMPARE(back.points[7].load, 0.6);
    }
};

QTEST_MAIN(TestTwoKnobMap)
#include "tst_twoknobmap.moc"
