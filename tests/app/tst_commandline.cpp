// hedgesim's command line: subcommands, options, and usage errors naming the option.
#include "CommandLine.h"
#include "TestErrors.h"

#include <QTest>

using namespace hedge::cli;

namespace {

CommandLine parse(std::initializer_list<const char*> args)
{
    return parseCommandLine(std::vector<std::string>(args.begin(), args.end()));
}

// The usage error's message, or "" when the arguments are accepted.
QString usageErrorOf(std::initializer_list<const char*> args)
{
    return hedge::test::errorTextFrom<UsageError>([&] { parse(args); });
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT

private slots:
    void run()
    {
        const CommandLine cl =
            parse({"run", "s.json", "-o", "r.json", "--csv", "r.csv", "--threads", "2", "--quiet"});
        QCOMPARE(cl.command, Command::Run);
        QCOMPARE(cl.input, std::string("s.json"));
        QCOMPARE(cl.jsonOutput, std::string("r.json"));
        QCOMPARE(cl.csvOutput, std::string("r.csv"));
        QCOMPARE(cl.threads, 2);
        QVERIFY(cl.quiet);
    }

    void runDefaultsAndEqualsForms()
    {
        CommandLine cl = parse({"run", "s.json"});
        QCOMPARE(cl.threads, 0);
        QVERIFY(!cl.quiet);
        QVERIFY(cl.jsonOutput.empty());
        cl = parse({"run", "--output=a.json", "--csv=b.csv", "--threads=1", "-"});
        QCOMPARE(cl.jsonOutput, std::string("a.json"));
        QCOMPARE(cl.csvOutput, std::string("b.csv"));
        QCOMPARE(cl.threads, 1);
        QCOMPARE(cl.input, std::string("-"));
    }

    void otherCommands()
    {
        QCOMPARE(parse({"preset", "reference"}).command, Command::Preset);
        QCOMPARE(parse({"preset", "reference"}).input, std::string("reference"));
        QCOMPARE(parse({"preset", "--list"}).command, Command::PresetList);
        QCOMPARE(parse({"validate", "x.json"}).command, Command::Validate);
        QCOMPARE(parse({"--help"}).command, Command::Help);
        QCOMPARE(parse({"run", "--help"}).command, Command::Help);
        QCOMPARE(parse({"--version"}).command, Command::Version);
        QCOMPARE(parse({"-v"}).command, Command::Version);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("start");
        QTest::newRow("nothing") << QStringList{} << "hedgesim: missing command";
        QTest::newRow("unknown command") << QStringList{"simulate"} << "simulate: unknown command";
        QTest::newRow("unknown option") << QStringList{"--frobnicate"} << "--frobnicate: unknown";
        QTest::newRow("run without file") << QStringList{"run"} << "run: missing SCENARIO.json";
        QTest::newRow("run two files") << QStringList{"run", "a", "b"} << "run: takes one";
        QTest::newRow("threads text") << QStringList{"run", "a", "--threads", "x"}
                                      << "--threads: \"x\" is not allowed (allowed 0 … 256";
        QTest::newRow("threads negative")
            << QStringList{"run", "a", "--threads=-1"} << "--threads:";
        QTest::newRow("threads huge")
            << QStringList{"run", "a", "--threads", "100000"} << "--threads:";
        QTest::newRow("threads missing")
            << QStringList{"run", "a", "--threads"} << "--threads: needs a number";
        QTest::newRow("o missing") << QStringList{"run", "a", "-o"} << "-o: needs a file name";
        QTest::newRow("o twice") << QStringList{"run", "a", "-o", "x", "-o", "y"}
                                 << "-o: given twice";
        QTest::newRow("run option") << QStringList{"run", "a", "--fast"} << "--fast: unknown";
        QTest::newRow("preset nothing") << QStringList{"preset"} << "preset: missing";
        QTest::newRow("preset two") << QStringList{"preset", "a", "b"} << "preset: takes one";
        QTest::newRow("list and name")
            << QStringList{"preset", "--list", "a"} << "preset: --list takes no name";
        QTest::newRow("validate nothing") << QStringList{"validate"} << "validate: missing";
        QTest::newRow("version extra") << QStringList{"--version", "x"} << "--version: takes no";
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, start);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        const QString what =
            hedge::test::errorTextFrom<UsageError>([&] { parseCommandLine(argv); });
        QVERIFY2(!what.isEmpty() && what.startsWith(start),
                 qPrintable(what.isEmpty() ? "accepted" : what));
    }

