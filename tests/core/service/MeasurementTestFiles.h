// What the measurement readers' tests share: the fixtures' paths, small files written into a
// temporary folder, the fixture CSV's latencies read on their own (not through the reader),
// and the exact error a request must give.
#pragma once

#include "TestErrors.h"

#include <hedge/service/MeasurementImport.h>

#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace measurement_test {

inline std::string fixturePath(const char* name)
{
    // Set by hedge_add_test (tests/CMakeLists.txt); run through ctest.
    return qEnvironmentVariable("HEDGE_SOURCE_DIR").toStdString() + "/tests/fixtures/service/" +
           name;
}

inline std::string sourcePath(const char* relative)
{
    return qEnvironmentVariable("HEDGE_SOURCE_DIR").toStdString() + "/" + relative;
}

inline std::string writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path.toStdString();
}

// The fixture CSV's latency_ms column (its third), sorted: read here line by line, so that the
// reader's figures are checked against numbers it did not produce.
inline std::vector<double> fixtureLatenciesMs()
{
    QFile file(QString::fromStdString(fixturePath("bimodal-cache.csv")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the fixture CSV");
    std::vector<double> ms;
    bool header = true;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (header) {
            header = false;
            continue;
        }
        ms.push_back(line.split(',').at(2).toDouble());
    }
    std::sort(ms.begin(), ms.end());
    return ms;
}

// The q-quantile of sorted samples: the k-th of n at k / (n - 1), linear between.
inline double orderStatisticQuantile(const std::vector<double>& sorted, double q)
{
    const double position = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    if (below + 1 >= sorted.size())
        return sorted.back();
    return sorted[below] + (sorted[below + 1] - sorted[below]) * (position - double(below));
}

// The request must fail with exactly `expected` (what() of the MeasurementError).
inline void expectError(const hedge::MeasurementRequest& request, const std::string& expected)
{
    const auto error =
        hedge::test::errorFrom<hedge::MeasurementError>([&] { hedge::readMeasurements(request); });
    QVERIFY2(error, qPrintable("no error; expected: " + QString::fromStdString(expected)));
    QCOMPARE(QString::fromStdString(error->what()), QString::fromStdString(expected));
}

inline bool hasNote(const hedge::MeasuredLatencies& measured, const std::string& note)
{
    return std::find(measured.notes.begin(), measured.notes.end(), note) != measured.notes.end();
}

inline QString notesText(const hedge::MeasuredLatencies& measured)
{
    QStringList lines;
    for (const std::string& note : measured.notes)
        lines << QString::fromStdString(note);
    return lines.join(QLatin1Char('\n'));
}

} // namespace measurement_test
