// The results table and the charts in the real window: human headers with the key figures
// first, Tab leaves the table, and a taller window gives its extra height to the charts.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"

#include <hedge/io/ScenarioJson.h>

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QHeaderView>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace hedge;

namespace {

Scenario small()
{
    Scenario s;
    s.seed = 4;
    s.calls = 2000;
    s.loads = {0.5, 0.8};
    Setup a, b;
    a.name = "no hedge";
    b.name = "hedge";
    b.hedge = HedgeSettings{};
    s.setups = {a, b};
    return s;
}

QStringList visibleHeaders(ResultsTableView* view)
{
    QStringList headers;
    QHeaderView* header = view->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual)
        headers
            << view->model()->headerData(header->logicalIndex(visual), Qt::Horizontal).toString();
    return headers;
}

} // namespace

class TestTableLayout : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_tablelayout"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void headersAreForPeopleKeyFiguresFirst()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.show();
        QCOMPARE(
            w.openScenarioFile(test::writeScenario(m_dir, small(), QStringLiteral("small.json"))),
            std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(test::tableModel(w)->rowCount() == 4, 60000);
        const QStringList headers = visibleHeaders(test::tableView(w));
        QCOMPARE(headers.mid(0, 5),
                 (QStringList{QStringLiteral("Setup"), QStringLiteral("Load"),
                              QStringLiteral("p99 (ms)"), QStringLiteral("p99.9 (ms)"),
                              QStringLiteral("Requests per call")}));
        QCOMPARE(headers.size(), int(ResultsTableModel::kColumnsWithoutParts));
        for (const QString& h : headers)
            QVERIFY2(!h.contains(QLatin1Char('_')), qPrintable(h));
        // A copy still names the results file's fields, in the order shown.
        ResultsTableView* view = test::tableView(w);
        view->setFocus();
        view->selectAll();
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        const QString firstLine =
            QApplication::clipboard()->text().section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(
            firstLine.startsWith(QStringLiteral("setup\tload\tp99_ms\tp999_ms\trequests_per_call")),
            qPrintable(firstLine));
    }

    void tabLeavesTheTable()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QCOMPARE(
            w.openScenarioFile(test::writeScenario(m_dir, small(), QStringLiteral("small.json"))),
            std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(test::tableModel(w)->rowCount() == 4, 60000);
        ResultsTableView* view = test::tableView(w);
        view->setFocus();
        view->setCurrentIndex(view->model()->index(0, 0));
        QTRY_VERIFY_WITH_TIMEOUT(view->hasFocus(), 60000);
        QTest::keyClick(view, Qt::Key_Tab);
        QVERIFY2(!view->hasFocus(), "Tab walked the cells instead of leaving the table");
        QCOMPARE(view->currentIndex().column(), 0);
    }

    void extraHeightGoesToTheCharts()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QWidget* charts = test::chart(w, Metric::P99)->parentWidget();
        const int chartsBefore = charts->height();
        const int tableBefore = test::tableView(w)->height();
        w.resize(1600, 1000);
        QTRY_COMPARE_WITH_TIMEOUT(w.height(), 1000, 60000);
        QCoreApplication::processEvents();
        const int chartsGain = charts->height() - chartsBefore;
        const int tableGain = test::tableView(w)->height() - tableBefore;
        qInfo("1280x800 -> 1600x1000: charts %d -> %d px, table %d -> %d px", chartsBefore,
              charts->height(), tableBefore, test::tableView(w)->height());
        QVERIFY2(chartsGain >= 190, qPrintable(QString::number(chartsGain)));
        QVERIFY2(tableGain <= 10, qPrintable(QString::number(tableGain)));
        // No gap: the charts fill their area, top to bottom.
        const QWidget* p99 = test::chart(w, Metric::P99);
        const QWidget* requests = test::chart(w, Metric::RequestsPerCall);
        QVERIFY(p99->height() + requests->height() >= charts->height() - 20);
    }
};

QTEST_MAIN(TestTableLayout)
#include "tst_tablelayout.moc"
