// The advisor's answer as text (docs/advisor.md, "The answer"): the table hedgesim prints, the
// explorer's Advise dialog shows and the report's "Why this setting" section holds, so that the
// three say the same figures in the same words.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <string>
#include <vector>

namespace hedge {

struct AdviceTable {
    // "setting", then per held load "p99 @ 0.3" and "req/call @ 0.3", then "collapsed runs".
    std::vector<std::string> columns;
    // No hedge, the rule of thumb, the advised setting (when there is one): first cell the row's
    // name ("advised: delay 23.4 ms, budget 5 %"), figures with their spread over replicates.
    std::vector<std::vector<std::string>> rows;
};
AdviceTable adviceTable(const AdviceQuestion& question, const AdviceAnswer& answer);

// One paragraph: the advice and its objective at the target beside the rule of thumb's and no
// hedge's, its requests per call, its margin; or, without an answer, the tightest limit and by how
// much the closest candidate missed it.
std::string adviceSummary(const AdviceQuestion& question, const AdviceAnswer& answer);

// "Why not the others": one line per rejected candidate, in candidates order:
// "delay 8 ms: collapsed at 0.85 in 4 of 10 runs".
std::vector<std::string> whyNotLines(const AdviceAnswer& answer);

// The question in one line: "grpc, searching hedging delay 10.2–61.3 ms (12, log) × max attempts
// 2–3; holding 0.3, 0.6, 0.725, 0.85; target 0.6; ≤ 1.05 requests per call at the target; p99".
std::string questionSummary(const AdviceQuestion& question);

} // namespace hedge
