// The one discrete-event model of docs/model.md: Poisson callers, one HedgePipeline, a service of
// `workers` servers behind one FIFO queue — or, by docs/topology.md, `replicas` such servers with
// their own queues behind a Balancer. A sweep's point and a timeline's world are two
// configurations of it: the `Driver` measures (the point's warm-up and window, or per-bucket
// figures) and, in a timeline, handles Boundary events (bucket ends, changes of load and
// knobs). The driver's hooks are inlined; a sweep point pays nothing for timelines.
//
// Driver hooks (all called with the core, at the core's `now()`):
//   onArrival(core, call)                  a call arrived (before the safety cap is checked)
//   onLastArrival(core)                    the call limit was reached (sweep points only)
//   onSent(core, attempt)                  an attempt was admitted and reaches the service
//   onQueued(core)                         it joined the queue
//   onCallEnded(core, call, ended, end)    a call ended (EndedCall: what its parts did)
//   onPartEnded(core, call, state, end)    optional: a fan-out part answered or failed
//   onBoundary(core) -> bool               a Boundary event; true: return from run() now
//   stopsRun() -> bool                     optional, asked once an arrival is handled: true ends
//                                          the run there (a point's early stop, docs/model.md,
//                                          "Stopping early")
// After the class, in this order, the members of the features a one-part sweep point does not
// use: a timeline's changes, calls that fan out, shed attempts, a point's early stop, deadlines. One class
// template, one file: every handler reads the same state, and a reader follows an event from
// the loop to its handler without leaving it.
// Internal to the engine (see engine/README.md for the rules where docs/model.md is silent).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/policy/ClientPolicy.h>
#include <hedge/sim/ArrivalSchedule.h>
#include <hedge/sim/AttemptDraws.h>
#include <hedge/sim/CallDrawTable.h>
#include <hedge/sim/EventQueue.h>
#include <hedge/sim/FanoutCalls.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/ServiceReplica.h>
#include <hedge/sim/SetupPipelineConfig.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SimulationCoreTypes.h>
#include <hedge/sim/UpperVectorState.h>
#include <hedge/topology/Balancer.h>
#include <hedge/topology/ReplicaPlacement.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <stop_token>
#include <vector>

namespace hedge::sim_detail {

// `kTopology` false: the one-queue model of docs/model.md alone, compiled without the topology's
// bookkeeping (a sweep of it runs as fast as before docs/topology.md); true: everything.
// `Policy`: HedgePipeline, FamilyPipeline or ClientPolicy (either, per run; engine/README.md).
template <class Driver, bool kTopology = true, class Policy = HedgePipeline>
class SimulationCore {
public:
    SimulationCore(const CoreConfig& config, ArrivalSchedule arrivals, Driver& driver,
                   std::stop_token stop, const SafetyCap& cap, SimulationObserver* observer)
        : m_driver(driver), m_stop(std::move(stop)), m_cap(cap), m_observer(observer),
          m_service(config.service), m_policySeed(policySeed(config)),
          m_pipeline(policyConfigFor<Policy>(config.setup, m_policySeed)),
          m_clients(std::max(1, config.service.clients)),
          m_clientKey(SplitMix64::mix(m_policySeed ^ kClientPurpose)),
          m_random(config.seed, config.randomKey, config.replicate), m_draws(config.draws),
          m_arrivalSchedule(std::move(arrivals)),
          m_exponential(config.serviceModel == ServiceTimeModel::Exponential),
          m_meanServiceMs(m_exponential ? m_service.medianMs : m_service.meanServiceMs()),
          m_callLimit(config.callLimit),
          m_serverCancels(serverCancels(config.setup)),
          m_balancer(m_service.balancer, m_service.replicas),
          m_placement(config.setup.hedge ? config.setup.hedge->placement : HedgePlacement::Any),
          m_multiReplica(m_service.replicas > 1), m_sheds(m_service.shedBacklogMs > 0.0),
          m_shedEvents(m_sheds),
          m_fanout(m_service.fanoutParts, m_service.fanoutWaitFor, m_service.fanoutCopies),
          m_replicas(static_cast<std::size_t>(m_service.replicas)),
          m_deadlineMs(config.setup.deadlineMs), m_deadlines(config.setup.hasDeadline())
    {
        if (m_fanout.enabled()) {
            // Each partition's copies have a balancer of their own; a part's draws are keyed
            // by the part, and a shared table holds one draw a call.
            m_partitionBalancers.assign(static_cast<std::size_t>(m_fanout.parts()),
                                        Balancer(m_service.balancer, m_fanout.copies()));
            m_draws = nullptr;
        }
        buildReplicas(static_cast<std::size_t>(m_service.workers), m_service.slowdowns, m_random,
                      m_workers, m_replicas);
        m_activeWorkers = m_workers.size();
        // A fleet: every other client's own policy state, keyed apart (Envoy's jitter).
        m_fleet.reserve(static_cast<std::size_t>(m_clients - 1));
        for (int c = 1; c < m_clients; ++c)
            m_fleet.emplace_back(policyConfigFor<Policy>(
                config.setup, SplitMix64::mix(m_policySeed + std::uint64_t(c))));
        m_topologyDraws = drawsDependOnTopology(m_service);
        m_earlyStopProvable = earlyStopProvable(config.setup);
    }

