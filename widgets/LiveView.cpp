#include "LiveView.h"

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/run/LiveController.h>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace hedge {

namespace {

QString clockText(double s)
{
    const int total = int(std::floor(s));
    if (total < 3600)
        return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2:%3")
        .arg(total / 3600)
        .arg(total / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(total % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

LiveView::LiveView(LiveController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller)
{
    m_chart = new LiveTimeSeriesView(this);
    m_chart->setSource(&controller->rings());
    m_chart->setCollapses(&controller->collapses());
    m_chart->setChangeMarks(&controller->changeMarks());
    m_chart->setWorldNames(&controller->worldNames());
    createClockControls();
    createLoadControls();
    auto* save = new QToolButton(this);
    save->setText(tr("Save Session…"));
    save->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    save->setToolTip(tr("Save the session as a timeline scenario: it replays with the same "
                        "numbers here and in “hedgesim timeline”"));
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("The charts (PNG, SVG, PDF) or the buckets (CSV, JSON)"));

    layOut(save, exportButton, createChartsButton());
    connectControls();
    connect(save, &QPushButton::clicked, this, &LiveView::saveSessionDialog);
    connect(exportButton, &QPushButton::clicked, this, &LiveView::exportDialog);
    connectController();
    showLoad(m_controller->load());
    showRunState();
    updateStatus();
    showReplicaStripAvailability();
    showWorldFamilies();
}

// Run/pause, reset, speed, the charts' window and the simulated clock.
void LiveView::createClockControls()
{
    m_runButton = new QToolButton(this);
    m_runButton->setToolTip(tr("Pause or resume the simulated clock"));
    m_runButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_resetButton = new QToolButton(this);
    m_resetButton->setText(tr("Reset"));
    m_resetButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_resetButton->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_resetButton->setToolTip(tr("Start again from 0 s, without the live edits"));
    m_continueButton = new QToolButton(this);
    m_continueButton->setText(tr("Continue Live"));
    m_continueButton->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_continueButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_speed = new QComboBox(this);
    m_speed->addItem(tr("×1"), 1.0);
    m_speed->addItem(tr("×10"), 10.0);
    m_speed->addItem(tr("×100"), 100.0);
    m_speed->addItem(tr("Fastest"), LiveController::kFastest);
    m_speed->setToolTip(tr("Simulated seconds per second"));
    m_window = new QComboBox(this);
    for (int minutes : {1, 2, 5, 10})
        m_window->addItem(tr("%1 min").arg(minutes), minutes * 60.0);
    m_window->setCurrentIndex(2);
    m_window->setToolTip(tr("The span of simulated time the charts show"));
    m_clock = new QLabel(this);
    m_clock->setObjectName(QStringLiteral("liveClock"));
    m_clock->setMinimumWidth(40);
}

// The load slider, a spike, a named profile, and the status line.
void LiveView::createLoadControls()
{
    m_loadSlider = new QSlider(Qt::Horizontal, this);
    m_loadSlider->setRange(0, 150);
    m_loadSlider->setPageStep(5);
    m_loadSlider->setToolTip(tr("The offered load from the next second on (100 %: the service "
                                "is full without hedges)"));
    m_loadLabel = new QLabel(this);
    m_loadLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("150 %")) +
                                 4);
    m_spikeExtra = new QDoubleSpinBox(this);
    m_spikeExtra->setRange(1, 150);
    m_spikeExtra->setValue(30);
    m_spikeExtra->setSuffix(QStringLiteral(" %"));
    m_spikeExtra->setDecimals(0);
    m_spikeExtra->setPrefix(QStringLiteral("+"));
    m_spikeLength = new QDoubleSpinBox(this);
    m_spikeLength->setRange(1, 3600);
    m_spikeLength->setValue(30);
    m_spikeLength->setDecimals(0);
    m_spikeLength->setSuffix(tr(" s"));
    m_spikeButton = new QPushButton(tr("Spike"), this);
    m_spikeExtra->setToolTip(tr("How much more load the spike adds"));
    m_spikeLength->setToolTip(tr("How long the spike lasts (simulated seconds)"));
    m_spikeButton->setToolTip(tr("More load for a while, then back to the load in force"));
    m_profile = new QComboBox(this);
    for (auto kind : {LoadProfile::Kind::Step, LoadProfile::Kind::Spike, LoadProfile::Kind::Ramp,
                      LoadProfile::Kind::Sine})
        m_profile->addItem(QString::fromLatin1(toString(kind)), int(kind));
    m_profile->setToolTip(tr("A named load profile from now on: from the load in force to "
                             "+30 % (step and spike after 10 s, spike for 30 s, ramp over 60 s, "
                             "sine of period 60 s)"));
    m_profileButton = new QPushButton(tr("Follow"), this);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("liveStatus"));
    m_status->setMinimumWidth(20);
}

// Charts: the optional panels, each on or off.
QToolButton* LiveView::createChartsButton()
{
    auto* charts = new QToolButton(this);
    charts->setText(tr("Charts"));
    charts->setToolTip(tr("More charts under p99, requests per call and backlog"));
    charts->setPopupMode(QToolButton::InstantPopup);
    auto* chartsMenu = new QMenu(charts);
    for (Figure panel : panelFigures()) {
        if (figureRow(panel).alwaysShown)
            continue;
        QAction* a = chartsMenu->addAction(panelTitle(panel));
        a->setCheckable(true);
        a->setChecked(m_chart->isPanelShown(panel)); // the replica strip is on by default
        m_panelActions.insert(panel, a);
        connect(a, &QAction::toggled, this, [this, panel](bool on) {
            if (m_choosingForCallout) {
                m_chart->setPanelShown(panel, on);
                return;
            }
            if (m_panelForCallout == panel) {
                m_panelForCallout.reset(); // the user's choice now
                m_chart->setPanelShown(panel, on);
            }
            emit panelChosen(panel, on);
        });
    }
    charts->setMenu(chartsMenu);

    return charts;
}

void LiveView::layOut(QToolButton* save, QToolButton* exportButton, QToolButton* charts)
{
    // Three short rows: the view fits beside the editors in a 1024-pixel-wide window.
    auto* row1 = new QHBoxLayout;
    row1->addWidget(m_runButton);
    row1->addWidget(m_resetButton);
    row1->addWidget(m_continueButton);
    row1->addWidget(m_speed);
    row1->addWidget(m_window);
    row1->addWidget(m_clock, 1);
    row1->addWidget(save);
    row1->addWidget(exportButton);
    auto* row2 = new QHBoxLayout;
    row2->addWidget(new QLabel(tr("Load"), this));
    row2->addWidget(m_loadSlider, 1);
    row2->addWidget(m_loadLabel);
    row2->addWidget(m_spikeButton);
    row2->addWidget(m_spikeExtra);
    row2->addWidget(m_spikeLength);
    auto* row3 = new QHBoxLayout;
    row3->addWidget(m_profile);
    row3->addWidget(m_profileButton);
    row3->addWidget(charts);
    row3->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addLayout(row1);
    layout->addLayout(row2);
    layout->addLayout(row3);
    layout->addWidget(m_chart, 1);
}

void LiveView::connectControls()
{
    connect(m_runButton, &QPushButton::clicked, this, [this] {
        if (m_controller->finished()) {
            // Nothing is left to play: Run plays the timeline again from 0 s.
            m_controller->reset();
            m_controller->resume();
        } else if (m_controller->isPaused())
            m_controller->resume();
        else
            m_controller->pause();
    });
    connect(m_resetButton, &QPushButton::clicked, m_controller, &LiveController::reset);
    connect(m_continueButton, &QToolButton::clicked, m_controller, &LiveController::continueLive);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
            [this] { m_controller->setSpeed(m_speed->currentData().toDouble()); });
    connect(m_window, &QComboBox::currentIndexChanged, this,
            [this] { m_chart->setWindowSeconds(m_window->currentData().toDouble()); });
    m_chart->setWindowSeconds(m_window->currentData().toDouble());
    // The latest position wins: the controller takes the load at the next bucket boundary.
    connect(m_loadSlider, &QSlider::valueChanged, this, [this](int percent) {
        m_loadLabel->setText(QStringLiteral("%1 %").arg(percent));
        if (!m_showingLoad)
            refuse(m_controller->setLoad(percent / 100.0));
    });
    connect(m_spikeButton, &QPushButton::clicked, this, [this] {
        refuse(m_controller->spike(m_spikeExtra->value() / 100.0, m_spikeLength->value()));
    });
    connect(m_profileButton, &QPushButton::clicked, this, [this] {
        LoadProfile p;
        p.kind = LoadProfile::Kind(m_profile->currentData().toInt());
        p.base = m_controller->load();
        p.peak = std::min(1.5, p.base + 0.3);
        p.atS = 10.0;
        p.lengthS = p.kind == LoadProfile::Kind::Ramp ? 60.0 : 30.0;
        p.periodS = 60.0;
        refuse(m_controller->followProfile(p));
    });
}

