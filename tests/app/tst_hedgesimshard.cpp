// hedgesim run --shard K/N and merge, in-process: the merged file is the single run's, byte
// for byte, for N = 1, 2, 3, 7 (with a grid and replicates); parts are disjoint and balanced;
// bad shard specs and mismatched parts exit 2 with "FIELD: problem" and write nothing.
#include "InProcessHedgesim.h"
#include "TestFiles.h"

#include <hedge/io/ResultsJson.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace hedge;

namespace {

using Outcome = test::HedgesimOutcome;

// 2 setups + an added baseline + 3 grid values, at 3 loads: 18 points of 2 replicates.
const char* kScenario = R"({"calls": 2000, "replicates": 2, "loads": [0.3, 0.6, 0.9],
    "setups": [{"name": "plain server", "cancellation": "server"},
               {"name": "hedge", "hedge": {"budget_percent": 0}}],
    "grid": {"setup": "hedge", "knob": "hedge.delay_ms", "values": [4, 16, 48]}})";

// docs/maps.md, "Two knobs": 2 setups at 2 loads, the baseline at 2 worker counts and 3 × 2
// cells at load 0.7 (not one of the loads): 12 points.
const char* kTwoKnobScenario = R"({"calls": 2000, "loads": [0.3, 0.6],
    "setups": [{"name": "plain", "hedge": null},
               {"name": "hedge", "hedge": {"budget_percent": 0}}],
    "grid": {"setup": "hedge", "knob": "hedge.delay_ms", "values": [4, 16, 48],
             "against": {"knob": "service.workers", "values": [4, 16], "load": 0.7}}})";

} // namespace

