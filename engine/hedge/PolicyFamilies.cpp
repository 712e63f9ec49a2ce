#include <hedge/PolicyFamilies.h>

#include <hedge/io/FamilyExport.h>
#include <hedge/io/Format.h>
#include <hedge/policy/EnvoyHedging.h>
#include <hedge/policy/FamilyStage.h>
#include <hedge/policy/FinagleBackup.h>
#include <hedge/policy/GrpcHedging.h>
#include <hedge/policy/MurphyHedging.h>
#include <hedge/policy/PollyHedging.h>
#include <hedge/policy/TowerHedge.h>

namespace hedge {

// What the rows point to in the families' own files: their knob rows (FamilyKnobs.cpp) and
// their exports (io/<Family>Export.cpp).
std::vector<Knob> grpcKnobs();
std::vector<Knob> envoyKnobs();
std::vector<Knob> finagleKnobs();
std::vector<Knob> towerKnobs();
std::vector<Knob> pollyKnobs();
std::vector<Knob> murphyKnobs();
std::vector<Knob> resilience4cataRetryKnobs(); // FamilyRetryKnobs.cpp: its hedge's are KnobRegistry.cpp's
namespace io_detail {
const FamilyExport& resilience4cataExport();
const FamilyExport& grpcExport();
const FamilyExport& envoyExport();
const FamilyExport& finagleExport();
const FamilyExport& towerExport();
const FamilyExport& pollyExport();
const FamilyExport& murphyExport();
} // namespace io_detail

namespace {

template <auto Settings> bool same(const FamilySettings& a, const FamilySettings& b)
{
    return a.*Settings == b.*Settings;
}

// What a setup's generated name adds when its family retries (docs/policies.md, "Retries").
std::string retryDetail(bool retries)
{
    return retries ? ", retries" : "";
}

// One row per family, in the order of docs/policies.md and of the editor's chooser. A row is
// complete when tst_policyfamilies says so.
// clang-format off
std::vector<PolicyFamilyRow> familyTable()
{
    return {
        {.id = PolicyFamily::Resilience4cata,
         .key = "resilience4cata",
         .displayName = "resilience4cata — the explorer's own",
         .docsHeading = "resilience4cata",
         .knobs = &resilience4cataRetryKnobs,
         .sameSettings = &same<&FamilySettings::resilience4cata>,
         .nameDetail = [](const FamilySettings& f) {
             return retryDetail(f.resilience4cata.retry.has_value()); },
         .retries = [](const FamilySettings& f) { return f.resilience4cata.retry.has_value(); },
         .exports = &io_detail::resilience4cataExport()},
        {.id = PolicyFamily::Grpc,
         .key = "grpc",
         .displayName = "gRPC",
         .docsHeading = "gRPC",
         .knobs = &grpcKnobs,
         .sameSettings = &same<&FamilySettings::grpc>,
         .nameDetail = [](const FamilySettings& f) {
             return std::string(f.grpc.throttling ? ", throttled" : "") +
                    retryDetail(!f.grpc.hedgingPolicy && f.grpc.retryPolicy); },
         .retries = [](const FamilySettings& f) {
             return !f.grpc.hedgingPolicy && f.grpc.retryPolicy.has_value(); },
         .makeStage = &makeFamilyStage<GrpcHedging, &FamilySettings::grpc>,
         .exports = &io_detail::grpcExport()},
        {.id = PolicyFamily::Envoy,
         .key = "envoy",
         .displayName = "Envoy",
         .docsHeading = "Envoy",
         .knobs = &envoyKnobs,
         .sameSettings = &same<&FamilySettings::envoy>,
         .nameDetail = [](const FamilySettings& f) {
             return std::string(f.envoy.retryBudget ? ", retry budget" : "") +
                    retryDetail(f.envoy.retryOn5xx); },
         .retries = [](const FamilySettings& f) { return f.envoy.retryOn5xx; },
         .makeStage = &makeFamilyStage<EnvoyHedging, &FamilySettings::envoy>,
         .exports = &io_detail::envoyExport()},
        {.id = PolicyFamily::Finagle,
         .key = "finagle",
         .displayName = "Finagle",
         .docsHeading = "Finagle",
         .knobs = &finagleKnobs,
         .sameSettings = &same<&FamilySettings::finagle>,
         .nameDetail = [](const FamilySettings& f) {
             return ", extra load " + io_detail::formatNumber(f.finagle.maxExtraLoad * 100.0) + " %" +
                    retryDetail(f.finagle.retryPolicy.has_value()); },
         .retries = [](const FamilySettings& f) { return f.finagle.retryPolicy.has_value(); },
         .makeStage = &makeFamilyStage<FinagleBackup, &FamilySettings::finagle>,
         .abandonsLosers = [](const FamilySettings& f) { return !f.finagle.sendInterrupts; },
         .abandonsLosersWhy = "Client only: without Send interrupts, Finagle leaves the losing "
                              "attempt running, so the server finishes the work.",
         .tokensAreBudget = true,
         .exports = &io_detail::finagleExport()},
        {.id = PolicyFamily::Tower,
         .key = "tower",
         .displayName = "Tower",
         .docsHeading = "Tower",
         .knobs = &towerKnobs,
         .sameSettings = &same<&FamilySettings::tower>,
         .nameDetail = [](const FamilySettings& f) {
             return std::string(f.tower.budget ? ", budget" : "") +
                    retryDetail(f.tower.retry.has_value()); },
         .retries = [](const FamilySettings& f) { return f.tower.retry.has_value(); },
         .makeStage = &makeFamilyStage<TowerHedge, &FamilySettings::tower>,
         .tokensAreBudget = true,
         .exports = &io_detail::towerExport()},
        {.id = PolicyFamily::Polly,
         .key = "polly",
         .displayName = "Polly",
         .docsHeading = "Polly",
         .knobs = &pollyKnobs,
         .sameSettings = &same<&FamilySettings::polly>,
         .nameDetail = [](const FamilySettings& f) { return retryDetail(f.polly.retry.has_value()); },
         .retries = [](const FamilySettings& f) { return f.polly.retry.has_value(); },
         .makeStage = &makeFamilyStage<PollyHedging, &FamilySettings::polly>,
         .exports = &io_detail::pollyExport()},
        {.id = PolicyFamily::Murphy,
         .key = "murphy",
         .displayName = "Murphy",
         .docsHeading = "Murphy",
         .knobs = &murphyKnobs,
         .sameSettings = &same<&FamilySettings::murphy>,
         .nameDetail = [](const FamilySettings& f) { return retryDetail(f.murphy.retry.has_value()); },
         .retries = [](const FamilySettings& f) { return f.murphy.retry.has_value(); },
         .makeStage = &makeFamilyStage<MurphyHedging, &FamilySettings::murphy>,
         .abandonsLosers = [](const FamilySettings&) { return true; },
         .abandonsLosersWhy = "Client only: Murphy abandons a losing attempt and never cancels "
                              "it, so the server always finishes the work.",
         .exports = &io_detail::murphyExport()},
    };
}
// clang-format on

} // namespace

const std::vector<PolicyFamilyRow>& policyFamilies()
{
    static const std::vector<PolicyFamilyRow> table = familyTable();
    return table;
}

const PolicyFamilyRow& policyFamilyRow(PolicyFamily family)
{
    for (const PolicyFamilyRow& row : policyFamilies())
        if (row.id == family)
            return row;
    return policyFamilies().front(); // resilience4cata, as toString has always said
}

} // namespace hedge
