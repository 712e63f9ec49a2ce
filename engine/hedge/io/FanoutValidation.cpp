#include "FanoutValidation.h"

#include "Format.h"

#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>

#include <string>

namespace hedge::io_detail {

void validateFanout(const ServiceConfig& s)
{
    if (!s.hasFanout())
        return;
    if (s.fanoutWaitFor > s.fanoutParts)
        throw ScenarioError("fanout.wait_for", "must be between 1 and parts (" +
                                                   std::to_string(s.fanoutParts) +
                                                   "); 0 or left out waits for all parts");
    const std::int64_t replicas = std::int64_t{s.fanoutParts} * s.fanoutCopies;
    if (replicas > limits::kMaxFanoutReplicas)
        throw ScenarioError("fanout.copies",
                            "parts × copies = " + std::to_string(s.fanoutParts) + " × " +
                                std::to_string(s.fanoutCopies) + " = " + std::to_string(replicas) +
                                " replicas in all, more than allowed (parts × copies ≤ " +
                                std::to_string(limits::kMaxFanoutReplicas) + ")");
    // The reader derives the replicas when the file leaves them out; given, they must agree.
    if (s.replicas != replicas)
        throw ScenarioError("service.replicas",
                            "must be fanout.parts × fanout.copies = " + std::to_string(replicas) +
                                " with a fan-out (or left out)");
}

void validateFanoutCalls(const ServiceConfig& s, std::int64_t calls)
{
    if (!s.fansOut() || calls * s.fanoutParts < limits::kPartsPerRunBound)
        return;
    throw ScenarioError("fanout.parts", "calls × parts must be below " +
                                            groupedInteger(limits::kPartsPerRunBound) + " (calls " +
                                            groupedInteger(calls) + " × parts " +
                                            std::to_string(s.fanoutParts) + ")");
}

} // namespace hedge::io_detail
