#include "ServiceMeasurementsDialog.h"

#include <hedge/run/ServiceFitController.h>

#include "PercentileFields.h"
#include "ServiceFitChart.h"
#include "ServiceFitTable.h"
#include "SpinBoxes.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

namespace hedge {

ServiceMeasurementsDialog::ServiceMeasurementsDialog(const ServiceConfig& service,
                                                     const QString& directory,
                                                     ServiceFitController* fits, QWidget* parent)
    : QDialog(parent), m_service(service), m_directory(directory), m_fits(fits)
{
    setObjectName(QStringLiteral("serviceMeasurementsDialog"));
    setWindowTitle(tr("Service From Measurements"));
    QWidget* sourceBox = makeSourceBox();
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("fitProgress"));
    m_stop = new QPushButton(tr("S&top"), this);
    m_stop->setObjectName(QStringLiteral("stopFit"));
    m_stop->setToolTip(tr("Stop the calibration: the fit of its last round is kept"));
    // Shown while a fit runs (startFit), not before.
    m_progress->hide();
    m_stop->hide();
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_stop);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("fitError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #d0312d; }"));
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("fitNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(sourceBox);
    inputs->addWidget(makeLoadBox());
    inputs->addLayout(progressRow);
    inputs->addWidget(m_error);
    inputs->addWidget(m_notes);
    inputs->addStretch(1);
    // The fields as wide as they need; the fit takes the rest.
    auto* inputPane = new QWidget(this);
    inputPane->setLayout(inputs);
    inputPane->setMaximumWidth(380);
    inputs->setContentsMargins(0, 0, 0, 0);
    auto* columns = new QHBoxLayout;
    columns->addWidget(inputPane, 0);
    columns->addWidget(makeFitPane(), 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setObjectName(QStringLiteral("applyServiceFit"));
    m_ok->setToolTip(tr("Simulate the service with this distribution (Edit → Undo takes it back)"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ServiceMeasurementsDialog::ok);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons);

    m_pause.setSingleShot(true);
    m_pause.setInterval(kApplyPauseMs);
    connect(&m_pause, &QTimer::timeout, this, &ServiceMeasurementsDialog::startFit);
    connect(m_stop, &QPushButton::clicked, m_fits, &ServiceFitController::stop);
    connect(this, &QDialog::rejected, m_fits, &ServiceFitController::cancel);
    connect(m_fits, &ServiceFitController::seriesFound, this,
            &ServiceMeasurementsDialog::showSeries);
    connect(m_fits, &ServiceFitController::roundDone, this, &ServiceMeasurementsDialog::showRound);
    connect(m_fits, &ServiceFitController::fitted, this, &ServiceMeasurementsDialog::showFit);
    connect(m_fits, &ServiceFitController::ended, this, &ServiceMeasurementsDialog::onRunEnd);

    m_fromPercentiles->setChecked(true);
    m_sourcePages->setCurrentIndex(1);
    onFormatChanged();
    if (service.distribution) {
        // The fit the scenario keeps, at once and without its file (which may be elsewhere
        // now); a field changed fits again.
        fillFrom(*service.distribution);
        m_pause.stop();
        showFit(fitOfDistribution(*service.distribution));
    } else {
        onInputEdited();
    }
    resize(980, 620);
}

ServiceMeasurementsDialog::~ServiceMeasurementsDialog()
{
    // What the calibration still posts is for a dialog that is gone; its round ends on its own.
    m_fits->cancel();
}

QWidget* ServiceMeasurementsDialog::makeSourceBox()
{
    m_fromFile = new QRadioButton(tr("A &file of measured latencies"), this);
    m_fromFile->setObjectName(QStringLiteral("measurementsFromFile"));
    m_fromPercentiles = new QRadioButton(tr("A dashboard's &percentiles"), this);
    m_fromPercentiles->setObjectName(QStringLiteral("measurementsFromPercentiles"));
    auto* sourceGroup = new QButtonGroup(this);
    sourceGroup->addButton(m_fromFile, 0);
    sourceGroup->addButton(m_fromPercentiles, 1);
    m_sourcePages = new QStackedWidget(this);
    m_sourcePages->addWidget(makeFilePage());
    m_percentiles = new PercentileFields(this);
    m_sourcePages->addWidget(m_percentiles);
    connect(m_percentiles, &PercentileFields::edited, this,
            &ServiceMeasurementsDialog::onInputEdited);
    auto* sourceBox = new QGroupBox(tr("Measurements"), this);
    auto* sourceLayout = new QVBoxLayout(sourceBox);
    sourceLayout->addWidget(m_fromFile);
    sourceLayout->addWidget(m_fromPercentiles);
    sourceLayout->addWidget(m_sourcePages);

    connect(sourceGroup, &QButtonGroup::idClicked, this, [this](int page) {
        m_sourcePages->setCurrentIndex(page);
        onInputEdited();
    });
    return sourceBox;
}

QWidget* ServiceMeasurementsDialog::makeFilePage()
{
    auto* page = new QWidget(this);
    m_path = new QLineEdit(page);
    m_path->setObjectName(QStringLiteral("measurementsPath"));
    m_path->setPlaceholderText(tr("latencies.csv, .hlog or .prom"));
    m_path->setMinimumWidth(180); // room for a file's name at the end of its path
    auto* browse = new QPushButton(tr("&Browse…"), page);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_format = new QComboBox(page);
    m_format->setObjectName(QStringLiteral("measurementsFormat"));
    m_format->addItem(tr("CSV of latencies"), int(MeasurementFormat::Csv));
    m_format->addItem(tr("HdrHistogram log"), int(MeasurementFormat::HdrHistogramLog));
    m_format->addItem(tr("Prometheus histogram"), int(MeasurementFormat::Prometheus));
    m_format->setToolTip(tr("Guessed from the file's name (.csv, .hlog, .prom / .txt / .metrics)"));
    m_columnLabel = new QLabel(tr("&Column:"), page);
    m_column = new QLineEdit(page);
    m_column->setObjectName(QStringLiteral("measurementsColumn"));
    m_column->setPlaceholderText(tr("empty: the only column"));
    m_columnLabel->setBuddy(m_column);
    m_metricLabel = new QLabel(tr("&Metric:"), page);
    m_metric = new QComboBox(page);
    m_metric->setObjectName(QStringLiteral("measurementsMetric"));
    m_metric->setEditable(true);
    m_metric->setInsertPolicy(QComboBox::NoInsert);
    m_metric->lineEdit()->setPlaceholderText(
        tr("http_request_duration_seconds{handler=\"/api\"}"));
    m_metric->setToolTip(tr("The histogram and its label set, as PromQL writes them; the list "
                            "holds the file's series once it is read. Empty: the file's only "
                            "one"));
    m_metric->setMinimumContentsLength(12);
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metricLabel->setBuddy(m_metric);
    m_unit = new QComboBox(page);
    m_unit->setObjectName(QStringLiteral("measurementsUnit"));
    m_unit->addItem(tr("ms"), int(LatencyUnit::Milliseconds));
    m_unit->addItem(tr("s"), int(LatencyUnit::Seconds));
    m_unit->addItem(tr("µs"), int(LatencyUnit::Microseconds));
    m_unit->setToolTip(tr("The unit of the file's latencies (Prometheus: its buckets' bounds)"));
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(m_columnLabel, m_column);
    form->addRow(m_metricLabel, m_metric);
    form->addRow(tr("&Unit:"), m_unit);
    connect(browse, &QPushButton::clicked, this, &ServiceMeasurementsDialog::browse);
    connect(m_path, &QLineEdit::textEdited, this, &ServiceMeasurementsDialog::onPathEdited);
    connect(m_format, &QComboBox::activated, this, [this] {
        onFormatChanged();
        onInputEdited();
    });
    connect(m_column, &QLineEdit::textEdited, this, &ServiceMeasurementsDialog::onInputEdited);
    connect(m_metric->lineEdit(), &QLineEdit::textEdited, this,
            &ServiceMeasurementsDialog::onInputEdited);
    connect(m_metric, &QComboBox::activated, this, &ServiceMeasurementsDialog::onInputEdited);
    connect(m_unit, &QComboBox::activated, this, &ServiceMeasurementsDialog::onInputEdited);
    return page;
}

QWidget* ServiceMeasurementsDialog::makeLoadBox()
{
    auto* box = new QGroupBox(tr("Measured at utilisation"), this);
    m_lowLoad = new QRadioButton(tr("&Low: treat the latencies as service times"), box);
    m_lowLoad->setObjectName(QStringLiteral("measuredAtLowLoad"));
    m_underLoad = new QRadioButton(tr("U&nder load, at"), box);
    m_underLoad->setObjectName(QStringLiteral("measuredUnderLoad"));
    m_underLoad->setToolTip(tr("The latencies include queueing: the service time is calibrated "
                               "until the simulated response times at this load, without "
                               "hedging, match them"));
    m_utilisation = makeSpinBox(tr("Utilisation"), 5, 95, tr(" %"), box);
    m_utilisation->setObjectName(QStringLiteral("measuredUtilisation"));
    m_utilisation->setValue(60);
    auto* group = new QButtonGroup(box);
    group->addButton(m_lowLoad);
    group->addButton(m_underLoad);
    m_lowLoad->setChecked(true);
    m_utilisation->setEnabled(false);
    auto* row = new QHBoxLayout;
    row->addWidget(m_underLoad);
    row->addWidget(m_utilisation);
    row->addStretch(1);
    // The calibration simulates the scenario's service: its workers, replicas and errors.
    m_workers = new QLabel(box);
    m_workers->setObjectName(QStringLiteral("calibrationWorkers"));
    m_workers->setWordWrap(true);
    const QString replicas =
        m_service.replicas > 1 ? tr(" on each of %1 replicas").arg(m_service.replicas) : QString();
    const QString workers = m_service.workers == 1
                                ? tr("1 worker")
                                : tr("%1 workers").arg(m_service.workers);
    m_workers->setText(tr("Calibrated on the scenario's %1%2, as the Service pane sets them: "
                          "set the workers the latencies were measured with first.")
                           .arg(workers, replicas));
    m_workers->setEnabled(false);
    auto* layout = new QVBoxLayout(box);
    layout->addWidget(m_lowLoad);
    layout->addLayout(row);
    layout->addWidget(m_workers);
    connect(group, &QButtonGroup::buttonClicked, this, [this] {
        m_utilisation->setEnabled(m_underLoad->isChecked());
        m_workers->setEnabled(m_underLoad->isChecked());
        onInputEdited();
    });
    connect(m_utilisation, &QSpinBox::valueChanged, this, &ServiceMeasurementsDialog::onInputEdited);
    return box;
}

QWidget* ServiceMeasurementsDialog::makeFitPane()
{
    auto* pane = new QWidget(this);
    m_chart = new ServiceFitChart(pane);
    m_table = new ServiceFitTable(pane);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_table, 0);
    return pane;
}

