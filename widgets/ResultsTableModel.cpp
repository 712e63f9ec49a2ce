#include "ResultsTableModel.h"

#include "SpreadText.h"

#include <hedge/io/ResultsCsv.h>

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

bool isPartColumn(int column)
{
    return column >= ResultsTableModel::PartP50Ms &&
           column <= ResultsTableModel::SlowerThanPartP99Fraction;
}

bool isOutcomeColumn(int column)
{
    return column >= ResultsTableModel::kFirstOutcomeColumn &&
           column < ResultsTableModel::ColumnCount;
}

const std::optional<double>* latency(const PointResult& p, int column)
{
    static const std::optional<double> none;
    switch (column) {
    case ResultsTableModel::PartP50Ms:
        return p.parts ? &p.parts->p50Ms : &none;
    case ResultsTableModel::PartP99Ms:
        return p.parts ? &p.parts->p99Ms : &none;
    case ResultsTableModel::PartP999Ms:
        return p.parts ? &p.parts->p999Ms : &none;
    case ResultsTableModel::P50Ms:
        return &p.p50Ms;
    case ResultsTableModel::P99Ms:
        return &p.p99Ms;
    case ResultsTableModel::P999Ms:
        return &p.p999Ms;
    case ResultsTableModel::MeanMs:
        return &p.meanMs;
    case ResultsTableModel::MaxMs:
        return &p.maxMs;
    default:
        return nullptr;
    }
}

// The replicates' spread of a column's figure; empty for a point run once.
std::optional<FigureSpread> columnSpread(const PointResult& p, int column)
{
    if (!p.spread)
        return std::nullopt;
    const ReplicateSpread& s = *p.spread;
    switch (column) {
    case ResultsTableModel::P50Ms:
        return s.p50Ms;
    case ResultsTableModel::P99Ms:
        return s.p99Ms;
    case ResultsTableModel::P999Ms:
        return s.p999Ms;
    case ResultsTableModel::MeanMs:
        return s.meanMs;
    case ResultsTableModel::MaxMs:
        return s.maxMs;
    case ResultsTableModel::RequestsPerCall:
        return s.requestsPerCall;
    case ResultsTableModel::HedgedFraction:
        return s.hedgedFraction;
    case ResultsTableModel::RejectedFraction:
        return s.rejectedFraction;
    case ResultsTableModel::FailedFraction:
        return s.failedFraction;
    case ResultsTableModel::Utilisation:
        return s.utilisation;
    default:
        return std::nullopt;
    }
}

bool isFraction(int column)
{
    return (column >= ResultsTableModel::HedgedFraction && column <= ResultsTableModel::Utilisation) ||
           column == ResultsTableModel::HedgesRefusedFraction ||
           column == ResultsTableModel::SlowestPartHedgedFraction ||
           column == ResultsTableModel::SlowerThanPartP99Fraction ||
           column == ResultsTableModel::TimedOutFraction ||
           column == ResultsTableModel::GoodputFraction ||
           column == ResultsTableModel::WastedWorkFraction;
}

double fraction(const PointResult& p, int column)
{
    switch (column) {
    case ResultsTableModel::HedgedFraction:
        return p.hedgedFraction;
    case ResultsTableModel::RejectedFraction:
        return p.rejectedFraction;
    case ResultsTableModel::FailedFraction:
        return p.failedFraction;
    case ResultsTableModel::Utilisation:
        return p.utilisation;
    case ResultsTableModel::HedgesRefusedFraction:
        return p.hedgesRefusedFraction;
    case ResultsTableModel::SlowestPartHedgedFraction:
        return p.parts ? p.parts->slowestHedgedFraction : 0.0;
    case ResultsTableModel::SlowerThanPartP99Fraction:
        return p.parts ? p.parts->slowerThanPartP99Fraction : 0.0;
    case ResultsTableModel::TimedOutFraction:
        return p.timedOutFraction;
    case ResultsTableModel::GoodputFraction:
        return p.goodputFraction;
    case ResultsTableModel::WastedWorkFraction:
        return p.wastedWorkFraction;
    default:
        return 0.0;
    }
}

