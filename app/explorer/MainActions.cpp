#include "MainActions.h"

#include "ChartArea.h"

#include <hedge/io/Presets.h>

#include <QAction>
#include <QDir>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QUndoStack>

namespace hedge {

namespace {

constexpr int kMaxRecentFiles = 8;

} // namespace

MainActions::MainActions(QMainWindow* window, QUndoStack* undoStack)
    : QObject(window), m_window(window)
{
    buildActions();
    buildUndoActions(undoStack);
    buildMenus();
}

void MainActions::buildUndoActions(QUndoStack* undoStack)
{
    // The stack names the step ("Undo Edit Setup") and greys the action out at its end.
    m_undoAction = undoStack->createUndoAction(m_window, tr("&Undo"));
    m_undoAction->setShortcuts(QKeySequence::Undo);
    m_redoAction = undoStack->createRedoAction(m_window, tr("&Redo"));
    // Ctrl+Shift+Z whatever the platform's own redo keys are (docs/user-guide.md, "Keyboard
    // shortcuts").
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    const QKeySequence ctrlShiftZ(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    if (!redoKeys.contains(ctrlShiftZ))
        redoKeys.prepend(ctrlShiftZ);
    m_redoAction->setShortcuts(redoKeys);
    m_window->addAction(m_undoAction);
    m_window->addAction(m_redoAction);
}

QAction* MainActions::make(const QString& text, const QKeySequence& keys,
                           const std::function<void()>& slot)
{
    auto* a = new QAction(text, m_window);
    if (!keys.isEmpty())
        a->setShortcut(keys);
    connect(a, &QAction::triggered, this, slot);
    m_window->addAction(a);
    return a;
}

void MainActions::buildActions()
{
    buildFileActions();
    buildRunAndViewActions();
}

// File: scenario files, exports, the measured overlay, Quit.
void MainActions::buildFileActions()
{
    m_newAction = make(tr("&New"), QKeySequence::New, [this] { emit newRequested(); });
    m_openAction = make(tr("&Open…"), QKeySequence::Open, [this] { emit openRequested(); });
    m_openLessonAction =
        make(tr("Open &Lesson…"), {}, [this] { emit openLessonRequested(); });
    m_openLessonAction->setStatusTip(
        tr("A lesson file of your own, checked as hedgesim lesson check checks it"));
    m_saveAction = make(tr("&Save"), QKeySequence::Save, [this] { emit saveRequested(); });
    m_saveAsAction =
        make(tr("Save &As…"), QKeySequence::SaveAs, [this] { emit saveAsRequested(); });
    m_exportChartAction = make(tr("&Export Chart…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                               [this] { emit exportChartRequested(); });
    m_copyChartAction = make(tr("&Copy Chart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                             [this] { emit copyChartRequested(); });
    m_exportCsvAction =
        make(tr("Export Results as &CSV…"), {}, [this] { emit exportResultsRequested(false); });
    m_exportJsonAction =
        make(tr("Export Results as &JSON…"), {}, [this] { emit exportResultsRequested(true); });
    m_exportHtmlAction =
        make(tr("Export &Report as HTML…"), {}, [this] { emit exportReportRequested(false); });
    m_overlayMeasuredAction =
        make(tr("Overlay &Measured Results…"), {}, [this] { emit overlayMeasuredRequested(); });
    m_overlayMeasuredAction->setStatusTip(
        tr("Draw the points of a results file (hedgesim confirm -o, hedgesim load -o) over the "
           "simulated curves"));
    m_removeMeasuredAction =
        make(tr("Remove Measured O&verlay"), {}, [this] { emit removeMeasuredRequested(); });
    m_removeMeasuredAction->setEnabled(false);
    m_exportPdfAction =
        make(tr("Export Report as &PDF…"), {}, [this] { emit exportReportRequested(true); });
    m_quitAction =
        make(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), [this] { emit quitRequested(); });
    m_quitAction->setMenuRole(QAction::QuitRole);
}

// Run, Help, the map, the views, policies and the service, presenter mode, the palette.
void MainActions::buildRunAndViewActions()
{
    m_runAction = make(tr("&Run"), QKeySequence(Qt::Key_F5), [this] { emit runRequested(); });
    m_runAction->setToolTip(tr("Run what the edits left missing now (runs start by themselves "
                               "after an edit)"));
    m_cancelAction =
        make(tr("&Cancel Run"), QKeySequence(Qt::Key_Escape), [this] { emit cancelRequested(); });
    m_cancelAction->setShortcutContext(Qt::WindowShortcut);
    m_aboutAction = make(tr("&About Hedge Explorer"), {}, [this] { emit aboutRequested(); });
    m_aboutAction->setMenuRole(QAction::AboutRole);
    m_userGuideAction =
        make(tr("&User Guide"), QKeySequence::HelpContents, [this] { emit userGuideRequested(); });
    m_lessonsAction = make(tr("&Lessons…"), {}, [this] { emit lessonsRequested(); });
    m_mapKnobAction = make(tr("&Map a Knob…"), QKeySequence(Qt::CTRL | Qt::Key_M),
                           [this] { emit mapKnobRequested(); });
    m_mapKnobAction->setStatusTip(
        tr("Sweep a setup's knob against load: a map of where hedging helps"));
    m_removeMapAction = make(tr("Remove Ma&p"), {}, [this] { emit removeMapRequested(); });
    m_adviseAction = make(tr("&Advise…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
                          [this] { emit adviseRequested(); });
    m_adviseAction->setStatusTip(
        tr("Which setting? Search a setup's knobs on this service and these loads for the one "
           "that keeps your limits, with its evidence"));
    m_removeMapAction->setEnabled(false);
    m_sweepViewAction = make(tr("&Sweep View"), QKeySequence(Qt::CTRL | Qt::Key_1),
                             [this] { emit sweepViewRequested(); });
    m_liveViewAction = make(tr("&Live View"), QKeySequence(Qt::CTRL | Qt::Key_2),
                            [this] { emit liveViewRequested(); });
    m_liveViewAction->setStatusTip(
        tr("The setups run side by side through time while you change the load and knobs"));
    m_exportPolicyAction =
        make(tr("&Export Policy As…"), {}, [this] { emit exportPolicyRequested(); });
    m_exportPolicyAction->setStatusTip(
        tr("The selected setup as its stack's configuration: gRPC, Envoy, Polly, Finagle, "
           "Tower, Murphy or resilience4cata"));
    m_importPolicyAction =
        make(tr("&Import Policy…"), {}, [this] { emit importPolicyRequested(); });
    m_importPolicyAction->setStatusTip(
        tr("A new setup from a gRPC service config (JSON) or an Envoy route and cluster (YAML)"));
    m_serviceMeasurementsAction =
        make(tr("From &Measurements…"), {}, [this] { emit serviceMeasurementsRequested(); });
    m_serviceMeasurementsAction->setStatusTip(
        tr("Your own service: its time from measured latencies (CSV, HdrHistogram, Prometheus) "
           "or a dashboard's percentiles"));
    m_logNormalServiceAction =
        make(tr("Use the &Log-Normal Model"), {}, [this] { emit logNormalServiceRequested(); });
    m_logNormalServiceAction->setStatusTip(
        tr("The service time from the median, sigma and hiccup fields again"));
    m_logNormalServiceAction->setEnabled(false);
    m_presenterAction = make(tr("&Presenter Mode"), QKeySequence(Qt::Key_F11),
                             [this] { emit presenterModeToggled(m_presenterAction->isChecked()); });
    m_presenterAction->setCheckable(true);
    m_presenterAction->setStatusTip(tr(
        "Full screen, large text, a legend on each chart, thick lines in a projector's colours"));
    m_exportSlideAction = make(tr("Export &Slide…"), {}, [this] { emit exportSlideRequested(); });
    m_exportSlideAction->setStatusTip(
        tr("The view as a 1920 × 1080 slide (PNG or SVG) with its title and caption"));
    m_exportSlideAction->setEnabled(false);
    m_exportLessonAction =
        make(tr("Export &Lesson…"), {}, [this] { emit exportLessonRequested(); });
    m_exportLessonAction->setStatusTip(
        tr("A lesson as a handout: one HTML page or a PDF with every step's chart, sentence and "
           "question, the teacher's or the student's version"));
    m_darkPaletteAction = new QAction(tr("&Dark Palette"), this);
    m_darkPaletteAction->setCheckable(true);
    m_darkPaletteAction->setStatusTip(
        tr("Light text on dark windows and charts; off: the desktop's colours. Remembered."));
}

void MainActions::buildMenus()
{
    QMenuBar* bar = m_window->menuBar();
    QMenu* file = bar->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_openLessonAction);
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_exportChartAction);
    file->addAction(m_copyChartAction);
    file->addAction(m_exportSlideAction);
    file->addAction(m_exportCsvAction);
    file->addAction(m_exportJsonAction);
    file->addAction(m_exportHtmlAction);
    file->addAction(m_exportPdfAction);
    file->addAction(m_exportLessonAction);
    file->addSeparator();
    file->addAction(m_overlayMeasuredAction);
    file->addAction(m_removeMeasuredAction);
    file->addSeparator();
    file->addAction(m_quitAction);
    rebuildRecentMenu();

    QMenu* edit = bar->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);

    QMenu* setup = bar->addMenu(tr("&Setup"));
    setup->addAction(m_exportPolicyAction);
    setup->addAction(m_importPolicyAction);

    QMenu* service = bar->addMenu(tr("Serv&ice"));
    service->addAction(m_serviceMeasurementsAction);
    service->addAction(m_logNormalServiceAction);

    QMenu* presetsMenu = bar->addMenu(tr("&Presets"));
    for (const Preset& p : presets()) {
        const QString name = QString::fromStdString(p.name);
        QAction* a = presetsMenu->addAction(QString::fromStdString(p.title));
        a->setToolTip(QString::fromStdString(p.explanation));
        connect(a, &QAction::triggered, this, [this, name] { emit presetRequested(name); });
    }
    presetsMenu->setToolTipsVisible(true);

    QMenu* run = bar->addMenu(tr("&Run"));
    run->addAction(m_runAction);
    run->addAction(m_cancelAction);
    run->addSeparator();
    run->addAction(m_mapKnobAction);
    run->addAction(m_removeMapAction);
    run->addSeparator();
    run->addAction(m_adviseAction);

    QMenu* view = bar->addMenu(tr("&View"));
    view->addAction(m_sweepViewAction);
    view->addAction(m_liveViewAction);
    view->addSeparator();
    QAction* always = view->addAction(tr("p99 and requests per call are always shown"));
    always->setEnabled(false);
    view->addSeparator();
    for (Metric m : ChartArea::chartOrder()) {
        if (ChartArea::isAlwaysShown(m))
            continue;
        QAction* a = view->addAction(metricTitle(m));
        a->setCheckable(true);
        if (isPartMetric(m))
            a->setStatusTip(tr("Shown when the service fans out (its points have parts)"));
        m_chartActions.insert(m, a);
        connect(a, &QAction::toggled, this, [this, m](bool on) { emit chartToggled(m, on); });
    }
    view->addSeparator();
    view->addAction(m_darkPaletteAction);
    view->addAction(m_presenterAction);

    QMenu* help = bar->addMenu(tr("&Help"));
    help->addAction(m_userGuideAction);
    help->addAction(m_lessonsAction);
    help->addSeparator();
    help->addAction(m_aboutAction);
}

void MainActions::setCancelEnabled(bool enabled)
{
    m_cancelAction->setEnabled(enabled);
}

void MainActions::setPresenting(bool on)
{
    m_presenterAction->setChecked(on);
    // Escape leaves presenter mode (docs/user-guide.md, "Presenter mode"); Run → Cancel Run
    // keeps its menu entry meanwhile.
    const QKeySequence f11(Qt::Key_F11), escape(Qt::Key_Escape);
    m_presenterAction->setShortcuts(on ? QList<QKeySequence>{f11, escape}
                                       : QList<QKeySequence>{f11});
    m_cancelAction->setShortcut(on ? QKeySequence() : escape);
    m_exportSlideAction->setEnabled(on);
    m_darkPaletteAction->setEnabled(!on);
}

void MainActions::setMeasuredShown(bool shown)
{
    m_removeMeasuredAction->setEnabled(shown);
}

void MainActions::setChartChecked(Metric metric, bool checked)
{
    if (QAction* a = m_chartActions.value(metric))
        a->setChecked(checked);
}

void MainActions::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainActions::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent[i];
        QAction* a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path)));
        connect(a, &QAction::triggered, this, [this, path] { emit recentFileRequested(path); });
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            rebuildRecentMenu();
        });
    }
}

void MainActions::setMapShown(bool shown)
{
    m_removeMapAction->setEnabled(shown);
    m_mapKnobAction->setText(shown ? tr("Edit the &Map's Grid…") : tr("&Map a Knob…"));
}

} // namespace hedge