void ServiceMeasurementsDialog::fillFrom(const ServiceDistribution& d)
{
    const bool file = d.kind == DistributionKind::Empirical;
    (file ? m_fromFile : m_fromPercentiles)->setChecked(true);
    m_sourcePages->setCurrentIndex(file ? 0 : 1);
    if (file) {
        m_path->setText(QString::fromStdString(d.source));
        m_format->setCurrentIndex(m_format->findData(int(d.format)));
        onFormatChanged();
        m_column->setText(QString::fromStdString(d.column));
        m_metric->setEditText(QString::fromStdString(d.metric));
        m_unit->setCurrentIndex(m_unit->findData(int(d.unit)));
    }
    m_percentiles->setPoints(d.percentiles, d.maxMs);
    if (d.calibration) {
        m_underLoad->setChecked(true);
        m_utilisation->setEnabled(true);
        m_workers->setEnabled(true);
        m_utilisation->setValue(int(std::lround(d.calibration->utilisation * 100.0)));
    }
}

void ServiceMeasurementsDialog::onPathEdited()
{
    if (const auto guessed = formatFromPath(m_path->text().toStdString())) {
        m_format->setCurrentIndex(m_format->findData(int(*guessed)));
        onFormatChanged();
    }
    onInputEdited();
}

void ServiceMeasurementsDialog::onFormatChanged()
{
    const auto format = MeasurementFormat(m_format->currentData().toInt());
    // Prometheus' convention is seconds; a CSV's and HdrHistogram's, the caller's: ms.
    const LatencyUnit unit =
        format == MeasurementFormat::Prometheus ? LatencyUnit::Seconds : LatencyUnit::Milliseconds;
    m_unit->setCurrentIndex(m_unit->findData(int(unit)));
    const bool csv = format == MeasurementFormat::Csv;
    const bool prometheus = format == MeasurementFormat::Prometheus;
    m_columnLabel->setVisible(csv);
    m_column->setVisible(csv);
    m_metricLabel->setVisible(prometheus);
    m_metric->setVisible(prometheus);
}

