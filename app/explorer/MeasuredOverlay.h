// File → Overlay Measured Results… and Remove Measured Overlay: the points of a results file
// drawn over the charts (docs/user-guide.md, "Overlay of measured results"). A measured point
// belongs to the scenario it was measured for: it is drawn over the setup of the same name
// only while that setup has the policy the file gives it and the service is the file's; an
// edit that changes either hides the setup's points (undoing it brings them back), and
// another file or preset removes the overlay. Failures go to failed() for the window to show.
#pragma once

#include <hedge/io/ResultsJson.h>

#include <QObject>
#include <QString>
#include <QStringList>

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
    // error then. Setups the file has and the scenario has not, or has with another policy or
    // service, are listed in a message (and not drawn).
    std::optional<QString> overlayFile(const QString& path);
    void remove();
    void overlayDialog();

    // Setups whose measured points are not drawn, and why (compared with the working
    // scenario). Public for the tests.
    struct Mismatch {
        QStringList missing;       // no setup of that name
        QStringList otherPolicy;   // the setup of that name has another policy
        bool otherService = false; // the service is not the one measured (nothing is drawn)
        bool operator==(const Mismatch&) const = default;
    };
    const Mismatch& mismatch() const { return m_mismatch; }
    bool isLoaded() const { return m_file.has_value(); }

signals:
    void failed(const QString& title, const QString& message);
    void message(const QString& text, int ms);

private:
    struct File {
        RunResults results;
        QString name; // the file's name, for the hover text and messages
    };
    // The file's points that belong to `working`, and what keeps the others out.
    std::vector<PointResult> belonging(const Scenario& working, Mismatch& mismatch) const;
    // Draws the points that belong to the working scenario now.
    void draw();
    // After an edit: the points follow, and the status bar says what was hidden or is back.
    void followEdit();
    // Another file or preset: the overlay was measured for the old one.
    void dropForNewScenario();
    void reportMismatch(const Mismatch& mismatch);

    ChartArea* m_charts;
    MainActions* m_actions;
    const ScenarioDocument* m_document;
    QWidget* m_window;
    std::optional<File> m_file;
    Mismatch m_mismatch;
};

} // namespace hedge