    // Schedules the first arrival; the arrival rate is spent up to `horizon` (kNever in a
    // sweep's point; a timeline's first boundary).
    void start(double horizon = kNever)
    {
        m_horizon = horizon;
        m_nextCall = 0;
        m_hazard = unitArrivalGap(0);
        continueArrivals();
    }

    // Runs until no event is left, the safety cap or `stop` stops it, or the driver's
    // onBoundary asks to return. May be called again to go on. Flattened: the event loop with
    // every handler, the pipeline and the draws inlined, whatever the compiler's unit-growth
    // budget says once there are two instantiations (one-queue and topology).
    HEDGE_FLATTENED_EVENT_LOOP void run()
    {
        clearUpperVectorState(); // this thread may have inherited a dirty state (its header)
        while (!m_events.empty() && !m_halted) {
            // One switch on the lane, which tells the kind but in the heap (EventQueue.h).
            bool yield = false;
            const EventQueue::Lane lane = m_events.firstLane();
            // A setup without a deadline pays this one branch (docs/model.md, "Deadlines").
            if (m_deadlines && !m_deadlineRing.empty() &&
                m_deadlineRing.front().at < m_events.headTime(lane)) [[unlikely]]
                deadlinePassed();
            else switch (lane) {
            case EventQueue::ArrivalLane: {
                const Event e = m_events.popFrom(lane);
                advanceClock(e.time);
                arrive(e.b);
                break;
            }
            case EventQueue::TimerLane: {
                const Event e = m_events.popFrom(lane);
                advanceClock(e.time);
                hedgeDue(e.a, e.b);
                break;
            }
            case EventQueue::HeapLane: {
                const Event e = m_events.popFrom(lane);
                advanceClock(e.time);
                yield = dispatch(e);
                break;
            }
            }
            if (++m_eventCount % kStopCheckInterval == 0 && m_stop.stop_requested()) {
                m_cancelled = true;
                return;
            }
            if (yield)
                return;
        }
    }

    // --- For drivers (timelines): boundaries, and the changes of a timeline
    // (docs/timeline.md, "Changes"). ---

    void scheduleBoundary(double time) { m_events.push(time, Event::Boundary, 0, 0); }
    // The arrival rate is known up to `horizon` (SimulationCoreChanges.h).
    void extendArrivals(double horizon);
    ArrivalSchedule& arrivalSchedule() { return m_arrivalSchedule; }
    // New hedge policy / budget / limiter for calls from now on (HedgePipeline::reconfigure).
    void reconfigurePipeline(const Setup& setup)
    {
        m_pipeline.reconfigure(policyConfigFor<Policy>(setup, m_policySeed), m_now);
        for (std::size_t c = 0; c < m_fleet.size(); ++c)
            m_fleet[c].reconfigure(policyConfigFor<Policy>(setup, SplitMix64::mix(
                                                                      m_policySeed + (c + 1))),
                                   m_now);
    }
    // A service change: attempts that start service from now on draw from the new distribution
    // (SimulationCoreChanges.h).
    void setService(const ServiceConfig& service);
    // docs/timeline.md, "Outages": from now every attempt sent fails at once (Errors), or no
    // worker takes an attempt from the queue (Stall); none: the service is back, and the idle
    // workers take the queue's head at once.
    void setOutage(std::optional<hedge::Outage::Kind> outage);

    double now() const { return m_now; }
    double busyIntegral() const { return m_busyIntegral; }
    // The part of busyIntegral() spent on attempts whose call had already ended (wasted work,
    // docs/model.md, "Metrics"), up to now.
    double wastedIntegral() const
    {
        return m_wastedIntegral + double(m_wastedBusy) * (m_now - m_wastedSince);
    }
    int busyWorkers() const { return m_busy; }
    std::int64_t queued() const { return m_queued; }
    std::size_t activeWorkers() const { return m_activeWorkers; } // all replicas
    int replicaCount() const { return static_cast<int>(m_replicas.size()); }
    // Replica r's busy worker time so far (kept only with several replicas).
    double replicaBusyIntegral(int r) const
    {
        return m_replicas[static_cast<std::size_t>(r)].busyIntegralAt(m_now);
    }
    // Attempts replica r holds, queued or in service (abandoned losers included).
    int replicaOutstanding(int r) const { return m_replicas[static_cast<std::size_t>(r)].outstanding; }
    double meanServiceMs() const { return m_meanServiceMs; }
    // Queued work over the workers, as in the collapse rule (server-cancelled losers excluded).
    double backlogMs() const { return backlogMsOf(m_queued); }
    // The same for `queued` attempts.
    double backlogMsOf(std::int64_t queued) const
    {
        return double(queued) * m_meanServiceMs / double(m_activeWorkers);
    }
    // The same for replica r alone, over its own workers (several replicas only: its busy
    // count is kept only then; ServiceReplica::backlogMs).
    double replicaBacklogMs(int r) const
    {
        return m_replicas[static_cast<std::size_t>(r)].backlogMs(m_meanServiceMs);
    }
    std::int64_t liveCalls() const { return std::int64_t(m_slots.size() - m_freeSlots.size()); }
    std::int64_t arrivals() const { return m_arrivals; }
    std::int64_t events() const { return m_eventCount; }
    bool stoppedByCap() const { return m_stoppedByCap; }
    bool stoppedEarly() const { return m_stoppedEarly; } // the driver's stopsRun()

