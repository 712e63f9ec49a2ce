// `hedgesim advise`, run as a user runs it (docs/advisor.md): exit 0 with the advice, its table
// row the JSON's figures; exit 3 naming the tightest limit when none can be kept; exit 2 naming
// the option and its range, with nothing written; --family all one row and one search per family.
#include "HedgesimProcess.h"
#include "Hedgesim.h"

#include <hedge/policy/PolicyFamily.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace hedge;
using hedge::test::ProcessOutcome;

namespace {

// The article's service with a budgeted hedge. What is checked is the answer's form (exit
// codes, the table against the JSON, the keys' order, the messages), not its figures: 5000
// calls keep every search under a second here and a few under the sanitizers, where CI runs
// this test twice.
QByteArray scenario(double errorProbability = 0.0)
{
    return QByteArray(R"({
  "seed": 7,
  "calls": 5000,
  "service": {"error_probability": )") +
           QByteArray::number(errorProbability) + R"(},
  "setups": [{"name": "no hedge", "hedge": null},
             {"name": "budgeted", "hedge": {"delay_ms": 20, "budget_percent": 5}}]
})";
}

// The question most tests ask: delay × budget, a few runs.
QStringList adviseArgs(const QString& file)
{
    return {"advise", file, "--target-load", "0.6", "--hold", "0.3:0.85", "--max-rpc", "1.05",
            "--search", "hedge.delay_ms=10:40:4", "--search", "hedge.budget_percent=0:10:3",
            "--runs", "3"};
}

// A figure as the advisor's table shows it: three significant figures at least, one decimal
// from 10 ms (AdviceText.cpp), then the spread over the runs in the value's decimals.
QString cell(const QJsonObject& figures, const QString& name)
{
    const double value = figures[name].toDouble();
    const int decimals = name == "requests_per_call" ? 3 : value < 1 ? 3 : value < 10 ? 2 : 1;
    return QString::number(value, 'f', decimals) + " [" +
           QString::number(figures[name + "_min"].toDouble(), 'f', decimals) + "–" +
           QString::number(figures[name + "_max"].toDouble(), 'f', decimals) + "]";
}

QString lineStarting(const QByteArray& text, const QString& start)
{
    for (const QByteArray& line : text.split('\n'))
        if (QString::fromUtf8(line).startsWith(start))
            return QString::fromUtf8(line);
    return {};
}

} // namespace

class TestHedgesimAdvise : public QObject {
    Q_OBJECT

    test::HedgesimWorkDir m_dir;

private slots:
    // In-process, as main() runs it with standard error on a terminal or not (isatty). First of
    // the functions: it starts the search's threads in this process, which ThreadSanitizer
    // refuses once the process has forked a hedgesim (QProcess) before ("starting new threads
    // after multi-threaded fork").
    void progressOnStandardErrorOnlyOnATerminal()
    {
        const QString file = m_dir.write("s.json", scenario());
        std::vector<std::string> args;
        for (const QString& arg : adviseArgs(file))
            args.push_back(arg.toStdString());
        for (const bool terminal : {true, false}) {
            std::istringstream in;
            std::ostringstream out, err;
            QCOMPARE(cli::hedgesimMain(args, {in, out, err, terminal}), 0);
            const std::string progress = err.str();
            if (!terminal) {
                QVERIFY2(progress.empty(), progress.c_str());
                continue;
            }
            // The stages in order, candidates left, the best so far; the line cleared at the end.
            const auto race = progress.find("\rhedgesim: race, ");
            const auto final = progress.find("\rhedgesim: final, ");
            QVERIFY2(race != std::string::npos && final != std::string::npos && race < final,
                     progress.c_str());
            QVERIFY(progress.find(" candidates left") != std::string::npos);
            QVERIFY(progress.find(", best so far: delay ") != std::string::npos);
            QVERIFY(progress.ends_with("\r\033[K"));
            QVERIFY(out.str().find("\nAdvised: ") != std::string::npos);
        }
    }

