// A policy family's object (GrpcHedging, PollyHedging, ...) as FamilyPipeline drives it: the
// four entry points every family has (FamilyPolicy.h), its gauges and refusals, and new knobs
// from a timeline's change. A family's row in the table (hedge/PolicyFamilies.h) makes one
// (`makeStage`, FamilyStageOf below), so that FamilyPipeline names no family.
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/PolicyFamily.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace hedge {

class FamilyStage {
public:
    virtual ~FamilyStage() = default;

    virtual CallStep start(CallState& call, double now, const AttemptGate& gate) = 0;
    virtual CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate) = 0;
    virtual CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                                 const AttemptGate& gate) = 0;
    virtual CallStep abandon(CallState& call) = 0;
    // The family's own knobs of `settings` from `now`; its state is kept.
    virtual void reconfigure(const FamilySettings& settings, double now) = 0;
    virtual FamilyGauges gauges(double now) const = 0;
    virtual std::int64_t hedgesRefused() const = 0;
    // The family's object when it is a `type`, for tests and gauges; else nullptr.
    virtual void* object(const std::type_info& type) = 0;
};

// `Family` (its settings at `Settings` in FamilySettings) as a FamilyStage.
template <class Family, auto Settings> class FamilyStageOf final : public FamilyStage {
public:
    explicit FamilyStageOf(Family family) : m_family(std::move(family)) {}

    CallStep start(CallState& call, double now, const AttemptGate& gate) override
    {
        return m_family.start(call, now, gate);
    }
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate) override
    {
        return m_family.hedgeDue(call, now, gate);
    }
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate) override
    {
        return m_family.attemptDone(call, attempt, now, outcome, gate);
    }
    CallStep abandon(CallState& call) override { return m_family.abandon(call); }
    void reconfigure(const FamilySettings& settings, double now) override
    {
        m_family.reconfigure(settings.*Settings, now);
    }
    FamilyGauges gauges(double now) const override { return m_family.gauges(now); }
    std::int64_t hedgesRefused() const override { return m_family.hedgesRefused(); }
    void* object(const std::type_info& type) override
    {
        return type == typeid(Family) ? &m_family : nullptr;
    }

private:
    Family m_family;
};

// A row's factory: `Family` made from its settings in `settings` and, for a family that draws
// (Envoy's jittered backoff), the client's seed.
template <class Family, auto Settings>
std::unique_ptr<FamilyStage> makeFamilyStage(const FamilySettings& settings, std::uint64_t seed)
{
    const auto& own = settings.*Settings;
    if constexpr (std::is_constructible_v<Family, decltype(own), std::uint64_t>)
        return std::make_unique<FamilyStageOf<Family, Settings>>(Family(own, seed));
    else
        return std::make_unique<FamilyStageOf<Family, Settings>>(Family(own));
}

} // namespace hedge
