// The window's status bar with the sweep's progress: a text (pass, points, rate, time left, or
// the finished sweep's size), a progress bar while running, and the Cancel button. A message
// of one view (the Live view's collapses) belongs to that view: it is not shown while the
// other view is, and goes when the other view is shown.
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

    enum class View { Sweep, Live };
    // The view the window shows now; a message of the other view is taken away.
    void setShownView(View view);
    // Shows `text` for `ms` if `view` is shown; a view behind the other says nothing here (the
    // Live view keeps its collapses in its own status line).
    void showViewMessage(View view, const QString& text, int ms);

    QLabel* statusLabel() const { return m_statusLabel; }
    QPushButton* cancelButton() const { return m_cancelButton; }

    // The message as drawn: cut with "…" where it would reach the progress text (it ran into
    // it: "…calibraFull pass").
    QString shownMessage() const;

signals:
    // At each progress update: whether a run can be cancelled.
    void runningChanged(bool running);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRect messageRect() const;
    void updateProgress();
    static QString formatDuration(double seconds);
    static QString formatRate(double callsPerSecond);

    SweepController* m_controller;
    View m_shownView = View::Sweep;
    // The last message of a view, and which.
    View m_messageView = View::Sweep;
    QString m_viewMessage;
    std::size_t m_points = 0;
    qlonglong m_calls = 0;
    QLabel* m_statusLabel = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QPushButton* m_cancelButton = nullptr;
};

} // namespace hedge
