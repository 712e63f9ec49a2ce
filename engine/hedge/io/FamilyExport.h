// What a policy family's row (hedge/PolicyFamilies.h) points to for its stack's own
// configuration (docs/policies.md, "Export and import"): the text, its title and file suffix,
// what the model leaves out, whether a resilience4cata setup can be written as the family, and
// the family's reader when its configuration can be imported. Each family defines its own in
// io/<Family>Export.cpp.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <string_view>
#include <vector>

namespace hedge {

struct ImportedPolicy;
namespace io_detail {
struct ExportHeader;
}

struct FamilyExport {
    const char* title = nullptr;  // "Polly v8 hedging (C#)"
    const char* suffix = nullptr; // "cs"
    std::string (*text)(const Setup& setup, const io_detail::ExportHeader& header) = nullptr;
    // What the model does not cover or the format cannot say, one sentence each, in the order
    // the text's comment lists them (after the adaptive limit's and the cancellation's).
    void (*notes)(const Setup& setup, std::vector<std::string>& notes) = nullptr;
    // The sentence on cancellation when the family has its own (Murphy abandons losers);
    // nullptr: the server's doing, as for every other stack.
    const char* cancellationNote = nullptr;
    // A resilience4cata setup written as this family, when the rules are the same decision by
    // decision (no budget, any replica, and what the family itself adds here to `reasons`);
    // nullptr (both): never.
    void (*whyNotFromHedge)(const Setup& setup, std::vector<std::string>& reasons) = nullptr;
    void (*fromHedge)(const HedgeSettings& hedge, int extraAttempts, FamilySettings& out) = nullptr;
    // Reads the stack's configuration into `out` (its setup's family settings and what is not
    // modelled); nullptr: the family cannot be imported.
    void (*read)(std::string_view text, ImportedPolicy& out) = nullptr;
    // The explorer's own model (resilience4cata): the text says all of the setup, no notes on
    // the adaptive limit or cancellation.
    bool ownModel = false;
    // Whether the text has comments to list what is not covered in (gRPC's JSON has none: the
    // caller shows the list beside it, ExportedPolicy::uncoveredInText).
    bool hasComments = true;
};

} // namespace hedge