    // docs/model.md, "Stopping early" (SimulationCoreEarlyStop.h): whether this run meets the
    // argument's conditions (one FIFO queue, every attempt sent served in full, every call's
    // first attempt sent), and, at an arrival, a lower bound on queued() at the arrival of
    // the last call, from the draws of the attempts queued now and of the calls still to come.
    bool earlyStopProvable() const { return m_earlyStopProvable; }
    std::int64_t queuedLowerBoundAtLastArrival() const;
    bool cancelled() const { return m_cancelled; }
    // The first client's policy (the only one without a fleet): one client's state.
    Policy& pipeline() { return m_pipeline; }
    const Policy& pipeline() const { return m_pipeline; }
    int clients() const { return m_clients; }
    // Hedges the budgets or throttles refused, over every client of the fleet.
    std::int64_t hedgesRefused() const
    {
        std::int64_t refused = m_pipeline.hedgesRefused();
        for (const Policy& p : m_fleet)
            refused += p.hedgesRefused();
        return refused;
    }

    // Calls that had not ended (a capped run): f(call, EndedCall so far); SimulationCoreFanout.h.
    template <class F>
    void forEachLiveCall(F&& f) const;

private:
    using Worker = ServiceWorker;
    using Replica = ServiceReplica;
    // An event of any kind; true: the driver asks run() to return.
    bool dispatch(const Event& e)
    {
        switch (e.kind()) {
        case Event::Arrival: arrive(e.b); break;
        case Event::HedgeDue: hedgeDue(e.a, e.b); break;
        case Event::ServiceDone:
            if (m_shedEvents && (e.a & kShedEvent)) [[unlikely]]
                shedDone(e.a & ~kShedEvent, e.b);
            else
                serviceDone(static_cast<std::uint16_t>(e.a), e.b);
            break;
        case Event::Boundary: return m_driver.onBoundary(*this);
        }
        return false;
    }

    void continueArrivals()
    {
        const double at = m_arrivalSchedule.next(m_now, m_hazard, m_horizon);
        m_arrivalPending = at == kNever;
        if (!m_arrivalPending)
            m_events.push(at, Event::Arrival, 0, static_cast<std::uint32_t>(m_nextCall));
    }

    void arrive(std::int64_t call)
    {
        ++m_arrivals;
        m_driver.onArrival(*this, call);
        if (call + 1 < m_callLimit) {
            m_nextCall = call + 1;
            m_hazard = unitArrivalGap(m_nextCall);
            continueArrivals();
        } else {
            m_driver.onLastArrival(*this);
        }
        if (liveCalls() >= m_cap.maxLiveCalls || backlogMs() > m_cap.maxBacklogMs) {
            m_stoppedByCap = m_halted = true;
            return;
        }

        if (kTopology && m_fanout.enabled()) [[unlikely]] {
            arriveInParts(call);
        } else {
            const std::uint32_t slot = takeSlot(m_slots, m_freeSlots);
            m_slots[slot].call = static_cast<std::uint32_t>(call);
            m_slots[slot].client = clientOf(call);
            trace(TraceEvent::CallStarted, call);
            if (m_deadlines) [[unlikely]]
                m_deadlineRing.push(Deadline{m_now + m_deadlineMs, slot, m_slots[slot].call});
            apply(slot, pipelineOf(slot).startCall(m_slots[slot].state, m_now));
        }
        // The driver's early stop, once the arriving call is on its way (it counts its attempt).
        if constexpr (requires(Driver& d) { d.stopsRun(); }) {
            if (m_driver.stopsRun()) [[unlikely]]
                m_stoppedEarly = m_halted = true;
        }
    }


    void hedgeDue(std::uint32_t slot, std::uint32_t call)
    {
        if (m_slots[slot].call != call)
            return; // the call ended; its timer outlived it
        apply(slot, pipelineOf(slot).hedgeDue(m_slots[slot].state, m_now));
    }

    void serviceDone(std::uint16_t worker, std::uint32_t generation)
    {
        Worker& w = m_workers[worker];
        if (w.generation != generation)
            return; // cancelled in service: the worker moved on already
        const AttemptRef done = w.serving;
        const bool error = w.error;
        if (w.wasted) [[unlikely]]
            wastedEnds(w);
        trace(TraceEvent::ServiceEnded, done.call, done.attempt, worker, 0.0, error,
              CallEnd::Running, w.replica);
        // The worker takes the head of the queue before anything the response triggers joins
        // the tail: FIFO by arrival at the queue.
        releaseWorker(worker);

        CallSlot& s = m_slots[done.slot];
        if (s.call != done.call)
            return; // a loser whose call ended earlier (client cancellation): work wasted
        s.worker[done.attempt] = kNotInService;
        apply(done.slot, pipelineOf(done.slot).attemptDone(s.state, done.attempt, m_now,
                                                error ? AttemptOutcome::HandledError
                                                      : AttemptOutcome::Success));
    }