    void usageMentionsEveryCommand()
    {
        const std::string text = usageText();
        for (const char* word :
             {"hedgesim run", "-o", "--csv", "--threads", "--quiet", "hedgesim preset", "--list",
              "hedgesim validate", "--version", "hedgesim timeline", "hedgesim policy export",
              "hedgesim policy import", "--setup", "--as", "--format", "hedgesim service fit",
              "--at-utilisation", "--workers", "--p50", "--p999", "--max", "--unit", "--metric",
              "--column", "hedgesim lesson check"})
            QVERIFY2(text.find(word) != std::string::npos, word);
        QVERIFY(usageErrorOf({"run", "x"}).isEmpty());
    }

    void lessonCheck()
    {
        const CommandLine cl = parse({"lesson", "check", "a.json", "b.json", "--threads=2"});
        QCOMPARE(cl.command, Command::LessonCheck);
        QCOMPARE(cl.parts, (std::vector<std::string>{"a.json", "b.json"}));
        QCOMPARE(cl.threads, 2);
        QVERIFY(usageErrorOf({"lesson", "check"})
                    .startsWith("lesson check: missing LESSON.json files"));
        QVERIFY(
            usageErrorOf({"lesson", "run", "a.json"}).startsWith("lesson: \"run\" is not check"));
        QVERIFY(usageErrorOf({"lesson", "check", "a.json", "--quiet"})
                    .startsWith("--quiet: unknown option"));
    }

    void policy()
    {
        CommandLine cl =
            parse({"policy", "export", "s.json", "--setup", "a b", "--as=grpc", "-o", "out.json"});
        QCOMPARE(cl.command, Command::PolicyExport);
        QCOMPARE(cl.input, std::string("s.json"));
        QCOMPARE(cl.setupName, std::string("a b"));
        QCOMPARE(cl.policyFormat, std::string("grpc"));
        QCOMPARE(cl.jsonOutput, std::string("out.json"));
        cl = parse({"policy", "import", "-", "--format", "envoy", "--name", "edge"});
        QCOMPARE(cl.command, Command::PolicyImport);
        QCOMPARE(cl.input, std::string("-"));
        QCOMPARE(cl.policyFormat, std::string("envoy"));
        QCOMPARE(cl.importName, std::string("edge"));
        QCOMPARE(usageErrorOf({"policy"}),
                 QStringLiteral("policy: missing export or import (see hedgesim --help)"));
        QCOMPARE(usageErrorOf({"policy", "export", "s.json"}),
                 QStringLiteral("policy export: needs --setup NAME (the setup to export) (see "
                                "hedgesim --help)"));
        QCOMPARE(usageErrorOf({"policy", "import", "f", "--format", "polly"}),
                 QStringLiteral("--format: \"polly\" is not allowed (allowed grpc, envoy) (see "
                                "hedgesim --help)"));
        QCOMPARE(usageErrorOf({"policy", "import", "f", "--as", "grpc"}),
                 QStringLiteral("--as: unknown option (see hedgesim --help)"));
        QCOMPARE(usageErrorOf({"policy", "export", "s", "--setup", "a", "--setup", "b"}),
                 QStringLiteral("--setup: given twice (see hedgesim --help)"));
        QCOMPARE(usageErrorOf({"policy", "import"}),
                 QStringLiteral("policy import: missing FILE (see hedgesim --help)"));
    }

