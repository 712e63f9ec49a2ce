// The Live view beside the sweep (docs/user-guide.md, "Live view"): its controls (run/pause, reset,
// speed, window, the load slider, a spike, a profile, the optional charts, saving the session and
// exports) over the LiveTimeSeriesView, all driving one LiveController.
#pragma once

#include <hedge/Scenario.h>

#include "LiveTimeSeriesView.h"
#include "SeriesStyle.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

#include <optional>

class QAction;
class QToolButton;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;

namespace hedge {

class LiveController;

class LiveView : public QWidget {
    Q_OBJECT
public:
    explicit LiveView(LiveController* controller, QWidget* parent = nullptr);

    LiveTimeSeriesView* chart() const { return m_chart; }
    QSlider* loadSlider() const { return m_loadSlider; }
    QToolButton* runButton() const { return m_runButton; }
    QToolButton* resetButton() const { return m_resetButton; }
    // At a timeline's end only: the worlds go on at the last load (LiveController::continueLive).
    QToolButton* continueButton() const { return m_continueButton; }
    QPushButton* spikeButton() const { return m_spikeButton; }
    QComboBox* speedBox() const { return m_speed; }
    QComboBox* profileBox() const { return m_profile; }
    QPushButton* profileButton() const { return m_profileButton; }
    QLabel* statusLabel() const { return m_status; }
    // View → the optional charts (utilisation, limit, budget balance, rejected %, and a
    // policy's state: hedges refused, gRPC tokens, Envoy retry slots, percentile delay).
    QAction* panelAction(Figure panel) const
    {
        return m_panelActions.value(panel);
    }

    void setSeriesStyles(const QList<SeriesStyle>& styles);
    // The optional panels on, as the document holds them (ScenarioDocument::style().panels):
    // the chart and the Charts menu show these (and a lesson's callout's panel). No signal.
    void showPanels(const QList<Figure>& on);
    // A lesson step's callout on the panel of `figure` (shown while the callout is on it if it
    // was hidden; the p99 panel for a figure without one), at `setup`'s bucket ending at `atS`; an empty setup takes it away. `compact`: as
    // for CalloutBubble::setText.
    void setCallout(const QString& figure, const QString& setup, double atS, const QString& text,
                    const QString& compact = {});

    // The session as a timeline scenario file; the error, or nothing.
    std::optional<QString> saveSession(const QString& path);
    // The charts (.png, .svg, .pdf) or the buckets (.csv, .json: timeline@1, the whole session
    // replayed by the controller's LiveExport, off the GUI thread, since the view keeps only
    // its window). Buckets files are written when exportFinished() comes.
    std::optional<QString> exportTo(const QString& path);
    // Export… (also File → Export Chart… while the Live view is shown).
    void exportDialog();

signals:
    // The user turned an optional panel on or off in the Charts menu: proposed, shown when the
    // document's panels come back (showPanels()).
    void panelChosen(hedge::Figure panel, bool on);
    void message(const QString& text, int ms);
    void failed(const QString& title, const QString& text);
    void exportFinished(const QString& path, const std::optional<QString>& error);

private:
    void createClockControls();
    void createLoadControls();
    QToolButton* createChartsButton();
    void layOut(QToolButton* save, QToolButton* exportButton, QToolButton* charts);
    void connectControls();
    void connectController();
    void saveSessionDialog();
    void updateStatus();
    void showRunState();
    QStringList shownNames() const;
    void showReplicaStripAvailability();
    void showWorldFamilies();
    void showLoad(double load);
    void refuse(const std::optional<QString>& error);

    LiveController* m_controller;
    LiveTimeSeriesView* m_chart = nullptr;
    QToolButton* m_runButton = nullptr;
    QToolButton* m_resetButton = nullptr;
    QToolButton* m_continueButton = nullptr;
    QComboBox* m_speed = nullptr;
    QComboBox* m_window = nullptr;
    QSlider* m_loadSlider = nullptr;
    QLabel* m_loadLabel = nullptr;
    QDoubleSpinBox* m_spikeExtra = nullptr;
    QDoubleSpinBox* m_spikeLength = nullptr;
    QPushButton* m_spikeButton = nullptr;
    QComboBox* m_profile = nullptr;
    QPushButton* m_profileButton = nullptr;
    QLabel* m_clock = nullptr;
    QLabel* m_status = nullptr;
    QMap<Figure, QAction*> m_panelActions;
    QList<SeriesStyle> m_styles; // the setups as the window names them
    bool m_showingLoad = false;
    // The optional panel a lesson's callout showed (hidden again when the callout leaves it; no
    // choice of the user's, so not the document's), and whether the callout, not the user, is
    // switching a panel now.
    std::optional<Figure> m_panelForCallout;
    bool m_choosingForCallout = false;
};

} // namespace hedge
