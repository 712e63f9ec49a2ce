#include <hedge/Knob.h>

#include <hedge/KnobRegistry.h>

#include <hedge/io/Format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace hedge {

namespace {

template <class> struct MemberPointer;
template <class C, class T> struct MemberPointer<T C::*> {
    using Class = C;
    using Type = T;
};
// A family's member is read and written by its own accessors, before the visits below.
template <> struct MemberPointer<FamilyMember> {
    using Class = FamilyMember;
    using Type = double;
};

// The setup's optional policy that holds a member of `Policy`.
template <class Policy> constexpr auto policyOf()
{
    if constexpr (std::is_same_v<Policy, HedgeSettings>)
        return &Setup::hedge;
    else
        return &Setup::adaptiveLimit;
}

template <class T> T converted(double value)
{
    if constexpr (std::is_same_v<T, int>)
        return static_cast<int>(std::lround(value));
    else
        return value;
}

template <class M> bool isFanoutMember(M member)
{
    if constexpr (std::is_same_v<M, int ServiceConfig::*>)
        return member == &ServiceConfig::fanoutParts || member == &ServiceConfig::fanoutCopies ||
               member == &ServiceConfig::fanoutWaitFor;
    else
        return false;
}

// docs/fanout.md, "Model": the replicas are the partitions' copies. Kept within int so that a
// product out of every range is reported by validation, not wrapped around.
void followFanout(ServiceConfig& service)
{
    const std::int64_t replicas = std::int64_t{service.fanoutParts} * service.fanoutCopies;
    service.replicas = static_cast<int>(std::min<std::int64_t>(replicas, INT_MAX));
}

} // namespace

std::optional<double> Knob::read(const Setup& setup, const ServiceConfig& service) const
{
    return std::visit(
        [&](auto m) -> std::optional<double> {
            using C = typename MemberPointer<decltype(m)>::Class;
            if constexpr (std::is_same_v<C, FamilyMember>) {
                return m.read(setup.families);
            } else if constexpr (std::is_same_v<decltype(m), double Setup::*>) {
                return setup.*m;
            } else if constexpr (std::is_same_v<C, Setup>) {
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

void Knob::write(Setup& setup, ServiceConfig& service, double value) const
{
    std::visit(
        [&](auto m) {
            using C = typename MemberPointer<decltype(m)>::Class;
            using T = typename MemberPointer<decltype(m)>::Type;
            if constexpr (std::is_same_v<C, FamilyMember>) {
                m.write(setup.families, value);
            } else if constexpr (std::is_same_v<decltype(m), double Setup::*>) {
                setup.*m = value;
            } else if constexpr (std::is_same_v<C, Setup>) {
                auto& policy = setup.*m;
                if (value == 0.0)
                    policy.reset();
                else if (!policy)
                    policy.emplace();
            } else if constexpr (std::is_same_v<C, ServiceConfig>) {
                const bool fannedOut = service.hasFanout();
                service.*m = converted<T>(value);
                if (isFanoutMember(m) && (fannedOut || service.hasFanout()))
                    followFanout(service);
            } else {
                auto& policy = setup.*policyOf<C>();
                C settings = policy.value_or(C{});
                settings.*m = converted<T>(value);
                policy = settings;
            }
        },
        member);
}

bool KnobRange::contains(double value) const
{
    return (minExclusive ? value > min : value >= min) &&
           (maxExclusive ? value < max : value <= max);
}

std::string KnobRange::text(bool wholeNumber) const
{
    // Bounds as a person reads them: 600000, never 6e+05.
    const auto formatNumber = [](double v) { return io_detail::formatPlainNumber(v); };
    if (wholeNumber)
        return io_detail::intRange(std::int64_t(min), std::isinf(max)
                                                          ? std::numeric_limits<int>::max()
                                                          : std::int64_t(max));
    if (std::isinf(max) && std::isinf(min))
        return "any finite number";
    if (std::isinf(max))
        return (minExclusive ? "> " : "≥ ") + formatNumber(min);
    if (maxExclusive)
        return (minExclusive ? "> " : "≥ ") + formatNumber(min) + " and < " + formatNumber(max);
    if (minExclusive)
        return "> " + formatNumber(min) + " and ≤ " + formatNumber(max);
    return formatNumber(min) + " … " + formatNumber(max);
}

const char* Knob::jsonKey() const
{
    const char* dot = std::strrchr(field, '.');
    return dot ? dot + 1 : field;
}

std::string Knob::group() const
{
    const char* dot = std::strchr(field, '.');
    return dot ? std::string(field, std::size_t(dot - field) + 1) : std::string();
}

namespace {

bool isFamilyKind(const Knob::Member& member, FamilyMember::Kind kind)
{
    const auto* f = std::get_if<FamilyMember>(&member);
    return f && f->kind == kind;
}

} // namespace

bool Knob::isOnOff() const
{
    return std::holds_alternative<std::optional<HedgeSettings> Setup::*>(member) ||
           std::holds_alternative<std::optional<Gradient2Config> Setup::*>(member) ||
           isFamilyKind(member, FamilyMember::Kind::Part);
}

bool Knob::isFlag() const
{
    return isFamilyKind(member, FamilyMember::Kind::Flag);
}

std::optional<PolicyFamily> Knob::family() const
{
    if (const auto* f = std::get_if<FamilyMember>(&member))
        return f->family;
    if (needsHedge() || std::holds_alternative<std::optional<HedgeSettings> Setup::*>(member))
        return PolicyFamily::Resilience4cata;
    return std::nullopt;
}

bool Knob::appliesTo(const Setup& setup) const
{
    const std::optional<PolicyFamily> own = family();
    return !own || *own == setup.policy;
}

bool Knob::isOverridden(const Setup& setup) const
{
    if (!*unusedWhileOn)
        return false;
    const Knob* part = KnobRegistry::find(unusedWhileOn);
    const ServiceConfig unused;
    return part && part->read(setup, unused).value_or(0.0) != 0.0;
}

bool Knob::wholeNumber() const
{
    return isOnOff() || isFlag() || isFamilyKind(member, FamilyMember::Kind::Count) ||
           std::holds_alternative<int HedgeSettings::*>(member) ||
           std::holds_alternative<int Gradient2Config::*>(member) ||
           std::holds_alternative<int ServiceConfig::*>(member);
}

bool Knob::needsHedge() const
{
    return std::holds_alternative<double HedgeSettings::*>(member) ||
           std::holds_alternative<int HedgeSettings::*>(member);
}

bool Knob::needsLimit() const
{
    return std::holds_alternative<double Gradient2Config::*>(member) ||
           std::holds_alternative<int Gradient2Config::*>(member);
}

double Knob::defaultValue() const
{
    if (const auto* f = std::get_if<FamilyMember>(&member))
        return f->initial();
    if (isOnOff())
        return 0.0;
    Setup setup;
    setup.hedge.emplace();
    setup.adaptiveLimit.emplace();
    return read(setup, ServiceConfig{}).value_or(0.0);
}

} // namespace hedge
