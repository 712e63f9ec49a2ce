// The command lines of the real-clock tools: hedgesim load/confirm and hedge-service. Bad
// input is refused with the option's name and the allowed values.
#include "TestErrors.h"

#include <CommandLine.h>
#include <ServiceCommandLine.h>

#include <QTest>

using namespace hedge;

namespace {

QString hedgesimError(std::initializer_list<const char*> args)
{
    return test::errorTextFrom<cli::UsageError>(
        [&] { cli::parseCommandLine(std::vector<std::string>(args.begin(), args.end())); });
}

QString serviceError(std::initializer_list<const char*> args)
{
    return test::errorTextFrom<service::ServiceUsageError>([&] {
        service::parseServiceCommandLine(std::vector<std::string>(args.begin(), args.end()));
    });
}

} // namespace

class TestRealClockCommandLines : public QObject {
    Q_OBJECT

private slots:
    void loadAndConfirm()
    {
        const cli::CommandLine load = cli::parseCommandLine(
            {"load", "s.json", "--target", "http://127.0.0.1:8080/", "--calls", "3000",
             "--health", "h.json", "-o", "r.json"});
        QCOMPARE(load.command, cli::Command::Load);
        QCOMPARE(load.target, std::string("http://127.0.0.1:8080/"));
        QCOMPARE(load.calls, std::int64_t(3000));
        QCOMPARE(load.healthOutput, std::string("h.json"));
        const cli::CommandLine confirm = cli::parseCommandLine({"confirm", "s.json", "--csv", "c.csv"});
        QCOMPARE(confirm.command, cli::Command::Confirm);
        QVERIFY(confirm.target.empty());
        QCOMPARE(confirm.calls, std::int64_t(0));
    }

    void loadRefusesBadInput()
    {
        QVERIFY(hedgesimError({"load", "s.json"}).startsWith("--target: load needs"));
        QVERIFY(hedgesimError({"load", "s.json", "--target", "ftp://x/"}).startsWith("--target:"));
        QVERIFY(hedgesimError({"load", "s.json", "--target", "https://x/"})
                    .contains("https is not supported"));
        QVERIFY(hedgesimError({"confirm", "s.json", "--calls", "5"})
                    .startsWith("--calls: \"5\" is not allowed (allowed 1000 … 100000000)"));
        QVERIFY(hedgesimError({"run", "s.json", "--target", "http://x/"})
                    .startsWith("--target: unknown option"));
        QVERIFY(hedgesimError({"confirm", "s.json", "--threads", "2"})
                    .startsWith("--threads: unknown option"));
    }

    void service()
    {
        const service::ServiceCommandLine cl = service::parseServiceCommandLine(
            {"--listen", "0.0.0.0:9000", "--workers", "4", "--median-ms", "2", "--sigma", "0",
             "--cancellation", "server", "--error-probability=0.5", "--seed", "9"});
        QCOMPARE(cl.host, std::string("0.0.0.0"));
        QCOMPARE(cl.port, quint16(9000));
        QCOMPARE(cl.config.service.workers, 4);
        QCOMPARE(cl.config.service.medianMs, 2.0);
        QCOMPARE(cl.config.service.sigma, 0.0);
        QCOMPARE(cl.config.service.errorProbability, 0.5);
        QCOMPARE(cl.config.cancellation, Cancellation::Server);
        QCOMPARE(cl.config.seed, std::uint64_t(9));
        const service::ServiceCommandLine defaults = service::parseServiceCommandLine({});
        QCOMPARE(defaults.port, quint16(8080));
        QVERIFY(defaults.config.service == ServiceConfig{});
        QCOMPARE(defaults.config.cancellation, Cancellation::Client);
    }

    void serviceRefusesBadInput()
    {
        QVERIFY(serviceError({"--workers", "0"})
                    .startsWith("--workers: \"0\" is not allowed (allowed 1 … 10000)"));
        QVERIFY(serviceError({"--sigma", "4"}).startsWith("--sigma: \"4\" is not allowed"));
        QVERIFY(serviceError({"--cancellation", "maybe"})
                    .startsWith("--cancellation: \"maybe\" is not allowed (allowed client, server)"));
        QVERIFY(serviceError({"--listen", "8080"}).startsWith("--listen:"));
        QVERIFY(serviceError({"--listen", "nowhere:80"}).startsWith("--listen:"));
        QVERIFY(serviceError({"--hiccup-min-ms", "50", "--hiccup-max-ms", "10"})
                    .startsWith("--hiccup-max-ms: is below --hiccup-min-ms (50)"));
        QVERIFY(serviceError({"--scenario", "/nonexistent.json"}).startsWith("--scenario:"));
        QVERIFY(serviceError({"--bogus"}).startsWith("--bogus: unknown option"));
        QVERIFY(serviceError({"--workers"}).startsWith("--workers: needs a value"));
    }
};

QTEST_GUILESS_MAIN(TestRealClockCommandLines)
#include "tst_realclockcommandlines.moc"
