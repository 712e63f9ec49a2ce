// What the explorer's window tests share: a private session, scenario files in a temporary
// directory, and menu entries found by their text as the user sees them.
#pragma once

#include "MainWindow.h"

#include <hedge/io/ScenarioJson.h>

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace hedge::test {

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

inline QString writeScenario(const QTemporaryDir& dir, const Scenario& scenario,
                             const QString& name)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(QByteArray::fromStdString(writeScenarioJson(scenario)));
    return path;
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

} // namespace hedge::test
