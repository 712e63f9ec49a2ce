#include <hedge/KnobRegistry.h>

#include <hedge/FamilyKnobs.h>
#include <hedge/io/ScenarioValidation.h>

#include <limits>

namespace hedge {

namespace {

// The tooltips are translated where they are shown (QCoreApplication::translate with the
// context "KnobRegistry"); the core, which includes no Qt, only marks them.
#define KNOB_TEXT(text) text

// The table is cut in three (hedge, adaptive limit, service) to keep each function short, and
// kept out of clang-format, which would give every designator a line of its own: a row should
// read as a row.
// clang-format off
std::vector<Knob> hedgeKnobs()
{
    using namespace limits;
    return {
        {.field = "hedge",
         .member = &Setup::hedge,
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Send an extra attempt (a hedge) when the first has not answered "
                              "after the delay; the first answer wins and the others are "
                              "cancelled.\nDefault: on in the hedging presets (a plain client "
                              "has it off)."),
         .editor = {.label = "&Hedge", .name = "Hedge"}},
        {.field = "hedge.delay_ms",
         .member = &HedgeSettings::delayMs,
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("How long to wait for an answer before sending the next hedge. A "
                              "little above the service's p95 hedges only the slow tail.\n"
                              "Default: %1 ms (the library's own default is 2000 ms)."),
         // The slider crowds its positions below ~30 ms (its middle), where services answer.
         .editor = {.label = "&Delay:", .name = "Delay", .max = 600000.0, .decimals = 1,
                    .suffix = " ms", .sliderHigh = 1000.0, .sliderCurvature = 6.9},
         .grid = GridSpread{.from = 5, .to = 60, .count = 12},
         .advice = kAdviceDelay},
        {.field = "hedge.max_attempts",
         .member = &HedgeSettings::maxAttempts,
         .range = {.min = double(kMinAttempts), .max = double(kMaxAttempts)},
         .tooltip = KNOB_TEXT("Total attempts a call may make, the first included (2 = one hedge "
                              "at most). Range 1–10.\nDefault: %1."),
         .editor = {.label = "&Max attempts:", .name = "Max attempts", .min = 1.0, .max = 10.0,
                    .sliderLow = 1.0, .sliderHigh = 10.0},
         .grid = GridSpread{.from = 2, .to = 5, .count = 4},
         .advice = AdviceSpread{.from = 2, .to = 3, .count = 2, .byDefault = true}},
        {.field = "hedge.budget_percent",
         .member = &HedgeSettings::budgetPercent,
         .unit = "%",
         .range = {.min = 0.0, .max = kMaxBudgetPercent},
         .tooltip = KNOB_TEXT("Hedge budget: hedges may be at most this share of the calls (plus "
                              "a small floor per second). 0 = no budget: hedges are unlimited.\n"
                              "Default: %1 %."),
         // The slider crowds its positions below ~25 %.
         .editor = {.label = "&Budget:", .name = "Budget", .max = 100.0, .decimals = 1,
                    .suffix = " %", .zeroText = "no budget", .sliderHigh = 100.0,
                    .sliderCurvature = 2.0},
         .grid = GridSpread{.from = 0, .to = 20, .count = 11},
         .advice = AdviceSpread{.from = 0, .to = 20, .count = 5, .byDefault = true}},
        {.field = "hedge.budget_min_per_second",
         .member = &HedgeSettings::budgetMinPerSecond,
         .unit = "/s",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Hedges always allowed per second, whatever the share, so a quiet "
                              "client can still hedge.\nDefault: %1 per second."),
         .editor = {.label = "Min per second:", .name = "Budget min per second", .max = 1e6,
                    .decimals = 1, .suffix = " /s", .advanced = true},
         .grid = GridSpread{.from = 0, .to = 100, .count = 6}},
        {.field = "hedge.budget_window_s",
         .member = &HedgeSettings::budgetWindowSeconds,
         .unit = "s",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("How long calls and hedges count against the budget before they "
                              "expire.\nDefault: %1 s."),
         .editor = {.label = "Window:", .name = "Budget window", .min = 0.1, .max = 86400.0,
                    .decimals = 1, .suffix = " s", .advanced = true},
         // Windows from a second to half a minute: equal ratios, not equal steps.
         .grid = GridSpread{1, 30, 6, true}},
    };
}

