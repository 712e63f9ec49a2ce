#include "HedgesimProcess.h"

#include <QFile>
#include <QProcess>

namespace hedge::test {

ProcessOutcome runHedgesimProcess(const QString& workDir, const QStringList& args,
                                  const QByteArray& input)
{
    QProcess process;
    if (!workDir.isEmpty())
        process.setWorkingDirectory(workDir);
    process.start(QStringLiteral(HEDGESIM_PATH), args);
    if (!process.waitForStarted())
        qFatal("cannot start %s", HEDGESIM_PATH);
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(240000))
        qFatal("hedgesim %s did not finish", qPrintable(args.join(' ')));
    ProcessOutcome o;
    o.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    o.out = process.readAllStandardOutput();
    o.err = process.readAllStandardError();
    return o;
}

QString HedgesimWorkDir::write(const QString& name, const QByteArray& content) const
{
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path(name)));
    return path(name);
}

QByteArray HedgesimWorkDir::read(const QString& name) const
{
    QFile file(path(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace hedge::test