    // docs/model.md, "Deadlines": the earliest deadline passed before the next event; a call
    // still running ends timed out, its attempts still out abandoned as losers.
    [[gnu::noinline, gnu::cold]] void deadlinePassed();
    // Workers serving the attempts in `cancel` of the call in `s`, which the server does not
    // stop, now serve nobody: their remaining time is wasted work.
    // Out of the flattened loop: inlined, these rare paths made the loop keep fewer values in
    // registers for every event (docs/PERFORMANCE.md, "Deadlines").
    [[gnu::noinline, gnu::cold]] void markWasted(const CallSlot& s, std::uint16_t cancel);
    [[gnu::noinline, gnu::cold]] void wastedStarts(ServiceWorker& w)
    {
        w.wasted = true;
        changeWasted(+1);
    }
    [[gnu::noinline, gnu::cold]] void wastedEnds(ServiceWorker& w)
    {
        w.wasted = false;
        changeWasted(-1);
    }
    void changeWasted(int by)
    {
        m_wastedIntegral += double(m_wastedBusy) * (m_now - m_wastedSince);
        m_wastedSince = m_now;
        m_wastedBusy += by;
    }

    // docs/model.md, "The service": a shed attempt's error, at once (SimulationCoreShedding.h).
    void shed(std::uint32_t slot, int attempt, int r);
    void shedDone(std::uint32_t slotAndAttempt, std::uint32_t call);

    void apply(std::uint32_t slot, const CallStep& step)
    {
        if (step.launch >= 0)
            send(slot, step.launch);
        if (step.hedgeAt != kNever)
            m_events.push(step.hedgeAt, Event::HedgeDue, slot, m_slots[slot].call);
        if (step.end != CallEnd::Running)
            finish(slot, step);
    }

    void send(std::uint32_t slot, int attempt)
    {
        m_driver.onSent(*this, attempt);
        const AttemptRef ref{slot, m_slots[slot].call, static_cast<std::uint8_t>(attempt)};
        // One replica: the balancer is not asked (nothing to choose, nothing drawn).
        int r = 0;
        if constexpr (kTopology) {
            if (m_multiReplica) { // a fan-out's part: among its partition's copies
                const int part = m_fanout.enabled() ? m_fanout.partOf(slot).part : -1;
                const int copies = m_fanout.copies();
                r = chooseReplica(part < 0 ? m_balancer : m_partitionBalancers[std::size_t(part)],
                                  m_placement, m_replicas, m_slots[slot], attempt, m_random,
                                  part < 0 ? 0 : part * copies, part < 0 ? -1 : copies);
            }
            ++m_replicas[static_cast<std::size_t>(r)].outstanding;
            m_slots[slot].replica[attempt] = static_cast<std::uint8_t>(r);
        }
        Replica& replica = m_replicas[static_cast<std::size_t>(r)];
        if (m_outage != ServiceState::Up) [[unlikely]] {
            if (m_outage == ServiceState::Errors) {
                shed(slot, attempt, r); // answered at once with an error, as a shed attempt is
                return;
            }
            queue(slot, ref, replica, r); // a stall: nothing is served until it ends
            return;
        }
        if (m_sheds && replica.freeWorkers.empty() &&
            (kTopology && m_multiReplica ? replica.backlogMs(m_meanServiceMs, 1) : backlogMs()) >
                m_service.shedBacklogMs) [[unlikely]] {
            shed(slot, attempt, r);
        } else if (!replica.freeWorkers.empty()) {
            const std::uint16_t w = replica.freeWorkers.back();
            replica.freeWorkers.pop_back();
            start(w, ref);
        } else {
            queue(slot, ref, replica, r);
        }
    }

    void queue(std::uint32_t slot, const AttemptRef& ref, Replica& replica, int r)
    {
        m_slots[slot].worker[ref.attempt] = kNotInService;
        replica.queue.push(ref);
        ++m_queued;
        m_driver.onQueued(*this);
        trace(TraceEvent::AttemptQueued, ref.call, ref.attempt, -1, 0.0, false, CallEnd::Running, r);
    }

    // A worker's attempt ended (or was cut short): its replica holds one attempt less, and
    // the worker takes the head of its replica's queue.
    void releaseWorker(std::uint16_t worker)
    {
        Worker& w = m_workers[worker];
        --m_busy;
        w.busy = false;
        if constexpr (kTopology) {
            Replica& replica = m_replicas[w.replica];
            --replica.outstanding;
            if (m_multiReplica)
                replica.changeBusy(m_now, -1);
        }
        serveNext(worker);
    }

    void serveNext(std::uint16_t worker)
    {
        const Worker& w = m_workers[worker];
        if (w.retired) [[unlikely]]
            return; // removed by a service change: it retires once its attempt is done
        Replica& replica = m_replicas[w.replica];
        if (m_outage == ServiceState::Stall) [[unlikely]] {
            replica.freeWorkers.push_back(worker); // it waits for the outage's end
            return;
        }
        while (!replica.queue.empty()) {
            const AttemptRef next = replica.queue.pop();
            // With server cancellation a loser left the queue when its call ended (it was
            // uncounted from m_queued then); with client cancellation it is served anyway.
            if (m_serverCancels && m_slots[next.slot].call != next.call)
                continue;
            --m_queued;
            start(worker, next);
            return;
        }
        replica.freeWorkers.push_back(worker);
    }

