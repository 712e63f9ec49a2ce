#include <hedge/KnobMember.h>

#include <cmath>
#include <type_traits>

namespace hedge {

namespace {

template <class>
struct MemberPointer;
template <class C, class T>
struct MemberPointer<T C::*> {
    using Class = C;
    using Type = T;
};

// The setup's optional policy that holds a member of `Policy`.
template <class Policy>
constexpr auto policyOf()
{
    if constexpr (std::is_same_v<Policy, HedgeSettings>)
        return &Setup::hedge;
    else
        return &Setup::adaptiveLimit;
}

template <class T>
T converted(double value)
{
    if constexpr (std::is_same_v<T, int>)
        return static_cast<int>(std::lround(value));
    else
        return value;
}

} // namespace

std::optional<double> KnobMember::read(const Setup& setup, const ServiceConfig& service) const
{
    return std::visit(
        [&](auto m) -> std::optional<double> {
            using C = typename MemberPointer<decltype(m)>::Class;
            if constexpr (std::is_same_v<C, Setup>) {
                return (setup.*m).has_value() ? 1.0 : 0.0;
            } else if constexpr (std::is_same_v<C, ServiceConfig>) {
                return service.*m;
            } else {
                const auto& policy = setup.*policyOf<C>();
                if (!policy)
                    return std::nullopt;
                return (*policy).*m;
            }
        },
        member);
}

void KnobMember::write(Setup& setup, ServiceConfig& service, double value) const
{
    std::visit(
        [&](auto m) {
            using C = typename MemberPointer<decltype(m)>::Class;
            using T = typename MemberPointer<decltype(m)>::Type;
            if constexpr (std::is_same_v<C, Setup>) {
                auto& policy = setup.*m;
                if (value == 0.0)
                    policy.reset();
                else if (!policy)
                    policy.emplace();
            } else if constexpr (std::is_same_v<C, ServiceConfig>) {
                service.*m = converted<T>(value);
            } else {
                auto& policy = setup.*policyOf<C>();
                C settings = policy.value_or(C{});
                settings.*m = converted<T>(value);
                policy = settings;
            }
        },
        member);
}

const std::vector<KnobMember>& KnobMember::all()
{
    static const std::vector<KnobMember> knobs{
        {"hedge", &Setup::hedge},
        {"hedge.delay_ms", &HedgeSettings::delayMs},
        {"hedge.max_attempts", &HedgeSettings::maxAttempts},
        {"hedge.budget_percent", &HedgeSettings::budgetPercent},
        {"hedge.budget_min_per_second", &HedgeSettings::budgetMinPerSecond},
        {"hedge.budget_window_s", &HedgeSettings::budgetWindowSeconds},
        {"adaptive_limit", &Setup::adaptiveLimit},
        {"adaptive_limit.initial_limit", &Gradient2Config::initialLimit},
        {"adaptive_limit.min_limit", &Gradient2Config::minLimit},
        {"adaptive_limit.max_limit", &Gradient2Config::maxLimit},
        {"adaptive_limit.smoothing", &Gradient2Config::smoothing},
        {"adaptive_limit.rtt_tolerance", &Gradient2Config::rttTolerance},
        {"adaptive_limit.long_window", &Gradient2Config::longWindow},
        {"adaptive_limit.queue_size", &Gradient2Config::queueSize},
        {"service.workers", &ServiceConfig::workers},
        {"service.median_ms", &ServiceConfig::medianMs},
        {"service.sigma", &ServiceConfig::sigma},
        {"service.hiccup_probability", &ServiceConfig::hiccupProbability},
        {"service.hiccup_min_ms", &ServiceConfig::hiccupMinMs},
        {"service.hiccup_max_ms", &ServiceConfig::hiccupMaxMs},
        {"service.error_probability", &ServiceConfig::errorProbability},
        {"service.hiccup_correlation", &ServiceConfig::hiccupCorrelation},
    };
    return knobs;
}

const KnobMember* KnobMember::find(const std::string& field)
{
    for (const KnobMember& knob : all())
        if (knob.field == field)
            return &knob;
    return nullptr;
}

} // namespace hedge
