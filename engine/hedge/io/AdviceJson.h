// The advisor's answer as a file (docs/advisor.md): the question that produced it (the world's
// service in summary, the stack, the knobs searched with their ranges, the loads, the limits and
// the objective), the advised setting, no hedge and the rule of thumb with their figures at every
// held load and their spread, the front, every candidate with its stage and why it was dropped,
// the margin and the work done. Keys in a fixed order; doubles as the results file writes them.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <string>
#include <vector>

namespace hedge {

inline constexpr const char* kAdviceSchema = "hedge-explorer/advice@1";

// One search: a question and its answer.
struct AdviceSearch {
    AdviceQuestion question;
    AdviceAnswer answer;
};

// {"format": kAdviceSchema, "question": …, "finished": …, "advised": …, …}.
std::string writeAdviceJson(const AdviceQuestion& question, const AdviceAnswer& answer);

// A comparison of stacks (hedgesim advise --family all): {"format": kAdviceSchema, "searches":
// [one object per search, as writeAdviceJson's without "format"]}.
std::string writeAdviceComparisonJson(const std::vector<AdviceSearch>& searches);

} // namespace hedge
