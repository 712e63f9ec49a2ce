// The window's status bar with the sweep's progress: a text (pass, points, rate, time left, or
// the finished sweep's size), a progress bar while running, and the Cancel button.
#pragma once

#include <hedge/Scenario.h>

#include <QStatusBar>

#include <cstddef>

class QLabel;
class QProgressBar;
class QPushButton;

namespace hedge {

class SweepController;

class RunStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit RunStatusBar(SweepController* controller, QWidget* parent = nullptr);

    // The working scenario's size, for the text shown once the sweep is complete.
    void setSweepSize(const Scenario& scenario);

    QLabel* statusLabel() const { return m_statusLabel; }
    QPushButton* cancelButton() const { return m_cancelButton; }

signals:
    // At each progress update: whether a run can be cancelled.
    void runningChanged(bool running);

private:
    void updateProgress();
    static QString formatDuration(double seconds);
    static QString formatRate(double callsPerSecond);

    SweepController* m_controller;
    std::size_t m_points = 0;
    qlonglong m_calls = 0;
    QLabel* m_statusLabel = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QPushButton* m_cancelButton = nullptr;
};

} // namespace hedge
