// What each preset's explanation says, checked on the preset's own scenario (200 000 calls,
// its seed, its loads): every number it states and every comparison it asks the reader to
// make. And the metrics each text talks about are the ones the preset lists to be shown.
//
// A point's figures depend only on its setup, its load and the scenario's service, seed and
// calls (LoadSweep: common random numbers keyed by the load's value), and the presets share
// all of those. So a point that two presets hold is run once, and a claim about a few loads
// of the reference preset runs only those loads.
#include "PresetByName.h"

#include <hedge/io/Presets.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QTest>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace hedge;
using hedge::test::preset;

namespace {

const Setup& setupNamed(const Preset& p, const std::string& name)
{
    for (const Setup& s : p.scenario.setups)
        if (s.name == name)
            return s;
    qFatal("no setup %s in %s", name.c_str(), p.name.c_str());
}

std::string lowercase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

// The results-file keys an explanation names, by the words it uses for them.
std::set<std::string> metricsNamedIn(const std::string& explanation)
{
    const std::string text = lowercase(explanation);
    std::set<std::string> keys;
    for (std::size_t at = text.find("p99"); at != std::string::npos;
         at = text.find("p99", at + 1))
        keys.insert(text.compare(at, 5, "p99.9") == 0 ? "p999_ms" : "p99_ms");
    const std::pair<const char*, const char*> words[] = {
        {"p50", "p50_ms"},
        {"median latency", "p50_ms"},
        {"requests per call", "requests_per_call"},
        {"rejected", "rejected_fraction"},
        {"failed", "failed_fraction"},
        {"utilisation", "utilisation"},
        {"mean latency", "mean_ms"},
        {"maximum latency", "max_ms"},
        {"hedged %", "hedged_fraction"},
        // The calls' outcomes, named by presets with a deadline or retries.
        {"goodput", "goodput_fraction"},
        {"timed out", "timed_out_fraction"},
        {"wasted work", "wasted_work_fraction"},
        {"hedges per call", "hedges_per_call"},
        {"retries per call", "retries_per_call"},
    };
    for (const auto& [word, key] : words)
        if (text.find(word) != std::string::npos)
            keys.insert(key);
    return keys;
}

const std::vector<double>& loadsOf(const char* presetName)
{
    return preset(presetName).scenario.loads;
}

} // namespace

class TestPresetClaims : public QObject {
    Q_OBJECT

    std::map<std::pair<std::string, double>, PointResult> m_points;

    // Runs the points of `p` for these setups and loads that no earlier run gave.
    void run(const Preset& p, const std::vector<std::string>& setups, std::vector<double> loads)
    {
        for (const std::string& name : setups) {
            Scenario s = p.scenario;
            s.setups = {setupNamed(p, name)};
            s.loads.clear();
            for (double load : loads)
                if (!m_points.count({name, load}))
                    s.loads.push_back(load);
            if (s.loads.empty())
                continue;
            for (const PointResult& r : LoadSweep(s).run().points)
                m_points[{r.setup, r.load}] = r;
        }
    }

    void runAll(const Preset& p)
    {
        std::vector<std::string> names;
        for (const Setup& s : p.scenario.setups)
            names.push_back(s.name);
        run(p, names, p.scenario.loads);
    }

    const PointResult& at(const std::string& setup, double load) const
    {
        const auto it = m_points.find({setup, load});
        if (it == m_points.end())
            qFatal("point %s at %.2f was not run", setup.c_str(), load);
        return it->second;
    }
    double p99(const std::string& setup, double load) const { return *at(setup, load).p99Ms; }

    // The first load of the preset at which the setup is collapsed, or 2 when none is.
    double firstCollapse(const char* presetName, const std::string& setup) const
    {
        for (double load : loadsOf(presetName))
            if (at(setup, load).collapsed)
                return load;
        return 2.0;
    }

private slots:
    void initTestCase()
    {
        // The sharing above holds only while every preset runs the same service, seed and
        // number of calls.
        // Presets with a service or run of their own (knife-edge, …) check their numbers in
        // their own tests.
        const Scenario& reference = preset("reference").scenario;
        for (const char* name :
             {"reference", "collapse", "tail-cutting", "adaptive-limit", "server-cancellation"}) {
            const Preset& p = preset(name);
            QVERIFY2(p.scenario.service == reference.service, p.name.c_str());
            QCOMPARE(p.scenario.seed, reference.seed);
            QCOMPARE(p.scenario.calls, reference.calls);
            QCOMPARE(p.scenario.warmupFraction, reference.warmupFraction);
        }
        runAll(preset("collapse"));
        runAll(preset("tail-cutting"));
        runAll(preset("adaptive-limit"));
        runAll(preset("server-cancellation"));
        // The reference preset: every setup at its lowest load, the no-budget ones and their
        // twins at its highest.
        const Preset& ref = preset("reference");
        std::vector<std::string> all;
        for (const Setup& s : ref.scenario.setups)
            all.push_back(s.name);
        run(ref, all, {ref.scenario.loads.front()});
        run(ref,
            {"hedge, no budget / client", "3 attempts, no budget / client",
             "hedge, no budget / server", "3 attempts, no budget / server"},
            {ref.scenario.loads.back()});
    }

