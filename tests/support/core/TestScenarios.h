// Small scenarios the tests share: quick to run, one setup of each kind.
#pragma once

#include <hedge/Scenario.h>

#include <cstdint>
#include <vector>

namespace hedge::test {

// "no hedge" and "hedge, no budget" (20 ms, 2 attempts) at `loads`: the sweep's tests.
Scenario twoSetups(std::vector<double> loads, int calls = 2000, std::uint64_t seed = 5);

// "hedge, no budget" and "hedge, default budget" (the reference's second and third setups),
// 2000 calls at load 0.5: the Live view's tests (one without a budget, one with).
Scenario twoHedgedSetups(std::uint64_t seed = 11);

} // namespace hedge::test
