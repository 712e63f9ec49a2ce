// The results table lists each setup's points by increasing load, whatever order the user
// typed the loads in, and File → Export Results as JSON writes the rows as the table shows them.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"
#include "UserInput.h"

#include "ResultsTableModel.h"
#include "ResultsTableView.h"
#include "ServiceRunEditor.h"

#include <hedge/io/ResultsJson.h>

#include <QComboBox>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

using namespace hedge;

namespace {

// The table's rows as shown, "setup @ load" each.
QStringList shownRows(ResultsTableView* view)
{
    QStringList rows;
    const QAbstractItemModel* model = view->model();
    for (int r = 0; r < model->rowCount(); ++r)
        rows << model->index(r, ResultsTableModel::Setup).data().toString() +
                    QStringLiteral(" @ ") +
                    model->index(r, ResultsTableModel::Load).data().toString();
    return rows;
}

} // namespace

class TestTableLoadOrder : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_tableloadorder")); }

    void rowsFollowLoadNotTypingOrder()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.setScenario(test::twoSetups({0.5, 0.8}));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);

        // Run → Loads: List, typed out of order, Enter.
        ServiceRunEditor* editor = test::serviceRunEditor(w);
        editor->loadModeCombo()->setCurrentIndex(
            editor->loadModeCombo()->findText(QStringLiteral("List")));
        QLineEdit* list = editor->loadListEdit();
        test::typeInto(list, QStringLiteral("0.9, 0.3, 0.6"), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(w.scenario().loads, (std::vector<double>{0.9, 0.3, 0.6}), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 60000);

        const QStringList expected{
            QStringLiteral("no hedge @ 30 %"),         QStringLiteral("no hedge @ 60 %"),
            QStringLiteral("no hedge @ 90 %"),         QStringLiteral("hedge, no budget @ 30 %"),
            QStringLiteral("hedge, no budget @ 60 %"), QStringLiteral("hedge, no budget @ 90 %")};
        QCOMPARE(shownRows(test::tableView(w)), expected);

        // The exported file lists the rows as the table shows them.
        const QString path = dir.filePath(QStringLiteral("results.json"));
        test::answerFileDialog(path);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export Results as &JSON…"))
            ->trigger();
        QStringList exported;
        for (const PointResult& p : readResultsFile(path.toStdString()).points)
            exported << QString::fromStdString(p.setup) + QStringLiteral(" @ ") +
                            QString::number(p.load * 100.0) + QStringLiteral(" %");
        QCOMPARE(exported, expected);
    }
};

QTEST_MAIN(TestTableLoadOrder)
#include "tst_tableloadorder.moc"