// What every setup has, whatever its family: the call's deadline.
std::vector<Knob> callKnobs()
{
    return {
        {.field = "setup.deadline_ms",
         .member = &Setup::deadlineMs,
         .unit = "ms",
         .range = {.min = 0.0, .max = limits::kMaxDeadlineMs},
         .tooltip = KNOB_TEXT("The call's deadline: a call still running this long after it "
                              "started ends timed out, and its attempts still out are abandoned "
                              "as losers (the setup's cancellation says whether the server stops "
                              "them). 0 = none.\nDefault: none (gRPC: no deadline unless the "
                              "caller sets one; Envoy's route timeout: 15 s)."),
         .editor = {.label = "Dead&line:", .name = "Deadline", .max = limits::kMaxDeadlineMs,
                    .decimals = 1, .suffix = " ms", .zeroText = "none"},
         .grid = GridSpread{.from = 50, .to = 2000, .count = 8, .log = true},
         // A timeline keeps its calls' deadlines in the order they come due
         // (docs/model.md, "Deadlines"): a change may not move them.
         .live = false,
         .omitDefault = true},
    };
}

std::vector<Knob> limitKnobs()
{
    using namespace limits;
    return {
        {.field = "adaptive_limit",
         .member = &Setup::adaptiveLimit,
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("An adaptive concurrency limit (Netflix Gradient2) inside the "
                              "hedge: every attempt, first or hedge, needs a free place; when the "
                              "round-trip time grows the limit shrinks and extra work is "
                              "rejected.\nDefault: off."),
         .editor = {.label = "&Adaptive limit", .name = "Adaptive limit"}},
        {.field = "adaptive_limit.initial_limit",
         .member = &Gradient2Config::initialLimit,
         .range = {.min = double(kMinLimit)},
         .tooltip = KNOB_TEXT("Concurrency limit at the start.\nDefault: %1."),
         .editor = {.label = "Initial limit:", .name = "Initial limit", .min = 1.0, .max = 1e6,
                    .advanced = true}},
        {.field = "adaptive_limit.min_limit",
         .member = &Gradient2Config::minLimit,
         .range = {.min = double(kMinLimit)},
         .tooltip = KNOB_TEXT("The limit never goes below this.\nDefault: %1."),
         .editor = {.label = "Min limit:", .name = "Min limit", .min = 1.0, .max = 1e6,
                    .advanced = true}},
        {.field = "adaptive_limit.max_limit",
         .member = &Gradient2Config::maxLimit,
         .range = {.min = double(kMinLimit)},
         .tooltip = KNOB_TEXT("The limit never goes above this.\nDefault: %1."),
         .editor = {.label = "Max limit:", .name = "Max limit", .min = 1.0, .max = 1e6,
                    .advanced = true}},
        {.field = "adaptive_limit.smoothing",
         .member = &Gradient2Config::smoothing,
         .range = {.min = 0.0, .max = 1.0, .minExclusive = true},
         .tooltip = KNOB_TEXT("How fast the limit follows its new estimate (0–1; 1 = at once).\n"
                              "Default: %1."),
         .editor = {.label = "Smoothing:", .name = "Smoothing", .min = 0.01, .max = 1.0,
                    .decimals = 2, .step = 0.05, .advanced = true}},
        {.field = "adaptive_limit.rtt_tolerance",
         .member = &Gradient2Config::rttTolerance,
         .range = {.min = kMinRttTolerance},
         .tooltip = KNOB_TEXT("How much longer than the long-term round-trip time an attempt may "
                              "take before the limit shrinks.\nDefault: %1."),
         .editor = {.label = "RTT tolerance:", .name = "RTT tolerance", .min = 1.0, .max = 100.0,
                    .decimals = 2, .step = 0.1, .advanced = true}},
        {.field = "adaptive_limit.long_window",
         .member = &Gradient2Config::longWindow,
         .range = {.min = double(kMinLongWindow)},
         .tooltip = KNOB_TEXT("Samples in the long-term round-trip average.\nDefault: %1."),
         .editor = {.label = "Long window:", .name = "Long window", .min = 1.0, .max = 1e6,
                    .suffix = " samples", .advanced = true}},
        {.field = "adaptive_limit.queue_size",
         .member = &Gradient2Config::queueSize,
         .range = {.min = double(kMinQueueSize)},
         .tooltip = KNOB_TEXT("Extra places added to the limit on each update, to let it grow.\n"
                              "Default: %1."),
         .editor = {.label = "Queue size:", .name = "Queue size", .max = 1e6, .advanced = true}},
    };
}

