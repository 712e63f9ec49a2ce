#include "TestPoints.h"

#include <hedge/io/ResultsCsv.h>
#include <widgets/ResultsTableModel.h>
#include <widgets/ResultsTableView.h>

#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QLocale>
#include <QMimeData>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace hedge;

class TestResultsTableModel : public QObject {
    Q_OBJECT

private slots:
    void columnsAreTheResultsFileFields();
    void rowsHoldExactValues();
    void displayIsRounded();
    void missingLatencyIsEmpty();
    void sameSizeUpdateKeepsRows();
    void proxySortsNumerically();
    void copyGivesFullPrecisionTsv();
    void ctrlCCopiesSelection();
    void copySkipsUnselectedCells();
};

void TestResultsTableModel::columnsAreTheResultsFileFields()
{
    ResultsTableModel model;
    // The file's own header is spelled out in tst_resultscsv; the table shows the same.
    QStringList expected;
    for (const std::string& column : resultsCsvColumns())
        expected << QString::fromStdString(column);
    // The field a file has when a setup follows a policy family; the table has it always.
    expected << QStringLiteral("hedges_refused_fraction");
    // Not a field of the file: the runs the verdict rests on (the seed check).
    expected << QStringLiteral("seeds");
    QCOMPARE(model.columnCount(), expected.size());
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal, Qt::EditRole).toString(), expected[c]);
    QCOMPARE(ResultsTableModel::columnKeys(), expected);
}

void TestResultsTableModel::rowsHoldExactValues()
{
    const std::vector<PointResult> pts = test::samplePoints();
    ResultsTableModel model;
    model.setPoints(pts);
    QCOMPARE(model.rowCount(), static_cast<int>(pts.size()));
    QCOMPARE(model.points(), pts);
    for (int r = 0; r < model.rowCount(); ++r) {
        const PointResult& p = pts[static_cast<std::size_t>(r)];
        const auto v = [&](int column, int role = Qt::EditRole) {
            return model.data(model.index(r, column), role);
        };
        QCOMPARE(v(ResultsTableModel::Setup).toString(), QString::fromStdString(p.setup));
        QCOMPARE(v(ResultsTableModel::CancellationColumn).toString(),
                 QString::fromLatin1(toString(p.cancellation)));
        QCOMPARE(v(ResultsTableModel::Load).toDouble(), p.load);
        QCOMPARE(v(ResultsTableModel::MeasuredCalls).toLongLong(), p.measuredCalls);
        QCOMPARE(v(ResultsTableModel::P50Ms).toDouble(), *p.p50Ms);
        QCOMPARE(v(ResultsTableModel::P99Ms).toDouble(), *p.p99Ms);
        QCOMPARE(v(ResultsTableModel::P999Ms).toDouble(), *p.p999Ms);
        QCOMPARE(v(ResultsTableModel::MeanMs).toDouble(), *p.meanMs);
        QCOMPARE(v(ResultsTableModel::MaxMs).toDouble(), *p.maxMs);
        QCOMPARE(v(ResultsTableModel::RequestsPerCall).toDouble(), p.requestsPerCall);
        QCOMPARE(v(ResultsTableModel::HedgedFraction).toDouble(), p.hedgedFraction);
        QCOMPARE(v(ResultsTableModel::RejectedFraction).toDouble(), p.rejectedFraction);
        QCOMPARE(v(ResultsTableModel::FailedFraction).toDouble(), p.failedFraction);
        QCOMPARE(v(ResultsTableModel::Utilisation).toDouble(), p.utilisation);
        QCOMPARE(v(ResultsTableModel::Collapsed).toBool(), p.collapsed);
        // UserRole is the same exact value (the proxy sorts on it).
        QCOMPARE(v(ResultsTableModel::MeanMs, Qt::UserRole).toDouble(), *p.meanMs);
        // Exact, not a rounded display: mean_ms has digits far below 0.1 ms.
        QVERIFY(v(ResultsTableModel::MeanMs).toDouble() !=
                v(ResultsTableModel::MeanMs, Qt::DisplayRole).toString().toDouble());
    }
}

