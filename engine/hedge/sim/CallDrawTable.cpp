#include <hedge/sim/CallDrawTable.h>

#include <hedge/sim/AttemptDraws.h>

namespace hedge {

CallDrawTable::Key CallDrawTable::Key::of(const PointSpec& spec)
{
    const ServiceConfig& s = spec.service;
    return Key{.seed = spec.seed,
               .load = spec.load,
               .replicate = spec.replicate,
               .serviceModel = spec.serviceModel,
               .medianMs = s.medianMs,
               .sigma = s.sigma,
               .hiccupProbability = s.hiccupProbability,
               .hiccupMinMs = s.hiccupMinMs,
               .hiccupMaxMs = s.hiccupMaxMs,
               .errorProbability = s.errorProbability,
               .serviceKnotsMs = s.distribution ? s.distribution->table.knotsMs()
                                                : std::vector<double>{},
               .calls = spec.calls};
}

CallDrawTable::CallDrawTable(const PointSpec& spec)
    : m_key(Key::of(spec)), m_gaps(std::size_t(spec.calls)),
      m_firstService(std::size_t(spec.calls))
{
    const RandomStreams random(spec.seed, spec.load, spec.replicate);
    const bool exponential = spec.serviceModel == ServiceTimeModel::Exponential;
    for (std::int64_t call = 0; call < spec.calls; ++call) {
        m_gaps[std::size_t(call)] = random.unitArrivalGap(call);
        const sim_detail::AttemptRef first{0, static_cast<std::uint32_t>(call), 0};
        const ServiceDraw d = sim_detail::modelDraw(random, spec.service, exponential, first);
        m_firstService[std::size_t(call)] = std::copysign(d.serviceMs, d.error ? -1.0 : 1.0);
    }
}

} // namespace hedge
