#include <hedge/policy/PolicyFamily.h>

#include <hedge/PolicyFamilies.h>

namespace hedge {

// The names are the table's (hedge/PolicyFamilies.cpp).

const char* toString(PolicyFamily family)
{
    return policyFamilyRow(family).key;
}

std::optional<PolicyFamily> policyFamilyFromString(std::string_view name)
{
    for (const PolicyFamilyRow& row : policyFamilies()) {
        if (name == row.key)
            return row.id;
    }
    return std::nullopt;
}

const std::vector<PolicyFamily>& allPolicyFamilies()
{
    static const std::vector<PolicyFamily> families = [] {
        std::vector<PolicyFamily> all;
        for (const PolicyFamilyRow& row : policyFamilies())
            all.push_back(row.id);
        return all;
    }();
    return families;
}

const char* toString(GrpcFlavour flavour)
{
    switch (flavour) {
    case GrpcFlavour::A6:
        return "a6";
    case GrpcFlavour::Js:
        return "js";
    case GrpcFlavour::Java:
        break;
    }
    return "java";
}

std::optional<GrpcFlavour> grpcFlavourFromString(std::string_view name)
{
    if (name == "java")
        return GrpcFlavour::Java;
    if (name == "a6")
        return GrpcFlavour::A6;
    if (name == "js")
        return GrpcFlavour::Js;
    return std::nullopt;
}

} // namespace hedge
