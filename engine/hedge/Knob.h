// One knob of a scenario: a number of a setup or of the service that a file names, an editor
// shows, a grid may sweep and a timeline change may set. Everything about the knob is in its
// row (KnobRegistry), so that the file, the check, the editors, the grid and the timeline
// cannot disagree about its name, its range or its unit. How to add one: DEVELOPERS.md,
// "Adding a knob".
#pragma once

#include <hedge/FamilyMember.h>
#include <hedge/Scenario.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>

namespace hedge {

// A range's max when the knob has no upper bound.
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// The values a knob may take: min … max, min excluded when `minExclusive`; no upper bound when
// max is infinite. Counts (int members) are whole numbers in the same range.
struct KnobRange {
    double min = 0.0;
    double max = std::numeric_limits<double>::infinity();
    bool minExclusive = false;
    bool maxExclusive = false; // Finagle's max_extra_load: below 1

    bool contains(double value) const; // false for NaN
    // As messages give it: "0 … 3", "> 0", "≥ 1", "> 0 and ≤ 1", "≥ 0 and < 1", "any finite
    // number" (counts: "1 … 10", "≥ 1").
    std::string text(bool wholeNumber) const;
};

// Where a spin box of an editor shows the knob. Its range is the useful part of the allowed one
// (a spin box needs finite ends; an excluded 0 becomes the smallest step); `scale` turns the
// value into what the box shows (a probability as a percentage: 100).
struct KnobEditor {
    const char* label = ""; // the form's label, with its mnemonic: "&Delay:"
    const char* name = "";  // names the field in messages and for screen readers: "Delay"
    double min = 0.0;
    double max = 0.0;
    int decimals = 0;
    double step = 1.0;
    double scale = 1.0;
    const char* suffix = "";    // " ms"
    const char* zeroText = "";  // shown instead of 0 ("no budget"); empty: the number
    bool advanced = false;      // under the editor's "Advanced" fold
    bool joinsPrevious = false; // on the previous knob's line, after "to" (a from–to pair)
    // A slider beside the box over low … high (KnobSlider::Scale); none when high ≤ low.
    double sliderLow = 0.0;
    double sliderHigh = 0.0;
    double sliderCurvature = 0.0;
    // Values above it are accepted and run as it, as the stack's clients clamp them (gRPC's
    // max_attempts: 5); the field then says "5 (clamped)". 0: none.
    double clampAbove = 0.0;
    // A count whose values are names (an enum of the stack, Polly's DelayBackoffType): the
    // names of min, min + 1, … separated by '|'; the editor shows a chooser of them instead of
    // a number. Empty: a number.
    const char* choices = "";
};

// The values a new map of the knob starts with (GridDialog): `count` values from `from` to
// `to`, evenly spread, or on a log scale (equal ratios) when `log`.
struct GridSpread {
    double from = 0.0;
    double to = 0.0;
    int count = 0;
    bool log = false;
};

// How the advisor (docs/advisor.md) searches the knob by default, and what the rule of thumb it is
// compared with sets it to. A knob without one is searched only when the user names a range.
struct AdviceSpread {
    // Where the default range's ends come from: the values themselves, or quantiles of the
    // service's time (a delay: from its p50 to its p99.9).
    enum class Ends : std::uint8_t { Values, ServiceQuantiles };
    // The rule of thumb's value: none (the knob's default, "the stack's default budget"), the
    // service's quantile `thumb` (a delay at p95), or `thumb` itself (Tower's percentile 0.95).
    enum class Thumb : std::uint8_t { Default, ServiceQuantile, Value };
    Ends ends = Ends::Values;
    double from = 0.0;
    double to = 0.0;
    int count = 0;
    bool log = false;
    bool byDefault = false; // searched unless the user leaves it out
    Thumb thumbKind = Thumb::Default;
    double thumb = 0.0;
};

// A hedge's delay: twelve values from the service's p50 to its p99.9 on a log scale; the rule of
// thumb hedges at the service's p95.
inline constexpr AdviceSpread kAdviceDelay{.ends = AdviceSpread::Ends::ServiceQuantiles,
                                           .from = 0.5,
                                           .to = 0.999,
                                           .count = 12,
                                           .log = true,
                                           .byDefault = true,
                                           .thumbKind = AdviceSpread::Thumb::ServiceQuantile,
                                           .thumb = 0.95};

struct Knob {
    // The setup's optional part an on/off knob switches (0 or 1), or the member of a hedge, of
    // an adaptive limit or of the service the knob is, or a policy family's member (a number, a
    // count, a flag or a part; FamilyMember.h). Counts (int) take the value rounded.
    // A number of the setup itself (`double Setup::*`: its deadline) counts for every family.
    using Member =
        std::variant<std::optional<HedgeSettings> Setup::*, std::optional<Gradient2Config> Setup::*,
                     double Setup::*, double HedgeSettings::*, int HedgeSettings::*, double Gradient2Config::*,
                     int Gradient2Config::*, double ServiceConfig::*, int ServiceConfig::*,
                     FamilyMember>;

