// The Live view on its controller as the window makes them (one RedrawClock), without the
// window: for the tests of what the Live view shows (its panels, strips, hovers). The Charts
// menu's choices are shown back as the window's document shows them (LiveView::panelChosen,
// showPanels; docs/ARCHITECTURE.md, "The document"), starting from a new window's panels.
#pragma once

#include "LiveView.h"

#include <hedge/run/LiveController.h>
#include <hedge/run/RedrawClock.h>

#include <QList>

namespace hedge::test {

class LiveOnController {
public:
    LiveOnController();
    LiveOnController(const LiveOnController&) = delete;
    LiveOnController& operator=(const LiveOnController&) = delete;

    // A session of `scenario` at `load` (a timeline's own loads for a timeline), paused, its
    // setups drawn in the palette's colours as the window draws a new scenario's.
    void start(const Scenario& scenario, double load = 0.5);
    // Run (the button) until `seconds` of simulated time, then Pause; false if it never got
    // there. What the worker handed over before the pause has reached the chart then.
    bool runUntil(double seconds);
    // The speed box's entry `text` ("×100", "Fastest").
    void chooseSpeed(const QString& text);
    // The view shown at `size` (1024 × 620: the Live tab of a 1024 × 700 window); false if it
    // was never exposed.
    bool show(QSize size = {1024, 620});
    // A started timeline run (the button) at the fastest speed to its end; false if it never
    // ended.
    bool runToEnd();

    RedrawClock clock;
    LiveController controller{&clock};
    LiveView view{&controller};

private:
    QList<Figure> m_panels;
};

} // namespace hedge::test
