// Service → From Measurements… and Use the Log-Normal Model (docs/user-guide.md, "Your own
// service"), from the menu or the service editor's buttons. From Measurements… opens
// ServiceMeasurementsDialog on the scenario's service; its OK sets service.distribution as one
// undoable edit of the document (Undo gives the service back exactly as it was), or shows in the
// dialog why the scenario refuses it. Use the Log-Normal Model clears the distribution, also
// one undoable edit. The calibrations run on a runner of the controller's own: a dialog that
// closes mid-round leaves the round to end on its thread, not on the GUI's.
#pragma once

#include <hedge/run/BackgroundRunner.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QMainWindow;

namespace hedge {

class MainActions;
class ScenarioDocument;
class ServiceMeasurementsDialog;
class ServiceRunEditor;
struct ServiceDistribution;

class ServiceImport : public QObject {
    Q_OBJECT
public:
    ServiceImport(ScenarioDocument* document, ServiceRunEditor* editor, MainActions* actions,
                  QMainWindow* window);
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
    BackgroundRunner m_runner;
    QPointer<ServiceMeasurementsDialog> m_dialog;
};

} // namespace hedge
