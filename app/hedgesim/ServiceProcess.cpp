#include "ServiceProcess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <stdexcept>

namespace hedge::cli {

QString ServiceProcess::defaultProgram()
{
    const QString beside =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hedge-service"));
    if (QFileInfo(beside).isExecutable())
        return beside;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("hedge-service"));
    return onPath.isEmpty() ? QStringLiteral("hedge-service") : onPath;
}

ServiceProcess::ServiceProcess(QString program, const ServiceConfig& s, Cancellation cancellation,
                               std::uint64_t seed)
{
    const auto num = [](double v) { return QString::number(v, 'g', 17); };
    m_process.setProgram(std::move(program));
    m_process.setArguments({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                            QStringLiteral("--workers"), QString::number(s.workers),
                            QStringLiteral("--median-ms"), num(s.medianMs),
                            QStringLiteral("--sigma"), num(s.sigma),
                            QStringLiteral("--hiccup-probability"), num(s.hiccupProbability),
                            QStringLiteral("--hiccup-min-ms"), num(s.hiccupMinMs),
                            QStringLiteral("--hiccup-max-ms"), num(s.hiccupMaxMs),
                            QStringLiteral("--error-probability"), num(s.errorProbability),
                            QStringLiteral("--seed"), QString::number(seed),
                            QStringLiteral("--cancellation"),
                            QString::fromLatin1(toString(cancellation))});
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
}

ServiceProcess::~ServiceProcess()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate(); // SIGTERM: it stops cleanly
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

QUrl ServiceProcess::start()
{
    m_process.start();
    if (!m_process.waitForStarted(5000))
        throw std::runtime_error("cannot start " + m_process.program().toStdString() + ": " +
                                 m_process.errorString().toStdString());
    // Its first line: "hedge-service: serving on http://127.0.0.1:PORT/".
    static const QRegularExpression served(QStringLiteral("serving on (http://\\S+)"));
    QByteArray output;
    while (!output.contains('\n')) {
        if (!m_process.waitForReadyRead(5000))
            throw std::runtime_error("hedge-service did not say where it serves: " +
                                     output.toStdString());
        output += m_process.readAllStandardOutput();
    }
    const QRegularExpressionMatch match = served.match(QString::fromUtf8(output));
    if (!match.hasMatch())
        throw std::runtime_error("unexpected output of hedge-service: " + output.toStdString());
    return QUrl(match.captured(1));
}

} // namespace hedge::cli
