// Every lesson the program ships (resources/lessons/*.json) through hedgesim lesson check: each
// reads, and each condition holds on its step's run (docs/lessons.md, "Checking a lesson"). A
// change of the model that makes a lesson's text untrue fails here.
#include "InProcessHedgesim.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/ShippedLessons.h>

#include <QDir>
#include <QTest>

using namespace hedge;

class TestShippedLessons : public QObject {
    Q_OBJECT

private slots:
    // The program's list (the explorer's, in teaching order) is the folder's, file for file, and
    // each one reads from the program's resources.
    void theResourcesAreTheFolder()
    {
        const QDir dir(qEnvironmentVariable("HEDGE_SOURCE_DIR") + "/resources/lessons");
        QStringList listed;
        for (const std::string& file : shippedLessonFiles()) {
            listed << QString::fromStdString(file).section('/', -1);
            QVERIFY_THROWS_NO_EXCEPTION(readLessonFile(file));
        }
        listed.sort();
        QCOMPARE(listed, dir.entryList({"*.json"}, QDir::Files, QDir::Name));
    }

    void everyLessonHolds_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(qEnvironmentVariable("HEDGE_SOURCE_DIR") + "/resources/lessons");
        const QStringList files = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 4, qPrintable(dir.path()));
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void everyLessonHolds()
    {
        QFETCH(QString, path);
        const auto o = test::runHedgesim({"lesson", "check", path.toStdString()});
        QVERIFY2(o.exitCode == 0, (o.err + o.out).c_str());
        QVERIFY(o.out.find("step 1 of ") != std::string::npos);
        QVERIFY2(o.out.find("FAILS") == std::string::npos, o.out.c_str());
        QVERIFY2(o.out.find("(a point is missing)") == std::string::npos, o.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestShippedLessons)
#include "tst_shippedlessons.moc"