void TestResultsTableModel::displayIsRounded()
{
    PointResult p = test::point("a", 0.85, 201.34567);
    p.rejectedFraction = 0.012345;
    p.requestsPerCall = 1.08349;
    p.collapsed = true;
    ResultsTableModel model;
    model.setPoints({p});
    const auto text = [&](int column) {
        return model.data(model.index(0, column), Qt::DisplayRole).toString();
    };
    QCOMPARE(text(ResultsTableModel::P99Ms), QStringLiteral("201.3"));
    QCOMPARE(text(ResultsTableModel::Load), QStringLiteral("85 %"));
    QCOMPARE(text(ResultsTableModel::RejectedFraction), QStringLiteral("1.23 %"));
    QCOMPARE(text(ResultsTableModel::RequestsPerCall), QStringLiteral("1.083"));
    QCOMPARE(text(ResultsTableModel::Collapsed), QStringLiteral("yes"));
    QCOMPARE(text(ResultsTableModel::MeasuredCalls), QLocale().toString(180850LL));
}

void TestResultsTableModel::missingLatencyIsEmpty()
{
    ResultsTableModel model;
    model.setPoints({test::point("a", 0.9, std::nullopt, true)});
    const QModelIndex p99 = model.index(0, ResultsTableModel::P99Ms);
    QVERIFY(!model.data(p99, Qt::EditRole).isValid());
    QCOMPARE(model.data(p99, Qt::DisplayRole).toString(), QStringLiteral("—"));
    QCOMPARE(ResultsTableModel::exactText(model.points()[0], ResultsTableModel::P99Ms), QString());
}

void TestResultsTableModel::sameSizeUpdateKeepsRows()
{
    std::vector<PointResult> pts = test::samplePoints();
    ResultsTableModel model;
    model.setPoints(pts);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    pts[4].p99Ms = 999.0;
    model.setPoints(pts);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.at(0).at(0).toModelIndex().row(), 4);
    QCOMPARE(model.data(model.index(4, ResultsTableModel::P99Ms)).toDouble(), 999.0);
    pts.pop_back();
    model.setPoints(pts);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model.rowCount(), static_cast<int>(pts.size()));
}

void TestResultsTableModel::proxySortsNumerically()
{
    // As text "10.1" < "300.5" < "9.5"; the exact values must sort 9.5 < 10.1 < 300.5, and
    // a point without a latency goes last.
    ResultsTableModel model;
    model.setPoints({test::point("a", 0.3, 300.5), test::point("b", 0.5, 9.5),
                     test::point("c", 0.7, std::nullopt), test::point("d", 0.9, 10.1)});
    ResultsTableView view;
    view.setResultsModel(&model);
    view.sortByColumn(ResultsTableModel::P99Ms, Qt::AscendingOrder);
    QSortFilterProxyModel* proxy = view.proxyModel();
    QCOMPARE(view.model(), proxy);
    const auto setupAt = [&](int row) {
        return proxy->index(row, ResultsTableModel::Setup).data().toString();
    };
    QCOMPARE(setupAt(0), QStringLiteral("b"));
    QCOMPARE(setupAt(1), QStringLiteral("d"));
    QCOMPARE(setupAt(2), QStringLiteral("a"));
    QCOMPARE(setupAt(3), QStringLiteral("c"));
    view.sortByColumn(ResultsTableModel::Load, Qt::DescendingOrder);
    QCOMPARE(setupAt(0), QStringLiteral("d"));
    QCOMPARE(setupAt(3), QStringLiteral("a"));
}