// The log-normal service's (docs/model.md, "The service"): a service from measurements reads
// none of them (Knob::logNormalModel).
std::vector<Knob> logNormalKnobs()
{
    using namespace limits;
    return {
        {.field = "service.median_ms",
         .member = &ServiceConfig::medianMs,
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("Median of the ordinary (log-normal) service time.\nDefault: %1 ms."),
         .editor = {.label = "M&edian:", .name = "Median", .min = 0.001, .max = 1e6,
                    .decimals = 3, .suffix = " ms", .sliderLow = 0.1, .sliderHigh = 1000.0,
                    .sliderCurvature = 9.2},
         // Medians that differ by a factor, as services do.
         .grid = GridSpread{2, 50, 5, true},
         .logNormalModel = true},
        {.field = "service.sigma",
         .member = &ServiceConfig::sigma,
         .range = {.min = 0.0, .max = kMaxSigma},
         .tooltip = KNOB_TEXT("Spread of the ordinary service time: the standard deviation of its "
                              "logarithm (0 = every attempt takes the median; range 0–3).\n"
                              "Default: %1."),
         .editor = {.label = "S&igma:", .name = "Sigma", .max = 3.0, .decimals = 3, .step = 0.05},
         .grid = GridSpread{.from = 0.2, .to = 1.0, .count = 5},
         .logNormalModel = true},
        {.field = "service.hiccup_probability",
         .member = &ServiceConfig::hiccupProbability,
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Chance that an attempt hits a hiccup (a GC pause, a cold cache) and "
                              "takes a uniform time in the hiccup range instead.\nDefault: %1 %."),
         .editor = {.label = "Hiccup &chance:", .name = "Hiccup chance", .max = 100.0,
                    .decimals = 2, .step = 0.5, .scale = 100.0, .suffix = " %"},
         .grid = GridSpread{.from = 0, .to = 0.05, .count = 6},
         .logNormalModel = true},
        {.field = "service.hiccup_min_ms",
         .member = &ServiceConfig::hiccupMinMs,
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Shortest hiccup.\nDefault: %1 ms."),
         .editor = {.label = "Hiccup &range:", .name = "Hiccup range, from", .max = 1e7,
                    .decimals = 1, .step = 10.0, .suffix = " ms"},
         .logNormalModel = true},
        {.field = "service.hiccup_max_ms",
         .member = &ServiceConfig::hiccupMaxMs,
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Longest hiccup.\nDefault: %1 ms."),
         .editor = {.name = "Hiccup range, to", .max = 1e7, .decimals = 1, .step = 10.0,
                    .suffix = " ms", .joinsPrevious = true},
         .logNormalModel = true},
    };
}

