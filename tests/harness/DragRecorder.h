// What the window shows while a slider is dragged, as numbered PNGs in the order they were
// taken and their times (frames.tsv): bench/explorer/explorer_record_drag records the scripted
// drag with it, for scripts/record-delay-drag.sh to turn into the README's recording.
//
// The window is read from the screen at a steady rate, which gives the program's real
// frames: what it had painted at that moment, the curves of the preview frame in force and
// the slider and field where the hand has them. The images stay in memory until the drag
// ends: encoding a PNG per frame on the GUI thread held the program back to ~6 frames a
// second. A pointer is drawn on the slider's handle (an offscreen screen has no cursor), so
// that the recording shows where the hand is.
#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QObject>
#include <QString>
#include <QTimer>

#include <vector>

class QWidget;

namespace hedge {

class KnobSlider;

class DragRecorder : public QObject {
    Q_OBJECT
public:
    // Records `window` every `intervalMs` from the press of `slider` until `tailMs` after
    // its release, then writes the frames into `dir` (created when missing).
    DragRecorder(QWidget* window, KnobSlider* slider, QString dir, int intervalMs, int tailMs,
                 QObject* parent);

signals:
    void written(bool ok);

private:
    struct Frame {
        qint64 ms;
        QImage image;
    };

    void start();
    void capture();
    void finish();
    QImage windowImage() const;
    void drawPointer(QImage& image) const;

    QWidget* m_window;
    KnobSlider* m_slider;
    QString m_dir;
    int m_tailMs;
    QTimer m_timer;
    QElapsedTimer m_clock;
    std::vector<Frame> m_frames;
};

} // namespace hedge
