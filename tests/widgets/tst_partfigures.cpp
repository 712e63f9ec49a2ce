// A fan-out point's parts where the window shows figures (docs/user-guide.md, "Results
// table"): the table's part columns only while a point has parts, with their values and in
// a copy; the hover of a chart point names the parts' p99 against the call's; the Part p99
// chart plots the parts; the report's table lists the part columns.
#include "TestPoints.h"

#include <hedge/io/ResultsCsv.h>
#include <widgets/MetricChartView.h>
#include <widgets/PointTooltip.h>
#include <widgets/ReportWriter.h>
#include <widgets/ResultsTableModel.h>
#include <widgets/ResultsTableView.h>

#include <QAbstractSeries>
#include <QChart>
#include <QFile>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QToolTip>
#include <QWindow>
#include <QtTest>

using namespace hedge;

namespace {

std::vector<PointResult> fanOutPoints()
{
    return test::withParts(test::samplePoints());
}

QStringList visibleHeaders(const ResultsTableView& view)
{
    QStringList headers;
    const QHeaderView* header = view.horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            headers << view.model()->headerData(logical, Qt::Horizontal).toString();
    }
    return headers;
}

QPoint viewPosOf(MetricChartView& view, const QString& setup, QPointF value)
{
    QAbstractSeries* series = nullptr;
    for (QAbstractSeries* s : view.chart()->series())
        if (s->name() == setup)
            series = s;
    Q_ASSERT(series);
    return view.mapFromScene(view.chart()->mapToScene(view.chart()->mapToPosition(value, series)));
}

} // namespace

class TestPartFigures : public QObject {
    Q_OBJECT

private slots:
    void tableHasPartColumnsOnlyWithParts()
    {
        ResultsTableModel model;
        ResultsTableView view;
        view.setResultsModel(&model);
        view.resize(1024, 700);
        model.setPoints(test::samplePoints());
        QCOMPARE(model.columnCount(), int(ResultsTableModel::kColumnsWithoutParts));
        QVERIFY(!visibleHeaders(view).join(' ').contains(QStringLiteral("Part")));

        // The same number of rows, now with parts: the columns appear, p99's beside p99.9.
        const std::vector<PointResult> pts = fanOutPoints();
        model.setPoints(pts);
        // Without call outcomes the part columns are the last.
        QCOMPARE(model.columnCount(), int(ResultsTableModel::kFirstOutcomeColumn));
        const QStringList headers = visibleHeaders(view);
        QCOMPARE(headers.mid(2, 3), (QStringList{QStringLiteral("p99 (ms)"),
                                                 QStringLiteral("p99.9 (ms)"),
                                                 QStringLiteral("Part p99 (ms)")}));
        QVERIFY(headers.contains(QStringLiteral("Part p50 (ms)")));
        QVERIFY(headers.contains(QStringLiteral("Part p99.9 (ms)")));
        QVERIFY(headers.contains(QStringLiteral("Slowest part hedged")));
        for (int c = ResultsTableModel::PartP50Ms; c < ResultsTableModel::kFirstOutcomeColumn; ++c)
            QCOMPARE(model.headerData(c, Qt::Horizontal, Qt::EditRole).toString(),
                     QString::fromStdString(
                         resultsCsvPartColumns()[std::size_t(c - ResultsTableModel::PartP50Ms)]));

        // Values: exact under EditRole, rounded on screen.
        const PartFigures& parts = *pts[1].parts;
        const auto cell = [&](int column, int role) {
            return model.data(model.index(1, column), role);
        };
        QCOMPARE(cell(ResultsTableModel::PartP99Ms, Qt::EditRole).toDouble(), *parts.p99Ms);
        QCOMPARE(cell(ResultsTableModel::PartP50Ms, Qt::EditRole).toDouble(), *parts.p50Ms);
        QCOMPARE(cell(ResultsTableModel::PartP999Ms, Qt::EditRole).toDouble(), *parts.p999Ms);
        QCOMPARE(cell(ResultsTableModel::SlowestPartHedgedFraction, Qt::EditRole).toDouble(),
                 parts.slowestHedgedFraction);
        QCOMPARE(cell(ResultsTableModel::PartP99Ms, Qt::DisplayRole).toString(),
                 QLocale().toString(*parts.p99Ms, 'f', 1));
        QCOMPARE(cell(ResultsTableModel::SlowestPartHedgedFraction, Qt::DisplayRole).toString(),
                 QLocale().toString(parts.slowestHedgedFraction * 100.0, 'f', 2) +
                     QStringLiteral(" %"));

        // A copy of every cell names the part fields too, in the order shown.
        view.selectAll();
        const QStringList lines = view.selectionAsTsv().split('\n', Qt::SkipEmptyParts);
        const QStringList keys = lines[0].split('\t');
        QCOMPARE(keys.indexOf(QStringLiteral("part_p99_ms")), keys.indexOf("p999_ms") + 1);
        QCOMPARE(lines[2].split('\t')[keys.indexOf(QStringLiteral("part_p99_ms"))].toDouble(),
                 *parts.p99Ms);

        // Parts gone again (a scenario that does not fan out): so are the columns.
        model.setPoints(test::samplePoints());
        QCOMPARE(model.columnCount(), int(ResultsTableModel::kColumnsWithoutParts));
        QVERIFY(!visibleHeaders(view).join(' ').contains(QStringLiteral("Part")));
        QCOMPARE(visibleHeaders(view).mid(0, 5),
                 (QStringList{QStringLiteral("Setup"), QStringLiteral("Load"),
                              QStringLiteral("p99 (ms)"), QStringLiteral("p99.9 (ms)"),
                              QStringLiteral("Requests per call")}));
    }

