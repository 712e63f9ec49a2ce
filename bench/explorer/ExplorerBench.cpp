#include "ExplorerBench.h"

#include "AppPalette.h"

#include <hedge/run/TimingLog.h>
#include <hedge/sim/AllocatorTuning.h>

#include <QApplication>
#include <QLoggingCategory>
#include <QStandardPaths>

#include <cstdio>
#include <cstdlib>

namespace hedge::bench {

namespace {

[[noreturn]] void refuse(const QString& error)
{
    std::fprintf(stderr, "%s: %s\n", qPrintable(QCoreApplication::applicationName()),
                 qPrintable(error));
    std::exit(2);
}

} // namespace

void setUpApplication()
{
    // As hedge-explorer starts: the same allocator tuning and names.
    keepFreedMemoryForReuse();
    QApplication::setOrganizationName(QStringLiteral("HedgeExplorer"));
    QApplication::setApplicationName(QStringLiteral("hedge-explorer"));
    // Settings and the autosave under ~/.qttest: a scripted edit must not become the user's
    // last session.
    QStandardPaths::setTestModeEnabled(true);
    QLoggingCategory::setFilterRules(QStringLiteral("hedge.explorer.timing.info=true"));
    qSetMessagePattern(QStringLiteral("%{if-category}%{category}: %{endif}%{message}"));
}

void WindowOptions::addTo(QCommandLineParser& parser) const
{
    parser.addOptions({preset, scenario, size, palette});
}

std::unique_ptr<MainWindow> WindowOptions::openWindow(const QCommandLineParser& parser) const
{
    if (parser.isSet(palette) && !applyPalette(parser.value(palette)))
        refuse(QStringLiteral("--palette: \"%1\" is not light or dark").arg(parser.value(palette)));
    QSize windowSize;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        windowSize = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
        if (windowSize.width() < 200 || windowSize.height() < 150)
            refuse(QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT in pixels (at least "
                                  "200x150)")
                       .arg(parser.value(size)));
    }
    auto window = std::make_unique<MainWindow>(MainWindow::Options{.restoreSession = false});
    if (parser.isSet(scenario)) {
        if (const std::optional<QString> error = window->openScenarioFile(parser.value(scenario)))
            refuse(QStringLiteral("--scenario: %1").arg(*error));
    } else if (!window->loadPreset(parser.value(preset))) {
        refuse(QStringLiteral("unknown preset \"%1\"").arg(parser.value(preset)));
    }
    if (windowSize.isValid())
        window->resize(windowSize);
    window->show();
    return window;
}

} // namespace hedge::bench