QString shortest(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString columnToolTip(int column)
{
    switch (column) {
    case ResultsTableModel::Setup:
        return QStringLiteral("The setup's name");
    case ResultsTableModel::CancellationColumn:
        return QStringLiteral("client: the server finishes abandoned attempts (HTTP); "
                              "server: cancellation reaches the server (gRPC)");
    case ResultsTableModel::Load:
        return QStringLiteral("Offered load: arrivals × mean service time / workers, without "
                              "hedges");
    case ResultsTableModel::MeasuredCalls:
        return QStringLiteral("Calls measured at this point (warm-up excluded)");
    case ResultsTableModel::P50Ms:
        return QStringLiteral("Median latency of the calls that succeeded (ms)");
    case ResultsTableModel::P99Ms:
        return QStringLiteral("99th percentile latency of the calls that succeeded (ms)");
    case ResultsTableModel::P999Ms:
        return QStringLiteral("99.9th percentile latency of the calls that succeeded (ms)");
    case ResultsTableModel::MeanMs:
        return QStringLiteral("Mean latency of the calls that succeeded (ms)");
    case ResultsTableModel::MaxMs:
        return QStringLiteral("Longest latency of a call that succeeded (ms)");
    case ResultsTableModel::RequestsPerCall:
        return QStringLiteral("Attempts sent to the server per call (1 = no hedges)");
    case ResultsTableModel::HedgedFraction:
        return QStringLiteral("Calls that sent at least one hedge");
    case ResultsTableModel::RejectedFraction:
        return QStringLiteral("Calls rejected by the adaptive limit");
    case ResultsTableModel::FailedFraction:
        return QStringLiteral("Calls whose every attempt failed");
    case ResultsTableModel::Utilisation:
        return QStringLiteral("Worker busy time / (workers × time)");
    case ResultsTableModel::Collapsed:
        return QStringLiteral("The queue never drained: the service collapsed at this load");
    case ResultsTableModel::HedgesRefusedFraction:
        return QStringLiteral("Calls whose hedge the policy's budget or throttle refused");
    case ResultsTableModel::Seeds:
        return QStringLiteral("The runs the verdict (healthy or collapsed) rests on: the "
                              "point's replicates, or its run and the seed check's re-runs on "
                              "other seeds; \"1 run\": not checked, the verdict may change "
                              "with the seed");
    case ResultsTableModel::PartP50Ms:
        return QStringLiteral("Median latency of the parts that answered (ms)");
    case ResultsTableModel::PartP99Ms:
        return QStringLiteral("99th percentile latency of the parts that answered (ms): the "
                              "call's p99 is the slowest part's");
    case ResultsTableModel::PartP999Ms:
        return QStringLiteral("99.9th percentile latency of the parts that answered (ms)");
    case ResultsTableModel::SlowestPartHedgedFraction:
        return QStringLiteral("Calls whose slowest part (the one that completed the call) was "
                              "hedged");
    case ResultsTableModel::SlowerThanPartP99Fraction:
        return QStringLiteral("Calls slower than the parts' p99: 1 − 0.99^n for n independent "
                              "parts without hedging");
    case ResultsTableModel::TimedOutFraction:
        return QStringLiteral("Calls that reached their deadline before an answer");
    case ResultsTableModel::GoodputFraction:
        return QStringLiteral("Calls answered successfully within their deadline: what the "
                              "caller lives by (near 0 at a collapse with a deadline)");
    case ResultsTableModel::GoodputPerSecond:
        return QStringLiteral("Calls answered successfully within their deadline, per second");
    case ResultsTableModel::HedgesPerCall:
        return QStringLiteral("Extra attempts sent as hedges, per call");
    case ResultsTableModel::RetriesPerCall:
        return QStringLiteral("Extra attempts sent as retries (after an error), per call");
    case ResultsTableModel::WastedWorkFraction:
        return QStringLiteral("Server busy time spent on attempts whose call had already ended "
                              "(won elsewhere, failed or timed out)");
    default:
        return {};
    }
}

} // namespace

ResultsTableModel::ResultsTableModel(QObject* parent) : QAbstractTableModel(parent) {}

int ResultsTableModel::columnCountFor(const std::vector<PointResult>& points)
{
    const bool parts = std::any_of(points.begin(), points.end(),
                                   [](const PointResult& p) { return p.parts.has_value(); });
    return parts ? int(kFirstOutcomeColumn) : kColumnsWithoutParts;
}

QList<int> ResultsTableModel::columnsFor(const std::vector<PointResult>& points, bool outcomes)
{
    QList<int> ids;
    for (int c = 0; c < columnCountFor(points); ++c)
        ids << c;
    if (outcomes)
        for (int c = kFirstOutcomeColumn; c < ColumnCount; ++c)
            ids << c;
    return ids;
}

int ResultsTableModel::columnId(int modelColumn) const
{
    return modelColumn >= 0 && modelColumn < m_ids.size() ? m_ids[modelColumn] : -1;
}

int ResultsTableModel::modelColumn(int id) const
{
    return int(m_ids.indexOf(id));
}