    // As files, grids and changes spell it: "hedge.delay_ms", "grpc.throttling.max_tokens".
    const char* field = "";
    Member member;
    const char* unit = "";    // of the value in files: "ms", "%", "" for a plain number
    KnobRange range;          // what validation allows
    const char* tooltip = ""; // the editor's; "%1" is replaced by the default as the box shows it
    KnobEditor editor;
    std::optional<GridSpread> grid; // none: a grid cannot sweep it
    bool live = true;               // a timeline change (and so the Live view) may set it
    bool topology = false; // a service knob written with the replicas, only when they are not plain
    // Written only when not the default: a knob added later keeps every file written before it
    // (tests/golden among them) the same, byte for byte.
    bool omitDefault = false;
    // A knob of the log-normal service (median, sigma, hiccups): a service whose times come
    // from a table (service.distribution) does not read it.
    bool logNormalModel = false;
    // The on/off knob of the same setup that, while on, makes this one count for nothing
    // (Envoy's max_retries under a retry budget), and why, for the editor's disabled field.
    const char* unusedWhileOn = "";
    const char* unusedWhy = "";
    // How the advisor searches it (docs/advisor.md); none: only a range the user gives.
    std::optional<AdviceSpread> advice;

    // The file's key inside its object, the field's last part: "delay_ms", "max_tokens" (an
    // on/off knob: "hedge", "throttling").
    const char* jsonKey() const;
    // "hedge.", "adaptive_limit.", "service.", "grpc.", ...: the object of the file it lives in.
    std::string group() const;
    bool isOnOff() const;     // switches an optional part: "hedge", "grpc.throttling"
    bool isFlag() const;      // a family's yes/no setting: "grpc.non_fatal_errors"
    bool wholeNumber() const; // an int member, an on/off knob or a flag
    // The policy family whose knob it is (the hedge's: resilience4cata); none: every family's
    // (the adaptive limit, the service).
    std::optional<PolicyFamily> family() const;
    // Whether the knob means something for `setup`: a family's knob for a setup of that family.
    bool appliesTo(const Setup& setup) const;
    // A knob of a hedge or an adaptive limit: only a setup that has one can be gridded on it.
    // Whether `service` reads it: not a log-normal knob when the service has a table.
    bool appliesTo(const ServiceConfig& service) const { return !logNormalModel || !service.distribution; }
    // Whether `setup` has the part that overrides this knob on (unusedWhileOn).
    bool isOverridden(const Setup& setup) const;
    bool needsHedge() const;
    bool needsLimit() const;
    // The member's initializer (Scenario.h, Gradient2Limit.h, PolicyFamily.h): the one place a
    // default lives. On/off knobs: 0.
    double defaultValue() const;

    // On/off knobs and flags: 1 or 0. None for a member of a hedge, a limit or a family's part
    // the setup has not. A family's knob is read whatever the setup's family (the editor keeps
    // every family's values); appliesTo() says whether it counts.
    std::optional<double> read(const Setup& setup, const ServiceConfig& service) const;
    // A member of a hedge or limit the setup has not gives it the defaults first. A fan-out
    // knob ("fanout.parts", ...) written on a service that fans out, before or after the write,
    // makes `service.replicas` parts × copies: grids, editors and files all keep it so (on a
    // plain service left plain the replicas stay the user's).
    void write(Setup& setup, ServiceConfig& service, double value) const;
};

} // namespace hedge
