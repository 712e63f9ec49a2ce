#include "LoadList.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace hedge {

double LoadList::round(double x)
{
    return std::round(x * 1e6) / 1e6;
}

bool LoadList::isEvenlySpaced(const std::vector<double>& loads)
{
    if (loads.size() < 2)
        return false;
    const double step = loads[1] - loads[0];
    if (step <= 0.0)
        return false;
    for (std::size_t i = 1; i < loads.size(); ++i)
        if (std::abs((loads[i] - loads[i - 1]) - step) > 1e-7)
            return false;
    return true;
}

std::optional<std::vector<double>> LoadList::parse(const QString& text, QString* error)
{
    const auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    // "80 %" is one load: glue a percent sign to the number before it.
    QString glued = text;
    glued.replace(QRegularExpression(QStringLiteral("\\s+%")), QStringLiteral("%"));
    const QStringList parts = glued.split(separators, Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return fail(tr("Give at least one load, e.g. 0.5."));
    if (parts.size() > kMaxPoints)
        return fail(tr("At most %1 loads.").arg(kMaxPoints));
    std::vector<double> loads;
    for (const QString& part : parts) {
        QString number = part;
        double scale = 1.0;
        if (number.endsWith(QLatin1Char('%'))) {
            number.chop(1);
            scale = 0.01;
        }
        bool ok = false;
        double value = number.toDouble(&ok);
        if (!ok)
            value = QLocale().toDouble(number, &ok);
        if (!ok || !std::isfinite(value))
            return fail(tr("“%1” is not a number.").arg(part));
        value = round(value * scale);
        if (!(value > 0.0) || value > kMaxLoad)
            return fail(tr("Load %1 is outside (0, %2].").arg(part).arg(kMaxLoad));
        for (double seen : loads)
            if (seen == value)
                return fail(tr("Load %1 is given twice.").arg(part));
        loads.push_back(value);
    }
    if (error)
        error->clear();
    return loads;
}

QString LoadList::format(const std::vector<double>& loads)
{
    QStringList parts;
    for (double l : loads)
        parts << QString::number(l, 'g', 6);
    return parts.join(QStringLiteral(", "));
}

} // namespace hedge
