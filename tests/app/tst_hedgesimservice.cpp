// hedgesim service fit as a user runs it (in-process): the fit table on standard output, the
// scenario's "service" object in -o's file (which the scenario reader takes back), the
// import's notes, and "FILE:LINE: problem" with status 2 and no file for a bad file.
#include "InProcessHedgesim.h"
#include "ServiceFitTable.h"
#include "TestFiles.h"

#include <hedge/service/CalibrationVerdict.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/service/ServiceCalibration.h>
#include <hedge/service/ServiceFitting.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

// The written service, read back as a scenario's service.
ServiceConfig readService(const QString& path)
{
    return parseScenarioJson("{\"service\": " + readFile(path) + "}").service;
}

// The fit table's row for `label` ("p50", ..., "max"): its cells.
QStringList rowOf(const std::string& out, const QString& label)
{
    for (const QString& line : QString::fromStdString(out).split('\n')) {
        QStringList cells = line.split(' ', Qt::SkipEmptyParts);
        if (!cells.isEmpty() && cells.front() == label)
            return cells;
    }
    return {};
}

// Samples whose p50 is 10 ms and p99 40 ms, one a line, in a named column.
std::string csvOfSamples()
{
    std::string csv = "timestamp,latency_ms\n";
    for (int i = 1; i <= 1000; ++i) {
        const double u = (i - 0.5) / 1000.0;
        const double ms = u < 0.5 ? 5.0 + 10.0 * u : 10.0 * std::pow(4.0, (u - 0.5) / 0.49);
        csv += std::to_string(i) + "," + std::to_string(std::min(ms, 100.0)) + "\n";
    }
    return csv;
}

} // namespace

