// The results table at a normal width: every figure is readable in full, never "110.0…".
#include "TestPoints.h"

#include <widgets/ResultsTableModel.h>
#include <widgets/ResultsTableView.h>

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace hedge;

class TestResultsTableWidth : public QObject {
    Q_OBJECT

private slots:
    void figuresAreNeverElided()
    {
        ResultsTableModel model;
        ResultsTableView view;
        view.setResultsModel(&model); // empty: columns sized for the headers only
        view.resize(1000, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Points arrive while the sweep runs: loads past 100 % and a collapsed 38 s p99.
        std::vector<PointResult> points{test::point("no hedge / client", 0.3, 199.5),
                                        test::point("no hedge / client", 1.1, 38123.4, true),
                                        test::point("hedge / client", 0.855, 45.25)};
        model.setPoints(points);
        QCOMPARE(ResultsTableModel::displayText(points[1], ResultsTableModel::Load),
                 QStringLiteral("110 %"));
        QCOMPARE(ResultsTableModel::displayText(points[2], ResultsTableModel::Load),
                 QStringLiteral("85.5 %"));
        const QAbstractItemModel* shown = view.model();
        for (int row = 0; row < shown->rowCount(); ++row) {
            for (int column = 0; column < shown->columnCount(); ++column) {
                const QModelIndex index = shown->index(row, column);
                const QString text = index.data(Qt::DisplayRole).toString();
                // What the delegate needs: the text plus the style's cell margins.
                const int needed = view.sizeHintForIndex(index).width();
                QVERIFY2(view.columnWidth(column) >= needed,
                         qPrintable(QStringLiteral("column %1 \"%2\": %3 px < %4 px")
                                        .arg(column)
                                        .arg(text)
                                        .arg(view.columnWidth(column))
                                        .arg(needed)));
            }
        }
    }
};

QTEST_MAIN(TestResultsTableWidth)
#include "tst_resultstablewidth.moc"