    void answersWithExitZeroAndTheAdvisedRowIsTheJsonsFigures()
    {
        const QString file = m_dir.write("s.json", scenario());
        const ProcessOutcome o = m_dir.run(adviseArgs(file) << "-o"
                                                            << "advice.json");
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.err.isEmpty(), o.err.constData()); // no terminal: no progress
        const QJsonObject root = QJsonDocument::fromJson(m_dir.read("advice.json")).object();
        QCOMPARE(root["format"].toString(), QString("hedge-explorer/advice@1"));
        QVERIFY(root["finished"].toBool());
        const QJsonObject advised = root["advised"].toObject();
        QVERIFY(!advised.isEmpty());
        const QJsonArray figures = advised["figures"].toArray();
        QCOMPARE(figures.size(), 4); // 0.3, 0.6, 0.725 (between the target and 0.85), 0.85
        QCOMPARE(root["question"]["held_loads"].toArray().size(), 4);

        // The table's advised row says the JSON's figures, load by load, in order.
        const QString row = lineStarting(o.out, "advised: " + advised["label"].toString());
        QVERIFY2(!row.isEmpty(), o.out.constData());
        qsizetype at = 0;
        for (const QJsonValue& f : figures) {
            for (const QString& name : {QString("p99_ms"), QString("requests_per_call")}) {
                const QString expected = cell(f.toObject(), name);
                at = row.indexOf(expected, at);
                QVERIFY2(at >= 0, qPrintable(expected + " not in: " + row));
            }
        }
        // The summary and the front name the same advice.
        QVERIFY(o.out.contains(("Advised: " + advised["label"].toString()).toUtf8()));
        const QJsonArray front = root["front"].toArray();
        QVERIFY(!front.isEmpty());
        bool marked = false;
        for (const QJsonValue& f : front)
            marked = marked || (f["advised"].toBool() &&
                                f["candidate"].toInt() == advised["candidate"].toInt());
        QVERIFY(marked);
    }

    void jsonKeysInAStableOrder()
    {
        const QString file = m_dir.write("s.json", scenario());
        QCOMPARE(m_dir
                     .run(adviseArgs(file) << "-o"
                                           << "advice.json"
                                           << "--quiet")
                     .exitCode,
                 0);
        const QByteArray json = m_dir.read("advice.json");
        qsizetype previous = -1;
        for (const char* key : {"format", "question", "finished", "advised", "no_hedge",
                                "rule_of_thumb", "front", "margin", "closest", "candidates",
                                "runs", "simulated_calls"}) {
            const qsizetype at = json.indexOf(QByteArray("\n  \"") + key + "\": ");
            QVERIFY2(at > previous, key);
            previous = at;
        }
        const QJsonObject root = QJsonDocument::fromJson(json).object();
        const QJsonObject question = root["question"].toObject();
        QCOMPARE(question["family"].toString(), QString("resilience4cata"));
        QCOMPARE(question["search"][0]["knob"].toString(), QString("hedge.delay_ms"));
        QCOMPARE(question["limits"]["max_requests_per_call_at_target"].toDouble(), 1.05);
        QCOMPARE(question["objective"].toString(), QString("p99"));
        // Every candidate: its values by field, its stage; the rule of thumb's and no hedge's too.
        const QJsonArray candidates = root["candidates"].toArray();
        QVERIFY(candidates.size() >= 4 * 3); // the grid, then the refinements around the best
        for (const QJsonValue& c : candidates) {
            QVERIFY(c["values"].toObject().contains("hedge.delay_ms"));
            QVERIFY(!c["stage"].toString().isEmpty());
        }
        QVERIFY(root["no_hedge"]["values"]["hedge.delay_ms"].isNull()); // no hedge, no delay
        QCOMPARE(root["rule_of_thumb"]["figures"].toArray().size(), 4);
        QVERIFY(root["simulated_calls"].toDouble() > 0);
        // The service's quantiles in six figures: no noise of their bisection (200.00000009).
        const qsizetype service = json.indexOf("\"service\": {");
        const QByteArray summary = json.mid(service, json.indexOf('}', service) - service);
        QVERIFY2(!summary.contains("0000") && summary.contains("\"p99_ms\": 200"),
                 summary.constData());
    }

    void whyNotListsEachDroppedCandidateWithItsJsonText()
    {
        const QString file = m_dir.write("s.json", scenario());
        const ProcessOutcome o = m_dir.run(adviseArgs(file) << "--why-not"
                                                            << "-o"
                                                            << "advice.json");
        QCOMPARE(o.exitCode, 0);
        const QJsonArray candidates =
            QJsonDocument::fromJson(m_dir.read("advice.json")).object()["candidates"].toArray();
        int rejected = 0;
        for (const QJsonValue& c : candidates) {
            if (c["rejection"].isNull())
                continue;
            ++rejected;
            const QString line = "  " + c["label"].toString() + ": " + c["rejection"]["text"].toString();
            QVERIFY2(o.out.contains(line.toUtf8()), qPrintable(line));
        }
        QVERIFY(rejected > 0);
    }

    // Failed calls allowed: none, on a service where 1 % of attempts fail: nobody can keep it.
    void limitsNobodyCanKeepExitThreeNamingTheTightest()
    {
        const QString file = m_dir.write("e.json", scenario(0.01));
        const ProcessOutcome o = m_dir.run(adviseArgs(file) << "--max-failed"
                                                            << "0"
                                                            << "-o"
                                                            << "advice.json");
        QCOMPARE(o.exitCode, 3);
        QVERIFY2(o.out.contains("No setting keeps every limit. The tightest limit is failed calls"),
                 o.out.constData());
        QVERIFY(o.out.contains("percentage points over"));
        QVERIFY(lineStarting(o.out, "advised: ").isEmpty());
        const QJsonObject root = QJsonDocument::fromJson(m_dir.read("advice.json")).object();
        QVERIFY(root["advised"].isNull());
        QCOMPARE(root["front"].toArray().size(), 0);
        const int closest = root["closest"].toInt(-1);
        QVERIFY(closest >= 0);
        QCOMPARE(root["candidates"][closest]["rejection"]["limit"].toString(), QString("failed calls"));
        // --quiet prints no table, but exit 3 still says why on standard error.
        const ProcessOutcome quiet = m_dir.run(adviseArgs(file) << "--max-failed"
                                                                << "0"
                                                                << "--quiet");
        QCOMPARE(quiet.exitCode, 3);
        QVERIFY(quiet.out.isEmpty());
        QVERIFY(quiet.err.contains("The tightest limit is failed calls"));
    }

    void badInputExitsTwoNamingTheFieldAndWritesNothing_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown knob") << QStringList{"--search", "hedge.dely_ms=1:2"}
                                      << "--search: unknown knob 'hedge.dely_ms' (searchable for "
                                         "resilience4cata: hedge.delay_ms";
        QTest::newRow("another family's knob")
            << QStringList{"--search", "grpc.hedging_delay_ms=5:50"}
            << "--search: grpc.hedging_delay_ms is not a knob of resilience4cata";
        QTest::newRow("out of the knob's range")
            << QStringList{"--search", "hedge.delay_ms=-5:10"}
            << "search hedge.delay_ms: from -5 is out of range (allowed ≥ 0)";
        QTest::newRow("search syntax") << QStringList{"--search", "hedge.delay_ms=5"}
                                       << "--search: \"hedge.delay_ms=5\" is not KNOB=LO:HI";
        QTest::newRow("family") << QStringList{"--family", "grcp"}
                                << "--family: \"grcp\" is not allowed (allowed resilience4cata, grpc";
        QTest::newRow("setup") << QStringList{"--setup", "nope"}
                               << "--setup: no setup named \"nope\" (setups: \"no hedge\", \"budgeted\")";
        QTest::newRow("target load") << QStringList{"--target-load", "2"}
                                     << "--target-load: \"2\" is not allowed (allowed a load > 0 and ≤ 1.5)";
        QTest::newRow("max rpc") << QStringList{"--max-rpc", "0.9"}
                                 << "--max-rpc: \"0.9\" is not allowed (allowed a number ≥ 1)";
        QTest::newRow("objective") << QStringList{"--objective", "p95"}
                                   << "--objective: \"p95\" is not allowed (allowed p50, p99, p99.9)";
        QTest::newRow("burst") << QStringList{"--burst", "1.3:20"}
                               << "--burst: \"1.3:20\" is not FACTOR:LENGTH_S:RECOVER_S";
        QTest::newRow("runs") << QStringList{"--runs", "0"} << "--runs: \"0\" is not allowed (allowed 1 … 100)";
    }

    void badInputExitsTwoNamingTheFieldAndWritesNothing()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const QString file = m_dir.write("s.json", scenario());
        QFile::remove(m_dir.path("bad.json"));
        // A repeated option takes the later place in the check: put the bad one first.
        QStringList args = adviseArgs(file);
        const QString option = extra.front();
        const qsizetype given = args.indexOf(option);
        if (given >= 0 && option != "--search")
            args.remove(given, 2);
        if (option == "--search")
            args = QStringList{"advise", file, "--target-load", "0.6", "--hold", "0.3:0.85",
                               "--max-rpc", "1.05"};
        const ProcessOutcome o = m_dir.run(args << extra << "-o"
                                                << "bad.json");
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.contains(message.toUtf8()), o.err.constData());
        QVERIFY(o.out.isEmpty());
        QVERIFY(!QFile::exists(m_dir.path("bad.json")));
    }

    void missingRequiredOptionsAreNamed()
    {
        const QString file = m_dir.write("s.json", scenario());
        const ProcessOutcome noTarget =
            m_dir.run({"advise", file, "--hold", "0.3:0.85", "--max-rpc", "1.05"});
        QCOMPARE(noTarget.exitCode, 2);
        QVERIFY(noTarget.err.startsWith("--target-load: missing"));
        const ProcessOutcome noRpc =
            m_dir.run({"advise", file, "--target-load", "0.6", "--hold", "0.3:0.85"});
        QCOMPARE(noRpc.exitCode, 2);
        QVERIFY(noRpc.err.startsWith("--max-rpc: missing"));
        const ProcessOutcome notHeld = m_dir.run({"advise", file, "--target-load", "0.6",
                                                  "--hold-loads", "0.3,0.5", "--max-rpc", "1.05"});
        QCOMPARE(notHeld.exitCode, 2);
        QVERIFY2(notHeld.err.startsWith("--target-load: 0.6 is not a held load (held: 0.3, 0.5;"),
                 notHeld.err.constData());
        const ProcessOutcome outside = m_dir.run(
            {"advise", file, "--target-load", "0.9", "--hold", "0.3:0.85", "--max-rpc", "1.05"});
        QCOMPARE(outside.exitCode, 2);
        QVERIFY2(outside.err.startsWith("--target-load: 0.9 is not a held load (held: 0.3, 0.85;"),
                 outside.err.constData());
    }

    void theSameAnswerWhateverTheThreads()
    {
        const QString file = m_dir.write("s.json", scenario());
        QCOMPARE(m_dir
                     .run(adviseArgs(file) << "--threads"
                                           << "1"
                                           << "-o"
                                           << "one.json")
                     .exitCode,
                 0);
        QCOMPARE(m_dir
                     .run(adviseArgs(file) << "--threads"
                                           << "2"
                                           << "-o"
                                           << "two.json")
                     .exitCode,
                 0);
        QCOMPARE(m_dir.read("one.json"), m_dir.read("two.json"));
    }

    void everyFamilyGetsARowAndASearch()
    {
        const QString file = m_dir.write("s.json", scenario());
        const ProcessOutcome o =
            m_dir.run({"advise", file, "--family", "all", "--target-load", "0.6", "--hold",
                       "0.3:0.85", "--max-rpc", "1.05", "--runs", "2", "-o", "all.json"});
        QVERIFY2(o.exitCode == 0 || o.exitCode == 3, o.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(m_dir.read("all.json")).object();
        const QJsonArray searches = root["searches"].toArray();
        QCOMPARE(searches.size(), qsizetype(allPolicyFamilies().size()));
        bool anyAdvice = false;
        for (qsizetype i = 0; i < searches.size(); ++i) {
            const QJsonObject one = searches[i].toObject();
            const QString family = toString(allPolicyFamilies()[std::size_t(i)]);
            QCOMPARE(one["question"]["family"].toString(), family);
            const QString row = lineStarting(o.out, family + " ");
            QVERIFY2(!row.isEmpty(), qPrintable(family));
            // The rule of thumb's limit broken beside its figure: a lower tail that breaks one is
            // no better advice.
            const QJsonValue thumbBreaks = one["rule_of_thumb"]["rejection"];
            QVERIFY2(row.endsWith(thumbBreaks.isNull() ? "  -" : "  " + thumbBreaks["limit"].toString()),
                     qPrintable(row));
            if (one["advised"].isNull()) {
                QVERIFY2(row.contains("no setting keeps the limits"), qPrintable(row));
            } else {
                anyAdvice = true;
                QVERIFY2(row.contains(one["advised"]["label"].toString()), qPrintable(row));
            }
        }
        QCOMPARE(o.exitCode, anyAdvice ? 0 : 3);
    }
};

QTEST_GUILESS_MAIN(TestHedgesimAdvise)
#include "tst_hedgesimadvise.moc"
