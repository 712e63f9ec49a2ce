// The policy families (docs/policies.md) as one table, as the knob registry is for knobs: one
// row per family says everything the rest of the explorer asks of a family — its name in a
// file, its name in the editor, its knobs' rows, the object that decides its calls, how its
// stack's configuration is written and read, and the heading that documents it. The rows point
// into the family's own files (policy/PollyHedging.*, io/PollyExport.cpp, ...); nothing else
// names a family. Adding one: DEVELOPERS.md, "Adding a policy family".
#pragma once

#include <hedge/Knob.h>
#include <hedge/policy/PolicyFamily.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hedge {

class FamilyStage;
struct FamilyExport;

struct PolicyFamilyRow {
    PolicyFamily id = PolicyFamily::Resilience4cata;
    // As a scenario file spells the family ("polly"): the setup's "policy" and the key of its
    // settings' object (resilience4cata's is "hedge").
    const char* key = nullptr;
    // The editor's chooser ("Polly"), translated there (context "SetupEditor").
    const char* displayName = nullptr;
    // Its section of docs/policies.md.
    const char* docsHeading = nullptr;
    // Its knobs' rows (hedge/FamilyKnobs.cpp; KnobRegistry adds them in the table's order).
    // resilience4cata's hedge knobs are KnobRegistry.cpp's; its row lists its retry's.
    std::vector<Knob> (*knobs)() = nullptr;
    // Whether two setups' settings of the family are the same policy (Setup::samePolicy);
    // resilience4cata's compares its retry; its hedge, Setup::hedge, is compared beside it.
    bool (*sameSettings)(const FamilySettings& a, const FamilySettings& b) = nullptr;
    // What Setup::generatedName adds after the family's key (", throttled"; resilience4cata:
    // after its hedge's name); nullptr: nothing.
    std::string (*nameDetail)(const FamilySettings& settings) = nullptr;
    // Whether the settings retry errors (docs/policies.md, "Retries"); nullptr: never.
    bool (*retries)(const FamilySettings& settings) = nullptr;
    // The family's decisions (policy/FamilyStage.h) for FamilyPipeline; nullptr:
    // resilience4cata, which HedgePipeline runs.
    std::unique_ptr<FamilyStage> (*makeStage)(const FamilySettings& settings,
                                              std::uint64_t seed) = nullptr;
    // Whether the family leaves a loser running whatever the setup's cancellation
    // (serverCancels; the editor then holds cancellation at "client only"); nullptr: never.
    bool (*abandonsLosers)(const FamilySettings& settings) = nullptr;
    // Why, as the editor says it beside its held choice (translated there, "SetupEditor").
    const char* abandonsLosersWhy = nullptr;
    // Whether the family's gauge of tokens (FamilyGauges::tokens) is its budget's balance
    // (the Live view's budget panel) rather than gRPC's throttle tokens.
    bool tokensAreBudget = false;
    // Its stack's configuration, written and read (io/<Family>Export.cpp).
    const FamilyExport* exports = nullptr;
};

// Every family, in the order the docs and the editor's chooser list them.
const std::vector<PolicyFamilyRow>& policyFamilies();
// The row of `family` (every value of PolicyFamily has one).
const PolicyFamilyRow& policyFamilyRow(PolicyFamily family);

} // namespace hedge