std::vector<Knob> serviceKnobs()
{
    using namespace limits;
    std::vector<Knob> knobs{
        {.field = "service.workers",
         .member = &ServiceConfig::workers,
         .range = {.min = double(kMinWorkers), .max = double(kMaxWorkers)},
         .tooltip = KNOB_TEXT("Servers behind the shared FIFO queue (per replica when there are "
                              "several).\nDefault: %1."),
         // The sliders' middles are the reference service (16 workers, a 10 ms median).
         .editor = {.label = "&Workers:", .name = "Workers", .min = 1.0, .max = 10000.0,
                    .sliderLow = 1.0, .sliderHigh = 256.0, .sliderCurvature = 5.5},
         .grid = GridSpread{.from = 8, .to = 32, .count = 7}},
    };
    // In the file's order: workers, the log-normal knobs, errors, correlation.
    const std::vector<Knob> logNormal = logNormalKnobs();
    knobs.insert(knobs.end(), logNormal.begin(), logNormal.end());
    knobs.insert(knobs.end(), {
        {.field = "service.error_probability",
         .member = &ServiceConfig::errorProbability,
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Chance that an attempt ends, after its service time, with a "
                              "handled error; the hedge then sends the next attempt at once.\n"
                              "Default: %1 %."),
         .editor = {.label = "E&rrors:", .name = "Errors", .max = 100.0, .decimals = 2,
                    .step = 0.5, .scale = 100.0, .suffix = " %"},
         .grid = GridSpread{.from = 0, .to = 0.05, .count = 6}},
        {.field = "service.hiccup_correlation",
         .member = &ServiceConfig::hiccupCorrelation,
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Hiccup correlation (hiccup_correlation in a scenario file), i.e. "
                              "shared slowness: the chance that a hedge hits a hiccup exactly "
                              "when its first attempt did (a slow database behind every replica) "
                              "instead of by its own luck. 1 = every hedge of a slow call is slow "
                              "too, so hedging cannot cut the tail. Range 0–1.\n"
                              "Default: %1 (hiccups are independent)."),
         // Shown by the topology fields, with the replicas (ServiceTopologyFields).
         .editor = {.label = "Correla&tion:", .name = "Hiccup correlation", .max = 1.0,
                    .decimals = 2, .step = 0.1},
         .topology = true},
    });
    return knobs;
}

// Written after the topology, only when set: how the service answers an overload.
std::vector<Knob> sheddingKnobs()
{
    return {
        {.field = "service.shed_backlog_ms",
         .member = &ServiceConfig::shedBacklogMs,
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Load shedding: an attempt that reaches a replica whose backlog "
                              "(queued work over its workers) is above this is answered at once "
                              "with an error, as a server that sheds load answers UNAVAILABLE; it "
                              "takes no worker and never queues. 0 = the service never sheds.\n"
                              "Default: %1 ms."),
         .editor = {.label = "Shed above:", .name = "Shed backlog", .max = 1e7, .decimals = 1,
                    .step = 10.0, .suffix = " ms", .zeroText = "never", .advanced = true},
         .grid = GridSpread{.from = 0, .to = 200, .count = 5},
         .omitDefault = true},
        {.field = "service.clients",
         .member = &ServiceConfig::clients,
         .range = {.min = double(limits::kMinClients), .max = double(limits::kMaxClients)},
         .tooltip = KNOB_TEXT("A fleet of clients: the calls are spread evenly over this many "
                              "callers, each with its own copy of the setup's budget, throttle, "
                              "limiter and percentile window, as every stack keeps them per "
                              "client process; the service is shared. A floor that holds for "
                              "one client (Envoy's 3 retries, Finagle's 10 a second) holds once "
                              "per client: 50 clients, 50 floors. Range 1–10000.\nDefault: %1."),
         .editor = {.label = "C&lients:", .name = "Clients", .min = double(limits::kMinClients),
                    .max = double(limits::kMaxClients), .advanced = true},
         .grid = GridSpread{.from = 1, .to = 100, .count = 3, .log = true},
         .live = false,
         .omitDefault = true},
    };
}

