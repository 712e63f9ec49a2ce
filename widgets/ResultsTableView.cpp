#include "ResultsTableView.h"

#include "ResultsTableModel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <map>
#include <set>

namespace hedge {

ResultsTableView::ResultsTableView(QWidget* parent) : QTableView(parent)
{
    m_proxy = new QSortFilterProxyModel(this);
    // Sort on the exact values: "9.5" must come before "10.1", missing latencies last.
    m_proxy->setSortRole(Qt::UserRole);
    setSortingEnabled(true);
    // Setup by setup, by load, until a header is clicked (SweepController::displayedPoints).
    sortByColumn(-1, Qt::AscendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setWordWrap(false);
    // Tab moves on to the next widget, as everywhere else in the window; arrows move in here.
    setTabKeyNavigation(false);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setSectionsMovable(true);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);

    m_copyAction = new QAction(tr("&Copy"), this);
    m_copyAction->setShortcut(QKeySequence::Copy);
    m_copyAction->setToolTip(tr("Copy the selected cells as tab-separated values"));
    connect(m_copyAction, &QAction::triggered, this, &ResultsTableView::copySelection);
    m_selectAllAction = new QAction(tr("Select &All"), this);
    m_selectAllAction->setShortcut(QKeySequence::SelectAll);
    connect(m_selectAllAction, &QAction::triggered, this, &QTableView::selectAll);
}

void ResultsTableView::setResultsModel(ResultsTableModel* model)
{
    m_results = model;
    m_proxy->setSourceModel(model);
    setModel(m_proxy);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    placeColumns();
    resizeColumnsToContents();
    // The part columns come and go with a fan-out scenario's points, the outcome columns with
    // a deadline or retries: in their places again.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        if (m_results->columns() != m_placedColumns)
            placeColumns();
    });
    // The columns were sized for what was there; points arrive later, while the sweep runs.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &ResultsTableView::widenColumns);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResultsTableView::widenColumns);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &ResultsTableView::widenColumns);
}

void ResultsTableView::placeColumns()
{
    m_placedColumns = m_results->columns();
    const QList<int> order = ResultsTableModel::displayOrder(m_placedColumns);
    for (int visual = 0; visual < order.size(); ++visual)
        horizontalHeader()->moveSection(
            horizontalHeader()->visualIndex(m_results->modelColumn(order[visual])), visual);
}

void ResultsTableView::widenColumns()
{
    // Only wider, never narrower: a column the user widened keeps its width.
    for (int column = 0; column < m_proxy->columnCount(); ++column) {
        const int needed = std::max(sizeHintForColumn(column),
                                    horizontalHeader()->sectionSizeHint(column));
        if (needed > columnWidth(column))
            setColumnWidth(column, needed);
    }
}

QString ResultsTableView::selectionAsTsv() const
{
    const QModelIndexList selected =
        selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList{};
    if (selected.isEmpty())
        return {};
    // Rows in view order; columns in the order the header shows them (sections can move).
    std::set<int> rows;
    std::map<int, int> columnsByVisualIndex;
    std::set<std::pair<int, int>> cells;
    for (const QModelIndex& index : selected) {
        rows.insert(index.row());
        columnsByVisualIndex[horizontalHeader()->visualIndex(index.column())] = index.column();
        cells.insert({index.row(), index.column()});
    }
    const QAbstractItemModel* m = model();
    const auto escape = [](QString text) {
        // TSV has no quoting: keep one cell one field.
        text.replace(QLatin1Char('\t'), QLatin1Char(' '));
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return text;
    };
    QStringList lines;
    QStringList header;
    for (const auto& [visual, column] : columnsByVisualIndex) {
        Q_UNUSED(visual);
        header << escape(m->headerData(column, Qt::Horizontal, Qt::EditRole).toString());
    }
    lines << header.join(QLatin1Char('\t'));
    for (int row : rows) {
        QStringList fields;
        for (const auto& [visual, column] : columnsByVisualIndex) {
            Q_UNUSED(visual);
            if (!cells.count({row, column})) {
                fields << QString();
                continue;
            }
            const QVariant v = m->index(row, column).data(Qt::EditRole);
            QString text;
            if (!v.isValid())
                text.clear();
            else if (v.typeId() == QMetaType::Double)
                text = QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
            else if (v.typeId() == QMetaType::Bool)
                text = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
            else
                text = v.toString();
            fields << escape(text);
        }
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultsTableView::copySelection()
{
    const QString tsv = selectionAsTsv();
    if (tsv.isEmpty())
        return;
    auto* mime = new QMimeData;
    mime->setText(tsv);
    mime->setData(QStringLiteral("text/tab-separated-values"), tsv.toUtf8());
    QApplication::clipboard()->setMimeData(mime);
}

bool ResultsTableView::event(QEvent* event)
{
    // Claim Ctrl+C before a window-wide shortcut (e.g. "copy chart") takes it.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Copy)) {
            event->accept();
            return true;
        }
    }
    return QTableView::event(event);
}

void ResultsTableView::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

void ResultsTableView::contextMenuEvent(QContextMenuEvent* event)
{
    m_copyAction->setEnabled(selectionModel() && selectionModel()->hasSelection());
    QMenu menu(this);
    menu.addAction(m_copyAction);
    menu.addAction(m_selectAllAction);
    menu.exec(event->globalPos());
}

} // namespace hedge
