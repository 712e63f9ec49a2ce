// What the explorer's window tests share: a private session, scenario files in a temporary
// directory, and menu entries found by their text as the user sees them.
#pragma once

#include "ChartArea.h"
#include "LiveView.h"
#include "MainWindow.h"
#include "MapView.h"
#include "MetricChartView.h"
#include "PresetExplanation.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"
#include "RunStatusBar.h"
#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioJson.h>

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

namespace hedge::test {

// The window's parts as the user sees them, found in it (the window has no getters for its
// widgets): the one object of type T among the window's children. Two or none is a test error.
template <class T> T* onlyPart(const MainWindow& w)
{
    const QList<T*> found = w.findChildren<T*>();
    if (found.size() != 1)
        qFatal("the window has %d %s, not one", int(found.size()), T::staticMetaObject.className());
    return found.front();
}

inline SetupListWidget* setupList(const MainWindow& w)
{
    return onlyPart<SetupListWidget>(w);
}
inline SetupEditor* setupEditor(const MainWindow& w)
{
    return onlyPart<SetupEditor>(w);
}
inline ServiceRunEditor* serviceRunEditor(const MainWindow& w)
{
    return onlyPart<ServiceRunEditor>(w);
}
inline PresetExplanation* presetExplanation(const MainWindow& w)
{
    return onlyPart<PresetExplanation>(w);
}
inline ResultsTableView* tableView(const MainWindow& w)
{
    return onlyPart<ResultsTableView>(w);
}
inline ResultsTableModel* tableModel(const MainWindow& w)
{
    return onlyPart<ResultsTableModel>(w);
}
inline LiveView* liveView(const MainWindow& w)
{
    return onlyPart<LiveView>(w);
}
inline MapView* mapView(const MainWindow& w)
{
    return onlyPart<MapView>(w);
}
inline MetricChartView* chart(const MainWindow& w, Metric metric)
{
    return onlyPart<ChartArea>(w)->chart(metric);
}
inline QLabel* statusLabel(const MainWindow& w)
{
    return onlyPart<RunStatusBar>(w)->statusLabel();
}
inline QPushButton* cancelButton(const MainWindow& w)
{
    return onlyPart<RunStatusBar>(w)->cancelButton();
}
// The tabs of the sweep view (Curves, and Map for a grid): the ones holding the curves.
inline QTabWidget* sweepViews(const MainWindow& w)
{
    for (QWidget* up = onlyPart<ChartArea>(w); up; up = up->parentWidget())
        if (auto* tabs = qobject_cast<QTabWidget*>(up))
            return tabs;
    qFatal("the curves are in no tab widget");
}

// The main() of a test that starts the built program as well: the test and the programs it
// starts keep their settings and data in `home`, a directory of their own, never the user's.
template <class Test>
int execWithPrivateHome(int argc, char* argv[], QTemporaryDir*& home)
{
    QTemporaryDir dir;
    home = &dir;
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toLocal8Bit());
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HedgeExplorer"));
    QApplication::setApplicationName(QStringLiteral("hedge-explorer"));
    Test test;
    return QTest::qExec(&test, argc, argv);
}

inline void clearSession()
{
    QSettings().clear();
    QFile::remove(MainWindow::autosavePath());
}

// Settings and autosave of this test alone, empty.
inline void startPrivateSession(const QString& applicationName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HedgeExplorerTest"));
    QCoreApplication::setApplicationName(applicationName);
    clearSession();
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path;
}

inline QString writeScenario(const QTemporaryDir& dir, const Scenario& scenario,
                             const QString& name)
{
    return writeFile(dir, name, QByteArray::fromStdString(writeScenarioJson(scenario)));
}

// A window as the user starts it (no session restored), shown, then `scenario` opened from a
// file `name` in `dir`.
inline std::unique_ptr<MainWindow> openWindow(const QTemporaryDir& dir, const Scenario& scenario,
                                              const QString& name)
{
    auto w = std::make_unique<MainWindow>(MainWindow::Options{.restoreSession = false});
    w->show();
    if (const auto error = w->openScenarioFile(writeScenario(dir, scenario, name)))
        qFatal("%s", qPrintable(*error));
    return w;
}

// The keys (as in a style block) of the charts the window shows, sorted.
inline QStringList shownCharts(MainWindow& w)
{
    QStringList keys;
    for (Metric m : allMetrics())
        if (test::chart(w, m)->isVisibleTo(&w))
            keys << metricResultsKey(m);
    keys.sort();
    return keys;
}

// The entry `text` of the menu `menuText` ("&View"), or nullptr.
inline QAction* menuAction(const QMainWindow& window, const QString& menuText, const QString& text)
{
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == menuText)
            for (QAction* a : menu->menu()->actions())
                if (a->text() == text)
                    return a;
    return nullptr;
}

// Answers the file dialog an action is about to open as a user does: types the path, presses
// Enter.
inline void answerFileDialog(const QString& path)
{
    QTimer::singleShot(50, [path] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            answerFileDialog(path);
            return;
        }
        auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        // The completer's popup (filled by a thread, whenever it is ready) would take the
        // Enter and put a directory of the path into the field instead.
        name->setCompleter(nullptr);
        name->clear();
        QTest::keyClicks(name, path);
        QTest::keyClick(name, Qt::Key_Return);
        // A slow build (sanitizers) can take the keys before the dialog is ready for them:
        // a dialog still open a moment later is answered again.
        QTimer::singleShot(500, [path, open = QPointer<QFileDialog>(dialog)] {
            if (open && open->isVisible())
                answerFileDialog(path);
        });
    });
}

} // namespace hedge::test