void ServiceMeasurementsDialog::onInputEdited()
{
    // The fit shown is of other fields: OK waits for the new one.
    m_fit.reset();
    m_ok->setEnabled(false);
    m_pause.start();
}

std::optional<ServiceFitRequest> ServiceMeasurementsDialog::request(QString* error) const
{
    ServiceFitRequest r;
    r.service = m_service;
    if (m_underLoad->isChecked())
        r.utilisation = m_utilisation->value() / 100.0;
    if (m_fromFile->isChecked()) {
        // Nothing chosen yet is not an error: nothing to fit.
        if (m_path->text().trimmed().isEmpty())
            return std::nullopt;
        MeasurementRequest file;
        file.path = m_path->text().trimmed().toStdString();
        file.format = MeasurementFormat(m_format->currentData().toInt());
        // Only the chosen format's field: what another format's field holds is not read.
        if (file.format == MeasurementFormat::Csv)
            file.column = m_column->text().trimmed().toStdString();
        if (file.format == MeasurementFormat::Prometheus)
            file.metric = m_metric->currentText().trimmed().toStdString();
        file.unit = LatencyUnit(m_unit->currentData().toInt());
        r.file = file;
        return r;
    }
    if (m_percentiles->isEmpty())
        return std::nullopt;
    const auto typed = m_percentiles->parse(error);
    if (!typed)
        return std::nullopt;
    r.maxMs = typed->maxMs;
    r.percentiles = typed->points;
    return r;
}

