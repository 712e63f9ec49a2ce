// View → Presenter Mode (F11) and File → Export Slide… on the real window, driven as a user does
// (docs/user-guide.md, "Presenter mode"): F11 enters (full screen, larger text, the editors and
// the table hidden, one legend above the charts naming the setups drawn, thick lines in the presenter
// palette, the Live view reduced to p99 and requests per call); F11 or Escape leaves, and the
// window is as it was. The slide is 1920 × 1080 with its title and caption.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"

#include "ChartLegend.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "MapView.h"
#include "SlideExport.h"
#include "UserInput.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/Lesson.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ShippedLessons.h>
#include <hedge/run/LiveController.h>
#include <hedge/run/SweepController.h>

#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStyleOptionMenuItem>
#include <QSplitter>

#include <algorithm>
#include <array>
#include <cmath>

using namespace hedge;

namespace {

Scenario threeSetups()
{
    Scenario s = test::twoSetups({0.4, 0.7}, 1000);
    Setup budget = s.setups[1];
    budget.name = "hedge, budget";
    budget.hedge->budgetPercent = 10.0;
    s.setups.push_back(budget);
    return s;
}

// QMenu's own description of an item, as it draws it (text, tab, shortcut). The protected
// member is named through a subclass and called on the real menu through a pointer to QMenu's
// member (a cast of the menu to the subclass is undefined behaviour: UBSan says so).
struct MenuPeek : QMenu {
    static constexpr auto initStyleOptionOf = &MenuPeek::initStyleOption;
};

// A preset with fewer calls a point, typed into the service pane's Calls field as a user types
// them: the same setups collapse at the same loads (tst_collapsemarkers), and the sweeps, the
// map and the Live view's background sweep take a tenth of the time (CI runs this test under
// ASan and TSan). What is checked here is the layout of what is drawn, not the figures.
constexpr int kFewerCalls = 20000;

void loadPresetWithFewerCalls(MainWindow& w, const QString& preset)
{
    QVERIFY(w.loadPreset(preset));
    QVERIFY(w.scenario().calls > kFewerCalls);
    test::typeInto(test::serviceRunEditor(w)->callsSpin(), QString::number(kFewerCalls),
                   Qt::Key_Return);
    QCOMPARE(w.scenario().calls, kFewerCalls);
}

void pressInWindow(MainWindow& w, Qt::Key key, Qt::KeyboardModifiers modifiers = {})
{
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, key, modifiers);
}

// The lines of a chart: one per setup drawn (the markers and bands are scatter and area series).
QList<QLineSeries*> lines(MetricChartView* chart)
{
    QList<QLineSeries*> found;
    for (QAbstractSeries* s : chart->chart()->series())
        if (s->type() == QAbstractSeries::SeriesTypeLine)
            found << static_cast<QLineSeries*>(s);
    return found;
}

// Full screen takes the test screen's size (800 x 800 offscreen): the window is given the
// size of the screen presented on instead, as full screen would.
void presentAt(MainWindow& w, QSize screen)
{
    w.setWindowState(w.windowState() & ~Qt::WindowFullScreen);
    w.resize(screen);
    QTRY_COMPARE(w.size(), screen);
}

// The names presenter mode's legend above the charts shows (none when it is hidden).
QStringList legendNames(MainWindow& w)
{
    ChartLegend* legend = test::onlyPart<ChartArea>(w)->sharedLegend();
    return legend->isVisibleTo(&w) ? legend->names() : QStringList();
}

