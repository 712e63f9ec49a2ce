#include "PercentileFields.h"

#include <QFormLayout>
#include <QLineEdit>
#include <QLocale>

#include <cmath>

namespace hedge {

namespace {

const QString kBadPercentile = QStringLiteral("QLineEdit { border: 1px solid #d0312d; }");

} // namespace

PercentileFields::PercentileFields(QWidget* parent) : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    for (double p : {0.5, 0.9, 0.99, 0.999}) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(label(p));
        edit->setPlaceholderText(p == 0.5 || p == 0.99 ? tr("ms (needed)") : tr("ms (optional)"));
        m_fields.emplace_back(p, edit);
        form->addRow(label(p) + QLatin1Char(':'), edit);
        connect(edit, &QLineEdit::textEdited, this, &PercentileFields::edited);
    }
    m_max = new QLineEdit(this);
    m_max->setObjectName(QStringLiteral("max"));
    m_max->setPlaceholderText(tr("ms (optional: the last step's ratio once more)"));
    form->addRow(tr("max:"), m_max);
    connect(m_max, &QLineEdit::textEdited, this, &PercentileFields::edited);
}

QString PercentileFields::label(double p)
{
    return QStringLiteral("p") + QString::number(p * 100.0, 'g', 6);
}

bool PercentileFields::isEmpty() const
{
    bool empty = m_max->text().trimmed().isEmpty();
    for (const auto& field : m_fields)
        empty = empty && field.second->text().trimmed().isEmpty();
    return empty;
}

std::optional<PercentileFields::Typed> PercentileFields::parse(QString* error) const
{
    Typed typed;
    std::vector<PercentilePoint>& points = typed.points;
    // A latency, none (an optional field left empty), or nullopt and the error.
    const auto parseField = [&](QLineEdit* edit, const QString& name,
                                bool needed) -> std::optional<std::optional<double>> {
        const QString text = edit->text().trimmed();
        bool ok = false;
        const double ms = QLocale::c().toDouble(text, &ok);
        edit->setStyleSheet(QString());
        if (text.isEmpty() && !needed)
            return std::optional<double>{};
        if (text.isEmpty())
            *error = tr("%1: give the latency in ms (p50 and p99 are needed).").arg(name);
        else if (!ok || !std::isfinite(ms) || ms <= 0.0)
            *error = tr("%1: “%2” is not a latency; give a number of ms above 0.").arg(name, text);
        else if (!points.empty() && ms < points.back().ms)
            *error = tr("%1: %2 ms is below %3's %4 ms; percentiles cannot fall.")
                         .arg(name, text, label(points.back().p))
                         .arg(points.back().ms);
        else
            return std::optional<double>{ms};
        edit->setStyleSheet(kBadPercentile);
        return std::nullopt;
    };
    for (const auto& [p, edit] : m_fields) {
        const auto ms = parseField(edit, label(p), p == 0.5 || p == 0.99);
        if (!ms)
            return std::nullopt;
        if (*ms)
            points.push_back({p, **ms});
    }
    const auto top = parseField(m_max, tr("max"), false);
    if (!top)
        return std::nullopt;
    typed.maxMs = *top;
    return typed;
}

void PercentileFields::setPoints(const std::vector<PercentilePoint>& points,
                                 std::optional<double> maxMs)
{
    for (const PercentilePoint& point : points)
        for (auto& [p, edit] : m_fields)
            if (std::abs(p - point.p) < 1e-9)
                edit->setText(QString::number(point.ms, 'g', 7));
    m_max->setText(maxMs ? QString::number(*maxMs, 'g', 7) : QString());
}

} // namespace hedge
