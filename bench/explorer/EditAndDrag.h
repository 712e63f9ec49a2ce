// explorer_measure --edit-and-drag and explorer_record_drag: what a user does to one setup,
// scripted. After the window's first full pass, the delay of the third setup ("hedge, default
// budget / client" in the reference preset) goes up 5 ms through its spin box; after that
// edit's full pass, the delay's slider is held and moved at 60 Hz for 2 s across a third of
// its travel, then let go; the release's full pass ends the script. The timing log
// (TimingLog.h) gives each step's figures.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace hedge {

class KnobSlider;
class MainWindow;

namespace bench {

class EditAndDrag : public QObject {
    Q_OBJECT
public:
    explicit EditAndDrag(MainWindow& window);

    // The slider the drag moves: a recorder of the drag attaches to it before the press.
    KnobSlider* delaySlider() const;

signals:
    // After the release's full pass.
    void finished();

private:
    void onRunFinished(bool completed);
    void editDelay();
    void startDrag();
    void moveHand();

    MainWindow& m_window;
    int m_step = 0;
    int m_from = 0;
    int m_travel = 0;
    QTimer m_mover;
    QElapsedTimer m_clock;
};

} // namespace bench
} // namespace hedge