    void start(std::uint16_t worker, const AttemptRef& ref)
    {
        Worker& w = m_workers[worker];
        Replica& replica = m_replicas[w.replica];
        const ServiceDraw draw = serviceDraw(ref, replica.slowdowns);
        w.serving = ref;
        w.error = draw.error;
        w.busy = true;
        trace(TraceEvent::ServiceStarted, ref.call, ref.attempt, worker, draw.serviceMs, draw.error,
              CallEnd::Running, w.replica);
        ++m_busy;
        if (kTopology && m_multiReplica)
            replica.changeBusy(m_now, +1);
        if (m_slots[ref.slot].call == ref.call) {
            m_slots[ref.slot].worker[ref.attempt] = worker;
        } else { // a loser of an ended call, served all the same (client cancellation)
            wastedStarts(w);
        }
        m_events.push(m_now + draw.serviceMs, Event::ServiceDone, worker, w.generation);
    }

    // The attempt's service, as a worker of the replica with these slow periods starting it now
    // draws it.
    ServiceDraw serviceDraw(const AttemptRef& ref, std::optional<SlowdownSchedule>& slowdowns) const
    {
        // One branch for the one-queue model: the topology's draws only when they apply.
        if (kTopology && m_topologyDraws)
            return topologyDraw(m_random, m_service, m_exponential, ref, slowdowns, m_now);
        if (ref.attempt == 0 && m_draws)
            return m_draws->firstService(ref.call);
        return modelDraw(m_random, m_service, m_exponential, ref);
    }

    bool earlyStopProvable(const Setup& setup) const;

    void finish(std::uint32_t slot, const CallStep& step)
    {
        CallSlot& s = m_slots[slot];
        trace(TraceEvent::CallEnded, s.call, step.errorAttempt, -1, 0.0, false, step.end);
        // One release either way: each inlined copy of it copies the service's handlers.
        CallEnd callOfParts = CallEnd::Running;
        std::uint32_t fan = 0;
        if (kTopology && m_fanout.enabled()) [[unlikely]]
            callOfParts = partEnded(slot, step, fan);
        else
            m_driver.onCallEnded(*this, s.call, EndedCall::of(s.state), step.end);
        release(slot, step.cancel);
        if (kTopology && callOfParts != CallEnd::Running) [[unlikely]]
            endCallOfParts(fan, callOfParts);
    }


    // docs/fanout.md (SimulationCoreFanout.h). Once a call, not in the flattened run(): there
    // they made the loop many times larger (a sanitized compile: 1.5 → over 20 minutes).
    [[gnu::noinline]] void arriveInParts(std::int64_t call);
    CallEnd partEnded(std::uint32_t slot, const CallStep& step, std::uint32_t& fan);
    [[gnu::noinline]] void endCallOfParts(std::uint32_t fan, CallEnd end);

    // Frees a call's slot and cancels its attempts in `cancel` where the cancellation reaches
    // the server. The slot goes first: the queued losers must already look dead when a worker
    // freed below scans the queue.
    void release(std::uint32_t slot, std::uint16_t cancel)
    {
        CallSlot& s = m_slots[slot];
        const std::uint32_t call = s.call;
        s.call = kNoCall;
        m_freeSlots.push_back(slot);
        if (cancel == 0)
            return;
        if (!m_serverCancels) {
            markWasted(s, cancel);
            return;
        }
        for (int a = 0; a < kMaxAttempts; ++a) {
            if (((cancel >> a) & 1u) == 0)
                continue;
            const std::uint16_t w = s.worker[a];
            if (w == kShed) [[unlikely]]
                continue; // answered at once: nothing of it is at the server
            if (w == kNotInService) {
                --m_queued;
                if constexpr (kTopology)
                    --m_replicas[s.replica[a]].outstanding;
                trace(TraceEvent::QueuedDropped, call, a, -1, 0.0, false, CallEnd::Running,
                      kTopology ? s.replica[a] : 0);
            } else {
                trace(TraceEvent::ServiceCutShort, call, a, w, 0.0, false, CallEnd::Running,
                      m_workers[w].replica);
                ++m_workers[w].generation; // its ServiceDone event is now stale
                releaseWorker(w);
            }
        }
    }

    // A call's arrival draw: from the shared table when there is one (same numbers).
    double unitArrivalGap(std::int64_t call) const
    {
        return m_draws ? m_draws->unitArrivalGap(call) : m_random.unitArrivalGap(call);
    }

    // A fleet's calls are spread evenly over its clients, by a hash of the call's index: every
    // client then sees a Poisson stream of its own share, and no draw of any stream is spent.
    std::uint16_t clientOf(std::int64_t call) const
    {
        if (m_clients == 1) [[likely]]
            return 0;
        return static_cast<std::uint16_t>(
            SplitMix64::mix(static_cast<std::uint64_t>(call) ^ m_clientKey) %
            static_cast<std::uint64_t>(m_clients));
    }
    // The policy state the call in `slot` uses: its client's.
    Policy& pipelineOf(std::uint32_t slot)
    {
        if (m_clients > 1) [[unlikely]] {
            const std::uint16_t client = m_slots[slot].client;
            if (client > 0)
                return m_fleet[client - 1u];
        }
        return m_pipeline;
    }

    void advanceClock(double t)
    {
        m_busyIntegral += double(m_busy) * (t - m_now);
        m_now = t;
    }

    void trace(TraceEvent::Kind kind, std::int64_t call, int attempt = -1, int worker = -1,
               double serviceMs = 0.0, bool error = false, CallEnd end = CallEnd::Running,
               int replica = -1)
    {
        if (m_observer) [[unlikely]]
            m_observer->onEvent(
                TraceEvent{kind, m_now, call, attempt, worker, serviceMs, error, end, replica});
    }