    void serviceFit()
    {
        CommandLine cl = parse({"service", "fit", "lat.prom", "--metric", "rpc{a=\"b\"}", "--unit",
                                "s", "--at-utilisation=0.7", "--workers", "8", "--calls",
                                "50000", "-o", "service.json", "-q"});
        QCOMPARE(cl.command, Command::ServiceFit);
        QCOMPARE(cl.input, std::string("lat.prom"));
        QCOMPARE(cl.fit.metric, std::string("rpc{a=\"b\"}"));
        QCOMPARE(cl.fit.unit, std::string("s"));
        QCOMPARE(cl.fit.atUtilisation, 0.7);
        QCOMPARE(cl.fit.workers, 8);
        QCOMPARE(cl.calls, std::int64_t(50000));
        QCOMPARE(cl.jsonOutput, std::string("service.json"));
        QVERIFY(cl.quiet);
        QVERIFY(!cl.fit.hasPercentiles());
        cl = parse({"service", "fit", "--p50", "12", "--p99=80", "--p999", "150.5", "--max",
                    "400"});
        QVERIFY(cl.input.empty());
        QVERIFY(cl.fit.hasPercentiles());
        QCOMPARE(cl.fit.p50, 12.0);
        QCOMPARE(cl.fit.p90, 0.0);
        QCOMPARE(cl.fit.p99, 80.0);
        QCOMPARE(cl.fit.p999, 150.5);
        QCOMPARE(cl.fit.max, 400.0);
        QCOMPARE(cl.fit.atUtilisation, 0.0);
        QCOMPARE(parse({"service", "fit", "--help"}).command, Command::Help);
    }

    void serviceFitUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no fit") << QStringList{"service"} << "service: missing fit";
        QTest::newRow("not fit") << QStringList{"service", "show"} << "service: \"show\" is not fit";
        QTest::newRow("nothing") << QStringList{"service", "fit"}
                                 << "service fit: missing FILE (or --p50 X --p99 X for a "
                                    "dashboard's percentiles)";
        QTest::newRow("both") << QStringList{"service", "fit", "f.csv", "--p50", "1", "--p99", "2"}
                              << "service fit: takes FILE or --p50 ... --p999, not both";
        QTest::newRow("p99 missing") << QStringList{"service", "fit", "--p50", "1", "--p90", "2"}
                                     << "service fit: a dashboard's percentiles need --p50 and "
                                        "--p99 at least";
        QTest::newRow("column without file")
            << QStringList{"service", "fit", "--p50", "1", "--p99", "2", "--column", "x"}
            << "--column: reads a FILE; there is none with --p50 ...";
        QTest::newRow("utilisation 1") << QStringList{"service", "fit", "f", "--at-utilisation", "1"}
                                       << "--at-utilisation: \"1\" is not allowed (allowed 0 < U < 1)";
        QTest::newRow("utilisation text")
            << QStringList{"service", "fit", "f", "--at-utilisation", "high"}
            << "--at-utilisation: \"high\" is not allowed (allowed 0 < U < 1)";
        QTest::newRow("workers 0") << QStringList{"service", "fit", "f", "--workers", "0"}
                                   << "--workers: \"0\" is not allowed (allowed 1 … 10000)";
        QTest::newRow("workers 1.5") << QStringList{"service", "fit", "f", "--workers", "1.5"}
                                     << "--workers: \"1.5\" is not allowed (allowed 1 … 10000)";
        QTest::newRow("p50 negative") << QStringList{"service", "fit", "--p50", "-3"}
                                      << "--p50: \"-3\" is not allowed (allowed a latency > 0, "
                                         "in --unit)";
        QTest::newRow("p50 twice") << QStringList{"service", "fit", "--p50", "3", "--p50", "4"}
                                   << "--p50: given twice";
        QTest::newRow("two files") << QStringList{"service", "fit", "a", "b"}
                                   << "service fit: takes one file; \"b\" is one too many";
        QTest::newRow("calls") << QStringList{"service", "fit", "a", "--calls", "10"}
                               << "--calls: \"10\" is not allowed (allowed 1000 … 100000000)";
        QTest::newRow("unknown") << QStringList{"service", "fit", "a", "--threads", "2"}
                                 << "--threads: unknown option";
    }

    void serviceFitUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        QCOMPARE(hedge::test::errorTextFrom<UsageError>([&] { parseCommandLine(argv); }),
                 message + " (see hedgesim --help)");
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