void ResultsTableModel::setPoints(const std::vector<PointResult>& points, bool outcomes)
{
    const QList<int> columns = columnsFor(points, outcomes);
    // Same row count: update in place so the view keeps its selection and scroll position
    // while a sweep fills in.
    if (points.size() == m_points.size() && !points.empty() && columns == m_ids) {
        std::size_t first = points.size(), last = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            if (points[i] == m_points[i])
                continue;
            first = std::min(first, i);
            last = i;
        }
        if (first > last)
            return;
        m_points = points;
        emit dataChanged(index(static_cast<int>(first), 0),
                         index(static_cast<int>(last), int(m_ids.size()) - 1));
        return;
    }
    beginResetModel();
    m_points = points;
    m_ids = columns;
    endResetModel();
}

QString ResultsTableModel::columnKey(int column)
{
    // The columns are the results file's point fields, in its order: one list, the engine's.
    // Hedges refused is the file's last field, there only with policy families.
    const std::vector<std::string>& keys = resultsCsvColumns();
    Q_ASSERT(keys.size() == std::size_t(HedgesRefusedFraction));
    if (column == HedgesRefusedFraction)
        return QStringLiteral("hedges_refused_fraction");
    if (column == Seeds)
        return QStringLiteral("seeds");
    if (isPartColumn(column))
        return QString::fromStdString(resultsCsvPartColumns()[std::size_t(column - PartP50Ms)]);
    if (isOutcomeColumn(column))
        return QString::fromStdString(
            resultsCsvOutcomeColumns()[std::size_t(column - kFirstOutcomeColumn)]);
    if (column < 0 || column >= ColumnCount)
        return {};
    return QString::fromStdString(keys[std::size_t(column)]);
}

QString ResultsTableModel::columnTitle(int column)
{
    switch (column) {
    case Setup:
        return QStringLiteral("Setup");
    case CancellationColumn:
        return QStringLiteral("Cancellation");
    case Load:
        return QStringLiteral("Load");
    case MeasuredCalls:
        return QStringLiteral("Measured calls");
    case P50Ms:
        return QStringLiteral("p50 (ms)");
    case P99Ms:
        return QStringLiteral("p99 (ms)");
    case P999Ms:
        return QStringLiteral("p99.9 (ms)");
    case MeanMs:
        return QStringLiteral("Mean (ms)");
    case MaxMs:
        return QStringLiteral("Max (ms)");
    case RequestsPerCall:
        return QStringLiteral("Requests per call");
    case HedgedFraction:
        return QStringLiteral("Hedged");
    case RejectedFraction:
        return QStringLiteral("Rejected");
    case FailedFraction:
        return QStringLiteral("Failed");
    case Utilisation:
        return QStringLiteral("Utilisation");
    case Collapsed:
        return QStringLiteral("Collapsed");
    case HedgesRefusedFraction:
        return QStringLiteral("Hedges refused");
    case Seeds:
        return QStringLiteral("Seeds");
    case PartP50Ms:
        return QStringLiteral("Part p50 (ms)");
    case PartP99Ms:
        return QStringLiteral("Part p99 (ms)");
    case PartP999Ms:
        return QStringLiteral("Part p99.9 (ms)");
    case SlowestPartHedgedFraction:
        return QStringLiteral("Slowest part hedged");
    case SlowerThanPartP99Fraction:
        return QStringLiteral("Above part p99");
    case TimedOutFraction:
        return QStringLiteral("Timed out");
    case GoodputFraction:
        return QStringLiteral("Goodput");
    case GoodputPerSecond:
        return QStringLiteral("Goodput (/s)");
    case HedgesPerCall:
        return QStringLiteral("Hedges per call");
    case RetriesPerCall:
        return QStringLiteral("Retries per call");
    case WastedWorkFraction:
        return QStringLiteral("Wasted work");
    default:
        return {};
    }
}

QList<int> ResultsTableModel::displayOrder(int columns)
{
    QList<int> ids;
    for (int c = 0; c < columns; ++c)
        ids << c;
    return displayOrder(ids);
}

QList<int> ResultsTableModel::displayOrder(const QList<int>& ids)
{
    // With a deadline, goodput and timed out are what the caller sees: beside the tail and the
    // cost; the attempts split into hedges and retries after the requests they add up to.
    QList<int> order{Setup,           Load,          P99Ms,          P999Ms,
                     PartP99Ms,       RequestsPerCall, GoodputFraction, TimedOutFraction,
                     GoodputPerSecond, HedgesPerCall, RetriesPerCall};
    for (int c = 0; c < ColumnCount; ++c)
        if (!order.contains(c) && c != HedgesRefusedFraction && c != Seeds &&
            c != WastedWorkFraction)
            order << c;
    order.insert(order.indexOf(HedgedFraction) + 1, HedgesRefusedFraction);
    order.insert(order.indexOf(Utilisation) + 1, WastedWorkFraction);
    // The verdict's evidence beside the verdict.
    order.insert(order.indexOf(Collapsed) + 1, Seeds);
    order.removeIf([&ids](int c) { return !ids.contains(c); });
    return order;
}