    void eachTextNamesOnlyTheMetricsItShows_data()
    {
        QTest::addColumn<QString>("name");
        for (const Preset& p : presets())
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }

    void eachTextNamesOnlyTheMetricsItShows()
    {
        QFETCH(QString, name);
        const Preset& p = preset(name.toLatin1().constData());
        const std::set<std::string> listed(p.shownMetrics.begin(), p.shownMetrics.end());
        QCOMPARE(listed.size(), p.shownMetrics.size()); // no key twice
        QCOMPARE(metricsNamedIn(p.explanation), listed);
        // Each is a key of the results file (a point as written there).
        const std::string results = writeResultsJson(p.scenario, {PointResult{
            .setup = p.scenario.setups.front().name, .load = p.scenario.loads.front()}});
        for (const std::string& key : p.shownMetrics)
            QVERIFY2(results.find('"' + key + "\":") != std::string::npos, key.c_str());
        QVERIFY(!p.shownMetrics.empty());
    }

    void theWordsAreReadAsMetrics()
    {
        // The reader of the texts above, on sentences of its own.
        QCOMPARE(metricsNamedIn("The p99.9 and the P99, not the p50."),
                 (std::set<std::string>{"p999_ms", "p99_ms", "p50_ms"}));
        QCOMPARE(metricsNamedIn("only the p99.9"), (std::set<std::string>{"p999_ms"}));
        QCOMPARE(metricsNamedIn("Requests per call, rejected % and utilisation"),
                 (std::set<std::string>{"requests_per_call", "rejected_fraction", "utilisation"}));
        QCOMPARE(metricsNamedIn("Goodput and timed out %, wasted work, hedges per call"),
                 (std::set<std::string>{"goodput_fraction", "timed_out_fraction",
                                        "wasted_work_fraction", "hedges_per_call"}));
    }

    void reference()
    {
        const Preset& p = preset("reference");
        // "at loads from 30 % to 95 %"
        QCOMPARE(p.scenario.loads.front(), 0.3);
        QCOMPARE(p.scenario.loads.back(), 0.95);
        // "with the default 10 % budget, with a 5 % budget, ... three attempts"
        QCOMPARE(setupNamed(p, "hedge, default budget / client").hedge->budgetPercent, 10.0);
        QCOMPARE(setupNamed(p, "hedge, budget 5 % / client").hedge->budgetPercent, 5.0);
        QCOMPARE(setupNamed(p, "3 attempts, no budget / client").hedge->maxAttempts, 3);
        // "at low load every hedge setup cuts the tail" and "requests per call shows the
        // price": each hedge setup has a lower p99 than its unhedged twin, for more requests.
        const double low = p.scenario.loads.front();
        for (const Setup& s : p.scenario.setups) {
            if (!s.hedge)
                continue;
            const std::string plain = s.cancellation == Cancellation::Client
                                          ? "no hedge / client"
                                          : "no hedge / server";
            QVERIFY2(p99(s.name, low) < p99(plain, low) / 2, s.name.c_str());
            QVERIFY2(at(s.name, low).requestsPerCall > 1.0, s.name.c_str());
        }
        // "at high load the setups without a budget and with client cancellation collapse,
        // while the server-cancellation twins stay healthy"
        const double high = p.scenario.loads.back();
        for (const char* client : {"hedge, no budget / client", "3 attempts, no budget / client"})
            QVERIFY2(at(client, high).collapsed, client);
        for (const char* server : {"hedge, no budget / server", "3 attempts, no budget / server"}) {
            QVERIFY2(!at(server, high).collapsed, server);
            QVERIFY2(p99(server, high) < 100.0, server);
        }
    }

