#include "LiveOnController.h"

#include "SeriesStyle.h"

#include <QComboBox>
#include <QTest>
#include <QToolButton>

namespace hedge::test {

LiveOnController::LiveOnController()
    : m_panels(defaultPanelFigures().begin(), defaultPanelFigures().end())
{
    view.showPanels(m_panels);
    QObject::connect(&view, &LiveView::panelChosen, &view, [this](Figure panel, bool on) {
        m_panels.removeAll(panel);
        if (on)
            m_panels << panel;
        view.showPanels(m_panels);
    });
}

void LiveOnController::start(const Scenario& scenario, double load)
{
    if (auto error = controller.start(scenario, load, false))
        qFatal("the Live session did not start: %s", qPrintable(*error));
    QList<SeriesStyle> styles;
    for (std::size_t i = 0; i < scenario.setups.size(); ++i)
        styles.push_back({QString::fromStdString(scenario.setups[i].name),
                          colourForIndex(int(i)), true});
    view.setSeriesStyles(styles);
}

bool LiveOnController::runUntil(double seconds)
{
    if (controller.isPaused())
        QTest::mouseClick(view.runButton(), Qt::LeftButton);
    if (!QTest::qWaitFor([&] { return controller.nowS() >= seconds; }, 60000))
        return false;
    QTest::mouseClick(view.runButton(), Qt::LeftButton);
    if (!controller.isPaused())
        return false;
    QTest::qWait(2 * LiveController::kRedrawIntervalMs);
    return true;
}

void LiveOnController::chooseSpeed(const QString& text)
{
    view.speedBox()->setCurrentIndex(view.speedBox()->findText(text));
}

bool LiveOnController::show(QSize size)
{
    view.resize(size);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

bool LiveOnController::runToEnd()
{
    chooseSpeed(QStringLiteral("Fastest"));
    if (controller.isPaused())
        QTest::mouseClick(view.runButton(), Qt::LeftButton);
    return QTest::qWaitFor([&] { return controller.finished(); }, 60000);
}

} // namespace hedge::test