    Driver& m_driver;
    std::stop_token m_stop;
    SafetyCap m_cap;
    SimulationObserver* m_observer;
    ServiceConfig m_service;
    std::uint64_t m_policySeed; // keys the draws of a policy that draws (Envoy's jitter)
    Policy m_pipeline;                  // the first client's
    static constexpr std::uint64_t kClientPurpose = 0x636c69656e74ull; // "client"
    const int m_clients;                // docs/model.md, "A fleet of clients"
    const std::uint64_t m_clientKey;    // keys the spread of calls over the clients
    std::vector<Policy> m_fleet;        // the other clients' policies (clients − 1)
    RandomStreams m_random;
    // The calls' arrivals and first attempts, drawn once for every setup at this point's key
    // (CallDrawTable.h); null: drawn here. The caller lends it only for the calls it holds.
    const CallDrawTable* m_draws;
    ArrivalSchedule m_arrivalSchedule;
    const bool m_exponential;
    double m_meanServiceMs;
    const std::int64_t m_callLimit;
    const bool m_serverCancels;

    Balancer m_balancer;
    const HedgePlacement m_placement;
    const bool m_multiReplica;
    bool m_sheds;      // service.shed_backlog_ms > 0: checked only when no worker is free
    // docs/timeline.md, "Outages": the service's state now (a timeline's outage windows).
    enum class ServiceState : std::uint8_t { Up, Errors, Stall };
    ServiceState m_outage = ServiceState::Up;
    bool m_shedEvents; // shed answers may be queued: a ServiceDone's high bit must be read
    bool m_topologyDraws = false; // hiccup correlation or slow periods
    FanoutCalls m_fanout;         // docs/fanout.md; not enabled: a call is one part
    std::vector<Balancer> m_partitionBalancers; // fan-out: one per partition, over its copies

    EventQueue m_events;
    std::int64_t m_queued = 0;     // queued attempts, all replicas, that will still be served
    std::vector<Worker> m_workers; // may hold more than m_activeWorkers: retiring ones
    std::vector<Replica> m_replicas;
    std::size_t m_activeWorkers = 0;
    int m_busy = 0;
    std::vector<CallSlot> m_slots;
    std::vector<std::uint32_t> m_freeSlots;
    double m_now = 0.0;
    double m_busyIntegral = 0.0;
    // Wasted work: workers serving ended calls' attempts, integrated when their count changes
    // (never, for a run without losers).
    int m_wastedBusy = 0;
    double m_wastedIntegral = 0.0, m_wastedSince = 0.0;

    // Deadlines (docs/model.md, "Deadlines"): one per call, at its start + the setup's deadline,
    // so they come due in the order the calls started: a FIFO, not events. `slot` is a
    // fan-out call's record. Stale entries (the call ended) are dropped when they come up.
    struct Deadline {
        double at;
        std::uint32_t slot;
        std::uint32_t call;
    };
    const double m_deadlineMs;
    const bool m_deadlines;
    RingBuffer<Deadline> m_deadlineRing;

    // The next call: its index and the part of its draw not spent by m_horizon.
    std::int64_t m_nextCall = 0;
    double m_hazard = 0.0;
    double m_horizon = kNever;
    bool m_arrivalPending = false;