    void tailCutting()
    {
        const Preset& p = preset("tail-cutting");
        const ServiceConfig& service = p.scenario.service;
        const std::string none = "no hedge / client", hedged = "hedge, default budget / client";
        const HedgeSettings& hedge = *setupNamed(p, hedged).hedge;
        // "usually answers in about 10 ms, but 2 % of requests hit a hiccup of 100–300 ms"
        QCOMPARE(service.medianMs, 10.0);
        QCOMPARE(service.hiccupProbability, 0.02);
        QCOMPARE(service.hiccupMinMs, 100.0);
        QCOMPARE(service.hiccupMaxMs, 300.0);
        // "not answered after 20 ms (a little above the service's p95)"; "the 10 % budget"
        QCOMPARE(hedge.delayMs, 20.0);
        const double p95 = serviceTimeQuantile(service, 0.95);
        QVERIFY2(hedge.delayMs > p95 && hedge.delayMs < 1.5 * p95, qPrintable(QString::number(p95)));
        QCOMPARE(hedge.budgetPercent, 10.0);
        QCOMPARE(p.scenario.loads, (std::vector<double>{0.3, 0.4, 0.5, 0.6}));
        for (double load : p.scenario.loads) {
            // "without hedging the p99 and p99.9 sit in the hiccup range"
            const PointResult& plain = at(none, load);
            for (double v : {*plain.p99Ms, *plain.p999Ms})
                QVERIFY(v >= service.hiccupMinMs && v <= service.hiccupMaxMs);
            if (load > 0.5)
                continue;
            // "up to 50 % load the hedged p99 and p99.9 drop to roughly the delay plus a
            // normal service time, the p50 does not move, and requests per call rise by only
            // a few percent, because only the slow calls are hedged"
            const PointResult& h = at(hedged, load);
            const double target = hedge.delayMs + service.medianMs;
            for (double v : {*h.p99Ms, *h.p999Ms})
                QVERIFY2(v >= hedge.delayMs && v <= 1.25 * target, qPrintable(QString::number(v)));
            QVERIFY(std::abs(*h.p50Ms - *plain.p50Ms) <= 0.01 * *plain.p50Ms);
            QVERIFY(h.requestsPerCall > 1.0 && h.requestsPerCall < 1.05);
            QVERIFY(h.hedgedFraction < 0.05);
        }
        // "At 60 % the tail climbs back into the hiccup range ... the 10 % budget holds back
        // the hedges ...; without it this load already collapses"
        const PointResult& busy = at(hedged, 0.6);
        QVERIFY(*busy.p99Ms >= service.hiccupMinMs && *busy.p999Ms >= service.hiccupMinMs);
        QVERIFY(!busy.collapsed);
        QVERIFY(busy.hedgedFraction <= 0.10);
        QVERIFY(at("hedge, no budget / client", 0.6).collapsed); // a point of "collapse"
        QVERIFY(findPreset("collapse"));
    }

    void collapse()
    {
        const Preset& p = preset("collapse");
        const std::vector<double>& loads = p.scenario.loads;
        const std::string none = "no hedge / client", noBudget = "hedge, no budget / client",
                          budget10 = "hedge, default budget / client",
                          budget5 = "hedge, budget 5 % / client",
                          adaptive = "hedge, default budget, adaptive limit / client";
        QCOMPARE(loads.back(), 0.95);
        // "past some load its requests per call jump towards 2 and its p99 to tens of
        // seconds ... a collapse that does not recover by itself, at a load the unhedged
        // service handles fine"
        const double onset = firstCollapse("collapse", noBudget);
        QVERIFY(onset > loads.front() && onset <= loads.back());
        for (double load : loads) {
            const PointResult& r = at(noBudget, load);
            QCOMPARE(r.collapsed, load >= onset);
            if (load >= onset) {
                QVERIFY(r.requestsPerCall > 1.9);
                QVERIFY(*r.p99Ms >= 10000.0);
            } else {
                QVERIFY(r.requestsPerCall < 1.1);
            }
        }
        QVERIFY(!at(none, onset).collapsed);
        QVERIFY(p99(none, onset) <= p.scenario.service.hiccupMaxMs);
        // "hedges limited to 10 % or 5 % of calls" caps the extra work (the budget's reserve
        // of one hedge a second adds a tenth of a percent)
        QCOMPARE(setupNamed(p, budget10).hedge->budgetPercent, 10.0);
        QCOMPARE(setupNamed(p, budget5).hedge->budgetPercent, 5.0);
        for (double load : loads) {
            QVERIFY(at(budget10, load).hedgedFraction <= 0.102);
            QVERIFY(at(budget5, load).hedgedFraction <= 0.052);
            QVERIFY(at(budget10, load).requestsPerCall <= 1.102);
        }
        // "so the service holds on much longer": two loads or more further
        const auto index = [&](double load) {
            return std::find(loads.begin(), loads.end(), load) - loads.begin();
        };
        QVERIFY(std::size_t(index(onset) + 2) < loads.size());
        QVERIFY(firstCollapse("collapse", budget10) >= loads[index(onset) + 2]);
        QVERIFY(firstCollapse("collapse", budget5) >= loads[index(onset) + 2]);
        // "from 70 % load (80 % with the 5 % budget) the budgeted hedges make the p99 worse
        // than not hedging at all"
        for (double load : loads) {
            QCOMPARE(p99(budget10, load) > p99(none, load), load >= 0.7);
            QCOMPARE(p99(budget5, load) > p99(none, load), load >= 0.8);
        }
        // "once load plus the budget's extra requests exceed the capacity (10 % more at 95 %
        // load) the default budget collapses too; the smaller budget does less harm"
        for (const std::string& s : {budget10, budget5})
            for (double load : loads)
                QCOMPARE(at(s, load).collapsed, load * at(s, load).requestsPerCall > 1.0);
        QVERIFY(std::abs(at(budget10, 0.95).requestsPerCall - 1.10) < 0.005);
        QVERIFY(at(budget10, 0.95).collapsed);
        QCOMPARE(firstCollapse("collapse", budget10), 0.95);
        QVERIFY(!at(budget5, 0.95).collapsed);
        for (double load : loads)
            QVERIFY(p99(budget5, load) <= p99(budget10, load));
        // "The adaptive limit keeps the tail short even at 95 % load by rejecting some work
        // instead of queueing it: look at its rejected % as the price."
        for (const Setup& s : p.scenario.setups) {
            if (s.name != adaptive) {
                QVERIFY(p99(adaptive, 0.95) < p99(s.name, 0.95));
                QCOMPARE(at(s.name, 0.95).rejectedFraction, 0.0);
            }
        }
        QVERIFY(p99(adaptive, 0.95) < p.scenario.service.hiccupMaxMs);
        QVERIFY(!at(adaptive, 0.95).collapsed);
        QVERIFY(at(adaptive, 0.95).rejectedFraction > 0.01);
    }

