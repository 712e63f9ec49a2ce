#include "HelpController.h"

#include "ChartArea.h"
#include "LessonPanel.h"
#include "LiveView.h"
#include "MapView.h"
#include "MainActions.h"
#include "UserGuideWindow.h"

#include "HeatMapView.h"
#include "SetupListWidget.h"

#include <hedge/Version.h>

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

namespace hedge {

HelpController::HelpController(MainActions* actions, const LessonParts& parts,
                               QMainWindow* window)
    : QObject(window), m_window(window),
      m_lessons(new LessonPanel({parts.document, parts.sweep, parts.mapSweep, parts.live,
                                 parts.mayReplace, parts.runner, parts.clock},
                                window))
{
    LessonPanel* lessons = m_lessons;
    window->addDockWidget(Qt::RightDockWidgetArea, lessons);
    lessons->hide();
    offerLessonsOnFirstStart(lessons, window);
    connect(actions, &MainActions::lessonsRequested, lessons, &LessonPanel::showLessons);
    connect(actions, &MainActions::openLessonRequested, this, &HelpController::openLessonDialog);
    connect(lessons, &LessonPanel::failed, this, &HelpController::failed);
    connect(lessons, &LessonPanel::exerciseSetupWanted, parts.setupList,
            &SetupListWidget::setCurrentRow);
    connect(lessons, &LessonPanel::calloutChanged, parts.charts, &ChartArea::setCallout);
    connect(lessons, &LessonPanel::liveCalloutChanged, parts.liveView, &LiveView::setCallout);
    connect(lessons, &LessonPanel::mapCalloutChanged, parts.mapView->heatMap(),
            &HeatMapView::setCallout);
    connect(lessons, &LessonPanel::viewWanted, this, parts.showView);
    connect(actions, &MainActions::aboutRequested, this, &HelpController::about);
    connect(actions, &MainActions::userGuideRequested, this, &HelpController::showUserGuide);
}

// docs/user-guide.md, "Lessons": a flat button in the menu bar's corner, not a dialog, so that
// the scenario shown (the reference setups) stays and nothing waits for an answer. Once per
// installation: the next start does not ask again.
void HelpController::offerLessonsOnFirstStart(LessonPanel* lessons, QMainWindow* window)
{
    const QString offered = QStringLiteral("lessons/offered");
    QSettings settings;
    if (settings.value(offered).toBool())
        return;
    settings.setValue(offered, true);
    auto* offer = new QPushButton(tr("New to hedging? Take a lesson…"), window);
    offer->setObjectName(QStringLiteral("lessonOffer"));
    offer->setFlat(true);
    offer->setToolTip(tr("Help → Lessons…"));
    window->menuBar()->setCornerWidget(offer, Qt::TopRightCorner);
    connect(offer, &QPushButton::clicked, lessons, &LessonPanel::showLessonList);
    // Taken up here or from the Help menu: the offer has been seen.
    connect(lessons, &QDockWidget::visibilityChanged, offer, [offer](bool visible) {
        if (visible)
            offer->hide();
    });
}

void HelpController::openLessonDialog()
{
    const QString own = LessonLibrary::ownFolder();
    const QString dir = QFileInfo::exists(own) ? own : QDir::homePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Lesson"), dir,
                                                      tr("Lesson files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openLessonFile(path);
}

std::optional<QString> HelpController::openLessonFile(const QString& path, bool askFirst)
{
    std::optional<QString> error = m_lessons->openLessonFile(path, askFirst);
    if (error)
        emit failed(tr("Cannot Open Lesson"), *error);
    return error;
}

void HelpController::showUserGuide()
{
    if (!m_userGuide)
        m_userGuide = new UserGuideWindow(m_window);
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
}

void HelpController::about()
{
    QMessageBox::about(
        m_window, tr("About Hedge Explorer"),
        tr("<h3>Hedge Explorer %1</h3>"
           "<p>See when request hedging helps a service and when it hurts it.</p>"
           "<p>The model: open-loop Poisson callers, a hedge policy with a Finagle-style "
           "retry budget and a Netflix Gradient2 adaptive limit, in front of a service of "
           "<i>workers</i> servers behind one shared FIFO queue, with log-normal service times "
           "and uniform hiccups; cancellation either stays in the client (HTTP) or reaches "
           "the server (gRPC). The same scenario gives the same numbers here and in "
           "<tt>hedgesim</tt>.</p>"
           "<p>Scenario and results files (schemas <tt>hedge-explorer/scenario@1</tt> and "
           "<tt>hedge-explorer/results@1</tt>) are described in <tt>scenario.md</tt> "
           "(<tt>/usr/share/doc/hedge-explorer/</tt>, or <tt>docs/</tt> in the source tree) "
           "and in <tt>man hedgesim</tt>; <tt>hedgesim validate FILE</tt> checks one.</p>"
           "<p>Built with Qt %2 (LGPL-3.0) and QCoro (MIT).</p>")
            .arg(QString::fromLatin1(kVersion), QString::fromLatin1(qVersion())));
}

} // namespace hedge
