// The advisor (docs/advisor.md): searches a stack's knobs against a shared-queue model of the
// user's own service, on the one simulation core (LoadSweep: every candidate is a setup of a
// scenario at the held loads, common random numbers across candidates), racing short runs and
// keeping full-length ones for the figures it reports.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <functional>
#include <stop_token>

namespace hedge {

// The figure the objective names at a point (p50, p99 or p99.9); none without a latency.
std::optional<double> objectiveFigure(const PointResult& point, AdviceObjective objective);
// The candidate's figures at the question's target load; nullptr before it has run there.
const PointResult* figuresAtTarget(const AdviceQuestion& question, const AdviceCandidate& candidate);

class Advisor {
public:
    // Called from the thread running the search after each stage and as candidates finish, with
    // what is known so far (finished = false), never concurrently with itself.
    using OnProgress = std::function<void(const AdviceAnswer& soFar)>;

    // `question` must be valid (adviceQuestionError() empty); throws std::invalid_argument
    // otherwise. `threads`: as LoadSweep's (0: all cores).
    explicit Advisor(AdviceQuestion question, int threads = 0);

    // Blocks until the answer is known or `stop` is requested: then returns what is known, with
    // finished = false. Deterministic: the same question gives the same answer, bit for bit,
    // whatever the thread count.
    AdviceAnswer run(const OnProgress& onProgress = {}, std::stop_token stop = {}) const;

    const AdviceQuestion& question() const { return m_question; }

private:
    AdviceQuestion m_question;
    int m_threads;
};

} // namespace hedge
