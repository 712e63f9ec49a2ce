// Atomic writes: the content lands whole, an existing file is replaced, failures name the
// path and leave nothing behind.
#include <hedge/qt/AtomicFile.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {
QByteArray contentOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return file.readAll();
}
} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

private slots:
    void writesNewFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("out.json");
        std::string bytes(100000, 'x');
        bytes[0] = '\0'; // bytes, not a C string
        bytes += "end";
        QCOMPARE(writeFileAtomically(path.toStdString(), bytes), std::nullopt);
        QCOMPARE(contentOf(path), QByteArray::fromStdString(bytes));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{"out.json"}); // no temporary left behind
    }

    void replacesExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.csv");
        QCOMPARE(writeFileAtomically(path.toStdString(), "old content, longer than the new"),
                 std::nullopt);
        QCOMPARE(writeFileAtomically(path.toStdString(), "new"), std::nullopt);
        QCOMPARE(contentOf(path), QByteArray("new"));
        QCOMPARE(writeFileAtomically(path.toStdString(), ""), std::nullopt);
        QCOMPARE(contentOf(path), QByteArray());
    }

    void missingDirectoryFailsNamingThePath()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("no/such/dir/out.json").toStdString();
        const auto error = writeFileAtomically(path, "data");
        QVERIFY(error);
        QVERIFY2(error->find(path) != std::string::npos, error->c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList());
    }

    void directoryTargetFailsAndStays()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("taken");
        QVERIFY(QDir(dir.path()).mkdir("taken"));
        QFile inside(target + "/inside");
        QVERIFY(inside.open(QIODevice::WriteOnly));
        QVERIFY(inside.write("kept") == 4);
        inside.close();
        const auto error = writeFileAtomically(target.toStdString(), "data");
        QVERIFY(error);
        QVERIFY2(error->find(target.toStdString()) != std::string::npos, error->c_str());
        QVERIFY(QFileInfo(target).isDir());
        QVERIFY(QFile::exists(target + "/inside"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{"taken"});
    }

    void emptyPathFails() { QVERIFY(writeFileAtomically("", "x")); }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
