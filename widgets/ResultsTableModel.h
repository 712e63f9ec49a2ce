// Every point's figures, one row a point, the columns of the results file
// (docs/scenario.md): DisplayRole is rounded to read, EditRole and UserRole hold the exact value.
// A column is named by its Column (its id); the model's columns are the ids the points have, in
// id order (columns()): the part columns while a point fans out, the calls' outcomes while the
// scenario has them — so a model column is its id up to the first optional one.
#pragma once

#include <hedge/sim/PointResult.h>

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace hedge {

class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Setup,
        CancellationColumn,
        Load,
        MeasuredCalls,
        P50Ms,
        P99Ms,
        P999Ms,
        MeanMs,
        MaxMs,
        RequestsPerCall,
        HedgedFraction,
        RejectedFraction,
        FailedFraction,
        Utilisation,
        Collapsed,
        // Not a column of every results file: written only when a setup follows a family
        // (docs/policies.md, "Hedges refused"), shown for every setup.
        HedgesRefusedFraction,
        // Not a field of the results file: the runs the verdict rests on (docs/replicates.md,
        // "Seed check"), "5 of 5 healthy", "collapses in 2 of 5", "1 run".
        Seeds,
        // A fan-out call's parts (docs/fanout.md, "Metrics"): columns only while a point has
        // parts, as the results file's part columns (resultsCsvPartColumns).
        PartP50Ms,
        PartP99Ms,
        PartP999Ms,
        SlowestPartHedgedFraction,
        SlowerThanPartP99Fraction,
        // The calls' outcomes (docs/model.md, "Metrics"): columns only while the scenario has
        // them (Scenario::hasCallOutcomes: a setup with a deadline or retries), as the results
        // file's outcome columns (resultsCsvOutcomeColumns).
        TimedOutFraction,
        GoodputFraction,
        GoodputPerSecond,
        HedgesPerCall,
        RetriesPerCall,
        WastedWorkFraction,
        ColumnCount
    };
    static constexpr int kColumnsWithoutParts = PartP50Ms;
    static constexpr int kFirstOutcomeColumn = TimedOutFraction;

    explicit ResultsTableModel(QObject* parent = nullptr);

    // Points with parts add the part columns, points without take them away; `outcomes` (the
    // scenario's calls have outcomes) adds the outcome columns (a reset when the columns change).
    void setPoints(const std::vector<PointResult>& points, bool outcomes = false);
    // The columns (ids) `points` have: the part columns when a point has parts, the outcome
    // columns with `outcomes`, always those before them.
    static QList<int> columnsFor(const std::vector<PointResult>& points, bool outcomes);
    // How many of the columns before the outcome ones `points` have.
    static int columnCountFor(const std::vector<PointResult>& points);
    // The model's columns now, as ids; the id of a model column, and the model column of an id
    // (-1 when the model has not that column now).
    const QList<int>& columns() const { return m_ids; }
    int columnId(int modelColumn) const;
    int modelColumn(int id) const;
    const std::vector<PointResult>& points() const { return m_points; }

    // The results file's field name of a column ("p99_ms", ...): the header's EditRole, and
    // what a copy's header row says.
    static QString columnKey(int column);
    // The header a person reads ("p99 (ms)", "Requests per call").
    static QString columnTitle(int column);
    // The columns the way the table shows them: the key figures (setup, load, p99, p99.9,
    // requests per call) first, the parts' p99 beside the call's p99.9, then the rest in the
    // file's order, hedges refused beside hedged.
    // Both of the first `columns` columns (a table without parts by default).
    // The outcome columns (goodput, timed out, hedges and retries per call) follow requests per
    // call, wasted work follows utilisation.
    static QList<int> displayOrder(int columns = kColumnsWithoutParts);
    // The same for the columns `ids` (columnsFor), in display order.
    static QList<int> displayOrder(const QList<int>& ids);
    static QStringList columnKeys(int columns = kColumnsWithoutParts);
    // A value as the results file writes it: shortest text that reads back to the same
    // double, "true"/"false", empty for a missing latency.
    static QString exactText(const PointResult& point, int column);
    // The exact value: QString, qint64, double, bool, or an invalid QVariant (no latency).
    static QVariant exactValue(const PointResult& point, int column);
    // Rounded to read: latencies 0.1 ms, fractions as percent with 2 decimals; a point run
    // several times adds the replicates' spread, "212.0 [55.0–238.0]", and a partial collapse
    // "yes (collapsed in 7 of 10 runs)".
    static QString displayText(const PointResult& point, int column);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    static QString pooledText(const PointResult& point, int column);

    std::vector<PointResult> m_points;
    QList<int> m_ids = columnsFor({}, false);
};

} // namespace hedge
