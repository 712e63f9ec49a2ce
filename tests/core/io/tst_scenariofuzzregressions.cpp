// Replays the fuzzer's seed corpus (tests/fuzz/corpus) and every input it ever found a bug
// with (tests/fuzz/regressions) through the scenario parser, with the fuzz target's own
// rule: a ScenarioError or a scenario that survives its file form, nothing else. No clang
// needed; under the ASan/UBSan build this is the fuzzer's check on the committed inputs.
//
// The file name says what is expected: `valid-*` / `accept-*` must parse, `invalid-*` /
// `reject-*` must be rejected with a ScenarioError; other names may do either.
#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <exception>
#include <optional>
#include <string>

using namespace hedge;

namespace {

QString sourceDir()
{
    // Set by hedge_add_test (tests/CMakeLists.txt); run through ctest.
    return QString::fromLocal8Bit(qgetenv("HEDGE_SOURCE_DIR"));
}

void addRows(const QString& folder)
{
    const QDir dir(sourceDir() + QStringLiteral("/tests/fuzz/") + folder);
    const QStringList files = dir.entryList(QDir::Files, QDir::Name);
    for (const QString& name : files) {
        if (name.startsWith(QLatin1Char('.')) || name == QLatin1String("README.md"))
            continue;
        const QString path = dir.filePath(name);
        QTest::newRow(qPrintable(folder + QLatin1Char('/') + name)) << path;
    }
}

} // namespace

class TestScenarioFuzzRegressions : public QObject {
    Q_OBJECT

private slots:
    void foldersAreThere()
    {
        // An empty replay would pass without checking anything: the corpus must be found.
        const QDir corpus(sourceDir() + QStringLiteral("/tests/fuzz/corpus"));
        QVERIFY2(corpus.exists(), qPrintable(corpus.path()));
        QVERIFY(corpus.entryList(QDir::Files).size() >= 10);
        QVERIFY(QDir(sourceDir() + QStringLiteral("/tests/fuzz/regressions")).exists());
    }

    void replay_data()
    {
        QTest::addColumn<QString>("path");
        addRows(QStringLiteral("corpus"));
        addRows(QStringLiteral("regressions"));
    }

    void replay()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = file.readAll();
        const std::string text(bytes.constData(), static_cast<std::size_t>(bytes.size()));

        const QString name = QFileInfo(path).fileName();
        const bool mustParse =
            name.startsWith(QLatin1String("valid-")) || name.startsWith(QLatin1String("accept-"));
        const bool mustReject =
            name.startsWith(QLatin1String("invalid-")) || name.startsWith(QLatin1String("reject-"));

        std::optional<Scenario> scenario;
        try {
            scenario = parseScenarioJson(text);
        } catch (const ScenarioError& e) {
            QVERIFY2(!mustParse, e.what());
            // A rejection names what is wrong.
            QVERIFY(!std::string(e.what()).empty());
            return;
        } catch (const std::exception& e) {
            QFAIL(
                qPrintable(QStringLiteral("not a ScenarioError: ") + QString::fromUtf8(e.what())));
        }
        QVERIFY2(!mustReject, "accepted, but the file is one the parser must reject");

        const std::string written = writeScenarioJson(*scenario);
        Scenario again;
        try {
            again = parseScenarioJson(written);
        } catch (const ScenarioError& e) {
            QFAIL(qPrintable(QStringLiteral("the written scenario does not parse: ") +
                             QString::fromUtf8(e.what())));
        }
        QVERIFY2(again == *scenario, written.c_str());
        QCOMPARE(writeScenarioJson(again), written);
    }
};

QTEST_GUILESS_MAIN(TestScenarioFuzzRegressions)
#include "tst_scenariofuzzregressions.moc"
