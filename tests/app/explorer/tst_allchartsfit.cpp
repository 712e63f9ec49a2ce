// Drives the real main window offscreen at 1024 × 700: View → every metric keeps the window
// within the screen, every chart keeps its labels, and hiding them again lets it shrink back.
// With a deadline (the calls' outcomes: goodput on by itself) and every chart on, the charts
// scroll rather than shrink: each, scrolled to, is readable — its plot tall and wide enough, no
// text elided or cut — and a hover and the table read the outcome figures (docs/user-guide.md,
// "Charts").
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "ExplorerTestScenarios.h"
#include "MetricChartView.h"

#include "ChartWalk.h"
#include "UserInput.h"

#include <hedge/io/Presets.h>

#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QToolTip>

#include <QFile>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace hedge;

namespace {

// The window's smallest size once its layout has taken the last change in.
QSize minimumOf(MainWindow& w)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    w.layout()->activate();
    return w.minimumSizeHint().expandedTo(w.minimumSize());
}

// The checkable View menu entries: one per metric that can be shown or hidden.
QList<QAction*> metricActions(MainWindow& w)
{
    QList<QAction*> result;
    for (QAction* menu : w.menuBar()->actions()) {
        if (!menu->menu() || menu->text().remove(QLatin1Char('&')) != QStringLiteral("View"))
            continue;
        // Every checkable entry but the palette's and presenter mode's is a chart's.
        for (QAction* a : menu->menu()->actions()) {
            const QString text = a->text().remove(QLatin1Char('&'));
            if (a->isCheckable() && text != QStringLiteral("Dark Palette") &&
                text != QStringLiteral("Presenter Mode"))
                result << a;
        }
    }
    return result;
}

// The smallest plot a user reads a curve on (the area inside the axes), in pixels.
constexpr int kReadablePlotHeight = 100;
constexpr int kReadablePlotWidth = 140;

// Two setups with a deadline, at two loads, with few calls: the window's sweep is quick.
Scenario withDeadline()
{
    Scenario s;
    s.seed = 3;
    s.calls = 2000;
    s.loads = {0.5, 0.8};
    Setup plain, hedged;
    plain.name = "no hedge";
    hedged.name = "hedge";
    hedged.hedge = HedgeSettings{};
    plain.deadlineMs = hedged.deadlineMs = 40.0;
    s.setups = {plain, hedged};
    return s;
}

// What a chart draws that can be cut: its texts (title, axis labels), as Qt Charts draws them,
// outside the view's visible pixels or elided with "…".
QStringList cutTexts(MetricChartView* chart)
{
    QStringList cut;
    const QRectF shown = QRectF(chart->viewport()->rect()).adjusted(-1, -1, 1, 1);
    for (QGraphicsItem* item : chart->scene()->items()) {
        auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || text->toPlainText().isEmpty())
            continue;
        const QString words = text->toPlainText();
        // The text's own box: its item's rect less the document's margin around it.
        const qreal margin = text->document()->documentMargin();
        const QRectF at = chart->mapFromScene(text->sceneBoundingRect())
                              .boundingRect()
                              .adjusted(margin, margin, -margin, -margin);
        if (words.contains(QChar(0x2026)) || words.contains(QStringLiteral("...")) ||
            !shown.contains(at))
            cut << words;
    }
    return cut;
}

} // namespace

class TestAllChartsFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HedgeExplorerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_allchartsfit"));
        QSettings().clear();
        QFile::remove(MainWindow::autosavePath());
    }

    void everyMetricFitsAt1024x700()
    {
        // The reference preset (its explanation beside the charts), without running it.
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(w.loadPreset(QStringLiteral("reference")));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QList<QAction*> actions = metricActions(w);
        // Every chart but the two always shown, the calls' outcomes among them.
        QCOMPARE(actions.size(), allMetrics().size() - 2);
        QVERIFY(test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::GoodputPercent)));
        for (QAction* a : actions)
            a->trigger();
        const QSize all = minimumOf(w);
        QVERIFY2(all.height() <= 700 && all.width() <= 1024,
                 qPrintable(QStringLiteral("minimum %1 × %2").arg(all.width()).arg(all.height())));
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 700), 60000);
        for (Metric m : allMetrics()) {
            MetricChartView* chart = test::chart(w, m);
            // The parts' chart waits for a service that fans out: the reference does not.
            if (isPartMetric(m)) {
                QVERIFY(!chart->isVisible());
                continue;
            }
            QVERIFY2(chart->isVisible(), qPrintable(metricKey(m)));
            QVERIFY2(chart->height() >= chart->minimumSizeHint().height(),
                     qPrintable(metricKey(m)));
        }
        // Hidden again: the window shrinks back to a smaller size than all charts need.
        for (QAction* a : actions)
            a->trigger();
        QVERIFY(minimumOf(w).height() <= all.height());
        w.resize(900, 560);
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(900, 560), 60000);
    }

    // Issue 40: the six charts of the calls' outcomes join the nine; all on, none gets smaller
    // than readable at 1024 × 700: the grid scrolls to each.
    void everyChartReadableWithADeadlineAt1024x700()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(dir, withDeadline(), QStringLiteral("deadline.json"))),
                 std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        // A deadline shows goodput by itself, ticked in View.
        QAction* goodputAction =
            test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::GoodputPercent));
        QVERIFY(goodputAction && goodputAction->isChecked());
        MetricChartView* goodput = test::chart(w, Metric::GoodputPercent);
        QVERIFY(goodput->isVisibleTo(&w));
        auto* area = test::onlyPart<ChartArea>(w);
        // The two charts always shown and goodput fit without scrolling.
        QCOMPARE(area->scrollArea()->verticalScrollBar()->maximum(), 0);

        // The user turns every other chart on from View.
        for (QAction* a : metricActions(w))
            if (!a->isChecked())
                a->trigger();
        const QSize all = minimumOf(w);
        QVERIFY2(all.height() <= 700 && all.width() <= 1024,
                 qPrintable(QStringLiteral("minimum %1 × %2").arg(all.width()).arg(all.height())));
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 700), 60000);
        int laidOut = 0;
        for (Metric m : allMetrics()) {
            MetricChartView* chart = test::chart(w, m);
            if (isPartMetric(m)) { // no fan-out: its chart waits for parts
                QVERIFY(!chart->isVisibleTo(&w));
                continue;
            }
            ++laidOut;
            QVERIFY2(chart->isVisibleTo(&w), qPrintable(metricKey(m)));
            // Never shrunk below readable: the grid scrolls instead; scrolled to, the whole
            // chart is in view, the last row's too, straight after the grid changed.
            area->ensureChartVisible(chart);
            const QWidget* viewport = area->scrollArea()->viewport();
            const QRect inView(chart->mapTo(viewport, QPoint(0, 0)), chart->size());
            QVERIFY2(viewport->rect().contains(inView),
                     qPrintable(QStringLiteral("%1 at y %2..%3, view 0..%4")
                                    .arg(metricKey(m))
                                    .arg(inView.top())
                                    .arg(inView.bottom())
                                    .arg(viewport->height())));
            QCoreApplication::processEvents();
            QVERIFY2(chart->height() >= ChartArea::kReadableChartHeight, qPrintable(metricKey(m)));
            const QRectF plot = chart->chart()->plotArea();
            QVERIFY2(plot.height() >= kReadablePlotHeight && plot.width() >= kReadablePlotWidth,
                     qPrintable(QStringLiteral("%1: plot %2 × %3")
                                    .arg(metricKey(m))
                                    .arg(plot.width())
                                    .arg(plot.height())));
            const QStringList cut = cutTexts(chart);
            QVERIFY2(cut.isEmpty(), qPrintable(metricKey(m) + QStringLiteral(": ") +
                                               cut.join(QStringLiteral(" | "))));
        }
        QCOMPARE(laidOut, allMetrics().size() - 1);
        // More charts than fit: the grid scrolls (the window did not grow, no chart shrank), and
        // the wheel over a chart scrolls it.
        QScrollBar* bar = area->scrollArea()->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        bar->setValue(0);
        test::wheel(test::chart(w, Metric::P99)->viewport(), -120);
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 60000);

        // Hover the goodput of "no hedge" at 50 %: the tooltip gives its outcomes.
        area->ensureChartVisible(goodput);
        QCoreApplication::processEvents();
        const QList<QPointF> line = goodput->seriesPoints(QStringLiteral("no hedge"));
        QVERIFY(!line.isEmpty());
        test::hoverAt(goodput->viewport(), test::viewPosOf(goodput, line.front()));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("goodput")), qPrintable(QToolTip::text()));
        QToolTip::hideText();

        // The table has the outcome columns, the cells the points' figures.
        ResultsTableModel* model = test::tableModel(w);
        QStringList headers;
        for (int c = 0; c < model->columnCount(); ++c)
            headers << model->headerData(c, Qt::Horizontal).toString();
        for (const QString& h : {QStringLiteral("Goodput"), QStringLiteral("Timed out"),
                                 QStringLiteral("Retries per call"), QStringLiteral("Wasted work")})
            QVERIFY2(headers.contains(h), qPrintable(headers.join(QStringLiteral(" | "))));
        const int goodputColumn = model->modelColumn(ResultsTableModel::GoodputFraction);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->index(row, goodputColumn).data(Qt::EditRole).toDouble(),
                     model->points()[std::size_t(row)].goodputFraction);
    }

    // Issue 37, item 7 (moved from tst_collapsemarkers, whose other checks need no window): at
    // 1024 x 700 on the collapse preset the figures of several collapsed
    // setups piled up ("144 s" over "156", a column of "2.00"). None of the figures drawn
    // meets another, and a series never prints the same figure twice in a row.
    void offScaleFiguresNeverOverlapAt1024x700()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        test::menuAction(w, QStringLiteral("&Presets"),
                         QString::fromStdString(findPreset("collapse")->title))
            ->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        QCOMPARE(w.width(), 1024);
        int drawnFigures = 0;
        for (const Metric metric : {Metric::P99, Metric::RequestsPerCall}) {
            MetricChartView* view = test::chart(w, metric);
            QList<QRectF> drawn;
            for (QGraphicsItem* item : view->chart()->childItems()) {
                auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
                if (!text || !text->isVisible() || text->zValue() != 15)
                    continue;
                const QRectF rect = text->sceneBoundingRect();
                // Apart by a character's width at least: touching figures read as one.
                const double gap = QFontMetricsF(text->font()).averageCharWidth() - 1.0;
                for (const QRectF& other : drawn)
                    QVERIFY2(!rect.intersects(other.adjusted(-gap, 0.0, gap, 0.0)),
                             qPrintable(text->text()));
                drawn << rect;
            }
            drawnFigures += int(drawn.size());
            QCOMPARE(qsizetype(view->offScaleLabels().size()), drawn.size());
            const auto& labels = view->offScaleLabels();
            for (std::size_t i = 1; i < labels.size(); ++i)
                QVERIFY2(labels[i].setup != labels[i - 1].setup ||
                             labels[i].text != labels[i - 1].text,
                         qPrintable(labels[i].setup + QStringLiteral(": ") + labels[i].text));
        }
        QVERIFY(drawnFigures > 0);
    }
};

QTEST_MAIN(TestAllChartsFit)
#include "tst_allchartsfit.moc"
