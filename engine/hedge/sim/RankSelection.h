// The values at given ranks of a set of non-negative doubles (the 0-based index each would have
// once sorted), found without sorting or reordering the set. A point's three percentiles took
// 6–9 % of a simulation's time as three std::nth_element passes (issue 13's profile); a
// histogram of the doubles' top bits finds the bucket of each rank in two linear passes, and
// only those few buckets' values are selected among. The values are exactly nth_element's.
#pragma once

#include <cstddef>
#include <span>

namespace hedge {

// out[i] = the value of rank ranks[i] in `values` sorted ascending (each rank < values.size();
// ranks in any order, repeats allowed). Negative values, -0.0 or NaN fall back to
// std::nth_element on a copy: the result is the same, only slower.
void valuesAtRanks(std::span<const double> values, std::span<const std::size_t> ranks,
                   std::span<double> out);

} // namespace hedge