// The view follows the controller: samples, pause, load, speed, collapses.
void LiveView::connectController()
{
    connect(m_controller->exporter(), &LiveExport::finished, this, &LiveView::exportFinished);
    connect(m_controller, &LiveController::samplesChanged, this, [this] {
        m_chart->refresh();
        // A played file or profile moves the load: the slider follows unless it is held.
        if (!m_loadSlider->isSliderDown())
            showLoad(m_controller->load());
        updateStatus();
    });
    connect(m_controller, &LiveController::pausedChanged, this, [this] {
        showRunState();
        updateStatus();
    });
    connect(m_controller, &LiveController::loadChanged, this, &LiveView::showLoad);
    connect(m_controller, &LiveController::finishedChanged, this, [this](bool finished) {
        showRunState();
        updateStatus();
        if (finished)
            emit message(m_runButton->toolTip(), 8000);
    });
    connect(m_controller, &LiveController::sessionStarted, this, [this] {
        updateStatus();
        showReplicaStripAvailability();
        showWorldFamilies();
    });
    connect(m_controller, &LiveController::speedChanged, this, [this](double speed) {
        m_speed->setCurrentIndex(std::max(0, m_speed->findData(speed)));
    });
    connect(m_controller, &LiveController::collapseStarted, this,
            [this](const QString& setup, double atS) {
                const int world = int(m_controller->setupNames().indexOf(setup));
                const QStringList names = shownNames();
                emit message(tr("%1 collapsed at %2")
                                 .arg(world >= 0 && world < names.size() ? names[world] : setup,
                                      clockText(atS)),
                             6000);
            });
}