    void hoverNamesThePartsAgainstTheCall()
    {
        const std::vector<PointResult> pts = fanOutPoints();
        QWidget window;
        auto* view = new MetricChartView(Metric::PartP99, &window);
        window.resize(1024, 700);
        view->resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->setSeriesStyles(test::sampleStyles());
        view->setPoints(pts);
        // The chart plots the parts' p99, not the call's.
        const QString setup = test::sampleStyles()[0].setup;
        const PointResult& p = pts[3]; // "no hedge / client" at 0.7
        QVERIFY(view->seriesPoints(setup).contains(QPointF(0.7, *p.parts->p99Ms)));
        QVERIFY(!view->seriesPoints(setup).contains(QPointF(0.7, *p.p99Ms)));

        const QPoint onPoint = viewPosOf(*view, setup, QPointF(0.7, *p.parts->p99Ms));
        QTest::mouseMove(window.windowHandle(),
                         view->viewport()->mapTo(&window, onPoint + QPoint(1, 1)));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        // p99 270.1 ms over 4: 67.525 ms, three digits; ×4.00; the 4th point's slowest part
        // hedged 12.5 %.
        QVERIFY2(QToolTip::text().contains(
                     QStringLiteral("Parts: p99 67.5 ms (call p99 270 ms: ×4.00), slowest "
                                    "part hedged 12.5 %")),
                 qPrintable(QToolTip::text()));
        // A point without parts says nothing of parts.
        QVERIFY(!MetricChartView::tooltipText(test::samplePoints()[3]).contains("Parts"));
        // No part answered.
        PointResult none = p;
        none.parts->p99Ms.reset();
        QCOMPARE(PointTooltip::partsLine(none),
                 QStringLiteral("Parts: none answered, slowest part hedged 12.5 %"));
    }

    void reportListsThePartColumns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto tableOf = [&](const std::vector<PointResult>& pts) {
            const QString path = dir.filePath(QStringLiteral("report.html"));
            const auto error =
                writeHtmlReport(path, Scenario{}, {}, pts, QStringLiteral("Fan-out"));
            if (error)
                qFatal("%s", qPrintable(*error));
            QFile file(path);
            file.open(QIODevice::ReadOnly);
            const QString html = QString::fromUtf8(file.readAll());
            return html.mid(html.indexOf(QStringLiteral("<table class=\"results\"")));
        };
        const QString plain = tableOf(test::samplePoints());
        QVERIFY(!plain.contains(QStringLiteral("part_p99_ms")));
        const std::vector<PointResult> pts = fanOutPoints();
        const QString table = tableOf(pts);
        for (const std::string& key : resultsCsvPartColumns())
            // The window's title in the cell, the file's key in its tooltip.
            QVERIFY(table.contains(
                QStringLiteral("<th title=\"%1\">").arg(QString::fromStdString(key))));
        QVERIFY(table.contains(
            QStringLiteral(">%1</td>")
                .arg(ResultsTableModel::displayText(pts[0], ResultsTableModel::PartP99Ms))));
    }
};

QTEST_MAIN(TestPartFigures)
#include "tst_partfigures.moc"
