// The service side of a SimulationCore (docs/topology.md): a worker and a replica — its FIFO
// queue, its workers, its busy time, its slow periods. Plain data the core's handlers drive.
// Internal to the engine.
#pragma once

#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/RingBuffer.h>
#include <hedge/sim/SimulationCoreTypes.h>
#include <hedge/topology/Balancer.h>
#include <hedge/topology/ReplicaPlacement.h>
#include <hedge/topology/SlowdownSchedule.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hedge::sim_detail {

// A worker: the attempt it serves, and how that ends.
struct ServiceWorker {
    AttemptRef serving{};
    bool error = false;
    bool busy = false;
    bool retired = false; // removed by a service change: takes nothing more once done
    std::uint8_t replica = 0;
    // Serving an attempt whose call has ended (client cancellation): wasted work
    // (docs/model.md, "Metrics").
    bool wasted = false;
    std::uint32_t generation = 0; // bumped when its attempt is cut short (server cancel)
};

// One replica of docs/topology.md: its own FIFO queue and workers.
struct ServiceReplica {
    RingBuffer<AttemptRef> queue;
    std::vector<std::uint16_t> members; // its workers, by place
    std::vector<std::uint16_t> freeWorkers;
    std::size_t active = 0;             // members[0, active) serve; the others are retired
    int outstanding = 0;                // queued or in service here, abandoned losers included
    // Busy time, integrated when this replica's busy count changes (several replicas only).
    int busy = 0;
    double busyIntegral = 0.0, lastChange = 0.0;
    std::optional<SlowdownSchedule> slowdowns;

    // Queued work over its workers, less `arriving` attempts just counted in: what it holds
    // minus what it serves is what waits there and will be served (a server-cancelled loser
    // left both counts when its call ended).
    double backlogMs(double meanServiceMs, int arriving = 0) const
    {
        return double(outstanding - arriving - busy) * meanServiceMs / double(active);
    }
    double busyIntegralAt(double t) const { return busyIntegral + double(busy) * (t - lastChange); }
    void changeBusy(double t, int delta)
    {
        busyIntegral = busyIntegralAt(t);
        lastChange = t;
        busy += delta;
    }
};

// Hiccup correlation or slow periods: an attempt's service time depends on the topology.
inline bool drawsDependOnTopology(const ServiceConfig& service)
{
    return service.hiccupCorrelation > 0.0 || service.slowdowns.has_value();
}

// The balancer's choice for a call's attempt among the replicas the placement allows it (the
// replicas its earlier attempts went to are in `call`): replicas [first, first + count), all
// of them unless the call is a part of a fan-out, whose attempts go to its partition's copies
// (docs/fanout.md, "Model"; `balancer` is then that partition's).
inline int chooseReplica(Balancer& balancer, HedgePlacement placement,
                         const std::vector<ServiceReplica>& replicas, const CallSlot& call,
                         int attempt, const RandomStreams& streams, int first = 0, int count = -1)
{
    if (count < 0)
        count = static_cast<int>(replicas.size());
    if (count == 1)
        return first; // a partition of one copy: nothing to choose, nothing drawn
    std::uint64_t used = 0;
    for (int a = 0; a < attempt; ++a)
        used |= Balancer::bit(call.replica[a] - first);
    const std::uint64_t allowed = allowedReplicas(placement, count, used);
    // A stream per attempt, drawn from only if the balancer draws at all.
    SplitMix64 random = streams.topologyStream(RandomStreams::kBalancer, call.call, attempt);
    int outstanding[Balancer::kMaxReplicas];
    for (int r = 0; r < count; ++r)
        outstanding[r] = replicas[static_cast<std::size_t>(first + r)].outstanding;
    return first + balancer.choose(allowed, outstanding, random);
}

// The workers of `replicas.size()` replicas, `perReplica` each, all free. Replica r's workers
// are numbered r × perReplica + i; each free list pops its lowest number first (with one
// replica: the one-queue model's order, bit for bit).
inline void buildReplicas(std::size_t perReplica, const std::optional<Slowdowns>& slowdowns,
                          const RandomStreams& random, std::vector<ServiceWorker>& workers,
                          std::vector<ServiceReplica>& replicas)
{
    workers.resize(perReplica * replicas.size());
    for (std::size_t r = 0; r < replicas.size(); ++r) {
        ServiceReplica& replica = replicas[r];
        replica.active = perReplica;
        replica.freeWorkers.reserve(perReplica);
        for (std::size_t i = 0; i < perReplica; ++i) {
            const auto w = static_cast<std::uint16_t>(r * perReplica + i);
            workers[w].replica = static_cast<std::uint8_t>(r);
            replica.members.push_back(w);
        }
        for (std::size_t i = perReplica; i-- > 0;)
            replica.freeWorkers.push_back(replica.members[i]);
        if (slowdowns)
            replica.slowdowns.emplace(*slowdowns,
                                      random.topologyStream(RandomStreams::kSlowdown, r, 0));
    }
}

// A change of the workers per replica to `target`: removed workers retire (they finish the
// attempt they serve first); extra ones, new or retired earlier, are put back in service and
// `serve(worker)` is called for each that is idle, to take the head of its replica's queue.
template <class Serve>
void resizeReplicas(std::size_t target, std::vector<ServiceWorker>& workers,
                    std::vector<ServiceReplica>& replicas, Serve&& serve)
{
    for (std::size_t r = 0; r < replicas.size(); ++r) {
        ServiceReplica& replica = replicas[r];
        const std::size_t before = replica.active;
        replica.active = target;
        if (target < before) {
            for (std::size_t i = target; i < before; ++i)
                workers[replica.members[i]].retired = true;
            std::erase_if(replica.freeWorkers,
                          [&workers](std::uint16_t w) { return workers[w].retired; });
            continue;
        }
        while (replica.members.size() < target) {
            const auto w = static_cast<std::uint16_t>(workers.size());
            workers.emplace_back().replica = static_cast<std::uint8_t>(r);
            replica.members.push_back(w);
        }
        for (std::size_t i = before; i < target; ++i) {
            ServiceWorker& w = workers[replica.members[i]];
            w.retired = false; // before serve: it serves only workers in service
            if (!w.busy)       // idle (new, or retired earlier): serve at once
                serve(replica.members[i]);
        }
    }
}

} // namespace hedge::sim_detail
