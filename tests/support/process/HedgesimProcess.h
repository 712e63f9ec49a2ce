// Runs the built hedgesim as a user runs it: a process in a work directory with some input on
// its standard input; its exit status and output. The library knows where the build put
// hedgesim (tests/support/CMakeLists.txt), and builds it before a test that links it.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace hedge::test {

struct ProcessOutcome {
    int exitCode = -1; // -1: it crashed
    QByteArray out;
    QByteArray err;
};

// An empty `workDir`: the test's own. Stops the test program when hedgesim cannot start or
// does not finish within four minutes (a sanitizer's tenfold on the golden run included).
ProcessOutcome runHedgesimProcess(const QString& workDir, const QStringList& args,
                                  const QByteArray& input = {});

// A temporary work directory for hedgesim: the test's input files written into it, hedgesim
// run in it, its output files read back.
class HedgesimWorkDir {
public:
    bool isValid() const { return m_dir.isValid(); }
    QString path() const { return m_dir.path(); }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    // Writes `content` to `name` (replacing it): its path. Stops the test program when it
    // cannot.
    QString write(const QString& name, const QByteArray& content) const;
    // The bytes of `name`; empty when it cannot be read.
    QByteArray read(const QString& name) const;
    ProcessOutcome run(const QStringList& args, const QByteArray& input = {}) const
    {
        return runHedgesimProcess(path(), args, input);
    }

private:
    QTemporaryDir m_dir;
};

} // namespace hedge::test
