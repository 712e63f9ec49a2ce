// File → Overlay Measured Results… and Remove Measured Overlay: the points of a results file
// drawn over the charts, matched to the scenario's setups by name (docs/user-guide.md,
// "Overlay of measured results"). Failures go to failed() for the window to show.
#pragma once

#include <QObject>
#include <QString>

#include <optional>

class QWidget;

namespace hedge {

class ChartArea;
class MainActions;
class ScenarioDocument;

class MeasuredOverlay : public QObject {
    Q_OBJECT
public:
    MeasuredOverlay(ChartArea* charts, MainActions* actions, const ScenarioDocument* document,
                    QWidget* window);

    // A file that does not read is refused and the overlay in place is kept; returns the
    // error then. Setups the file has and the scenario has not are listed in a message (and
    // not drawn).
    std::optional<QString> overlayFile(const QString& path);
    void remove();
    void overlayDialog();

signals:
    void failed(const QString& title, const QString& message);
    void message(const QString& text, int ms);

private:
    void reportUnmatched(const QStringList& setups);

    ChartArea* m_charts;
    MainActions* m_actions;
    const ScenarioDocument* m_document;
    QWidget* m_window;
};

} // namespace hedge