// Every text Qt Charts draws in `chart` as it draws it (title, axis labels and titles, legend
// names): Qt elides what does not fit with "…" (or "...").
QStringList drawnTexts(MetricChartView* chart)
{
    QStringList texts;
    for (QGraphicsItem* item : chart->scene()->items())
        if (auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            texts << text->toPlainText();
    return texts;
}

// What leaving must put back.
struct Look {
    QSize size;
    qreal chartFont, explanationFont;
    QList<QList<int>> splitterSizes;
    QList<QColor> colours;
    QList<qreal> widths;
    QColor base, window;
    QStringList legend;
    bool operator==(const Look&) const = default;
};

Look lookOf(MainWindow& w)
{
    Look look{w.size(),
              test::chart(w, Metric::P99)->font().pointSizeF(),
              test::presetExplanation(w)->font().pointSizeF(),
              {},
              {},
              {},
              QApplication::palette().color(QPalette::Base),
              QApplication::palette().color(QPalette::Window),
              legendNames(w)};
    for (QSplitter* s : w.findChildren<QSplitter*>())
        look.splitterSizes << s->sizes();
    for (QLineSeries* line : lines(test::chart(w, Metric::P99))) {
        look.colours << line->pen().color();
        look.widths << line->pen().widthF();
    }
    return look;
}

// sRGB to linear light, and CIELAB (D65) of a linear RGB triple.
double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

std::array<double, 3> lab(std::array<double, 3> rgb)
{
    const auto [r, g, b] = rgb;
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

// A colour as a deuteranope sees it (Machado, Oliveira & Fernandes 2009, severity 1.0, applied
// in linear RGB), in CIELAB; `simulate` false: as it is.
std::array<double, 3> seen(const QColor& c, bool simulate)
{
    const std::array<double, 3> rgb{linear(c.redF()), linear(c.greenF()), linear(c.blueF())};
    if (!simulate)
        return lab(rgb);
    static constexpr double m[3][3] = {{0.367322, 0.860646, -0.227968},
                                       {0.280085, 0.672501, 0.047413},
                                       {-0.011820, 0.042940, 0.968881}};
    std::array<double, 3> d{};
    for (int i = 0; i < 3; ++i)
        d[i] = std::clamp(m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2], 0.0, 1.0);
    return lab(d);
}

// Pixels of `image` in `area` that are not `background`.
int inked(const QImage& image, const QRect& area, QColor background)
{
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            n += image.pixelColor(x, y).rgb() != background.rgb();
    return n;
}

} // namespace