class TestHedgesimService : public QObject {
    Q_OBJECT

private slots:
    void percentilesWithoutCalibration()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("service.json");
        const auto o =
            test::runHedgesim({"service", "fit", "--p50", "10", "--p90", "18", "--p99", "40",
                               "--p999", "90", "--max", "200", "--workers", "8", "-o", out});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.err, std::string());
        QCOMPARE(rowOf(o.out, "p50"), (QStringList{"p50", "10.00", "10.00", "+0.0", "%"}));
        QCOMPARE(rowOf(o.out, "p99.9"), (QStringList{"p99.9", "90.00", "90.00", "+0.0", "%"}));
        QCOMPARE(rowOf(o.out, "max"), (QStringList{"max", "200.0", "200.0", "+0.0", "%"}));
        QVERIFY(o.out.find("measured ms") != std::string::npos);
        QVERIFY(o.out.find("response at") == std::string::npos);
        QVERIFY(o.out.find("no --at-utilisation") != std::string::npos);

        const ServiceConfig service = readService(out);
        QCOMPARE(service.workers, 8);
        QVERIFY(service.distribution);
        QCOMPARE(service.distribution->kind, DistributionKind::Percentiles);
        QVERIFY(!service.distribution->calibration);
        QVERIFY(
            service.distribution->table ==
            percentileTable({{0.5, 10}, {0.9, 18}, {0.99, 40}, {0.999, 90}}, std::nullopt, 200.0));
    }

    void percentilesCalibratedAtAUtilisation()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("service.json");
        const auto o =
            test::runHedgesim({"service", "fit",       "--p50",  "0.012",   "--p90",
                               "0.025",   "--p99",     "0.06",   "--p999",  "0.12",
                               "--max",   "0.3",       "--unit", "s",       "--at-utilisation",
                               "0.7",     "--workers", "8",      "--calls", "20000",
                               "-o",      out});
        QCOMPARE(o.exitCode, 0);
        // The column names the load as the sentence below does; "at 0.7 ms" read as a latency.
        QVERIFY2(o.out.find("response ms at 70 % load") != std::string::npos, o.out.c_str());
        QVERIFY(o.out.find("0.7 ms") == std::string::npos);
        QVERIFY2(o.out.find("Calibrated at 70 % load: p50, p90, p99 and p99.9 within 2 % after 1 "
                            "round. Simulated with 8 workers.") != std::string::npos,
                 o.out.c_str());
        // The shape beyond the four percentiles: a one-mode dashboard's is close.
        QVERIFY2(o.out.find("Shape: the simulated and measured response times differ by at most ") !=
                         std::string::npos &&
                     o.out.find("the distribution between them does not") == std::string::npos,
                 o.out.c_str());
        // The measured column is the dashboard's, in ms; the service time is shorter than the
        // response time it was calibrated to; the residual is the response's.
        const QStringList p50 = rowOf(o.out, "p50");
        QCOMPARE(p50.size(), 6);
        QCOMPARE(p50[1], QStringLiteral("12.00"));
        QVERIFY(p50[2].toDouble() < 12.0);

        const ServiceConfig service = readService(out);
        QCOMPARE(service.workers, 8);
        QVERIFY(service.distribution && service.distribution->calibration);
        const Calibration& c = *service.distribution->calibration;
        QCOMPARE(c.utilisation, 0.7);
        QCOMPARE(c.rounds, 1);
        QCOMPARE(c.measured.front().ms, 12.0);
        // What the table printed and the file says is what the written table gives.
        QCOMPARE(p50[3].toDouble(), std::round(c.simulated.front().ms * 100.0) / 100.0);
        // The residual is the simulated response against the measured one, signed.
        const double residual = (c.simulated.front().ms / 12.0 - 1.0) * 100.0;
        QCOMPARE(p50[4], QString::asprintf("%+.1f", residual));
        QCOMPARE(p50[5], QStringLiteral("%"));
        QCOMPARE(simulatedResponsePercentiles(service, 0.7, {0.5, 0.9, 0.99, 0.999}, 20000, 1),
                 c.simulated);
    }

    void anImpossibleFitIsWrittenWithItsResiduals()
    {
        // Response times that hardly vary, at 0.9 on one worker: queueing alone spreads them
        // more. The closest round is written, and the table and the file say how far it is.
        QTemporaryDir dir;
        const QString out = dir.filePath("service.json");
        const auto o = test::runHedgesim({"service",
                                          "fit",
                                          "--p50",
                                          "10",
                                          "--p90",
                                          "10.5",
                                          "--p99",
                                          "11",
                                          "--p999",
                                          "11.5",
                                          "--max",
                                          "12",
                                          "--at-utilisation",
                                          "0.9",
                                          "--workers",
                                          "1",
                                          "--calls",
                                          "20000",
                                          "-o",
                                          out});
        QCOMPARE(o.exitCode, 0);
        const ServiceConfig service = readService(out);
        QVERIFY(service.distribution && service.distribution->calibration);
        const Calibration& c = *service.distribution->calibration;
        // The engine's verdict and words, as the explorer shows the same file's service.
        const CalibrationVerdict v = calibrationVerdict(c);
        QVERIFY(!v.calibrated);
        const std::string words =
            QStringLiteral("not calibrated at 90 % load: %1 is %2 % off, above the 2 % tolerance")
                .arg(QString::fromStdString(percentileName(v.worstP)))
                .arg(v.worstResidual * 100.0, 0, 'f', 1)
                .toStdString();
        QCOMPARE(describeCalibration(c), words);
        // Piece by piece in QString: g++ 12 -O3 warns falsely on std::string concatenations.
        QString sentence = QString::fromStdString(words);
        sentence[0] = QLatin1Char('N');
        sentence += QStringLiteral(". Simulated with 1 worker;");
        QVERIFY2(QString::fromStdString(o.out).contains(sentence), o.out.c_str());
        QCOMPARE(simulatedResponsePercentiles(service, 0.9, {0.5, 0.9, 0.99, 0.999}, 20000, 1),
                 c.simulated);
        const QStringList p999 = rowOf(o.out, "p99.9");
        QCOMPARE(p999[4], QString::asprintf("%+.1f", (c.simulated[3].ms / 11.5 - 1.0) * 100.0));
        QVERIFY(p999[4].toDouble() > 2.0);
    }

    // A residual that rounds to nothing prints "+0.0 %" whichever side of zero it is on (the
    // explorer's fit table's way), never "-0.0 %"; the column of a calibrated fit names its
    // load as a percentage.
    void aResidualThatRoundsToNothingHasNoMinus()
    {
        const cli::ServiceFitTable table({{"p50", 0.412, 0.412 * (1.0 - 0.0004), std::nullopt},
                                          {"p90", 0.6, 0.6 * (1.0 + 0.0004), std::nullopt},
                                          {"p99", 0.9, 0.9 * (1.0 - 0.002), std::nullopt}},
                                         std::nullopt);
        const std::string text = table.format();
        QCOMPARE(rowOf(text, "p50"), (QStringList{"p50", "0.4120", "0.4118", "+0.0", "%"}));
        QCOMPARE(rowOf(text, "p90"), (QStringList{"p90", "0.6000", "0.6002", "+0.0", "%"}));
        QCOMPARE(rowOf(text, "p99"), (QStringList{"p99", "0.9000", "0.8982", "-0.2", "%"}));
        QVERIFY2(text.find("-0.0") == std::string::npos, text.c_str());

        const cli::ServiceFitTable loaded({{"p50", 10.0, 8.0, 10.0}}, 0.725);
        QVERIFY2(loaded.format().find("response ms at 72.5 % load") != std::string::npos,
                 loaded.format().c_str());
    }

    void notesSayWhatWasAssumed()
    {
        const auto o = test::runHedgesim({"service", "fit", "--p50", "10", "--p99", "40"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.out.find("note: p90 not given") != std::string::npos, o.out.c_str());
        QVERIFY(o.out.find("note: p99.9 not given") != std::string::npos);
        QVERIFY(o.out.find("note: no max given: the slowest taken as") != std::string::npos);
        // The table still has every row: the missing percentiles are the table's.
        QCOMPARE(rowOf(o.out, "p90").size(), 5);
        QCOMPARE(rowOf(o.out, "max").size(), 5);
    }

    // The From Measurements dialog's notes are the engine fit's (tst_servicemeasurements::
    // typedPercentilesNoteTheirGuesses): the command line prints the same, in the same order.
    void typedPercentilesGiveTheDialogsNotes()
    {
        const auto o = test::runHedgesim({"service", "fit", "--p50", "12", "--p99", "80"});
        QCOMPARE(o.exitCode, 0);
        std::vector<std::string> printed;
        for (std::size_t at = o.out.find("note: "); at != std::string::npos;
             at = o.out.find("note: ", at + 1))
            printed.push_back(o.out.substr(at + 6, o.out.find('\n', at) - at - 6));
        ServiceFitRequest request;
        request.percentiles = {{0.5, 12.0}, {0.99, 80.0}};
        const std::vector<std::string> dialogs = fitService(request).notes;
        QCOMPARE(printed, dialogs);
        QVERIFY(std::find(printed.begin(), printed.end(),
                          "the fastest taken as half the p50: 6 ms") != printed.end());
    }

    void csvFileWithColumn()
    {
        QTemporaryDir dir;
        const QString csv = test::writeFile(dir, "latencies.csv", csvOfSamples());
        const QString out = dir.filePath("service.json");
        const auto o = test::runHedgesim(
            {"service", "fit", csv, "--column", "latency_ms", "-o", out, "--workers", "4"});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(rowOf(o.out, "p50").size(), 5);
        const ServiceConfig service = readService(out);
        QVERIFY(service.distribution);
        QCOMPARE(service.distribution->kind, DistributionKind::Empirical);
        QCOMPARE(service.distribution->samples, std::int64_t(1000));
        QCOMPARE(service.distribution->column, std::string("latency_ms"));
    }

    void badFileNamesTheLine()
    {
        QTemporaryDir dir;
        const QString csv = test::writeFile(dir, "bad.csv", "latency_ms\n10\n12\nfast\n14\n");
        const QString out = dir.filePath("service.json");
        const auto o = test::runHedgesim({"service", "fit", csv, "-o", out});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.out, std::string());
        QVERIFY2(o.err.starts_with(csv.toStdString() + ":4: "), o.err.c_str());
        QVERIFY(!QFile::exists(out));
    }

    void badInputWritesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("p90 below p50") << QStringList{"--p50", "10", "--p90", "8", "--p99", "40"}
                                       << "--p90: 8 is not above --p50 (percentiles must increase)";
        QTest::newRow("max below p99")
            << QStringList{"--p50", "10", "--p99", "40", "--max", "30"}
            << "--max: 30 is not above --p99 (the slowest latency must be)";
        QTest::newRow("unit") << QStringList{"--p50", "10", "--p99", "40", "--unit", "min"}
                              << "--unit: \"min\" is not allowed (allowed ms, s, us)";
        QTest::newRow("format") << QStringList{"f.csv", "--format", "json"}
                                << "--format: \"json\" is not allowed (allowed csv, "
                                   "hdrhistogram_log, prometheus)";
    }

    void badInputWritesNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString out = dir.filePath("service.json");
        const auto o =
            test::runHedgesim(QStringList{"service", "fit"} + args + QStringList{"-o", out});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(QString::fromStdString(o.err), error + "\n");
        QCOMPARE(o.out, std::string());
        QVERIFY(!QFile::exists(out));
    }

    void outputInAMissingDirectory()
    {
        const auto o = test::runHedgesim({"service", "fit", "--p50", "10", "--p99", "40", "-o",
                                          "/nonexistent-dir/service.json"});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err, std::string("-o: directory /nonexistent-dir does not exist\n"));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimService)
#include "tst_hedgesimservice.moc"
