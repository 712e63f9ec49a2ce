// The calls of a service that fans out (docs/fanout.md, "Model"), as SimulationCore keeps them:
// a call is `parts` parts, each in a call slot of its own that the pipeline hedges like any
// call; part p goes to the copies of partition p. This class records which slots a call's
// parts hold, decides when the call has its k answers (or can no longer get them) and adds up
// what its parts did. The core sends, cancels and tells the driver. Internal to the engine.
#pragma once

#include <hedge/policy/CallState.h>
#include <hedge/sim/SimulationCoreTypes.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace hedge::sim_detail {

// What a driver is told of a call that ended: a call of one part is its CallState; a call that
// fans out adds its parts up.
struct EndedCall {
    double startedAt = 0.0;
    int attempts = 0;          // every attempt of every part
    bool hedged = false;       // some part sent more than one attempt
    bool hedgeRefused = false; // some part's budget or throttle refused it a hedge
    bool hedgeBelowThreshold = false; // some part hedged past its throttle (gRPC js)
    // Fan-out only: the parts that hedged, and whether the part whose answer completed the
    // call (its slowest answered part) had hedged.
    int partsHedged = 0;
    bool slowestHedged = false;
    // Extra attempts by why they were sent: as retries (after an error, CallState::retries) or
    // as hedges (the rest); attempts = parts' first attempts + hedges + retries.
    int hedges = 0, retries = 0;

    static int hedgesOf(const CallState& s)
    {
        return std::max(0, int(s.launched) - 1 - int(s.retries));
    }
    static EndedCall of(const CallState& s)
    {
        return EndedCall{.startedAt = s.startedAt,
                         .attempts = s.launched,
                         .hedged = s.launched > 1,
                         .hedgeRefused = (s.familyFlags & kHedgeRefusedFlag) != 0,
                         .hedgeBelowThreshold = (s.familyFlags & kHedgeBelowThresholdFlag) != 0,
                         .hedges = hedgesOf(s),
                         .retries = s.retries};
    }
};

class FanoutCalls {
public:
    // One part (parts ≤ 1): not enabled, and the core never asks.
    FanoutCalls(int parts, int waitFor, int copies)
        : m_parts(parts < 1 ? 1 : parts), m_waitFor(waitFor > 0 ? waitFor : m_parts),
          m_copies(copies < 1 ? 1 : copies)
    {}

    bool enabled() const { return m_parts > 1; }
    int parts() const { return m_parts; }
    int copies() const { return m_copies; }
    // The key of a part's draws and its slot's call id: call × parts + part (a 32-bit
    // number: validation keeps calls × parts below 2^32 − 1).
    std::uint32_t partId(std::int64_t call, int part) const
    {
        return static_cast<std::uint32_t>(call * m_parts + part);
    }

    // A call that arrived at `now`: its record, with no part placed yet.
    std::uint32_t open(std::int64_t call, double now)
    {
        std::uint32_t fan;
        if (m_freeRecords.empty()) {
            fan = static_cast<std::uint32_t>(m_records.size());
            m_records.emplace_back();
            m_partSlots.resize(m_partSlots.size() + static_cast<std::size_t>(m_parts), kNoCall);
        } else {
            fan = m_freeRecords.back();
            m_freeRecords.pop_back();
            std::fill_n(partSlotsOf(fan), m_parts, kNoCall);
        }
        m_records[fan] = Record{.call = static_cast<std::uint32_t>(call),
                                .ended = EndedCall{.startedAt = now}};
        return fan;
    }
    bool isOpen(std::uint32_t fan) const { return !m_records[fan].closed; }
    std::uint32_t callOf(std::uint32_t fan) const { return m_records[fan].call; }

    // Part `part` of call `fan` runs in `slot`.
    void place(std::uint32_t fan, int part, std::uint32_t slot)
    {
        if (m_slotParts.size() <= slot)
            m_slotParts.resize(slot + 1);
        m_slotParts[slot] = PartOf{fan, static_cast<std::uint16_t>(part)};
        partSlotsOf(fan)[part] = slot;
    }
    struct PartOf {
        std::uint32_t fan = 0;
        std::uint16_t part = 0;
    };
    PartOf partOf(std::uint32_t slot) const { return m_slotParts[slot]; }

