// The reference preset's whole results file, as `hedgesim run` writes it, against the copies
// in tests/golden (tests/golden/README.md): any change to the model's numbers, to their order
// or to their text shows up here, bit for bit.
#include "HedgesimProcess.h"
#include "TestFiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

class TestGoldenReference : public QObject {
    Q_OBJECT

private slots:
    // The default run: points that do not collapse as committed before the engine speed work;
    // collapsed points stop once their collapse is proved (docs/model.md, "Stopping early").
    void referencePresetReproducesTheCommittedResults()
    {
        compareWithGolden("reference.results.json", {});
    }

    // Every collapsed point run to its end: the file committed before the early stop, bit for
    // bit (its points that do not collapse are the default run's too).
    void fullCollapsedRunsReproduceTheResultsBeforeTheEarlyStop()
    {
        compareWithGolden("reference.full-collapsed-runs.results.json",
                          {"--full-collapsed-runs"});
    }

private:
    static void compareWithGolden(const QString& name, const QStringList& options)
    {
        const QByteArray golden =
            test::readAll(qEnvironmentVariable("HEDGE_SOURCE_DIR") + "/tests/golden/" + name);
        QVERIFY2(golden.size() > 10000, qPrintable("tests/golden/" + name + " is missing"));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(name);
        const test::ProcessOutcome preset = test::runHedgesimProcess({}, {"preset", "reference"});
        QVERIFY2(preset.exitCode == 0, preset.err.constData());
        const test::ProcessOutcome run = test::runHedgesimProcess(
            {}, QStringList{"run", "-", "-q", "-o", out} + options, preset.out);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray now = test::readAll(out);

        // One point a line: name the first line that differs rather than dump 40 kB.
        const QList<QByteArray> want = golden.split('\n');
        const QList<QByteArray> got = now.split('\n');
        for (qsizetype i = 0; i < std::min(want.size(), got.size()); ++i) {
            if (got[i] != want[i])
                QFAIL(qPrintable(QStringLiteral("line %1 differs:\n  golden: %2\n  now:    %3")
                                     .arg(i + 1)
                                     .arg(QString::fromUtf8(want[i].trimmed()),
                                          QString::fromUtf8(got[i].trimmed()))));
        }
        QCOMPARE(got.size(), want.size());
        QCOMPARE(now, golden);
    }
};

QTEST_GUILESS_MAIN(TestGoldenReference)
#include "tst_goldenreference.moc"
