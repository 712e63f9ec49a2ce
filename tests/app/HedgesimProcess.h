// Runs the built hedgesim (HEDGESIM_PATH, a compile definition of the test) as a user runs it:
// a process in `workDir` with `input` on its standard input; its exit status and output.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace hedge::test {

struct ProcessOutcome {
    int exitCode = -1; // -1: it crashed
    QByteArray out;
    QByteArray err;
};

inline ProcessOutcome runHedgesimProcess(const QString& workDir, const QStringList& args,
                                         const QByteArray& input = {})
{
    QProcess process;
    process.setWorkingDirectory(workDir);
    process.start(QStringLiteral(HEDGESIM_PATH), args);
    if (!process.waitForStarted())
        qFatal("cannot start %s", HEDGESIM_PATH);
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120000))
        qFatal("hedgesim did not finish");
    ProcessOutcome o;
    o.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    o.out = process.readAllStandardOutput();
    o.err = process.readAllStandardError();
    return o;
}

} // namespace hedge::test
