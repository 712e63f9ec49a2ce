// Run → Advise… (docs/user-guide.md, "Advise"; docs/advisor.md): opens AdviceDialog on the
// working scenario and the selected setup, runs the search on its AdviceController, adds the
// advised setting as a setup (one undo step, named after it) and exports it (PolicyExportDialog),
// and gives the report its "Why this setting" section while the answer is about the document's
// world.
//
// One job at a time on shared cores: the search runs on the window's BackgroundRunner, where a
// pass of the sweep or the map's sweep gives way to it (their computed points stay) and runs
// again, from what has landed, when the search ends (the runner's rule, not this tool's). The
// dialog is window-modal, so the scenario cannot change while the advisor runs. The Live view's
// session goes on beside it: it runs in real time.
#pragma once

#include "AdviceDialog.h"

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QMainWindow;

namespace hedge {

class AdviceController;
class AdviceFrontChart;
class MainActions;
class RedrawClock;
class ScenarioDocument;
class SetupListWidget;
class BackgroundRunner;
struct ReportAdvice;

class AdviceTool : public QObject {
    Q_OBJECT
public:
    struct Parts {
        ScenarioDocument* document;
        SetupListWidget* setupList;
        MainActions* actions;
        RedrawClock* clock;
        BackgroundRunner* runner;
    };
    AdviceTool(const Parts& parts, QMainWindow* window);
    ~AdviceTool() override;

    // Opens the dialog on the working scenario (Run → Advise…).
    void openDialog();
    AdviceController* controller() const { return m_controller; }
    AdviceDialog* dialog() const { return m_dialog; }
    // The report's section: the last answer when its question's world is still the document's
    // (docs/user-guide.md, "Advise"); none otherwise or while a search runs.
    std::optional<ReportAdvice> reportSection();
    // Stops the search and waits for it (the window closes).
    void shutdown();

    // Whether `a` and `b` are the same world for the advisor: the service, the run's seed,
    // calls and warm-up (setups, loads, grid and timeline are not the advisor's world).
    static bool sameWorld(const Scenario& a, const Scenario& b);

private:
    void start(const AdviceQuestion& question);
    void addSetup(const Setup& advised);
    void exportPolicy(const Setup& advised);
    // "advised: delay 23.4 ms, budget 5 %" (`unique`: made unique among the scenario's setups,
    // for the list; an export is named after the setting alone, added or not).
    Setup namedAdvised(const Setup& advised, bool unique) const;

    Parts m_parts;
    QMainWindow* m_window;
    AdviceController* m_controller;
    QPointer<AdviceDialog> m_dialog;
    std::unique_ptr<AdviceFrontChart> m_reportChart; // never shown: the report draws it
};

} // namespace hedge
