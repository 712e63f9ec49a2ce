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
