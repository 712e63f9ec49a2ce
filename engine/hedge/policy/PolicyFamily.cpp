#include <hedge/policy/PolicyFamily.h>

#include <algorithm>
#include <array>
#include <utility>

namespace hedge {

namespace {

constexpr std::array<std::pair<PolicyFamily, const char*>, 7> kFamilyNames{{
    {PolicyFamily::Resilience4cata, "resilience4cata"},
    {PolicyFamily::Grpc, "grpc"},
    {PolicyFamily::Envoy, "envoy"},
    {PolicyFamily::Finagle, "finagle"},
    {PolicyFamily::Tower, "tower"},
    {PolicyFamily::Polly, "polly"},
    {PolicyFamily::Murphy, "murphy"},
}};

} // namespace

const char* toString(PolicyFamily family)
{
    for (const auto& [f, name] : kFamilyNames) {
        if (f == family)
            return name;
    }
    return "resilience4cata";
}

std::optional<PolicyFamily> policyFamilyFromString(std::string_view name)
{
    for (const auto& [f, text] : kFamilyNames) {
        if (name == text)
            return f;
    }
    return std::nullopt;
}

const std::vector<PolicyFamily>& allPolicyFamilies()
{
    static const std::vector<PolicyFamily> families = [] {
        std::vector<PolicyFamily> all;
        for (const auto& entry : kFamilyNames)
            all.push_back(entry.first);
        return all;
    }();
    return families;
}

const char* toString(GrpcFlavour flavour)
{
    return flavour == GrpcFlavour::A6 ? "a6" : "java";
}

std::optional<GrpcFlavour> grpcFlavourFromString(std::string_view name)
{
    if (name == "java")
        return GrpcFlavour::Java;
    if (name == "a6")
        return GrpcFlavour::A6;
    return std::nullopt;
}

} // namespace hedge
