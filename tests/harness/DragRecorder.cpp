#include "DragRecorder.h"

#include "KnobSlider.h"

#include <hedge/run/TimingLog.h>

#include <QDir>
#include <QFile>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QScreen>
#include <QTextStream>
#include <QWidget>
#include <QWindow>

namespace hedge {

DragRecorder::DragRecorder(QWidget* window, KnobSlider* slider, QString dir, int intervalMs,
                           int tailMs, QObject* parent)
    : QObject(parent), m_window(window), m_slider(slider), m_dir(std::move(dir)), m_tailMs(tailMs)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DragRecorder::capture);
    connect(slider, &QSlider::sliderPressed, this, &DragRecorder::start);
    connect(slider, &QSlider::sliderReleased, this,
            [this] { QTimer::singleShot(m_tailMs, this, &DragRecorder::finish); });
}

void DragRecorder::start()
{
    m_frames.clear();
    m_clock.start();
    capture();
    m_timer.start();
}

void DragRecorder::capture()
{
    QImage image = windowImage();
    drawPointer(image);
    m_frames.push_back({m_clock.elapsed(), std::move(image)});
}

// The screen's copy of the window is what was last painted (offscreen: its backing store);
// grab() would paint the widgets anew for the picture.
QImage DragRecorder::windowImage() const
{
    QScreen* screen = m_window->screen();
    const QPixmap shown = screen ? screen->grabWindow(m_window->winId()) : QPixmap();
    if (!shown.isNull() && shown.size() == m_window->size() * shown.devicePixelRatio())
        return shown.toImage();
    return m_window->grab().toImage();
}

// An arrow pointer with its tip on the handle's centre.
void DragRecorder::drawPointer(QImage& image) const
{
    const QPointF tip = m_slider->mapTo(m_window, m_slider->handleRect().center());
    QPainterPath arrow;
    arrow.moveTo(0, 0);
    arrow.lineTo(0, 17);
    arrow.lineTo(4.5, 13);
    arrow.lineTo(8, 20);
    arrow.lineTo(10.5, 19);
    arrow.lineTo(7, 12);
    arrow.lineTo(12.5, 12);
    arrow.closeSubpath();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(image.devicePixelRatio(), image.devicePixelRatio());
    p.translate(tip);
    p.setPen(QPen(Qt::white, 1.5));
    p.setBrush(Qt::black);
    p.drawPath(arrow);
}

void DragRecorder::finish()
{
    m_timer.stop();
    QDir().mkpath(m_dir);
    QFile times(QDir(m_dir).filePath(QStringLiteral("frames.tsv")));
    bool ok = times.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text);
    QTextStream out(&times);
    out << "file\tms\n";
    for (std::size_t i = 0; i < m_frames.size() && ok; ++i) {
        const QString name = QStringLiteral("frame-%1.png").arg(i, 4, 10, QLatin1Char('0'));
        ok = m_frames[i].image.save(QDir(m_dir).filePath(name));
        out << name << '\t' << m_frames[i].ms << '\n';
    }
    const double seconds = m_frames.size() > 1 ? double(m_frames.back().ms) / 1000.0 : 0.0;
    qCInfo(lcExplorerTiming, "recorded %zu frames in %.2f s (%.1f a second) into %s%s",
           m_frames.size(), seconds, seconds > 0.0 ? double(m_frames.size() - 1) / seconds : 0.0,
           qPrintable(m_dir), ok ? "" : " (writing failed)");
    m_frames.clear();
    emit written(ok);
}

} // namespace hedge