// Written in the scenario's "fanout" object after the service, only when the service fans out
// (docs/fanout.md, "Model"). Not live: the partitions and their copies are the replicas, fixed
// for a run. Writing one makes the replicas parts × copies (Knob::write).
std::vector<Knob> fanoutKnobs()
{
    using namespace limits;
    return {
        {.field = "fanout.parts",
         .member = &ServiceConfig::fanoutParts,
         .range = {.min = 1.0, .max = double(kMaxFanoutParts)},
         .tooltip = KNOB_TEXT("Fan-out: every call sends one part to each of this many "
                              "partitions and waits for its parts; a part is a request of its "
                              "own, hedged by the setup and served by a copy of its partition. "
                              "If one answer in 100 is slow, a call of n parts is slow "
                              "1 − 0.99^n of the time: 10 % of the calls at 10 parts, 63 % at "
                              "100. Budgets and throttles count parts, not calls. 1 = no "
                              "fan-out. Range 1–200.\nDefault: %1."),
         .editor = {.label = "Parts:", .name = "Parts", .min = 1.0, .max = double(kMaxFanoutParts)},
         // One, ten and a hundred parts: the tail at scale grows with the log of the fan-out.
         .grid = GridSpread{1, 100, 3, true},
         .live = false,
         .omitDefault = true},
        {.field = "fanout.wait_for",
         .member = &ServiceConfig::fanoutWaitFor,
         .range = {.min = 0.0, .max = double(kMaxFanoutParts)},
         .tooltip = KNOB_TEXT("How many of a call's parts must answer before the call is done "
                              "(a quorum, or a partial answer); the parts still running are then "
                              "cancelled as a hedge's losers are. 0 = all parts. At most the "
                              "parts.\nDefault: all parts."),
         .editor = {.label = "Wait &for:", .name = "Wait for", .max = double(kMaxFanoutParts),
                    .zeroText = "all"},
         .live = false,
         .omitDefault = true},
        {.field = "fanout.copies",
         .member = &ServiceConfig::fanoutCopies,
         .range = {.min = 1.0, .max = double(kMaxFanoutCopies)},
         .tooltip = KNOB_TEXT("Replicas of each partition, each with the Workers field's workers "
                              "and its own queue. A part goes to a copy of its own partition: "
                              "the balancer and the hedge's placement choose among these copies. "
                              "The service has parts × copies replicas. Range 1–64.\n"
                              "Default: %1."),
         .editor = {.label = "Copies:", .name = "Copies", .min = 1.0,
                    .max = double(kMaxFanoutCopies)},
         .grid = GridSpread{.from = 1, .to = 4, .count = 4},
         .live = false,
         .omitDefault = true},
    };
}

// clang-format on

#undef KNOB_TEXT

} // namespace

KnobRegistry::Rows& KnobRegistry::rows()
{
    static Rows rows = [] {
        Rows r;
        // The families' knobs last: the grid dialog lists the explorer's own first.
        for (auto part :
             {hedgeKnobs, limitKnobs, serviceKnobs, sheddingKnobs, fanoutKnobs, callKnobs, familyKnobs})
            for (Knob& k : part())
                r.knobs.push_back(std::move(k));
        for (const Knob& k : r.knobs)
            if (k.live)
                r.live.emplace_back(k.field);
        return r;
    }();
    return rows;
}

void KnobRegistry::append(Knob knob)
{
    if (knob.live)
        rows().live.emplace_back(knob.field);
    rows().knobs.push_back(knob);
}

void KnobRegistry::truncate(std::size_t count)
{
    Rows& r = rows();
    r.knobs.resize(count);
    r.live.clear();
    for (const Knob& k : r.knobs)
        if (k.live)
            r.live.emplace_back(k.field);
}

const std::vector<Knob>& KnobRegistry::all()
{
    return rows().knobs;
}

const Knob* KnobRegistry::find(std::string_view field)
{
    for (const Knob& knob : all())
        if (field == knob.field)
            return &knob;
    return nullptr;
}

std::vector<const Knob*> KnobRegistry::group(std::string_view group)
{
    std::vector<const Knob*> knobs;
    for (const Knob& knob : all())
        if (std::string_view(knob.field).starts_with(group))
            knobs.push_back(&knob);
    return knobs;
}

std::vector<const Knob*> KnobRegistry::gridKnobs()
{
    std::vector<const Knob*> knobs;
    for (const Knob& knob : all())
        if (knob.grid)
            knobs.push_back(&knob);
    return knobs;
}

const Knob* KnobRegistry::findGridKnob(std::string_view field)
{
    const Knob* knob = find(field);
    return knob && knob->grid ? knob : nullptr;
}

const std::vector<std::string>& KnobRegistry::liveFields()
{
    return rows().live;
}

} // namespace hedge
