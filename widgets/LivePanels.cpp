#include "LivePanels.h"

#include <hedge/PolicyFamilies.h>

namespace hedge {

const QList<LivePanels::Panel>& LivePanels::order()
{
    static const QList<Panel> order{Panel::Load,
                                    Panel::P99,
                                    Panel::RequestsPerCall,
                                    Panel::Backlog,
                                    Panel::ReplicaBacklog,
                                    Panel::Utilisation,
                                    Panel::Limit,
                                    Panel::BudgetBalance,
                                    Panel::RejectedPercent,
                                    Panel::HedgesRefused,
                                    Panel::ThrottleTokens,
                                    Panel::RetrySlots,
                                    Panel::PercentileDelay};
    return order;
}

bool LivePanels::isGauge(Panel panel)
{
    return panel == Panel::HedgesRefused || panel == Panel::ThrottleTokens ||
           panel == Panel::RetrySlots || panel == Panel::PercentileDelay;
}

bool LivePanels::isAlwaysShown(Panel panel)
{
    return panel == Panel::Load || panel == Panel::P99 || panel == Panel::RequestsPerCall ||
           panel == Panel::Backlog;
}

QString LivePanels::shortTitle(Panel panel)
{
    switch (panel) {
    case Panel::Utilisation:
        return LiveTimeSeriesView::tr("Utilisation");
    case Panel::Limit:
        return LiveTimeSeriesView::tr("Limit");
    case Panel::BudgetBalance:
        return LiveTimeSeriesView::tr("Budget balance");
    case Panel::RejectedPercent:
        return LiveTimeSeriesView::tr("Rejected %");
    case Panel::ReplicaBacklog:
        return LiveTimeSeriesView::tr("Backlog per replica");
    case Panel::HedgesRefused:
        return LiveTimeSeriesView::tr("Hedges refused");
    case Panel::ThrottleTokens:
        return LiveTimeSeriesView::tr("gRPC tokens");
    case Panel::RetrySlots:
        return LiveTimeSeriesView::tr("Envoy retry slots");
    case Panel::PercentileDelay:
        return LiveTimeSeriesView::tr("Percentile delay");
    default:
        return title(panel);
    }
}

QString LivePanels::title(Panel panel)
{
    switch (panel) {
    case Panel::Load:
        return LiveTimeSeriesView::tr("Load (%)");
    case Panel::P99:
        return LiveTimeSeriesView::tr("p99 (ms, log)");
    case Panel::RequestsPerCall:
        return LiveTimeSeriesView::tr("Requests per call");
    case Panel::Backlog:
        return LiveTimeSeriesView::tr("Backlog (s of work)");
    case Panel::ReplicaBacklog:
        return LiveTimeSeriesView::tr("Backlog per replica (s of work)");
    case Panel::Utilisation:
        return LiveTimeSeriesView::tr("Utilisation (%)");
    case Panel::Limit:
        return LiveTimeSeriesView::tr("Adaptive limit");
    case Panel::BudgetBalance:
        return LiveTimeSeriesView::tr("Budget balance (hedges)");
    case Panel::RejectedPercent:
        return LiveTimeSeriesView::tr("Rejected (%)");
    case Panel::HedgesRefused:
        return LiveTimeSeriesView::tr("Hedges refused (% of calls)");
    case Panel::ThrottleTokens:
        return LiveTimeSeriesView::tr("gRPC tokens");
    case Panel::RetrySlots:
        return LiveTimeSeriesView::tr("Envoy retry slots (calls holding one)");
    case Panel::PercentileDelay:
        return LiveTimeSeriesView::tr("Percentile delay (ms)");
    }
    return {};
}

std::optional<double> LivePanels::value(Panel panel, const TimelineBucket& b,
                                        std::optional<PolicyFamily> family)
{
    const bool familyBudget = family && policyFamilyRow(*family).tokensAreBudget;
    switch (panel) {
    case Panel::Load:
        return b.load * 100.0;
    case Panel::P99:
        return b.p99Ms;
    case Panel::RequestsPerCall:
        return b.requestsPerCall;
    case Panel::Backlog:
        return b.backlogMs / 1000.0;
    case Panel::ReplicaBacklog:
        return std::nullopt;
    case Panel::Utilisation:
        return b.busyFraction * 100.0;
    case Panel::Limit:
        return b.limit;
    case Panel::BudgetBalance:
        return familyBudget ? b.throttleTokens : b.budgetBalance;
    case Panel::RejectedPercent:
        if (b.callsEnded == 0)
            return std::nullopt;
        return 100.0 * double(b.rejected) / double(b.callsEnded);
    case Panel::HedgesRefused:
        // Only a world with a budget, a throttle or retry slots can refuse a hedge: the
        // others have no such figure (and no panel of their own).
        if (b.arrivals == 0 || !(b.budgetBalance || b.throttleTokens || b.retrySlots))
            return std::nullopt;
        return 100.0 * double(b.hedgesRefused) / double(b.arrivals);
    case Panel::ThrottleTokens:
        return familyBudget ? std::nullopt : b.throttleTokens;
    case Panel::RetrySlots:
        return b.retrySlots;
    case Panel::PercentileDelay:
        return b.percentileDelayMs;
    }
    return std::nullopt;
}

} // namespace hedge
