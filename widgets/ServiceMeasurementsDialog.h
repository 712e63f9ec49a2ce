// Service → From Measurements… (docs/user-guide.md, "Your own service"): the service time of
// the user's own service, from a file of measured latencies (CSV, HdrHistogram log, Prometheus
// histogram: the format guessed from the name, the column or metric and the unit chosen) or a
// dashboard's typed percentiles. Latencies measured under load are calibrated (the table
// adjusted until the simulated response times at that load match them) by the
// ServiceFitController it is given (on the window's runner), with a progress bar and Stop; the
// GUI never waits for it.
// The fit shows as a plot (ServiceFitChart), a table (ServiceFitTable) and the import's notes;
// a service that has a distribution opens on the fit its scenario keeps (fitOfDistribution),
// without reading its file again, until a field changes. A Prometheus file's series are
// offered in the metric's list once the file is read.
// A file that does not read shows its "FILE:LINE: problem", a bad number its field; OK asks
// (applyRequested) for the distribution of the fit shown, which the window applies or
// refuses (showError).
#pragma once

#include <hedge/service/ServiceFitting.h>

#include <QDialog>
#include <QTimer>

#include <optional>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;

namespace hedge {

class PercentileFields;
class ServiceFitChart;
class ServiceFitController;
class ServiceFitTable;

class ServiceMeasurementsDialog : public QDialog {
    Q_OBJECT
public:
    // `service`: the scenario's (the calibration simulates its workers, replicas and errors;
    // a distribution it has fills the fields). `directory`: where Browse… starts.
    ServiceMeasurementsDialog(const ServiceConfig& service, const QString& directory,
                              ServiceFitController* fits, QWidget* parent = nullptr);
    ~ServiceMeasurementsDialog() override;

    // The fit of the fields as they are, once computed.
    const std::optional<ServiceFit>& fit() const { return m_fit; }
    // An error under the fields (a file's FILE:LINE, a field's problem, the window's refusal).
    void showError(const QString& message);
    QString error() const;
    bool isFitting() const;

signals:
    void applyRequested(const ServiceDistribution& distribution);

private:
    QWidget* makeSourceBox();
    QWidget* makeFilePage();
    QWidget* makeLoadBox();
    QWidget* makeFitPane();
    void fillFrom(const ServiceDistribution& d);
    void onPathEdited();
    void onFormatChanged();
    // Any field changed: the fit shown is not theirs; a new one starts after a pause.
    void onInputEdited();
    // The request of the fields, or the error to show.
    std::optional<ServiceFitRequest> request(QString* error) const;
    void startFit();
    void showRound(int round, double residual);
    void showFit(const ServiceFit& fit);
    // The file's histogram series in the metric's list (the text typed stays).
    void showSeries(const std::vector<std::string>& series);
    void onRunEnd(bool completed, const QString& error);
    void browse();
    void ok();

    ServiceConfig m_service;
    QString m_directory;
    ServiceFitController* m_fits;
    QTimer m_pause;
    std::optional<ServiceFit> m_fit;
    bool m_fitting = false;

    QRadioButton* m_fromFile = nullptr;
    QRadioButton* m_fromPercentiles = nullptr;
    QStackedWidget* m_sourcePages = nullptr;
    QLineEdit* m_path = nullptr;
    QComboBox* m_format = nullptr;
    // One field per format, each shown for its own: a Prometheus selector never reaches a
    // CSV's column.
    QLabel* m_columnLabel = nullptr;
    QLineEdit* m_column = nullptr; // csv
    QLabel* m_metricLabel = nullptr;
    QComboBox* m_metric = nullptr; // prometheus: typed, or one of the file's series
    QLabel* m_workers = nullptr;   // whose workers the calibration simulates
    QComboBox* m_unit = nullptr;
    PercentileFields* m_percentiles = nullptr;
    QRadioButton* m_lowLoad = nullptr;
    QRadioButton* m_underLoad = nullptr;
    QSpinBox* m_utilisation = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_stop = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_notes = nullptr;
    ServiceFitChart* m_chart = nullptr;
    ServiceFitTable* m_table = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace hedge
