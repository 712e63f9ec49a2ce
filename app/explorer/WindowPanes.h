// The window's panes in splitters: setups and the setup editor on the left; the Sweep view
// (curves or map over the results table) and the Live view in tabs in the centre; the
// service/run editor and the preset's explanation on the right. Keeps the splitters' sizes in
// the session and makes room for the charts the user turns on.
#pragma once

#include <QList>
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
        QWidget* curves;
        QWidget* table;
        QWidget* serviceEditor;
        QWidget* explanation;
    };
    // Lays `parts` out in splitters, in the order Tab walks them (the widgets are made in
    // that order: the table, then the setup editor, ...).
    WindowPanes(const Parts& parts, QWidget* window);
    // Puts the Sweep and Live tabs between the left and right panes; then mainWidget() is
    // complete.
    void addLiveView(QWidget* liveView);

    QWidget* mainWidget() const;
    // The Sweep and Live tabs.
    QTabWidget* views() const { return m_views; }
    QWidget* sweepPage() const;
    // The curves, and the map for a grid (its tab bar hides with one tab).
    QTabWidget* sweepViews() const { return m_sweepViews; }

    void restoreState(const QSettings& settings);
    void saveState(QSettings& settings) const;
    // The table keeps its height while the window grows, but gives way when more charts need
    // `chartsHeight` than the charts have: a chart below its minimum reads nothing.
    void makeRoomForCharts(int chartsHeight);
    // Presenter mode (docs/user-guide.md, "Presenter mode"): the setup and service editors and
    // the results table hidden, the setup list and the explanation kept; the splitters give
    // the panes shown again the sizes they had.
    void setPresenterLayout(bool on);

private:
    Parts m_parts;
    QTabWidget* m_views = nullptr;
    QTabWidget* m_sweepViews = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_centreSplitter = nullptr;
    QSplitter* m_leftSplitter = nullptr;
    QSplitter* m_rightSplitter = nullptr;
    QWidget* m_setupEditorPane = nullptr;
    QWidget* m_serviceEditorPane = nullptr;
    QList<QSplitter*> splitters() const;
};

} // namespace hedge
