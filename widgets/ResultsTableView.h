// The results table: sortable, extended selection, Ctrl+C and a context menu copy the
// selection as TSV with full precision (a header row of the results file's field names).
#pragma once

#include <QList>
#include <QTableView>

class QAction;
class QSortFilterProxyModel;

namespace hedge {

class ResultsTableModel;

class ResultsTableView : public QTableView {
    Q_OBJECT

public:
    explicit ResultsTableView(QWidget* parent = nullptr);

    // Shows `model` through the view's own sorting proxy (sorted on the exact values).
    void setResultsModel(ResultsTableModel* model);
    ResultsTableModel* resultsModel() const { return m_results; }
    QSortFilterProxyModel* proxyModel() const { return m_proxy; }

    // The selection as TSV: one line per selected row in view order, the selected columns
    // in order, exact values (EditRole); the first line holds the column names.
    QString selectionAsTsv() const;

public slots:
    void copySelection();

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    // Widens the columns whose figures no longer fit (so none is elided to "110.0…").
    void widenColumns();
    // Moves the columns to ResultsTableModel::displayOrder's places.
    void placeColumns();

    ResultsTableModel* m_results = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QAction* m_copyAction = nullptr;
    QAction* m_selectAllAction = nullptr;
    QList<int> m_placedColumns; // the columns (ids) placeColumns() last ordered
};

} // namespace hedge
