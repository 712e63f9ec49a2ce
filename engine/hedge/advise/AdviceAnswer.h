// The advisor's answer (docs/advisor.md, "The answer"): every candidate tried and why it was
// kept or dropped, the advised one with its figures from full-length runs, the rule of thumb and
// no hedge on the same seeds, the front and the margin.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

// How far a candidate went in the search (docs/advisor.md, "How it searches").
enum class AdviceStage : std::uint8_t {
    Race,   // short runs, one replicate
    Refine, // longer runs, a few replicates
    Final,  // full-length runs, the question's collapse replicates: the figures an answer shows
};
const char* toString(AdviceStage stage); // "race", "refine", "final"

// The first limit a candidate broke, with its figure.
struct AdviceRejection {
    enum class Limit : std::uint8_t {
        Collapse,             // collapsed at a held load in some run
        RequestsAtTarget,     // requests per call at the target load
        RequestsPerCall,      // requests per call at a held load
        Failures,             // failed or rejected calls at a held load
        Burst,                // still collapsed after the burst
        Dominated,            // another candidate was better in both the objective and requests
    };
    Limit limit = Limit::Collapse;
    double load = 0.0;          // where it broke it
    double figure = 0.0;        // the candidate's figure there (collapse: runs collapsed)
    double allowed = 0.0;       // the limit (collapse: 0)
    int collapsedRuns = 0;      // Collapse: of `runs`
    int runs = 0;
    AdviceStage stage = AdviceStage::Race; // the runs that showed it
    // "collapsed at 0.85 in 4 of 10 runs", "1.12 requests per call at 0.6 (limit 1.05)".
    std::string text;

    bool operator==(const AdviceRejection&) const = default;
};
const char* toString(AdviceRejection::Limit limit); // "collapse", "requests at target", ...

struct AdviceCandidate {
    std::vector<double> values; // one per AdviceQuestion::search, in order
    Setup setup;                // the stack with the values written
    std::string label;          // describeValues(): "delay 23.4 ms, budget 5 %"
    AdviceStage stage = AdviceStage::Race;
    // The runs of its last stage at each held load, in AdviceQuestion::heldLoads order (pooled
    // over that stage's replicates: PointResult::spread). Only Final figures are shown as answers.
    std::vector<PointResult> figures;
    std::optional<AdviceRejection> rejection; // none: kept every limit so far

    bool operator==(const AdviceCandidate&) const = default;
};

// The margin the advised setting keeps (docs/advisor.md, "The answer").
struct AdviceMargin {
    // The highest load, in steps of 0.05 above the held ones, at which none of the runs collapsed.
    std::optional<double> highestLoadHeld;
    int runsPerLoad = 0;
    // The burst, when the question has one: whether it came back, and when the backlog was gone.
    std::optional<bool> burstRecovered;
    std::optional<double> recoveredAfterS; // after the burst's end

    bool operator==(const AdviceMargin&) const = default;
};

struct AdviceAnswer {
    std::vector<AdviceCandidate> candidates; // every candidate tried, the refined ones after the grid's
    std::optional<std::size_t> advised;      // into candidates; none: no candidate kept every limit
    // On the same seeds and replicates as the finalists (full length): the stack without hedging
    // and with the rule of thumb (ruleOfThumb()); their rejection says which limit they break.
    AdviceCandidate noHedge;
    AdviceCandidate ruleOfThumb;
    // Candidates with Final figures that kept every limit and that no other such candidate beats
    // in both the objective at the target and requests per call there, by requests per call.
    // While the search runs (finished = false): the same among the candidates the stage under
    // way has run so far, so that the front fills in.
    std::vector<std::size_t> front;
    // While the search runs: the best candidate of the stage under way so far (by the objective
    // at the target; a tie to fewer requests). Once finished: the advised one.
    std::optional<std::size_t> bestSoFar;
    AdviceMargin margin; // of the advised setting
    // No answer: the limit that ruled out the most candidates at the last stage they reached, and
    // the candidate that came closest to it (its rejection holds the figure and the limit).
    std::optional<std::size_t> closest;

    // Progress: the stage under way and candidates still in the race. A stopped search keeps
    // what it knows with finished = false.
    AdviceStage stage = AdviceStage::Race;
    std::size_t candidatesLeft = 0;
    bool finished = false;
    // Work done: simulated runs and calls (warm-up included), for docs/PERFORMANCE.md.
    std::int64_t runs = 0;
    std::int64_t simulatedCalls = 0;

    const AdviceCandidate* advisedCandidate() const
    {
        return advised ? &candidates[*advised] : nullptr;
    }
};

} // namespace hedge