QStringList ResultsTableModel::columnKeys(int columns)
{
    QStringList keys;
    for (int c = 0; c < columns; ++c)
        keys << columnKey(c);
    return keys;
}

QVariant ResultsTableModel::exactValue(const PointResult& p, int column)
{
    switch (column) {
    case Setup:
        return QString::fromStdString(p.setup);
    case CancellationColumn:
        return QString::fromLatin1(toString(p.cancellation));
    case Load:
        return p.load;
    case MeasuredCalls:
        return static_cast<qint64>(p.measuredCalls);
    case RequestsPerCall:
        return p.requestsPerCall;
    case GoodputPerSecond:
        return p.goodputPerSecond;
    case HedgesPerCall:
        return p.hedgesPerCall;
    case RetriesPerCall:
        return p.retriesPerCall;
    case Collapsed:
        return p.collapsed;
    case Seeds:
        return SpreadText::verdictRuns(p);
    default:
        break;
    }
    if (isPartColumn(column) && !p.parts)
        return {}; // a point that does not fan out
    if (const std::optional<double>* v = latency(p, column))
        return *v ? QVariant(**v) : QVariant();
    if (isFraction(column))
        return fraction(p, column);
    return {};
}

QString ResultsTableModel::exactText(const PointResult& p, int column)
{
    const QVariant v = exactValue(p, column);
    if (!v.isValid())
        return {};
    switch (v.typeId()) {
    case QMetaType::Double:
        return shortest(v.toDouble());
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return v.toString();
    }
}

QString ResultsTableModel::displayText(const PointResult& p, int column)
{
    QString text = pooledText(p, column);
    if (const std::optional<FigureSpread> spread = columnSpread(p, column); spread && text != QStringLiteral("—")) {
        const bool percent = isFraction(column);
        const int decimals = column == RequestsPerCall ? 3 : percent ? 2 : 1;
        text += QStringLiteral(" ") + SpreadText::bracket(*spread, percent ? 100.0 : 1.0, decimals);
    }
    if (column == Collapsed && p.partiallyCollapsed())
        text += QStringLiteral(" (") + SpreadText::partialCollapse(p) + QStringLiteral(")");
    return text;
}

QString ResultsTableModel::pooledText(const PointResult& p, int column)
{
    const QLocale locale;
    switch (column) {
    case Setup:
    case CancellationColumn:
        return exactValue(p, column).toString();
    case Load: {
        // 1.1 × 100 is 110.00000000000001: compare once rounded to the decimal shown.
        const double percent = std::round(p.load * 1000.0) / 10.0;
        return locale.toString(percent, 'f', percent == std::round(percent) ? 0 : 1) +
               QStringLiteral(" %");
    }
    case MeasuredCalls:
        return locale.toString(static_cast<qlonglong>(p.measuredCalls));
    case RequestsPerCall:
        return locale.toString(p.requestsPerCall, 'f', 3);
    case GoodputPerSecond:
        return locale.toString(p.goodputPerSecond, 'f', 1);
    case HedgesPerCall:
        return locale.toString(p.hedgesPerCall, 'f', 3);
    case RetriesPerCall:
        return locale.toString(p.retriesPerCall, 'f', 3);
    case Collapsed:
        return p.collapsed ? QStringLiteral("yes") : QStringLiteral("no");
    case Seeds:
        return SpreadText::verdictRuns(p);
    default:
        break;
    }
    if (const std::optional<double>* v = latency(p, column))
        return *v ? locale.toString(**v, 'f', 1) : QStringLiteral("—");
    if (isPartColumn(column) && !p.parts)
        return QStringLiteral("—");
    if (isFraction(column))
        return locale.toString(fraction(p, column) * 100.0, 'f', 2) + QStringLiteral(" %");
    return {};
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_points.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const PointResult& p = m_points[static_cast<std::size_t>(index.row())];
    const int column = columnId(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(p, column);
    case Qt::EditRole:
    case Qt::UserRole:
        return exactValue(p, column);
    case Qt::ToolTipRole:
        return exactText(p, column);
    case Qt::TextAlignmentRole:
        if (column == Setup || column == CancellationColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (p.collapsed) {
            // The charts' collapse red, readable on the desktop's background.
            const bool dark = QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
            return dark ? QColor(0xFF, 0x6B, 0x6B) : QColor(0xB0, 0x10, 0x10);
        }
        return {};
    case Qt::FontRole:
        if (p.collapsed && column == Collapsed) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    const int column = columnId(section);
    if (column < 0)
        return {};
    if (role == Qt::DisplayRole)
        return columnTitle(column);
    if (role == Qt::EditRole)
        return columnKey(column);
    if (role == Qt::ToolTipRole)
        return columnToolTip(column);
    return {};
}

} // namespace hedge
