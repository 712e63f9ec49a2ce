// The member of a policy family's settings (docs/policies.md) that a knob is, reached through
// Setup::families: a row names it by its path of members, as the other rows name theirs,
// `familyMember<&GrpcSettings::throttling, &GrpcThrottling::maxTokens>()`, and the accessors
// below are made from that path, so that the file, the check, the editors, the grid and the
// timeline read the family's knobs through the row alone (DEVELOPERS.md, "Adding a knob").
#pragma once

#include <hedge/policy/PolicyFamily.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace hedge {

struct FamilyMember {
    // Number: a double; Count: an int (the value rounded); Flag: a bool (1 or 0); Part: an
    // optional part switched on (1) or off (0), like a setup's hedge.
    enum class Kind : std::uint8_t { Number, Count, Flag, Part };

    PolicyFamily family = PolicyFamily::Grpc;
    Kind kind = Kind::Number;
    // The value; none when a part it lies in is off.
    std::optional<double> (*read)(const FamilySettings&) = nullptr;
    // Sets it; a part it lies in is switched on with its defaults first.
    void (*write)(FamilySettings&, double) = nullptr;
    // The member's initializer (PolicyFamily.h), the parts it lies in at their defaults.
    double (*initial)() = nullptr;
};

namespace family_member_detail {

template <class T> struct IsOptional : std::false_type {};
template <class T> struct IsOptional<std::optional<T>> : std::true_type {};

using hedge::FamilyOf;

template <class> struct MemberOf;
template <class C, class T> struct MemberOf<T C::*> {
    using Class = C;
    using Type = std::remove_cvref_t<T>;
};

template <auto First, auto... Rest, class Object>
std::optional<double> readPath(const Object& object)
{
    const auto& member = object.*First;
    using T = std::remove_cvref_t<decltype(member)>;
    if constexpr (sizeof...(Rest) == 0) {
        if constexpr (IsOptional<T>::value)
            return member.has_value() ? 1.0 : 0.0;
        else
            return static_cast<double>(member);
    } else if constexpr (IsOptional<T>::value) {
        if (!member)
            return std::nullopt;
        return readPath<Rest...>(*member);
    } else {
        return readPath<Rest...>(member);
    }
}

template <auto First, auto... Rest, class Object> void writePath(Object& object, double value)
{
    auto& member = object.*First;
    using T = std::remove_cvref_t<decltype(member)>;
    if constexpr (sizeof...(Rest) == 0) {
        if constexpr (IsOptional<T>::value) {
            if (value == 0.0)
                member.reset();
            else if (!member)
                member.emplace();
        } else if constexpr (std::is_same_v<T, bool>) {
            member = value != 0.0;
        } else if constexpr (std::is_same_v<T, int>) {
            member = static_cast<int>(std::lround(value));
        } else {
            member = value;
        }
    } else if constexpr (IsOptional<T>::value) {
        if (!member)
            member.emplace();
        writePath<Rest...>(*member, value);
    } else {
        writePath<Rest...>(member, value);
    }
}

template <auto First, auto... Rest, class Object> double initialPath(const Object& object)
{
    const auto& member = object.*First;
    using T = std::remove_cvref_t<decltype(member)>;
    if constexpr (sizeof...(Rest) == 0)
        return *readPath<First>(object);
    else if constexpr (IsOptional<T>::value)
        return initialPath<Rest...>(member.value_or(typename T::value_type{}));
    else
        return initialPath<Rest...>(member);
}

template <auto First, auto... Rest> constexpr auto lastOf()
{
    if constexpr (sizeof...(Rest) == 0)
        return First;
    else
        return lastOf<Rest...>();
}

template <auto Last> constexpr FamilyMember::Kind kindOf()
{
    using T = typename MemberOf<decltype(Last)>::Type;
    if constexpr (IsOptional<T>::value)
        return FamilyMember::Kind::Part;
    else if constexpr (std::is_same_v<T, bool>)
        return FamilyMember::Kind::Flag;
    else if constexpr (std::is_same_v<T, int>)
        return FamilyMember::Kind::Count;
    else
        return FamilyMember::Kind::Number;
}

} // namespace family_member_detail

// The knob at the end of `Path`, a chain of members from a family's settings struct
// (GrpcSettings, ...) through its parts (an optional part is switched on when written to).
template <auto First, auto... Rest> FamilyMember familyMember()
{
    using namespace family_member_detail;
    using Family = FamilyOf<typename MemberOf<decltype(First)>::Class>;
    return FamilyMember{
        .family = Family::family,
        .kind = kindOf<lastOf<First, Rest...>()>(),
        .read =
            [](const FamilySettings& f) { return readPath<Family::settings, First, Rest...>(f); },
        .write = [](FamilySettings& f,
                    double value) { writePath<Family::settings, First, Rest...>(f, value); },
        .initial = [] { return initialPath<Family::settings, First, Rest...>(FamilySettings{}); },
    };
}

} // namespace hedge