class TestHedgesimShard : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_scenario, m_whole;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    std::string spath(const QString& name) const { return path(name).toStdString(); }

    // Runs the N parts, returns their file names.
    std::vector<std::string> runParts(int n, const QString& prefix)
    {
        std::vector<std::string> parts;
        for (int k = 1; k <= n; ++k) {
            const std::string part = spath(prefix + QString::number(k) + ".json");
            const Outcome o = test::runHedgesim({"run", m_scenario.toStdString(), "--shard",
                                                 std::to_string(k) + "/" + std::to_string(n), "-q",
                                                 "-o", part, "--threads", "2"});
            if (o.exitCode != 0)
                qWarning() << o.err.c_str();
            parts.push_back(part);
        }
        return parts;
    }

    void expectRefused(const std::vector<std::string>& args, const QString& message)
    {
        QFile::remove(path("out.json"));
        const Outcome o = test::runHedgesim(args);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(QString::fromStdString(o.err).trimmed(), message);
        QVERIFY(!QFile::exists(path("out.json")));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_scenario = path("grid.json");
        test::writeFile(m_scenario, kScenario);
        m_whole = path("whole.json");
        const Outcome o =
            test::runHedgesim({"run", m_scenario.toStdString(), "-q", "-o", m_whole.toStdString()});
        QCOMPARE(o.exitCode, 0);
    }

    void mergedPartsAreTheSingleRunByteForByte_data()
    {
        QTest::addColumn<int>("n");
        for (int n : {1, 2, 3, 7})
            QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void mergedPartsAreTheSingleRunByteForByte()
    {
        QFETCH(int, n);
        const QString prefix = QString("n%1-part-").arg(n);
        std::vector<std::string> parts = runParts(n, prefix);
        // Disjoint and balanced: every point once, part sizes differ by at most one.
        std::size_t smallest = SIZE_MAX, largest = 0, total = 0;
        std::set<std::tuple<std::string, double, std::optional<double>>> seen;
        for (const std::string& part : parts) {
            const RunResults r = readResultsFile(part);
            smallest = std::min(smallest, r.points.size());
            largest = std::max(largest, r.points.size());
            total += r.points.size();
            for (const PointResult& p : r.points)
                QVERIFY(seen.insert({p.setup, p.load, p.knobValue}).second);
        }
        QCOMPARE(total, std::size_t{18});
        QVERIFY(largest - smallest <= 1);

        std::reverse(parts.begin(), parts.end()); // the order of the parts does not matter
        std::vector<std::string> args{"merge"};
        args.insert(args.end(), parts.begin(), parts.end());
        const std::string merged = spath(prefix + "merged.json");
        args.insert(args.end(), {"-q", "-o", merged});
        const Outcome o = test::runHedgesim(args);
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.err.empty());
        const QByteArray whole = test::readAll(m_whole);
        QVERIFY(whole.size() > 1000);
        QCOMPARE(test::readAll(QString::fromStdString(merged)), whole);
    }

    void twoKnobGridPartsMergeIntoTheSingleRun()
    {
        const QString scenario = path("two-knobs.json");
        test::writeFile(scenario, kTwoKnobScenario);
        const std::string whole = spath("two-knobs-whole.json");
        QCOMPARE(
            test::runHedgesim({"run", scenario.toStdString(), "-q", "-o", whole, "--threads", "1"})
                .exitCode,
            0);
        std::vector<std::string> args{"merge"};
        std::set<std::tuple<std::string, std::optional<double>, std::optional<double>>> seen;
        for (int k = 1; k <= 3; ++k) {
            const std::string part = spath(QString("two-knobs-%1.json").arg(k));
            QCOMPARE(
                test::runHedgesim({"run", scenario.toStdString(), "--shard",
                                   std::to_string(k) + "/3", "-q", "-o", part, "--threads", "2"})
                    .exitCode,
                0);
            for (const PointResult& p : readResultsFile(part).points)
                if (p.againstValue) // the cells and the baseline at each against value
                    QVERIFY(seen.insert({p.setup, p.knobValue, p.againstValue}).second);
            args.insert(args.begin() + 1, part);
        }
        QCOMPARE(seen.size(), std::size_t{2 + 3 * 2});
        const std::string merged = spath("two-knobs-merged.json");
        args.insert(args.end(), {"-q", "-o", merged});
        QCOMPARE(test::runHedgesim(args).exitCode, 0);
        QCOMPARE(test::readAll(QString::fromStdString(merged)),
                 test::readAll(QString::fromStdString(whole)));
    }

    void badShardSpecsAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* spec : {"0/3", "4/3", "3", "1/0", "a/b", "1/3/", "-1/3", "1/100001", "/3"})
            QTest::newRow(spec) << spec;
    }
    void badShardSpecsAreRefused()
    {
        QFETCH(QString, spec);
        expectRefused({"run", m_scenario.toStdString(), "--shard", spec.toStdString(), "-o",
                       spath("out.json")},
                      "--shard: \"" + spec +
                          "\" is not allowed (allowed K/N with 1 ≤ K ≤ N ≤ 100000, e.g. 2/8) "
                          "(see hedgesim --help)");
    }

    void mismatchedPartsAreRefused()
    {
        const std::vector<std::string> three = runParts(3, "three-");
        const std::vector<std::string> two = runParts(2, "two-");
        const std::string out = spath("out.json");
        expectRefused({"merge", three[0], three[2], "-o", out},
                      "merge: shard(s) 2 of 3 missing (give every part of the run)");
        expectRefused({"merge", three[0], three[1], three[1], three[2], "-o", out},
                      QString::fromStdString(three[1] + ": shard 2/3 is also " + three[1] +
                                             " (parts overlap)"));
        expectRefused({"merge", three[0], three[1], two[1], "-o", out},
                      QString::fromStdString(two[1] + ": is shard 2/2 but " + three[0] +
                                             " is shard 1/3 (parts of different splits)"));
        expectRefused({"merge", m_whole.toStdString(), "-o", out},
                      QString::fromStdString(m_whole.toStdString()) +
                          ": is not a part of a sharded run (no \"shard\"; parts are written by "
                          "hedgesim run --shard K/N)");

        // Another scenario (another seed) split the same way.
        QByteArray other = test::readAll(QString::fromStdString(three[1]));
        other.replace("\"seed\": 1,", "\"seed\": 2,");
        const QString otherPart = path("other-2.json");
        test::writeFile(otherPart, other);
        expectRefused({"merge", three[0], otherPart.toStdString(), three[2], "-o", out},
                      otherPart + ": ran another scenario than " +
                          QString::fromStdString(three[0]) + " (parts of different runs)");

        // A part that lost a point (an unfinished or edited file).
        RunResults cut = readResultsFile(three[2]);
        const std::size_t held = cut.points.size();
        cut.points.pop_back();
        const QString cutPart = path("cut-3.json");
        test::writeFile(cutPart, QByteArray::fromStdString(
                                     writeResultsJson(cut.scenario, cut.points, cut.shard)));
        expectRefused({"merge", three[0], three[1], cutPart.toStdString(), "-o", out},
                      cutPart + QString(": holds %1 points; shard 3/3 of this scenario has %2 "
                                        "(an unfinished or edited part)")
                                    .arg(held - 1)
                                    .arg(held));
        // A part whose points were swapped with another shard's.
        RunResults swapped = readResultsFile(three[0]);
        swapped.points[0] = readResultsFile(three[1]).points[0];
        const QString swappedPart = path("swapped-1.json");
        test::writeFile(swappedPart, QByteArray::fromStdString(writeResultsJson(
                                         swapped.scenario, swapped.points, swapped.shard)));
        const Outcome o =
            test::runHedgesim({"merge", swappedPart.toStdString(), three[1], three[2], "-o", out});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.starts_with(swappedPart.toStdString() + ": points[0]: "), o.err.c_str());
        QVERIFY(o.err.find("is not the point shard 1/3 has there") != std::string::npos);

        expectRefused({"merge", "-o", out}, "merge: missing PART.json files (see hedgesim --help)");
        expectRefused({"merge", three[0]},
                      "merge: needs -o RESULTS.json or --csv RESULTS.csv (see hedgesim --help)");
        expectRefused({"merge", three[0], "-o", three[0]},
                      QString::fromStdString("-o: would overwrite the part " + three[0]));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimShard)
#include "tst_hedgesimshard.moc"
