// The arrival rate as a function of simulated time: piecewise constant, in steps. A call's
// gap is one standard exponential draw E ("hazard") spent at the rates in force: the call
// arrives when the integral of the rate since the previous arrival reaches E. Within one step
// that is `from + E / rate`, exactly the sweep's `gap = E / rate`; across a step the rest of E
// is spent at the new rate, which is exact for a Poisson process (memoryless) and keeps one
// draw per call, so every world of a timeline sees the same arrivals.
#pragma once

#include <hedge/policy/CallState.h>

#include <algorithm>
#include <cassert>
#include <vector>

namespace hedge {

class ArrivalSchedule {
public:
    struct Step {
        double atMs;
        double ratePerMs; // ≥ 0; 0: no arrivals
    };

    explicit ArrivalSchedule(double ratePerMs = 0.0) { m_steps.push_back({0.0, ratePerMs}); }

    // A new rate from `atMs` on; steps come in time order (a later one at the same time wins).
    void addStep(double atMs, double ratePerMs)
    {
        assert(atMs >= m_steps.back().atMs);
        if (atMs == m_steps.back().atMs)
            m_steps.back().ratePerMs = ratePerMs;
        else
            m_steps.push_back({atMs, ratePerMs});
    }

    // When does the call with draw `hazard` arrive, the previous one having arrived at `from`
    // (never earlier than a previous question's `from`)? Spends the rate only up to
    // `horizon`: returns kNever when the call has not arrived by then, and leaves in `hazard`
    // what is still to be spent from `horizon` on. Also kNever when the rate stays 0.
    double next(double from, double& hazard, double horizon)
    {
        // A sweep's point: one constant rate, no horizon; the loop below gives the same.
        if (m_steps.size() == 1 && m_steps[0].ratePerMs > 0.0) {
            const double at = from + hazard / m_steps[0].ratePerMs;
            if (at < horizon)
                return at;
        }
        while (m_cursor + 1 < m_steps.size() && m_steps[m_cursor + 1].atMs <= from)
            ++m_cursor;
        double t = from;
        for (std::size_t i = m_cursor;; ++i) {
            const double stepEnd = i + 1 < m_steps.size() ? m_steps[i + 1].atMs : kNever;
            const double end = std::min(stepEnd, horizon);
            const double rate = m_steps[i].ratePerMs;
            if (rate > 0.0) {
                const double at = t + hazard / rate;
                if (at < end)
                    return at;
            }
            if (end == kNever)
                return kNever;
            hazard = std::max(0.0, hazard - (end - t) * rate);
            t = end;
            if (end == horizon)
                return kNever;
        }
    }

    // The time-average rate over [from, to) (a bucket's offered load).
    double meanRate(double from, double to) const
    {
        double integral = 0.0;
        for (std::size_t i = 0; i < m_steps.size(); ++i) {
            const double a = std::max(from, m_steps[i].atMs);
            const double b = std::min(to, i + 1 < m_steps.size() ? m_steps[i + 1].atMs : kNever);
            if (b > a)
                integral += (b - a) * m_steps[i].ratePerMs;
        }
        return to > from ? integral / (to - from) : 0.0;
    }

private:
    std::vector<Step> m_steps;
    std::size_t m_cursor = 0; // the step in force at the last `from`
};

} // namespace hedge
