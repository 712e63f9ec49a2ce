// Service → From Measurements… and Use the Log-Normal Model (docs/user-guide.md, "Your own
// service"), from the menu or the service editor's buttons. From Measurements… opens
// ServiceMeasurementsDialog on the scenario's service; its OK sets service.distribution as one
// undoable edit of the document (Undo gives the service back exactly as it was), or shows in the
// dialog why the scenario refuses it. Use the Log-Normal Model clears the distribution, also
// one undoable edit. The calibrations run on a ServiceFitController on the window's runner: a
// dialog that closes mid-round leaves the round to end on the runner's thread, not on the GUI's.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QMainWindow;

namespace hedge {

class BackgroundRunner;
class MainActions;
class ScenarioDocument;
class ServiceMeasurementsDialog;
class ServiceFitController;
class ServiceRunEditor;
struct ServiceDistribution;

class ServiceImport : public QObject {
    Q_OBJECT
public:
    ServiceImport(ScenarioDocument* document, ServiceRunEditor* editor, MainActions* actions,
                  BackgroundRunner* runner, QMainWindow* window);
    ~ServiceImport() override;

    void openDialog();
    // Sets `distribution` on the scenario's service (one undoable edit); the error otherwise.
    std::optional<QString> apply(const ServiceDistribution& distribution);
    void useLogNormal();

private:
    void followDocument();

    ScenarioDocument* m_document;
    MainActions* m_actions;
    QMainWindow* m_window;
    ServiceFitController* m_fits;
    QPointer<ServiceMeasurementsDialog> m_dialog;
};

} // namespace hedge