void ServiceMeasurementsDialog::startFit()
{
    m_pause.stop();
    m_fits->cancel();
    m_chart->clear();
    m_table->clearFit();
    m_notes->clear();
    QString problem;
    const auto fitRequest = request(&problem);
    showError(problem);
    m_fitting = bool(fitRequest);
    m_progress->setVisible(m_fitting);
    m_stop->setVisible(m_fitting && fitRequest->utilisation);
    if (!fitRequest)
        return;
    // Reading a file has no rounds: the bar only says it is busy.
    const int rounds = fitRequest->utilisation ? CalibrationOptions{}.maxRounds : 0;
    m_progress->setRange(0, rounds);
    m_progress->setValue(0);
    m_progress->setFormat(rounds ? tr("Calibrating…") : tr("Reading…"));
    // The controller reads, calibrates and reports; this dialog shows.
    m_fits->start(*fitRequest);
}

void ServiceMeasurementsDialog::showRound(int round, double residual)
{
    m_progress->setValue(std::min(round, m_progress->maximum()));
    m_progress->setFormat(tr("Calibrating: round %1, largest residual %2 %")
                              .arg(round)
                              .arg(residual * 100.0, 0, 'f', 1));
}

void ServiceMeasurementsDialog::showFit(const ServiceFit& fit)
{
    m_fit = fit;
    const ServiceDistribution& d = fit.distribution;
    // A dashboard measured its points only: the curve between them is the table's.
    if (d.kind == DistributionKind::Percentiles)
        m_chart->setMeasured({}, d.percentiles);
    else if (fit.measured.fraction.empty() && d.calibration)
        m_chart->setMeasured({}, d.calibration->measured); // a kept fit: its targets
    else
        m_chart->setMeasured(fit.measured, {});
    m_chart->setModel(d.table);
    if (d.calibration)
        m_chart->setSimulated(d.calibration->simulated, fit.simulatedResponse,
                              d.calibration->utilisation);
    m_table->setFit(fit.measuredPoints, d.table, d.calibration);
    QStringList notes;
    for (const std::string& note : fit.notes)
        notes << QStringLiteral("• ") + QString::fromStdString(note);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_ok->setEnabled(true);
}

void ServiceMeasurementsDialog::showSeries(const std::vector<std::string>& series)
{
    const QString typed = m_metric->currentText();
    const QSignalBlocker quiet(m_metric);
    m_metric->clear();
    for (const std::string& each : series)
        m_metric->addItem(QString::fromStdString(each));
    m_metric->setEditText(typed);
}

void ServiceMeasurementsDialog::onRunEnd(bool completed, const QString& error)
{
    m_fitting = false;
    m_progress->setVisible(false);
    m_stop->setVisible(false);
    if (!error.isEmpty())
        showError(error);
    else if (!completed && m_fit)
        m_notes->setText(m_notes->text() + QStringLiteral("\n• ") +
                         tr("stopped: the fit of the calibration's last round"));
    else if (!completed)
        showError(tr("Stopped before a fit: change a field to start again."));
}

void ServiceMeasurementsDialog::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString ServiceMeasurementsDialog::error() const
{
    return m_error->text();
}

bool ServiceMeasurementsDialog::isFitting() const
{
    return m_fitting || m_pause.isActive();
}

void ServiceMeasurementsDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Measured Latencies"), m_directory,
        tr("Measured latencies (*.csv *.hlog *.prom *.txt *.metrics);;All files (*)"));
    if (path.isEmpty())
        return;
    m_path->setText(path);
    onPathEdited();
}

void ServiceMeasurementsDialog::ok()
{
    if (!m_fit)
        return;
    showError(QString());
    emit applyRequested(m_fit->distribution);
}

} // namespace hedge
