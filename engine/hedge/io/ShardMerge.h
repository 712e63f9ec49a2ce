// Joins the parts of a sharded run (hedgesim run --shard K/N) into the results of the whole
// run, in results order: the merged file is the one a single machine writes, bit for bit.
#pragma once

#include <hedge/io/ResultsJson.h>

#include <string>
#include <vector>

namespace hedge {

struct ResultsPart {
    std::string name; // the file it came from, for messages
    RunResults results;
};

// Throws ScenarioError whose field names the part (its file) when the parts are not exactly
// shards 1 … N of one run: not a part, another scenario or N, a shard given twice, a shard
// missing, or points that are not the shard's.
RunResults mergeResultsParts(const std::vector<ResultsPart>& parts);

} // namespace hedge
