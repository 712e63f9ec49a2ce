#include "WindowPanes.h"

#include <QLabel>
#include <QEvent>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace hedge {

namespace {

QWidget* titled(const QString& title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* label = new QLabel(title, box);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);
    layout->addWidget(label);
    layout->addWidget(body, 1);
    return box;
}

// Keeps a scroll area at least as wide as its body's narrowest layout (its fields wrapped
// under their labels, its sliders under their fields): a splitter squeezed by a lesson pane
// then takes the room from the other panes rather than hide the fields to the side.
class BodyWidth : public QObject {
public:
    BodyWidth(QScrollArea* area, QWidget* body) : QObject(area), m_area(area), m_body(body)
    {
        body->installEventFilter(this);
        follow();
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_body && event->type() == QEvent::LayoutRequest)
            follow();
        return false;
    }

private:
    void follow()
    {
        const int scrollBar = m_area->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
        const QMargins frame = m_area->contentsMargins();
        m_area->setMinimumWidth(m_body->minimumSizeHint().width() + scrollBar + frame.left() +
                                frame.right());
    }

    QScrollArea* m_area;
    QWidget* m_body;
};

QScrollArea* scrolled(QWidget* body, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(body);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return area;
}

QSplitter* splitter(Qt::Orientation orientation, QList<QWidget*> panes, QList<int> stretches,
                    QWidget* parent)
{
    auto* s = new QSplitter(orientation, parent);
    for (int i = 0; i < panes.size(); ++i) {
        s->addWidget(panes[i]);
        s->setStretchFactor(i, stretches[i]);
    }
    s->setChildrenCollapsible(false);
    return s;
}

// The splitters' keys in the session.
const QString kMain = QStringLiteral("session/mainSplitter");
const QString kCentre = QStringLiteral("session/centreSplitter");
const QString kLeft = QStringLiteral("session/leftSplitter");
const QString kRight = QStringLiteral("session/rightSplitter");

} // namespace

WindowPanes::WindowPanes(const Parts& parts, QWidget* window) : QObject(window), m_parts(parts)
{
    m_setupEditorPane = scrolled(parts.setupEditor, window);
    QScrollArea* servicePane = scrolled(parts.serviceEditor, window);
    new BodyWidth(servicePane, parts.serviceEditor);
    m_serviceEditorPane = servicePane;
    m_leftSplitter =
        splitter(Qt::Vertical, {titled(tr("Setups"), parts.setupList, window), m_setupEditorPane},
                 {1, 1}, window);
    m_sweepViews = new QTabWidget(window);
    m_sweepViews->setDocumentMode(true);
    m_sweepViews->setTabBarAutoHide(true);
    m_sweepViews->addTab(parts.curves, tr("&Curves"));
    // A taller window is for taller charts: the table keeps the height the user gave it.
    m_centreSplitter = splitter(Qt::Vertical, {m_sweepViews, parts.table}, {1, 0}, window);
    m_rightSplitter =
        splitter(Qt::Vertical,
                 {m_serviceEditorPane, titled(tr("What this shows"), parts.explanation, window)},
                 {3, 2}, window);
    m_mainSplitter = new QSplitter(Qt::Horizontal, window);
    m_mainSplitter->addWidget(m_leftSplitter);
}

void WindowPanes::addLiveView(QWidget* liveView)
{
    m_views = new QTabWidget(m_mainSplitter->parentWidget());
    m_views->setDocumentMode(true);
    m_views->addTab(m_centreSplitter, tr("Sweep"));
    m_views->addTab(liveView, tr("Live"));
    m_mainSplitter->addWidget(m_views);
    m_mainSplitter->addWidget(m_rightSplitter);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setStretchFactor(2, 0);
    m_mainSplitter->setSizes({300, 780, 320});
    m_centreSplitter->setSizes({600, 220});
    m_leftSplitter->setSizes({330, 420});
    m_rightSplitter->setSizes({470, 330});
}

QWidget* WindowPanes::mainWidget() const
{
    return m_mainSplitter;
}

QWidget* WindowPanes::sweepPage() const
{
    return m_centreSplitter;
}

void WindowPanes::restoreState(const QSettings& settings)
{
    m_mainSplitter->restoreState(settings.value(kMain).toByteArray());
    m_centreSplitter->restoreState(settings.value(kCentre).toByteArray());
    m_leftSplitter->restoreState(settings.value(kLeft).toByteArray());
    m_rightSplitter->restoreState(settings.value(kRight).toByteArray());
}

void WindowPanes::saveState(QSettings& settings) const
{
    settings.setValue(kMain, m_mainSplitter->saveState());
    settings.setValue(kCentre, m_centreSplitter->saveState());
    settings.setValue(kLeft, m_leftSplitter->saveState());
    settings.setValue(kRight, m_rightSplitter->saveState());
}

void WindowPanes::makeRoomForCharts(int chartsHeight)
{
    QList<int> sizes = m_centreSplitter->sizes();
    if (sizes.size() != 2 || sizes[0] >= chartsHeight)
        return;
    const int spare = sizes[1] - m_parts.table->minimumSizeHint().height();
    const int give = std::min(chartsHeight - sizes[0], spare);
    if (give <= 0)
        return;
    sizes[0] += give;
    sizes[1] -= give;
    m_centreSplitter->setSizes(sizes);
}

QList<QSplitter*> WindowPanes::splitters() const
{
    return {m_mainSplitter, m_centreSplitter, m_leftSplitter, m_rightSplitter};
}

void WindowPanes::setPresenterLayout(bool on)
{
    for (QWidget* pane : {m_setupEditorPane, m_serviceEditorPane, m_parts.table})
        pane->setVisible(!on);
}

} // namespace hedge
