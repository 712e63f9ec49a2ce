#include "RunStatusBar.h"

#include <hedge/run/SweepController.h>

#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace hedge {

RunStatusBar::RunStatusBar(SweepController* controller, QWidget* parent)
    : QStatusBar(parent), m_controller(controller)
{
    m_statusLabel = new QLabel(this);
    m_progressBar = new QProgressBar(this);
    m_progressBar->setMaximumWidth(180);
    m_progressBar->setTextVisible(false);
    m_progressBar->setVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setToolTip(tr("Stop the running sweep (Esc); computed points are kept"));
    m_cancelButton->setEnabled(false);
    m_cancelButton->setFocusPolicy(Qt::NoFocus);
    connect(m_cancelButton, &QPushButton::clicked, m_controller, &SweepController::cancel);
    addPermanentWidget(m_statusLabel);
    addPermanentWidget(m_progressBar);
    addPermanentWidget(m_cancelButton);

    connect(m_controller, &SweepController::progressChanged, this, &RunStatusBar::updateProgress);
    connect(m_controller, &SweepController::runStarted, this, &RunStatusBar::updateProgress);
    connect(m_controller, &SweepController::runFinished, this, &RunStatusBar::updateProgress);
    connect(m_controller, &SweepController::runFailed, this, [this](const QString& message) {
        showMessage(tr("The run failed: %1").arg(message), 10000);
    });
}

void RunStatusBar::setSweepSize(const Scenario& scenario)
{
    m_points = scenario.setups.size() * scenario.loads.size();
    m_calls = static_cast<qlonglong>(scenario.calls);
    // At once: the text must not go on naming the previous scenario's size.
    updateProgress();
}

QRect RunStatusBar::messageRect() const
{
    // From the left edge to a gap before the first permanent widget shown.
    int right = contentsRect().right();
    for (QWidget* w : {static_cast<QWidget*>(m_statusLabel), static_cast<QWidget*>(m_progressBar),
                       static_cast<QWidget*>(m_cancelButton)})
        if (w->isVisible() && !(w == m_statusLabel && m_statusLabel->text().isEmpty()))
            right = std::min(right, w->geometry().left());
    const int gap = fontMetrics().horizontalAdvance(QStringLiteral("    "));
    QRect r = contentsRect();
    r.setLeft(r.left() + 6);
    r.setRight(std::max(r.left(), right - gap));
    return r;
}

QString RunStatusBar::shownMessage() const
{
    const QString message = currentMessage();
    if (message.isEmpty())
        return {};
    return fontMetrics().elidedText(message, Qt::ElideRight, messageRect().width());
}

void RunStatusBar::paintEvent(QPaintEvent* event)
{
    const QString message = shownMessage();
    if (message.isEmpty())
        return QStatusBar::paintEvent(event);
    // QStatusBar draws the whole message up to the permanent widgets, cut mid-letter and
    // touching the progress text; drawn here elided, with a gap.
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine,
                     message);
}

void RunStatusBar::setShownView(View view)
{
    if (view == m_shownView)
        return;
    m_shownView = view;
    if (m_messageView != view && !m_viewMessage.isEmpty() && currentMessage() == m_viewMessage)
        clearMessage();
    m_viewMessage.clear();
}

void RunStatusBar::showViewMessage(View view, const QString& text, int ms)
{
    if (view != m_shownView)
        return;
    m_messageView = view;
    m_viewMessage = text;
    showMessage(text, ms);
}

QString RunStatusBar::formatDuration(double seconds)
{
    if (seconds < 0)
        return {};
    if (seconds < 60)
        return tr("%1 s left").arg(static_cast<int>(std::ceil(seconds)));
    const int s = static_cast<int>(seconds);
    return tr("%1 min %2 s left").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString RunStatusBar::formatRate(double callsPerSecond)
{
    if (callsPerSecond >= 1e6)
        return tr("%1 M calls/s").arg(callsPerSecond / 1e6, 0, 'f', 1);
    if (callsPerSecond >= 1e3)
        return tr("%1 k calls/s").arg(callsPerSecond / 1e3, 0, 'f', 0);
    return tr("%1 calls/s").arg(callsPerSecond, 0, 'f', 0);
}

void RunStatusBar::updateProgress()
{
    const SweepController::Progress p = m_controller->progress();
    const bool running = m_controller->isRunning();
    m_cancelButton->setEnabled(running);
    emit runningChanged(running);
    m_progressBar->setVisible(running);
    if (running && p.pass != SweepController::Pass::Idle) {
        m_progressBar->setRange(0, std::max(1, p.total));
        m_progressBar->setValue(p.done);
        QStringList parts;
        // The seed check: docs/replicates.md, "Seed check".
        const QString pass =
            p.pass == SweepController::Pass::Coarse ? tr("Coarse pass: %1 / %2 points")
            : p.pass == SweepController::Pass::Full ? tr("Full pass: %1 / %2 points")
                                                    : tr("Seed check: %1 / %2 points");
        parts << pass.arg(p.done).arg(p.total);
        if (p.callsPerSecond > 0)
            parts << formatRate(p.callsPerSecond);
        if (p.secondsLeft >= 0)
            parts << formatDuration(p.secondsLeft);
        m_statusLabel->setText(parts.join(QStringLiteral(" · ")));
    } else if (running) {
        m_statusLabel->setText(tr("Starting…"));
    } else {
        // Beside the points, how many of them the seed check reached (the others' verdicts
        // are one run's).
        m_statusLabel->setText(
            m_controller->isComplete()
                ? tr("%1 points · %2 calls each").arg(m_points).arg(QLocale().toString(m_calls)) +
                      m_controller->seedCheckLabel()
                : tr("Stopped · F5 runs the missing points"));
    }
}

} // namespace hedge