class TestPresenterMode : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_presentermode"));
    }

    // Issue 37, item 17: the View menu shows Ctrl+1, Ctrl+2 and F11 beside its items, and the
    // keys pressed on the window bring the Sweep view, the Live view and presenter mode.
    void theViewMenuShowsItsKeysAndTheyWork()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setScenario(threeSetups());
        QMenu* view = nullptr;
        for (QAction* a : w.menuBar()->actions())
            if (a->text() == QStringLiteral("&View"))
                view = a->menu();
        QVERIFY(view);
        const std::array<std::pair<QString, QKeySequence>, 3> items{{
            {QStringLiteral("&Sweep View"), QKeySequence(Qt::CTRL | Qt::Key_1)},
            {QStringLiteral("&Live View"), QKeySequence(Qt::CTRL | Qt::Key_2)},
            {QStringLiteral("&Presenter Mode"), QKeySequence(Qt::Key_F11)},
        }};
        // What the open menu draws for each item: its text, a tab, its keys.
        view->popup(w.mapToGlobal(QPoint(0, 0)));
        QVERIFY(QTest::qWaitForWindowExposed(view));
        for (const auto& [text, keys] : items) {
            QAction* action = test::menuAction(w, QStringLiteral("&View"), text);
            QVERIFY2(action, qPrintable(text));
            QStyleOptionMenuItem option;
            (view->*MenuPeek::initStyleOptionOf)(&option, action);
            QCOMPARE(option.text, text + QLatin1Char('\t') + keys.toString(QKeySequence::NativeText));
        }
        view->close();

        pressInWindow(w, Qt::Key_2, Qt::ControlModifier);
        QTRY_VERIFY(w.isLiveViewShown());
        QVERIFY(test::liveView(w)->isVisible());
        pressInWindow(w, Qt::Key_1, Qt::ControlModifier);
        QTRY_VERIFY(!w.isLiveViewShown());
        QVERIFY(test::chart(w, Metric::P99)->isVisible());
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(w.isFullScreen());
        QVERIFY(test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Presenter Mode"))
                    ->isChecked());
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(!w.isFullScreen());
    }

    void f11EntersThePresentersLookAndF11OrEscapeLeavesIt_data()
    {
        QTest::addColumn<int>("leaveKey");
        QTest::newRow("F11") << int(Qt::Key_F11);
        QTest::newRow("Escape") << int(Qt::Key_Escape);
    }

    void f11EntersThePresentersLookAndF11OrEscapeLeavesIt()
    {
        QFETCH(int, leaveKey);
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setScenario(threeSetups());
        // The user hides "hedge, no budget" (Space in the setup list) before presenting.
        QListWidget* list = test::setupList(w)->listWidget();
        list->setFocus();
        list->setCurrentRow(1);
        QTest::keyClick(list, Qt::Key_Space);
        QCOMPARE(list->item(1)->checkState(), Qt::Unchecked);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w)); // laid out as the user sees it
        QApplication::processEvents();
        const Look before = lookOf(w);
        QVERIFY(before.legend.isEmpty());
        QVERIFY(before.chartFont > 0 && before.explanationFont > 0);
        QAction* presenter =
            test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Presenter Mode"));
        QAction* slide =
            test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export &Slide…"));
        QVERIFY(presenter && slide);
        QVERIFY(!slide->isEnabled());

        pressInWindow(w, Qt::Key_F11);
        QVERIFY(presenter->isChecked());
        QVERIFY(slide->isEnabled());
        QTRY_VERIFY(w.isFullScreen());
        MetricChartView* p99 = test::chart(w, Metric::P99);
        QVERIFY(p99->font().pointSizeF() >= 1.5 * before.chartFont);
        QVERIFY(test::presetExplanation(w)->font().pointSizeF() >= 1.5 * before.explanationFont);
        QVERIFY(!test::setupEditor(w)->isVisibleTo(&w));
        QVERIFY(!test::serviceRunEditor(w)->isVisibleTo(&w));
        QVERIFY(!test::tableView(w)->isVisibleTo(&w));
        QVERIFY(test::setupList(w)->isVisibleTo(&w)); // hides and shows setups meanwhile
        // The legend on the chart names the setups drawn, the hidden one stays hidden.
        QTRY_COMPARE(legendNames(w), (QStringList{"no hedge", "hedge, budget"}));
        const QList<QColor> palette = presenterPalette();
        for (QLineSeries* line : lines(p99)) {
            QCOMPARE(line->pen().widthF(), kPresenterLineWidth);
            QVERIFY2(palette.contains(line->pen().color()), qPrintable(line->pen().color().name()));
        }
        QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(Qt::white));
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QVERIFY(before.window != QColor(Qt::white)); // the desktop's, or Fusion's grey
        pressInWindow(w, Qt::Key(leaveKey));
        QVERIFY(!presenter->isChecked());
        QVERIFY(!slide->isEnabled());
        QTRY_VERIFY(!w.isFullScreen());
        QTRY_COMPARE(w.size(), QSize(1024, 700));
        QVERIFY(test::setupEditor(w)->isVisibleTo(&w));
        QVERIFY(test::tableView(w)->isVisibleTo(&w));
        QApplication::processEvents();
        const Look after = lookOf(w);
        QCOMPARE(after.size, before.size);
        QCOMPARE(after.chartFont, before.chartFont);
        QCOMPARE(after.explanationFont, before.explanationFont);
        QCOMPARE(after.splitterSizes, before.splitterSizes);
        QCOMPARE(after.colours, before.colours);
        QCOMPARE(after.widths, before.widths);
        QCOMPARE(after.base, before.base);
        QCOMPARE(after.window, before.window);
        QCOMPARE(after.legend, before.legend);
        QCOMPARE(list->item(1)->checkState(), Qt::Unchecked);
    }

    void presentersChartsShowWholeTitlesLegendAndLabels_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1024x768") << QSize(1024, 768);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    // Issue 37, items 15 and 16: presenting the collapse preset cut the legends ("no …"), the
    // titles ("request…", "rejecte…") and the load labels ("6…8…"). Now one legend above the
    // charts names every setup whole, and every chart shows its title, axis labels and
    // titles whole at both a small projector's and a full-HD screen's size.
    void presentersChartsShowWholeTitlesLegendAndLabels()
    {
        QFETCH(QSize, screen);
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = true});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        loadPresetWithFewerCalls(w, QStringLiteral("collapse"));
        if (QTest::currentTestFailed())
            return;
        // The chart the preset's lesson talks about is shown too: three charts.
        QVERIFY(test::chart(w, Metric::RejectedPercent)->isVisibleTo(&w));
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(w.isFullScreen());
        presentAt(w, screen);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        QApplication::processEvents();
        QStringList setups;
        for (const Setup& setup : w.scenario().setups)
            setups << QString::fromStdString(setup.name);
        ChartLegend* legend = test::onlyPart<ChartArea>(w)->sharedLegend();
        QTRY_COMPARE(legendNames(w), setups);
        QTRY_VERIFY(legend->height() >= legend->heightForWidth(legend->width()));
        for (const QRect& entry : legend->entryRects())
            QVERIFY2(legend->rect().contains(entry), qPrintable(legendNames(w).join(", ")));
        for (MetricChartView* chart : test::onlyPart<ChartArea>(w)->shownCharts()) {
            const QString title = chart->chart()->title();
            // Laid out again for the new size and font (the load labels follow the plot).
            QTRY_VERIFY2(!drawnTexts(chart).join(QLatin1Char('|')).contains(QChar(0x2026)),
                         qPrintable(title + ": " + drawnTexts(chart).join(QLatin1Char('|'))));
            QVERIFY(!drawnTexts(chart).join(QLatin1Char('|')).contains(QStringLiteral("...")));
            QVERIFY2(drawnTexts(chart).contains(title), qPrintable(title));
            QVERIFY2(QFontMetrics(chart->chart()->titleFont()).horizontalAdvance(title) <=
                         chart->chart()->size().width(),
                     qPrintable(title));
            QVERIFY2(!chart->chart()->legend()->isVisible(), qPrintable(title));
            // Two load labels at least, each whole.
            QVERIFY2(chart->loadAxisLabels().size() >= 2, qPrintable(title));
            for (const QString& label : chart->loadAxisLabels())
                QVERIFY2(drawnTexts(chart).contains(label), qPrintable(title + ": " + label));
            // The collapse key never sits on an off-scale point's figure (on a short plot
            // every corner has something in it: the key printed over "57.1 s").
            const QRectF key = chart->collapseLabelRect();
            for (const auto& figure : chart->offScaleLabels())
                QVERIFY2(!key.intersects(figure.rect),
                         qPrintable(title + ": " + chart->collapseKeyText() + " over " +
                                    figure.text));
        }
    }

    // Issue 37, item 16: Okabe–Ito's vermillion and orange merged for a deuteranope (18 CIELAB
    // units apart), and every line but one was solid.
    void presenterColoursStayApartUnderDeuteranopia()
    {
        const QList<QColor> palette = presenterPalette();
        QCOMPARE(palette.size(), presenterDashPatterns().size());
        double nearest = 1e9;
        QString pair;
        for (int i = 0; i < palette.size(); ++i)
            for (int j = i + 1; j < palette.size(); ++j)
                for (const bool simulate : {false, true}) {
                    const auto a = seen(palette[i], simulate), b = seen(palette[j], simulate);
                    const double d =
                        std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
                    if (d < nearest) {
                        nearest = d;
                        pair = palette[i].name() + QStringLiteral(" ") + palette[j].name();
                    }
                }
        QVERIFY2(nearest >= 25.0, qPrintable(pair + QStringLiteral(": ") + QString::number(nearest)));
    }

    void presentingGivesEachSetupItsDashesLabelsBetweenDecadesAndALargerLessonPane()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        loadPresetWithFewerCalls(w, QStringLiteral("reference"));
        if (QTest::currentTestFailed())
            return;
        test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* lessons = w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
        QVERIFY(lessons && lessons->isVisible());
        const qreal lessonFont = lessons->font().pointSizeF();
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(w.isFullScreen());
        presentAt(w, QSize(1920, 1080)); // the projector's screen
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        MetricChartView* p99 = test::chart(w, Metric::P99);
        // Each line its own dashes (the palette's seven colours come round again: then no
        // two lines share both colour and dashes); one solid line in the palette's first seven.
        QList<QList<qreal>> dashes;
        QList<QPair<QRgb, QList<qreal>>> looks;
        int solid = 0;
        const QList<QLineSeries*> drawn = lines(p99);
        for (int i = 0; i < drawn.size(); ++i) {
            const QPen pen = drawn[i]->pen();
            const QList<qreal> dash = pen.style() == Qt::SolidLine ? QList<qreal>() : pen.dashPattern();
            solid += dash.isEmpty();
            if (i < presenterPalette().size())
                QVERIFY2(!dashes.contains(dash), qPrintable(drawn[i]->name()));
            QVERIFY2(!looks.contains({pen.color().rgb(), dash}), qPrintable(drawn[i]->name()));
            dashes << dash;
            looks << QPair<QRgb, QList<qreal>>(pen.color().rgb(), dash);
        }
        QVERIFY(drawn.size() >= 4);
        QVERIFY(solid <= 1);
        // The log axis labels 2 and 5 times its powers too, not 10 / 100 / 1000 alone.
        const QStringList labels = p99->valueAxisLabels();
        QVERIFY2(labels.size() >= 5, qPrintable(labels.join(QStringLiteral(" "))));
        QVERIFY2(labels.contains(QStringLiteral("20")) || labels.contains(QStringLiteral("200")),
                 qPrintable(labels.join(QStringLiteral(" "))));
        QVERIFY2(labels.contains(QStringLiteral("50")) || labels.contains(QStringLiteral("500")),
                 qPrintable(labels.join(QStringLiteral(" "))));
        // The lesson pane's text is enlarged as the rest.
        QVERIFY(lessons->font().pointSizeF() >= 1.5 * lessonFont);
        // At 1024 px "What this shows" keeps lines of words, not a word a line.
        w.resize(1024, 700);
        PresetExplanation* explanation = test::presetExplanation(w);
        QTRY_VERIFY(explanation->width() >=
                    20 * QFontMetrics(explanation->font()).averageCharWidth());
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(!w.isFullScreen());
        QCOMPARE(lessons->font().pointSizeF(), lessonFont);
    }

    // Issue 37, item 10, and issue 42: with a lesson open the slide carries the lesson's and the
    // step's title and the step's sentence, not the preset's title and first sentence.
    void aLessonSlideCarriesTheLessonAndTheStepsSentence()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* panel = w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
        QVERIFY(panel);
        auto* list = panel->findChild<QListWidget*>(QStringLiteral("lessonList"));
        QVERIFY(list);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        const Lesson lesson = readLessonFile(shippedLessonFiles()[0]);
        auto* callout = panel->findChild<QLabel*>(QStringLiteral("lessonCallout"));
        QVERIFY(callout);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        QTRY_VERIFY_WITH_TIMEOUT(!callout->text().contains(QStringLiteral("running")), 60000);
        const QString sentence = callout->text();
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(w.isFullScreen());
        const QString svg = m_dir.filePath(QStringLiteral("lesson.svg"));
        QVERIFY(!w.exportSlide(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QString title = QString::fromStdString(lesson.title) + QStringLiteral(" — ") +
                              QString::fromStdString(lesson.steps[0].title);
        QVERIFY2(text.contains(QLatin1Char('>') + title.toHtmlEscaped() + QStringLiteral("</text>")),
                 qPrintable(title));
        // The sentence may wrap: its first words are drawn.
        QVERIFY2(text.contains(sentence.left(30).toHtmlEscaped()), qPrintable(sentence));
        if (const Preset* preset = w.findChild<ScenarioDocument*>()->preset())
            QVERIFY(!text.contains(QString::fromStdString(preset->title).toHtmlEscaped()));
    }

    void theLiveViewShowsP99AndRequestsPerCallWhilePresenting()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setScenario(threeSetups());
        pressInWindow(w, Qt::Key_2, Qt::ControlModifier);
        QVERIFY(w.isLiveViewShown());
        LiveTimeSeriesView* live = test::liveView(w)->chart();
        QTRY_VERIFY(!live->panelRect(Figure::Load).isEmpty());
        QVERIFY(!live->panelRect(Figure::Backlog).isEmpty());
        live->setPanelShown(Figure::Utilisation, true); // an optional panel the user chose
        QTRY_VERIFY(!live->panelRect(Figure::Utilisation).isEmpty());

        // The story stays: load, p99, requests per call and the backlog; the extras go.
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(live->panelRect(Figure::Utilisation).isEmpty());
        QVERIFY(!live->panelRect(Figure::P99).isEmpty());
        QVERIFY(!live->panelRect(Figure::RequestsPerCall).isEmpty());
        QVERIFY(!live->panelRect(Figure::Load).isEmpty());
        QVERIFY(!live->panelRect(Figure::Backlog).isEmpty());

        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(!live->panelRect(Figure::Utilisation).isEmpty());
        QVERIFY(!live->panelRect(Figure::Load).isEmpty());
        QVERIFY(!live->panelRect(Figure::Backlog).isEmpty());
        QVERIFY(!live->panelRect(Figure::P99).isEmpty());
    }

    void theSlidesAxisLabelsAreWholePlainNumbers_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("view");
        QTest::newRow("sweep") << QStringLiteral("collapse") << QStringLiteral("sweep");
        QTest::newRow("live") << QStringLiteral("metastable") << QStringLiteral("live");
        QTest::newRow("map") << QStringLiteral("delay-map") << QStringLiteral("map");
    }

    // Issue 37, item 10: the slide (File -> Export Slide…) cut axis labels ("e+05", "5:0").
    // Each view's slide, as SVG: every text of it whole, and every number a plain one.
    void theSlidesAxisLabelsAreWholePlainNumbers()
    {
        QFETCH(QString, preset);
        QFETCH(QString, view);
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = true});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        loadPresetWithFewerCalls(w, preset);
        if (QTest::currentTestFailed())
            return;
        if (view == QLatin1String("live")) {
            pressInWindow(w, Qt::Key_2, Qt::ControlModifier);
            QTRY_VERIFY(test::liveView(w)->isVisible());
            // As fast as the worlds run (the speed box, as a user sets it): 30 s at ×1 would be
            // half a minute of waiting in every tree.
            QComboBox* speed = test::liveView(w)->speedBox();
            speed->setCurrentIndex(speed->findText(QStringLiteral("Fastest")));
            QTRY_VERIFY_WITH_TIMEOUT(w.liveController()->nowS() > 30.0, 120000);
            w.liveController()->pause();
        } else if (view == QLatin1String("map")) {
            QTRY_VERIFY(test::mapView(w)->isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(w.mapSweep()->isComplete() && !w.mapSweep()->isRunning(),
                                     300000);
        } else {
            QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 300000);
        }
        pressInWindow(w, Qt::Key_F11);
        QTRY_VERIFY(w.isFullScreen());
        QApplication::processEvents();
        const QString svg = m_dir.filePath(view + QStringLiteral(".svg"));
        QVERIFY(!w.exportSlide(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        static const QRegularExpression textElement(QStringLiteral("<text[^>]*>([^<]*)</text>"));
        QStringList texts;
        for (const QRegularExpressionMatch& m : textElement.globalMatch(text))
            texts << m.captured(1);
        QVERIFY(texts.size() > 5);
        // Every setup drawn named whole (the sweep's legend, the Live view's).
        if (view != QLatin1String("map"))
            for (const Setup& setup : w.scenario().setups)
                QVERIFY2(texts.contains(QString::fromStdString(setup.name).toHtmlEscaped()),
                         qPrintable(QString::fromStdString(setup.name)));
        // Nothing runs off the slide's edges: the last time label ("5:00") was cut to "5:0".
        const QString png = m_dir.filePath(view + QStringLiteral(".png"));
        QVERIFY(!w.exportSlide(png));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1920, 1080));
        const QColor background = image.pixelColor(2, 2);
        QCOMPARE(inked(image, QRect(1917, 0, 3, 1080), background), 0);
        QCOMPARE(inked(image, QRect(0, 1077, 1920, 3), background), 0);
        if (view == QLatin1String("live")) {
            // The Live view as the slide lays it out: its last time label ends inside it
            // (clipped at its right edge, "5:00" read "5:0").
            QImage live(QSize(1824, 900), QImage::Format_ARGB32);
            live.fill(Qt::white);
            {
                QPainter painter(&live);
                test::liveView(w)->chart()->render(painter, QRectF(QPointF(0, 0), live.size()));
            }
            const QColor base = live.pixelColor(live.width() - 1, live.height() / 2);
            QCOMPARE(inked(live, QRect(live.width() - 2, live.height() - 40, 2, 40), base), 0);
        }
        static const QRegularExpression exponent(QStringLiteral("\\d[eE][+-]?\\d"));
        for (const QString& t : texts) {
            QVERIFY2(!t.contains(QChar(0x2026)) && !t.contains(QStringLiteral("...")), qPrintable(t));
            QVERIFY2(!exponent.match(t).hasMatch(), qPrintable(t));
        }
    }

    void theSlideIsTheViewAt1920x1080WithTitleAndCaption()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        loadPresetWithFewerCalls(w, QStringLiteral("reference"));
        if (QTest::currentTestFailed())
            return;
        const Preset* reference = findPreset("reference");
        QVERIFY(reference);
        const QString title = QString::fromStdString(reference->title);
        pressInWindow(w, Qt::Key_F11);
        QVERIFY(w.isFullScreen() || QTest::qWaitFor([&] { return w.isFullScreen(); }));

        const QString png = m_dir.filePath(QStringLiteral("slide.png"));
        test::answerFileDialog(png);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export &Slide…"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(png), 60000);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1920, 1080));
        const QColor background = image.pixelColor(2, 2);
        QCOMPARE(background, QColor(Qt::white)); // the presenter palette's
        // The title's line (60 px text from y = 48) is inked; the margin above it is not.
        QVERIFY(inked(image, QRect(48, 50, 900, 56), background) > 2000);
        QCOMPARE(inked(image, QRect(48, 0, 900, 40), background), 0);

        // SVG: the title, the callout given, the charts.
        const QString svg = m_dir.filePath(QStringLiteral("slide.svg"));
        const QString callout = QStringLiteral("The hedge cuts the tail until the load is high");
        QVERIFY(!w.exportSlide(svg, callout));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // Drawn, not only the document's <title>; a long line may wrap: its beginning is on the
        // first line.
        QVERIFY2(text.count(title.left(29).toHtmlEscaped()) >= 2, qPrintable(title));
        QVERIFY(text.contains(QLatin1Char('>') + callout + QStringLiteral("</text>")));
        QVERIFY(text.contains(QStringLiteral("viewBox=\"0 0 1920 1080\"")));
        // Without a callout, the explanation's first sentence.
        file.close();
        QVERIFY(!w.exportSlide(svg));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString again = QString::fromUtf8(file.readAll());
        const QString explanation = QString::fromStdString(reference->explanation).simplified();
        const QString first = explanation.left(explanation.indexOf(QStringLiteral(". ")) + 1);
        QVERIFY2(again.contains(first.left(40).toHtmlEscaped()), qPrintable(first));
        QVERIFY(!again.contains(callout));
    }
};

QTEST_MAIN(TestPresenterMode)
#include "tst_presentermode.moc"
