// hedge-explorer [SCENARIO.json] [--preset NAME] [--measure] [--version]
#include "MainWindow.h"

#include "Metric.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/Version.h>
#include <hedge/io/Presets.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDoubleSpinBox>
#include <QIcon>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8a, 0x8a));
    p.setColor(QPalette::Mid, QColor(0x45, 0x47, 0x4a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x50, 0x52, 0x55));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7a, 0x7a));
    return p;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HedgeExplorer"));
    QApplication::setApplicationName(QStringLiteral("hedge-explorer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Hedge Explorer"));
    QApplication::setApplicationVersion(QString::fromLatin1(hedge::kVersion));
    const QString appId = QStringLiteral("io.github.hedgeexplorer.HedgeExplorer");
    QGuiApplication::setDesktopFileName(appId);
    QIcon icon = QIcon::fromTheme(appId);
    if (icon.isNull())
        for (int size : {16, 32, 48, 64, 128, 256})
            icon.addFile(QStringLiteral(":/icons/%1x%1/apps/%2.png").arg(size).arg(appId));
    QApplication::setWindowIcon(icon);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("See when request hedging helps a service and when it hurts it."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("SCENARIO.json"),
        QStringLiteral("A scenario file to open (hedge-explorer/scenario@1)."),
        QStringLiteral("[SCENARIO.json]"));
    QStringList presetNames;
    for (const hedge::Preset& p : hedge::presets())
        presetNames << QString::fromStdString(p.name);
    const QCommandLineOption presetOption(
        QStringLiteral("preset"),
        QStringLiteral("Start with a preset: %1.").arg(presetNames.join(QStringLiteral(", "))),
        QStringLiteral("NAME"));
    const QCommandLineOption measureOption(
        QStringLiteral("measure"),
        QStringLiteral("Log (stderr) the time from an edit or the start to the first redrawn "
                       "curve and to the end of the full pass."));
    // Hidden: screenshots and scripted measurements.
    QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the window after the full pass, then quit."),
        QStringLiteral("PATH"));
    screenshotOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption paletteOption(QStringLiteral("palette"), QStringLiteral("light or dark."),
                                     QStringLiteral("NAME"));
    paletteOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption delayOption(QStringLiteral("screenshot-delay"),
                                   QStringLiteral("Take the screenshot after MS milliseconds, "
                                                  "while the sweep runs."),
                                   QStringLiteral("MS"));
    delayOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption chartsOption(QStringLiteral("charts"),
                                    QStringLiteral("Extra charts to show (comma-separated keys)."),
                                    QStringLiteral("KEYS"));
    chartsOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size, WxH."),
                                  QStringLiteral("WxH"));
    sizeOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption editOption(
        QStringLiteral("measure-edit"),
        QStringLiteral("After the first full pass, change the selected setup's delay, then quit "
                       "after its full pass (with --measure)."));
    editOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({presetOption, measureOption, screenshotOption, paletteOption, delayOption,
                       chartsOption, sizeOption, editOption});
    parser.process(app);

    if (parser.value(paletteOption) == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else if (parser.value(paletteOption) == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    const bool scripted = parser.isSet(screenshotOption) || parser.isSet(editOption);
    hedge::MainWindow::Options options;
    options.measure = parser.isSet(measureOption);
    // Scripted runs start from a known state, not from the user's last session.
    const QStringList files = parser.positionalArguments();
    options.restoreSession = !scripted && files.isEmpty() && !parser.isSet(presetOption);
    hedge::MainWindow window(options);

    if (!files.isEmpty()) {
        if (window.openScenarioFile(files.first()))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }
    if (parser.isSet(presetOption)) {
        if (!window.loadPreset(parser.value(presetOption))) {
            std::fprintf(stderr, "hedge-explorer: unknown preset \"%s\" (known: %s)\n",
                         qPrintable(parser.value(presetOption)),
                         qPrintable(presetNames.join(", ")));
            return 2;
        }
    } else if (files.isEmpty() && !options.restoreSession) {
        window.loadPreset(QStringLiteral("reference"));
    }
    for (const QString& key :
         parser.value(chartsOption).split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (const auto metric = hedge::metricFromKey(key))
            window.setChartVisible(*metric, true);
    if (const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x')); wh.size() == 2)
        window.resize(wh[0].toInt(), wh[1].toInt());
    window.show();

    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        window.setupList()->setCurrentRow(1);
        const auto shoot = [&window, path] {
            if (!window.grab().save(path))
                std::fprintf(stderr, "hedge-explorer: cannot write %s\n", qPrintable(path));
            window.close();
        };
        if (parser.isSet(delayOption))
            QTimer::singleShot(parser.value(delayOption).toInt(), &window, shoot);
        else
            QObject::connect(window.controller(), &hedge::SweepController::runFinished, &window,
                             [&window, shoot](bool completed) {
                                 if (completed)
                                     QTimer::singleShot(500, &window, shoot);
                             });
    } else if (parser.isSet(editOption)) {
        auto* done = new bool(false);
        QObject::connect(
            window.controller(), &hedge::SweepController::runFinished, &window,
            [&window, done](bool completed) {
                if (!completed)
                    return;
                if (*done) {
                    window.close();
                    return;
                }
                *done = true;
                // Edit one setup as a user would: through its delay spin box.
                window.setupList()->setCurrentRow(
                    std::min<int>(2, static_cast<int>(window.setupList()->setups().size()) - 1));
                std::fprintf(
                    stderr,
                    "hedge-explorer: measure: editing the delay "
                    "of \"%s\"\n",
                    window.scenario().setups[window.setupList()->currentRow()].name.c_str());
                QDoubleSpinBox* delay = window.setupEditor()->delaySpin();
                delay->setValue(delay->value() + 5.0);
            });
    }
    return app.exec();
}
