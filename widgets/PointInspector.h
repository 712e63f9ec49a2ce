// "Inside this point" (docs/user-guide.md, "Live view"): a sweep chart's point opens as a
// constant-load timeline of its setup and load in the Live view. It watches the charts' viewports
// for a double click on a point or the context menu over one, so that the charts themselves need
// not know about timelines.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

namespace hedge {

class MetricChartView;

class PointInspector : public QObject {
    Q_OBJECT
public:
    PointInspector(const QList<MetricChartView*>& charts, QObject* parent = nullptr);

    static QString actionText(const QString& setup, double load);

signals:
    void insideRequested(const QString& setup, double load);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QList<MetricChartView*> m_charts;
};

} // namespace hedge