    void adaptiveLimit()
    {
        const Preset& p = preset("adaptive-limit");
        const std::vector<double>& loads = p.scenario.loads;
        const std::string none = "no hedge / client", budget = "hedge, default budget / client",
                          adaptive = "hedge, default budget, adaptive limit / client";
        // "pushes the service to and past its capacity (loads above 100 % ...)"
        QVERIFY(loads.back() > 1.0);
        QVERIFY(std::count(loads.begin(), loads.end(), 1.0) == 1);
        // "Without a limit the queue, and so the p99, grows without bound"
        QVERIFY(at(none, loads.back()).collapsed);
        QVERIFY(at(budget, loads.back()).collapsed);
        // "hedging with a budget makes it worse, because its extra requests push the service
        // over capacity sooner"
        QVERIFY(firstCollapse("adaptive-limit", budget) < firstCollapse("adaptive-limit", none));
        for (double load : loads)
            QVERIFY(p99(budget, load) >= p99(none, load));
        // "With the adaptive limit the p99 stays within a few hundred milliseconds even past
        // 100 % load while the rejected % rises: the service fails fast for some calls"
        double rejected = 0.0;
        for (double load : loads) {
            const PointResult& r = at(adaptive, load);
            QVERIFY(!r.collapsed);
            QVERIFY2(*r.p99Ms < 500.0, qPrintable(QString::number(*r.p99Ms)));
            QVERIFY(r.rejectedFraction > rejected);
            rejected = r.rejectedFraction;
        }
        QVERIFY(p99(adaptive, loads.back()) >= 100.0);
        QVERIFY(rejected < 0.5);
    }

    void serverCancellation()
    {
        const Preset& p = preset("server-cancellation");
        const std::vector<std::string> serverHedges = {
            "hedge, no budget / server", "hedge, default budget / server",
            "3 attempts, no budget / server"};
        for (const std::string& s : serverHedges)
            QCOMPARE(setupNamed(p, s).cancellation, Cancellation::Server);
        // "with client cancellation it collapses at high load, with server cancellation it
        // does not"
        QVERIFY(at("hedge, no budget / client", p.scenario.loads.back()).collapsed);
        // "(the Live view starts at 95 %, the highest load here)"
        QCOMPARE(p.liveLoad, p.scenario.loads.back());
        for (double load : p.scenario.loads) {
            // "all the server-cancellation hedge setups ... give almost the same p99 curves"
            double lo = 1e300, hi = 0.0;
            for (const std::string& s : serverHedges) {
                QVERIFY(!at(s, load).collapsed);
                lo = std::min(lo, p99(s, load));
                hi = std::max(hi, p99(s, load));
                // "with server cancellation hedging lowers it [utilisation] below the
                // unhedged service's"
                QVERIFY(at(s, load).utilisation < at("no hedge / client", load).utilisation);
            }
            QVERIFY2(hi <= 1.05 * lo, qPrintable(QString("%1 – %2 ms").arg(lo).arg(hi)));
        }
    }
};

QTEST_GUILESS_MAIN(TestPresetClaims)
#include "tst_presetclaims.moc"
