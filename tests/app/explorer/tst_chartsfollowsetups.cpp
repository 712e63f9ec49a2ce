// Drives the real main window offscreen: every change to the setup list (add, rename with F2,
// reorder with Alt+Up, remove) must reach the charts, which draw one series per visible setup
// in the list's order, under the list's names, with that setup's points.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/LoadSweep.h>

#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace hedge;

namespace {

// The setup names the chart draws, in its order (hidden setups left out).
QStringList drawnSetups(const MetricChartView& chart)
{
    QStringList names;
    for (const SeriesStyle& s : chart.seriesStyles())
        if (s.visible && !chart.seriesPoints(s.setup).isEmpty())
            names << s.setup;
    return names;
}

QStringList listNames(const SetupListWidget& list)
{
    QStringList names;
    for (const Setup& s : list.setups())
        names << QString::fromStdString(s.name);
    return names;
}

// The (load, p99) the engine gives for every setup of the window's scenario.
bool chartHoldsTheEngineNumbers(MainWindow& w)
{
    const std::vector<PointResult> points = LoadSweep(w.scenario(), 1).run().points;
    MetricChartView* chart = test::chart(w, Metric::P99);
    for (const Setup& setup : w.scenario().setups) {
        QList<QPointF> expected;
        for (const PointResult& p : points)
            if (p.setup == setup.name && p.p99Ms)
                expected.append(QPointF(p.load, *p.p99Ms));
        std::sort(expected.begin(), expected.end(),
                  [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
        const QList<QPointF> drawn = chart->seriesPoints(QString::fromStdString(setup.name));
        if (drawn != expected) {
            qWarning("%s: drawn %lld points, expected %lld", setup.name.c_str(),
                     static_cast<long long>(drawn.size()), static_cast<long long>(expected.size()));
            return false;
        }
    }
    return true;
}

} // namespace

class TestChartsFollowSetups : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HedgeExplorerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_chartsfollowsetups"));
        QVERIFY(m_dir.isValid());
        QSettings().clear();
        QFile::remove(MainWindow::autosavePath());
    }

    void addRenameReorderRemove()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.resize(1280, 800);
        w.show();
        const QString path = m_dir.filePath(QStringLiteral("small.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(writeScenarioJson(test::twoSetups({0.5, 0.8}, 1500))));
        }
        QVERIFY(!w.openScenarioFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);
        SetupListWidget* list = test::setupList(w);
        QListWidget* items = list->listWidget();
        const QList<Metric> charts{Metric::P99, Metric::RequestsPerCall};
        for (Metric m : charts)
            QTRY_COMPARE_WITH_TIMEOUT(drawnSetups(*test::chart(w, m)), listNames(*list),
                                      60000); // redrawn at the next tick

        // Add: a third setup appears in the list, then as a third curve once it has run.
        items->setFocus();
        list->setCurrentRow(1);
        QTest::keyClick(items, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(list->setups().size(), std::size_t{3});
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);
        for (Metric m : charts)
            QTRY_COMPARE_WITH_TIMEOUT(drawnSetups(*test::chart(w, m)), listNames(*list),
                                      60000); // redrawn at the next tick
        QTRY_VERIFY_WITH_TIMEOUT(chartHoldsTheEngineNumbers(w), 60000);

        // Rename with F2: the curve keeps its points under the new name, the old name is gone.
        list->setCurrentRow(2);
        QTest::keyClick(items, Qt::Key_F2);
        auto* editor = items->findChild<QLineEdit*>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("late hedge"));
        QTest::keyClick(editor, Qt::Key_Return); // the delegate commits on the next loop turn
        QTRY_COMPARE_WITH_TIMEOUT(listNames(*list).at(2), QStringLiteral("late hedge"), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);
        for (Metric m : charts) {
            QTRY_COMPARE_WITH_TIMEOUT(drawnSetups(*test::chart(w, m)), listNames(*list),
                                      60000); // redrawn at the next tick
            for (const SeriesStyle& s : test::chart(w, m)->seriesStyles())
                QVERIFY(s.setup != QStringLiteral("new setup"));
        }
        QTRY_VERIFY_WITH_TIMEOUT(chartHoldsTheEngineNumbers(w), 60000);

        // Alt+Up twice: the renamed setup is first in the list and first in every chart.
        items->setFocus();
        QTest::keyClick(items, Qt::Key_Up, Qt::AltModifier);
        QTest::keyClick(items, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(listNames(*list).at(0), QStringLiteral("late hedge"));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);
        for (Metric m : charts) {
            QTRY_COMPARE_WITH_TIMEOUT(drawnSetups(*test::chart(w, m)), listNames(*list),
                                      60000); // redrawn at the next tick
            // Colours travel with the setup, not with the row.
            for (qsizetype i = 0; i < list->styles().size(); ++i)
                QCOMPARE(test::chart(w, m)->seriesStyles().at(i), list->styles().at(i));
        }
        QTRY_VERIFY_WITH_TIMEOUT(chartHoldsTheEngineNumbers(w), 60000);

        // Delete removes its curve.
        list->setCurrentRow(0);
        items->setFocus();
        QTest::keyClick(items, Qt::Key_Delete);
        QCOMPARE(list->setups().size(), std::size_t{2});
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);
        for (Metric m : charts) {
            QTRY_COMPARE_WITH_TIMEOUT(drawnSetups(*test::chart(w, m)), listNames(*list),
                                      60000); // redrawn at the next tick
            QVERIFY(test::chart(w, m)->seriesPoints(QStringLiteral("late hedge")).isEmpty());
        }
    }
};

QTEST_MAIN(TestChartsFollowSetups)
#include "tst_chartsfollowsetups.moc"
