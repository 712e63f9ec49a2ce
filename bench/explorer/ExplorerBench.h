// What every explorer bench program (docs/PERFORMANCE.md, "The explorer") shares: the
// application named as hedge-explorer names it but with settings and autosave of its own
// (the user's session is neither read nor changed), the timing log (TimingLog.h) on, and the
// window opened on a preset or a scenario file from the options --preset, --scenario, --size and
// --palette.
#pragma once

#include "MainWindow.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <memory>

namespace hedge::bench {

// Before the QApplication exists.
void setUpApplication();

// --preset NAME (default reference), --scenario FILE (instead of the preset: a scenario file,
// its style block's charts shown), --size WxH, --palette light|dark.
struct WindowOptions {
    QCommandLineOption preset{QStringLiteral("preset"),
                              QStringLiteral("The preset to start from (default reference)."),
                              QStringLiteral("NAME"), QStringLiteral("reference")};
    QCommandLineOption scenario{QStringLiteral("scenario"),
                                QStringLiteral("A scenario file to open instead of the preset."),
                                QStringLiteral("FILE")};
    QCommandLineOption size{QStringLiteral("size"), QStringLiteral("The window's size, WxH."),
                            QStringLiteral("WxH")};
    QCommandLineOption palette{QStringLiteral("palette"), QStringLiteral("light or dark."),
                               QStringLiteral("NAME")};

    void addTo(QCommandLineParser& parser) const;
    // The shown window on the preset or the file; a bad value ends the program (status 2) with its error.
    std::unique_ptr<MainWindow> openWindow(const QCommandLineParser& parser) const;
};

// The window's one part of type T (its setup list, its setup editor, its Live view): the
// window has no getters for them.
template <class T> T* part(const MainWindow& window)
{
    return window.findChild<T*>();
}

} // namespace hedge::bench