// Run, Pause, or at the timeline's end Restart; the load's controls say why they wait.
void LiveView::showRunState()
{
    const bool over = m_controller->finished();
    const bool paused = m_controller->isPaused() || !m_controller->hasSession();
    m_runButton->setText(over ? tr("Restart") : paused ? tr("Run") : tr("Pause"));
    m_runButton->setIcon(style()->standardIcon(over     ? QStyle::SP_BrowserReload
                                               : paused ? QStyle::SP_MediaPlay
                                                        : QStyle::SP_MediaPause));
    const QString end = over ? tr("The timeline ended at %1: Restart plays it from 0 s.")
                                   .arg(clockText(m_controller->nowS()))
                             : QString();
    m_runButton->setToolTip(over ? end : tr("Pause or resume the simulated clock"));
    // Only at the end: from there the worlds may go on, as a live session.
    m_continueButton->setVisible(over);
    m_continueButton->setToolTip(tr("The worlds go on from %1 at the last load (%2 %), as a live "
                                    "session")
                                     .arg(clockText(m_controller->nowS()))
                                     .arg(std::lround(m_controller->load() * 100.0)));
    // A load or a spike after the end would never be played: the controls rest until then.
    for (QWidget* control : std::initializer_list<QWidget*>{
             m_loadSlider, m_spikeButton, m_spikeExtra, m_spikeLength, m_profile, m_profileButton})
        control->setEnabled(!over);
    m_loadSlider->setToolTip(over ? end
                                  : tr("The offered load from the next second on (100 %: the "
                                       "service is full without hedges)"));
    m_spikeButton->setToolTip(over ? end
                                   : tr("More load for a while, then back to the load in force"));
    m_profileButton->setToolTip(over ? end : QString());
}

void LiveView::showWorldFamilies()
{
    // A world per setup of the session, in its order: their families tell what the
    // bucket's tokens are (gRPC's throttle, or Finagle's and Tower's budget).
    QList<PolicyFamily> families;
    for (const Setup& setup : m_controller->scenario().setups)
        families << setup.policy;
    m_chart->setWorldFamilies(families);
}

void LiveView::showReplicaStripAvailability()
{
    // One replica has no queue of its own to show: its backlog is the backlog chart's.
    QAction* strip = m_panelActions.value(Figure::ReplicaBacklog);
    const bool replicas = m_controller->scenario().service.replicas > 1;
    strip->setEnabled(replicas);
    strip->setText(replicas
                       ? panelTitle(Figure::ReplicaBacklog)
                       : tr("Backlog per replica (none: the service has one replica)"));
}

void LiveView::setCallout(const QString& figure, const QString& setup, double atS,
                          const QString& text, const QString& compact)
{
    const QStringList names = m_controller->setupNames();
    const qsizetype world = names.indexOf(setup);
    // The panel of the figure the lesson names by its results key (p99's when none has it).
    const Figure panel =
        figureFromResultsKey(figure.toStdString(), panelFigures()).value_or(Figure::P99);
    const bool shown = !text.isEmpty() && world >= 0;
    // A step about a figure shows its panel: a callout citing a hidden chart would point at
    // nothing on screen. Through the Charts menu's action, so the menu says it is on; hidden
    // again when the callout leaves it (other steps keep their room at 1024 x 700), unless the
    // user chose it meanwhile.
    const auto showPanel = [this](Figure p, bool on) {
        m_choosingForCallout = true;
        m_panelActions.value(p)->setChecked(on);
        m_choosingForCallout = false;
    };
    if (m_panelForCallout && (!shown || *m_panelForCallout != panel)) {
        showPanel(*m_panelForCallout, false);
        m_panelForCallout.reset();
    }
    if (shown && !m_chart->isPanelShown(panel) && m_panelActions.contains(panel)) {
        showPanel(panel, true);
        m_panelForCallout = panel;
    }
    m_chart->setCallout(panel,
                        std::size_t(std::max<qsizetype>(world, 0)), atS,
                        setup.isEmpty() || world < 0 ? QString() : text, compact);
}

