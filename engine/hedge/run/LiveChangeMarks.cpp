#include <hedge/KnobDiff.h>
#include <hedge/KnobRegistry.h>
#include <hedge/run/LiveChangeMarks.h>

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

QString percentText(double load)
{
    return QStringLiteral("%1 %").arg(std::round(load * 1000.0) / 10.0);
}

// A knob's value as its editor shows it, without the unit.
QString valueText(const Knob* knob, double value)
{
    return QString::number(value * (knob ? knob->editor.scale : 1.0), 'g', 3);
}

QString knobName(const Knob* knob, const std::string& field)
{
    if (!knob)
        return QString::fromStdString(field);
    const QString name = QString::fromUtf8(knob->editor.name);
    return name.isEmpty() ? QString::fromUtf8(knob->field) : name;
}

// "delay" for "Delay", "RTT" kept: the hover's words run in a sentence.
QString inSentence(QString name)
{
    if (name.size() > 1 && name[1].isLower())
        name[0] = name[0].toLower();
    return name;
}

} // namespace

void LiveChangeMarks::clear()
{
    m_marks.clear();
    m_lastLoad.reset();
    m_open.reset();
}

void LiveChangeMarks::insert(ChangeMark mark)
{
    const auto after = std::upper_bound(m_marks.begin(), m_marks.end(), mark.atS,
                                        [](double t, const ChangeMark& m) { return t < m.atS; });
    m_marks.insert(after, std::move(mark));
}

void LiveChangeMarks::followLoad(const TimelineBucket& bucket, double startS)
{
    const bool changed = m_lastLoad && std::abs(bucket.load - *m_lastLoad) > 1e-9;
    const bool continues = m_open && std::abs(startS - m_lastEndS) < 1e-6;
    if (!changed)
        m_open.reset();
    else if (!continues)
        m_open = OpenStep{startS, *m_lastLoad};
    if (changed) {
        // The step's mark (a new one, or the one under way with its new end load).
        std::erase_if(m_marks,
                      [this](const ChangeMark& m) { return m.load && m.atS == m_open->atS; });
        ChangeMark mark;
        mark.atS = m_open->atS;
        mark.load = true;
        mark.text = QCoreApplication::translate("LiveTimeSeriesView", "Load %1").arg(percentText(bucket.load));
        mark.detail = QCoreApplication::translate("LiveTimeSeriesView", "%1 load %2 → %3")
                          .arg(liveTimeLabel(mark.atS), percentText(m_open->fromLoad),
                               percentText(bucket.load));
        insert(std::move(mark));
    }
    m_lastLoad = bucket.load;
    m_lastEndS = bucket.tS;
}

void LiveChangeMarks::addKnobs(double atS, int world, const std::string& setupName,
                               const std::vector<KnobSetting>& set, const Setup& before,
                               const ServiceConfig& serviceBefore)
{
    QStringList labels, details;
    bool service = !set.empty();
    for (const KnobSetting& k : set) {
        const Knob* knob = KnobRegistry::find(k.field);
        const QString suffix = knob ? QString::fromUtf8(knob->editor.suffix) : QString();
        const QString name = knobName(knob, k.field);
        labels << QStringLiteral("%1 %2%3").arg(name, valueText(knob, k.value), suffix);
        const std::optional<double> was = knobValue(before, serviceBefore, k.field);
        details << (was ? QStringLiteral("%1 %2 → %3%4")
                              .arg(inSentence(name), valueText(knob, *was),
                                   valueText(knob, k.value), suffix)
                        : QStringLiteral("%1 %2%3").arg(inSentence(name), valueText(knob, k.value),
                                                        suffix));
        service = service && k.field.starts_with("service.");
    }
    const QString on =
        !setupName.empty()
            ? QCoreApplication::translate("LiveTimeSeriesView", "on ‘%1’").arg(QString::fromStdString(setupName))
        : service ? QCoreApplication::translate("LiveTimeSeriesView", "on the service")
                  : QCoreApplication::translate("LiveTimeSeriesView", "on every setup");
    ChangeMark mark;
    mark.atS = atS;
    mark.world = world;
    mark.text = labels.join(QStringLiteral(", "));
    mark.detail =
        QStringLiteral("%1 %2 %3")
            .arg(liveTimeLabel(atS), details.join(QStringLiteral(", ")), on);
    insert(std::move(mark));
}

void LiveChangeMarks::addOutage(const Outage& outage)
{
    ChangeMark mark;
    mark.atS = outage.atS;
    mark.untilS = outage.atS + outage.lengthS;
    mark.text = QCoreApplication::translate("LiveTimeSeriesView", "Outage %1 s")
                    .arg(QString::number(outage.lengthS, 'g', 4));
    const QString what =
        outage.kind == Outage::Kind::Stall
            ? QCoreApplication::translate("LiveTimeSeriesView",
                                          "the service stalls: no attempt is answered")
            : QCoreApplication::translate("LiveTimeSeriesView",
                                          "every attempt fails at once with an error");
    mark.detail = QCoreApplication::translate("LiveTimeSeriesView", "%1–%2 outage: %3")
                      .arg(liveTimeLabel(mark.atS), liveTimeLabel(mark.untilS), what);
    insert(std::move(mark));
}

void LiveChangeMarks::forgetBefore(double tS)
{
    std::erase_if(m_marks,
                  [tS](const ChangeMark& m) { return std::max(m.atS, m.untilS) < tS; });
}

} // namespace hedge