void TestResultsTableModel::copyGivesFullPrecisionTsv()
{
    PointResult a = test::point("x / client", 0.3, 0.1 + 0.2); // 0.30000000000000004
    PointResult b = test::point("y / server", 0.85, std::nullopt, true, Cancellation::Server);
    ResultsTableModel model;
    model.setPoints({a, b});
    ResultsTableView view;
    view.setResultsModel(&model);
    view.selectAll();
    const QString tsv = view.selectionAsTsv();
    const QStringList lines = tsv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    // Columns in the order the table shows them (key figures first).
    const QList<int> order = ResultsTableModel::displayOrder();
    QStringList keys;
    for (int column : order)
        keys << ResultsTableModel::columnKey(column);
    QCOMPARE(lines[0], keys.join(QLatin1Char('\t')));
    const QStringList first = lines[1].split(QLatin1Char('\t'));
    QCOMPARE(first.size(), static_cast<qsizetype>(ResultsTableModel::kColumnsWithoutParts));
    QCOMPARE(first[order.indexOf(ResultsTableModel::Setup)], QStringLiteral("x / client"));
    QCOMPARE(first[order.indexOf(ResultsTableModel::P99Ms)], QStringLiteral("0.30000000000000004"));
    QCOMPARE(first[order.indexOf(ResultsTableModel::MeanMs)].toDouble(),
             *a.meanMs); // reads back exactly
    QCOMPARE(first[order.indexOf(ResultsTableModel::RejectedFraction)].toDouble(),
             a.rejectedFraction);
    QCOMPARE(first[order.indexOf(ResultsTableModel::Collapsed)], QStringLiteral("false"));
    const QStringList second = lines[2].split(QLatin1Char('\t'));
    QCOMPARE(second[order.indexOf(ResultsTableModel::CancellationColumn)],
             QStringLiteral("server"));
    QCOMPARE(second[order.indexOf(ResultsTableModel::P99Ms)],
             QString()); // missing latency: empty field
    QCOMPARE(second[order.indexOf(ResultsTableModel::Collapsed)], QStringLiteral("true"));
    QCOMPARE(second[order.indexOf(ResultsTableModel::Load)], QStringLiteral("0.85"));
}

void TestResultsTableModel::ctrlCCopiesSelection()
{
    const std::vector<PointResult> pts = test::samplePoints();
    ResultsTableModel model;
    model.setPoints(pts);
    ResultsTableView view;
    view.setResultsModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QApplication::clipboard()->clear();
    QItemSelectionModel* sel = view.selectionModel();
    // Rows 1–2, columns setup..load.
    sel->select(QItemSelection(view.model()->index(1, ResultsTableModel::Setup),
                               view.model()->index(2, ResultsTableModel::Load)),
                QItemSelectionModel::Select);
    QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
    // In the order the header shows them: load comes right after the setup.
    const QString expected = QStringLiteral("setup\tload\tcancellation\n"
                                            "no hedge / client\t0.3\tclient\n"
                                            "no hedge / client\t0.95\tclient\n");
    QCOMPARE(QApplication::clipboard()->text(), expected);
    QVERIFY(QApplication::clipboard()->mimeData()->hasFormat(
        QStringLiteral("text/tab-separated-values")));
}

void TestResultsTableModel::copySkipsUnselectedCells()
{
    ResultsTableModel model;
    model.setPoints({test::point("a", 0.3, 1.5), test::point("b", 0.5, 2.5)});
    ResultsTableView view;
    view.setResultsModel(&model);
    QItemSelectionModel* sel = view.selectionModel();
    sel->select(view.model()->index(0, ResultsTableModel::Setup), QItemSelectionModel::Select);
    sel->select(view.model()->index(1, ResultsTableModel::P99Ms), QItemSelectionModel::Select);
    QCOMPARE(view.selectionAsTsv(), QStringLiteral("setup\tp99_ms\na\t\n\t2.5\n"));
}

QTEST_MAIN(TestResultsTableModel)
#include "tst_resultstablemodel.moc"