void LiveView::showPanels(const QList<Figure>& on)
{
    for (auto it = m_panelActions.cbegin(); it != m_panelActions.cend(); ++it) {
        const bool shown = on.contains(it.key()) || m_panelForCallout == it.key();
        m_chart->setPanelShown(it.key(), shown);
        const QSignalBlocker showing(it.value());
        it.value()->setChecked(shown);
    }
}

void LiveView::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    m_styles = styles;
    m_chart->setSeriesStyles(styles);
    updateStatus(); // a renamed setup is named as the list names it
}

QStringList LiveView::shownNames() const
{
    // The worlds keep the names they started with; the window names them as the list does.
    const QStringList names = m_controller->setupNames();
    if (m_styles.size() != names.size())
        return names;
    QStringList shown;
    for (const SeriesStyle& style : m_styles)
        shown << style.setup;
    return shown;
}

void LiveView::showLoad(double load)
{
    m_showingLoad = true;
    m_loadSlider->setValue(int(std::lround(load * 100.0)));
    m_loadLabel->setText(QStringLiteral("%1 %").arg(int(std::lround(load * 100.0))));
    m_showingLoad = false;
}

void LiveView::refuse(const std::optional<QString>& error)
{
    if (error) {
        m_status->setText(*error);
        emit message(*error, 8000);
    }
}

void LiveView::updateStatus()
{
    QString state = m_controller->finished()   ? tr("finished")
                    : m_controller->isPaused() ? tr("paused")
                                               : tr("running");
    // The button says running or paused; the clock says only when the timeline is over.
    m_clock->setText(m_controller->finished() ? tr("%1 · end").arg(clockText(m_controller->nowS()))
                                              : clockText(m_controller->nowS()));
    m_clock->setToolTip(tr("Simulated time %1 (%2)").arg(clockText(m_controller->nowS()), state));
    QStringList collapsed;
    const QStringList names = shownNames();
    for (int w = 0; w < names.size(); ++w)
        if (auto since = m_controller->firstCollapseS(std::size_t(w)))
            collapsed << tr("%1 (since %2)").arg(names[w], clockText(*since));
    QStringList parts;
    if (m_controller->finished())
        parts << tr("Timeline ended at %1: Restart plays it from 0 s; Continue Live goes on")
                     .arg(clockText(m_controller->nowS()));
    if (!collapsed.isEmpty())
        parts << tr("Collapsed: %1").arg(collapsed.join(QStringLiteral(", ")));
    const QString text = parts.join(QStringLiteral(" · "));
    m_status->setToolTip(text);
    m_status->setText(m_status->fontMetrics().elidedText(text, Qt::ElideRight, m_status->width()));
}

std::optional<QString> LiveView::saveSession(const QString& path)
{
    const Scenario s = m_controller->recordedScenario();
    if (!s.timeline || s.timeline->durationS <= 0.0)
        return tr("Nothing to save yet: the session has not run a bucket.");
    if (auto error = writeFileAtomically(path.toStdString(), writeScenarioJson(s)))
        return QString::fromStdString(*error);
    emit message(tr("Saved the session (%1 simulated) to %2")
                     .arg(clockText(s.timeline->durationS), QDir::toNativeSeparators(path)),
                 5000);
    return std::nullopt;
}

void LiveView::saveSessionDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Live Session"), QDir::homePath() + QStringLiteral("/live-session.json"),
        tr("Timeline scenarios (*.json)"));
    if (path.isEmpty())
        return;
    if (auto error = saveSession(path))
        emit failed(tr("Cannot Save Session"), *error);
}

std::optional<QString> LiveView::exportTo(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("csv") && suffix != QLatin1String("json"))
        return m_chart->exportTo(path);
    // The whole session replayed (bit for bit the live buckets) by the controller, on the runner.
    return m_controller->exporter()->start(m_controller->recordedScenario(), path);
}

void LiveView::exportDialog()
{
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Live View"), QDir::homePath() + QStringLiteral("/live.png"),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;"
           "Buckets as CSV (*.csv);;Buckets as JSON, timeline@1 (*.json)"),
        &selected);
    if (path.isEmpty())
        return;
    if (auto error = exportTo(path))
        emit failed(tr("Cannot Export"), *error);
}

} // namespace hedge