    // The part in `slot` ended (`state` as it ended). Returns the call's end when this part
    // decided it: Succeeded at the k-th answer; Failed (Rejected when this part was rejected)
    // once fewer than k parts can still answer. Running: not decided yet.
    CallEnd partEnded(std::uint32_t slot, const CallState& state, CallEnd end)
    {
        const PartOf p = m_slotParts[slot];
        Record& r = m_records[p.fan];
        partSlotsOf(p.fan)[p.part] = kNoCall;
        add(r, state);
        if (r.closed)
            return CallEnd::Running;
        if (end == CallEnd::Succeeded) {
            if (++r.answered == m_waitFor) {
                r.ended.slowestHedged = state.launched > 1;
                r.closed = true;
                return CallEnd::Succeeded;
            }
        } else if (m_parts - ++r.failed < m_waitFor) {
            r.closed = true;
            return end == CallEnd::Rejected ? CallEnd::Rejected : CallEnd::Failed;
        }
        return CallEnd::Running;
    }

    // The slots of the parts of `fan` still running, for the core to abandon once the call's
    // end is decided: f(slot) for each, then call abandoned(fan, state) for its state.
    template <class F>
    void forEachRunningPart(std::uint32_t fan, F&& f) const
    {
        const std::uint32_t* parts = partSlotsOf(fan);
        for (int p = 0; p < m_parts; ++p)
            if (parts[p] != kNoCall)
                f(parts[p]);
    }
    // The call's deadline passed (docs/model.md, "Deadlines"): its end is decided now, unless it
    // already was (false: nothing to do). Its running parts are then abandoned as above.
    bool timeOut(std::uint32_t fan, std::uint32_t call)
    {
        Record& r = m_records[fan];
        if (r.closed || r.call != call)
            return false;
        r.closed = true;
        return true;
    }
    void abandoned(std::uint32_t fan, std::uint32_t slot, const CallState& state)
    {
        partSlotsOf(fan)[m_slotParts[slot].part] = kNoCall;
        add(m_records[fan], state);
    }

    // What the driver is told of the call `fan`, whose record is free afterwards.
    EndedCall close(std::uint32_t fan)
    {
        m_freeRecords.push_back(fan);
        return m_records[fan].ended;
    }

    // Calls still open (a run the safety cap stopped): f(call, EndedCall so far), the running
    // parts' attempts included (`states(slot)` gives a slot's CallState).
    template <class States, class F>
    void forEachOpenCall(States&& states, F&& f) const
    {
        std::vector<bool> free(m_records.size(), false);
        for (std::uint32_t fan : m_freeRecords)
            free[fan] = true;
        for (std::uint32_t fan = 0; fan < m_records.size(); ++fan) {
            if (free[fan])
                continue;
            Record r = m_records[fan];
            forEachRunningPart(fan, [&](std::uint32_t slot) { add(r, states(slot)); });
            f(r.call, r.ended);
        }
    }

private:
    struct Record {
        std::uint32_t call = 0;
        int answered = 0, failed = 0;
        bool closed = false; // its end is decided (the parts left are being abandoned)
        EndedCall ended;
    };
    static void add(Record& r, const CallState& part)
    {
        r.ended.attempts += part.launched;
        r.ended.hedges += EndedCall::hedgesOf(part);
        r.ended.retries += part.retries;
        r.ended.partsHedged += part.launched > 1;
        r.ended.hedged = r.ended.hedged || part.launched > 1;
        r.ended.hedgeRefused = r.ended.hedgeRefused || (part.familyFlags & kHedgeRefusedFlag);
        r.ended.hedgeBelowThreshold =
            r.ended.hedgeBelowThreshold || (part.familyFlags & kHedgeBelowThresholdFlag);
    }
    std::uint32_t* partSlotsOf(std::uint32_t fan)
    {
        return m_partSlots.data() + std::size_t(fan) * std::size_t(m_parts);
    }
    const std::uint32_t* partSlotsOf(std::uint32_t fan) const
    {
        return m_partSlots.data() + std::size_t(fan) * std::size_t(m_parts);
    }

    int m_parts, m_waitFor, m_copies;
    std::vector<Record> m_records;
    std::vector<std::uint32_t> m_freeRecords;
    std::vector<std::uint32_t> m_partSlots; // record r's part p at r × parts + p; kNoCall: ended
    std::vector<PartOf> m_slotParts;        // by call slot
};

} // namespace hedge::sim_detail
