// The window's panes in splitters: setups and the setup editor on the left; the Sweep view
// (curves or map over the results table) and the Live view in tabs in the centre; the
// service/run editor and the preset's explanation on the right. Keeps the splitters' sizes in
// the session and makes room for the charts the user turns on.
#pragma once

#include <QObject>

class QSettings;
class QSplitter;
class QTabWidget;
class QWidget;

namespace hedge {

class ChartArea;

class WindowPanes : public QObject {
    Q_OBJECT
public:
    struct Parts {
        QWidget* setupList;
        QWidget* setupEditor;
        QWidget* sweepViews; // curves, map
        QWidget* table;
        QWidget* liveView;
        QWidget* serviceEditor;
        QWidget* explanation;
    };
    // Lays `parts` out in a splitter that becomes the central widget of `window`.
    WindowPanes(const Parts& parts, QWidget* window);

    QWidget* mainWidget() const;
    // The Sweep and Live tabs.
    QTabWidget* views() const { return m_views; }
    QWidget* sweepPage() const;

    void restoreState(const QSettings& settings);
    void saveState(QSettings& settings) const;
    // The table keeps its height while the window grows, but gives way when more charts need
    // `chartsHeight` than the charts have: a chart below its minimum reads nothing.
    void makeRoomForCharts(int chartsHeight);

private:
    Parts m_parts;
    QTabWidget* m_views = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_centreSplitter = nullptr;
    QSplitter* m_leftSplitter = nullptr;
    QSplitter* m_rightSplitter = nullptr;
};

} // namespace hedge