    bool m_stoppedByCap = false;
    bool m_stoppedEarly = false;
    bool m_halted = false; // either: run() ends
    bool m_earlyStopProvable = false;
    bool m_cancelled = false;
    std::int64_t m_eventCount = 0, m_arrivals = 0;
};

// ---- A timeline's changes ----------------------------------------------------------------------
// The answers to a timeline's changes (docs/timeline.md, "Changes"): the arrival rate known
// further, a new service.

// A pending call that had not arrived by the previous horizon goes on spending its draw from now.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::extendArrivals(double horizon)
{
    m_horizon = horizon;
    if (m_arrivalPending)
        continueArrivals();
}

// Attempts that start service from now on draw from the new distribution; extra workers (per
// replica) start on their replica's queue at once; removed workers finish the attempt they
// serve first. The arrival rate does not change (it is the traffic's); so do not the replicas,
// the balancer, the slow periods and the fan-out (the scenario's: no change names them).
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::setService(const ServiceConfig& service)
{
    const ServiceConfig before = m_service;
    m_service = service;
    m_draws = nullptr; // its first attempts were drawn for the old service
    m_service.replicas = before.replicas;
    m_service.balancer = before.balancer;
    m_service.slowdowns = before.slowdowns;
    m_service.fanoutParts = before.fanoutParts;
    m_service.fanoutWaitFor = before.fanoutWaitFor;
    m_service.fanoutCopies = before.fanoutCopies;
    m_meanServiceMs = m_exponential ? m_service.medianMs : m_service.meanServiceMs();
    m_topologyDraws = drawsDependOnTopology(m_service);
    m_sheds = m_service.shedBacklogMs > 0.0;
    m_shedEvents = m_shedEvents || m_sheds; // a shed answer may still be pending
    const auto target = static_cast<std::size_t>(service.workers);
    resizeReplicas(target, m_workers, m_replicas, [this](std::uint16_t w) { serveNext(w); });
    m_activeWorkers = target * m_replicas.size();
}

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::setOutage(std::optional<hedge::Outage::Kind> outage)
{
    const ServiceState before = m_outage;
    m_outage = !outage                                 ? ServiceState::Up
               : *outage == hedge::Outage::Kind::Stall ? ServiceState::Stall
                                                       : ServiceState::Errors;
    if (m_outage == ServiceState::Errors)
        m_shedEvents = true; // its answers are shed answers: a ServiceDone's high bit is read
    if (before != ServiceState::Stall || m_outage == ServiceState::Stall)
        return;
    // Back from a stall: every idle worker takes the head of its replica's queue.
    for (Replica& replica : m_replicas) {
        std::vector<std::uint16_t> idle;
        idle.swap(replica.freeWorkers);
        for (const std::uint16_t w : idle)
            serveNext(w);
    }
}

// ---- Calls that fan out ------------------------------------------------------------------------
// The handlers of a call that fans out (docs/fanout.md, "Model"): its parts start as calls of
// their own, and a part's end may decide the call. FanoutCalls keeps the records.

// One part per partition, each started as a call (the budget counts parts); a part the limiter
// rejects may decide the call before its other parts start: they are then never sent.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::arriveInParts(std::int64_t call)
{
    const std::uint32_t fan = m_fanout.open(call, m_now);
    if (m_deadlines)
        m_deadlineRing.push(Deadline{m_now + m_deadlineMs, fan, static_cast<std::uint32_t>(call)});
    for (int p = 0; p < m_fanout.parts() && m_fanout.isOpen(fan); ++p) {
        const std::uint32_t slot = takeSlot(m_slots, m_freeSlots);
        m_fanout.place(fan, p, slot);
        m_slots[slot].call = m_fanout.partId(call, p);
        m_slots[slot].client = clientOf(call); // the parts of a call are its client's
        trace(TraceEvent::CallStarted, m_slots[slot].call);
        apply(slot, pipelineOf(slot).startCall(m_slots[slot].state, m_now));
    }
}

// The driver hears of the part; the call's end when this part decided it (Running: not yet).
template <class Driver, bool kTopology, class Policy>
CallEnd SimulationCore<Driver, kTopology, Policy>::partEnded(std::uint32_t slot,
                                                             const CallStep& step,
                                                             std::uint32_t& fan)
{
    fan = m_fanout.partOf(slot).fan;
    if constexpr (requires { m_driver.onPartEnded(*this, 0u, m_slots[slot].state, step.end); })
        m_driver.onPartEnded(*this, m_fanout.callOf(fan), m_slots[slot].state, step.end);
    return m_fanout.partEnded(slot, m_slots[slot].state, step.end);
}

// The call's other parts are abandoned, their attempts cancelled as losers (the setup's
// cancellation), and the driver hears of the call.
template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::endCallOfParts(std::uint32_t fan, CallEnd end)
{
    m_fanout.forEachRunningPart(fan, [&](std::uint32_t part) {
        const CallStep abandon = pipelineOf(part).abandonCall(m_slots[part].state);
        m_fanout.abandoned(fan, part, m_slots[part].state);
        trace(TraceEvent::CallEnded, m_slots[part].call, -1, -1, 0.0, false, abandon.end);
        release(part, abandon.cancel);
    });
    const std::uint32_t call = m_fanout.callOf(fan);
    m_driver.onCallEnded(*this, call, m_fanout.close(fan), end);
}

template <class Driver, bool kTopology, class Policy>
template <class F>
void SimulationCore<Driver, kTopology, Policy>::forEachLiveCall(F&& f) const
{
    if (m_fanout.enabled()) {
        m_fanout.forEachOpenCall(
            [this](std::uint32_t s) -> const CallState& { return m_slots[s].state; }, f);
        return;
    }
    for (const CallSlot& s : m_slots)
        if (s.call != kNoCall)
            f(s.call, EndedCall::of(s.state));
}

// ---- Shed attempts -----------------------------------------------------------------------------
// Shed attempts (docs/model.md, "The service"): an attempt that finds more backlog than
// service.shed_backlog_ms is answered at once with an error, through the queue as a service end,
// and holds no worker.

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::shed(std::uint32_t slot, int attempt, int r)
{
    if constexpr (kTopology)
        --m_replicas[static_cast<std::size_t>(r)].outstanding; // it holds nothing there
    m_slots[slot].worker[attempt] = kShed;
    trace(TraceEvent::AttemptShed, m_slots[slot].call, attempt, -1, 0.0, true, CallEnd::Running, r);
    m_events.push(m_now, Event::ServiceDone, kShedEvent | slot << 4 | std::uint32_t(attempt),
                  m_slots[slot].call);
}

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::shedDone(std::uint32_t slotAndAttempt,
                                                         std::uint32_t call)
{
    const std::uint32_t slot = slotAndAttempt >> 4;
    if (m_slots[slot].call == call) // else the call ended before its error arrived
        apply(slot, pipelineOf(slot).attemptDone(m_slots[slot].state, int(slotAndAttempt & 15u),
                                                 m_now, AttemptOutcome::HandledError));
}

// ---- A point's early stop ----------------------------------------------------------------------
// The core's side of a point's early stop (docs/model.md, "Stopping early"): a lower bound, proved from the
// keyed draws, on the attempts still queued at the last arrival.

// The argument needs: one FIFO queue (one replica, no fan-out); every attempt sent is served in
// full once started and stays queued until then (client cancellation, or no second attempt
// and no deadline for a server to cancel); every call's first attempt sent at its arrival (no limiter to
// refuse it, no shedding); draws that do not depend on when they are made (no slow periods).
template <class Driver, bool kTopology, class Policy>
bool SimulationCore<Driver, kTopology, Policy>::earlyStopProvable(const Setup& setup) const
{
    const bool noLosersToDrop = !m_serverCancels || !setup.mayCancel();
    return m_replicas.size() == 1 && !m_fanout.enabled() && !m_sheds &&
           !m_service.slowdowns.has_value() && m_pipeline.limiter() == nullptr && noLosersToDrop;
}

// Called at the arrival of call k (the driver's onArrival, before the call is sent), at time t.
// The attempts queued now (FIFO order) and then the first attempts of calls k … N−2, in that
// order, are a subsequence of the queue's order from now on; hedges sent later only come
// between them. An element x of it, the p-th, starts at s_x: then every element before it has
// started and at most W − 1 of those, with the W attempts in service now, are still in
// service, so at least p have ended, each after its whole draw. Hence
//   W · (s_x − t) ≥ (sum of the p − 1 elements before x) − (the W − 1 largest of them)
// (the attempts in service now counted as 0 ms; every hedge among them only adds). When that
// exceeds W · (t_N − t), with t_N the last arrival's time (the arrivals' keyed gaps, summed as
// the run sums them), x and every element after it are still queued at t_N.
template <class Driver, bool kTopology, class Policy>
std::int64_t SimulationCore<Driver, kTopology, Policy>::queuedLowerBoundAtLastArrival() const
{
    const std::int64_t k = m_arrivals - 1;
    const std::int64_t last = m_callLimit - 1;
    const RingBuffer<AttemptRef>& queue = m_replicas[0].queue;
    // A non-empty queue: every worker is busy (one replica takes the head when one frees).
    if (!m_earlyStopProvable || queue.empty() || k >= last)
        return 0;
    ArrivalSchedule arrivals = m_arrivalSchedule;
    double lastArrival = m_now;
    for (std::int64_t c = k + 1; c <= last; ++c) {
        double hazard = unitArrivalGap(c);
        lastArrival = arrivals.next(lastArrival, hazard, m_horizon);
        if (lastArrival == kNever)
            return 0;
    }
    const std::size_t workers = m_activeWorkers;
    // The margin covers the rounding of the sums here and of the run's own clock (relative
    // errors of order 1e-11 over a run's 10⁵–10⁶ additions).
    const double capacity = double(workers) * (lastArrival - m_now) * (1.0 + 1e-9);
    std::vector<double> largest; // the W − 1 largest values so far, a min-heap
    largest.reserve(workers);
    double sum = 0.0, largestSum = 0.0;
    const std::int64_t queued = std::int64_t(queue.size());
    const std::int64_t elements = queued + (last - k);
    std::optional<SlowdownSchedule> noSlowdowns; // earlyStopProvable: there are none
    for (std::int64_t i = 0; i < elements; ++i) {
        if (sum - largestSum > capacity)
            return elements - i;
        const AttemptRef ref =
            i < queued ? queue.at(std::size_t(i))
                       : AttemptRef{0, static_cast<std::uint32_t>(k + (i - queued)), 0};
        const double v = serviceDraw(ref, noSlowdowns).serviceMs;
        sum += v;
        if (largest.size() + 1 < workers) {
            largest.push_back(v);
            std::push_heap(largest.begin(), largest.end(), std::greater<>());
            largestSum += v;
        } else if (!largest.empty() && v > largest.front()) {
            std::pop_heap(largest.begin(), largest.end(), std::greater<>());
            largestSum += v - largest.back();
            largest.back() = v;
            std::push_heap(largest.begin(), largest.end(), std::greater<>());
        }
    }
    return 0;
}

// ---- Deadlines ---------------------------------------------------------------------------------
// docs/model.md, "Deadlines". The earliest deadline comes before the next event (ties: the event
// first, so an answer at the deadline itself is in time). A stale one (its call ended) is dropped
// without moving the clock; a live one ends its call timed out through the policy's abandon path,
// and its attempts still out are cancelled as losers under the setup's cancellation.

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::deadlinePassed()
{
    const Deadline d = m_deadlineRing.pop();
    if (kTopology && m_fanout.enabled()) {
        if (!m_fanout.timeOut(d.slot, d.call))
            return;
        advanceClock(d.at);
        endCallOfParts(d.slot, CallEnd::TimedOut);
        return;
    }
    CallSlot& s = m_slots[d.slot];
    if (s.call != d.call)
        return;
    advanceClock(d.at);
    CallStep step = pipelineOf(d.slot).abandonCall(s.state);
    step.end = s.state.end = CallEnd::TimedOut;
    step.hedgeAt = kNever; // its hedge timer, if any, finds the slot freed
    finish(d.slot, step);
}

template <class Driver, bool kTopology, class Policy>
void SimulationCore<Driver, kTopology, Policy>::markWasted(const CallSlot& s, std::uint16_t cancel)
{
    for (int a = 0; a < kMaxAttempts; ++a) {
        if (((cancel >> a) & 1u) == 0)
            continue;
        const std::uint16_t w = s.worker[a];
        if (w == kNotInService || w == kShed)
            continue; // a queued loser is counted when a worker starts it
        m_workers[w].wasted = true;
        changeWasted(+1);
    }
}

} // namespace hedge::sim_detail
