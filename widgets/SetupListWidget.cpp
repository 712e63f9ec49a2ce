#include "SetupListWidget.h"

#include "ScenarioDescription.h"
#include "SetupNames.h"
#include "WrappingRow.h"

#include <hedge/document/ScenarioDocument.h>

#include <QAction>
#include <QColorDialog>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace hedge {

namespace {

QIcon swatch(const QColor& color, const QPalette& palette)
{
    // Drawn at 2x so that it stays crisp on high-DPI screens.
    QPixmap pm(32, 32);
    pm.setDevicePixelRatio(2.0);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(palette.color(QPalette::WindowText), 0.8));
    p.setBrush(color);
    p.drawRoundedRect(QRectF(2.5, 2.5, 11, 11), 2.5, 2.5);
    return QIcon(pm);
}

// What a row shows, beside its text and check box: the colour of its swatch and whether the
// document shows the setup (the box's state before a click).
constexpr int kColourRole = Qt::UserRole;
constexpr int kVisibleRole = Qt::UserRole + 1;

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace

SetupListWidget::SetupListWidget(const ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    m_list = new QListWidget(this);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setToolTip(tr("Each setup is one client configuration, drawn as one curve. Tick to "
                          "show or hide it; double-click or F2 to rename."));
    m_list->setAccessibleName(tr("Setups"));

    m_add =
        toolButton(tr("Add"), tr("Add a setup with a hedge at the defaults (Ctrl+Shift+N)"), this);
    m_duplicate = toolButton(tr("Duplicate"), tr("Copy the selected setup (Ctrl+D)"), this);
    m_remove = toolButton(tr("Remove"), tr("Remove the selected setup (Delete)"), this);
    m_up = toolButton(QString(), tr("Move the selected setup up (Alt+Up)"), this);
    m_up->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    m_down = toolButton(QString(), tr("Move the selected setup down (Alt+Down)"), this);
    m_down->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    m_color = toolButton(tr("Colour…"), tr("Choose the selected setup's colour"), this);

    const auto addShortcut = [this](QKeySequence keys, void (SetupListWidget::*slot)()) {
        auto* a = new QAction(this);
        a->setShortcut(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
    };
    addShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), &SetupListWidget::addSetup);
    addShortcut(QKeySequence(Qt::CTRL | Qt::Key_D), &SetupListWidget::duplicateSetup);
    addShortcut(QKeySequence::Delete, &SetupListWidget::removeSetup);
    addShortcut(QKeySequence(Qt::ALT | Qt::Key_Up), &SetupListWidget::moveUp);
    addShortcut(QKeySequence(Qt::ALT | Qt::Key_Down), &SetupListWidget::moveDown);

    // Two groups of buttons: the colour and the arrows go under the others in a narrow pane
    // (beside a lesson at 1024 x 700), so the list never widens the window.
    const auto group = [this](std::initializer_list<QWidget*> parts, bool stretchFirst) {
        auto* line = new QWidget(this);
        auto* layout = new QHBoxLayout(line);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(2);
        if (stretchFirst)
            layout->addStretch(1);
        for (QWidget* part : parts)
            layout->addWidget(part);
        if (!stretchFirst)
            layout->addStretch(1);
        return line;
    };
    auto* buttons = new WrappingRow(group({m_add, m_duplicate, m_remove}, false),
                                    group({m_color, m_up, m_down}, true), 0, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);

    connect(m_add, &QToolButton::clicked, this, &SetupListWidget::addSetup);
    connect(m_duplicate, &QToolButton::clicked, this, &SetupListWidget::duplicateSetup);
    connect(m_remove, &QToolButton::clicked, this, &SetupListWidget::removeSetup);
    connect(m_up, &QToolButton::clicked, this, &SetupListWidget::moveUp);
    connect(m_down, &QToolButton::clicked, this, &SetupListWidget::moveDown);
    connect(m_color, &QToolButton::clicked, this, &SetupListWidget::chooseColor);
    connect(m_list, &QListWidget::itemChanged, this, &SetupListWidget::onItemChanged);
    // Filling the list blocks its signals: only the user's choice of a row is told.
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        updateButtons();
        emit currentSetupChanged(row);
    });
    connect(m_list, &QListWidget::customContextMenuRequested, this,
            &SetupListWidget::showContextMenu);
    updateButtons();
}

void SetupListWidget::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addAction(tr("Add"), this, &SetupListWidget::addSetup);
    menu.addAction(tr("Duplicate"), this, &SetupListWidget::duplicateSetup)
        ->setEnabled(currentRow() >= 0);
    menu.addAction(tr("Rename"), this,
                   [this] {
                       if (auto* item = m_list->currentItem())
                           m_list->editItem(item);
                   })
        ->setEnabled(currentRow() >= 0);
    menu.addAction(tr("Colour…"), this, &SetupListWidget::chooseColor)
        ->setEnabled(currentRow() >= 0);
    menu.addSeparator();
    menu.addAction(tr("Remove"), this, &SetupListWidget::removeSetup)
        ->setEnabled(currentRow() >= 0);
    menu.exec(m_list->viewport()->mapToGlobal(pos));
}

// Closing the window while a name is being edited commits the name: the half-destroyed
// list must not hear it.
SetupListWidget::~SetupListWidget()
{
    for (QObject* child : findChildren<QObject*>())
        disconnect(child, nullptr, this, nullptr);
}

const std::vector<Setup>& SetupListWidget::setups() const
{
    return m_document->scenario().setups;
}

void SetupListWidget::showDocument(int currentRow)
{
    const std::vector<Setup>& shown = setups();
    const std::vector<SetupStyle>& styles = m_document->style().setups;
    const int rows = static_cast<int>(shown.size());
    QList<SeriesStyle> given;
    for (int i = 0; i < rows; ++i) {
        const QString name = QString::fromStdString(shown[std::size_t(i)].name);
        given.push_back(std::size_t(i) < styles.size()
                            ? SeriesStyle{name,
                                          QColor(QString::fromStdString(styles[std::size_t(i)].colour)),
                                          styles[std::size_t(i)].visible}
                            : SeriesStyle{name, colourForIndex(i), true});
    }
    const int current = rows == 0 ? -1 : std::clamp(currentRow, 0, rows - 1);
    if (m_list->count() != rows) {
        rebuild(current, given);
        return;
    }
    // The same rows, new contents (an edit of a knob, an undo): the rows that changed are
    // filled in place, so that the list keeps its scroll position and a drag does not
    // rebuild it at every step.
    const QSignalBlocker filling(m_list);
    for (int i = 0; i < rows; ++i)
        if (!shows(m_list->item(i), i, given[i]))
            fillItem(m_list->item(i), i, given[i]);
    m_list->setCurrentRow(current);
    updateButtons();
}

QList<SeriesStyle> SetupListWidget::styles() const
{
    QList<SeriesStyle> shown;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem* item = m_list->item(i);
        shown.push_back({item->text(),
                         item->data(kColourRole).value<QColor>(),
                         item->data(kVisibleRole).toBool()});
    }
    return shown;
}

int SetupListWidget::currentRow() const
{
    return m_list->currentRow();
}

void SetupListWidget::setCurrentRow(int row)
{
    m_list->setCurrentRow(row);
}

void SetupListWidget::setSetupVisible(const QString& name, bool visible)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->text() == name &&
            m_list->item(i)->data(kVisibleRole).toBool() != visible)
            emit visibilityChosen(i, visible);
}

void SetupListWidget::setSetupColor(int row, const QColor& color)
{
    if (row < 0 || row >= m_list->count() || !color.isValid() ||
        m_list->item(row)->data(kColourRole).value<QColor>() == color)
        return;
    emit colourChosen(row, color);
}

void SetupListWidget::addSetup()
{
    Setup s;
    s.name = uniqueSetupName(tr("new setup").toStdString(), setups());
    s.hedge = HedgeSettings{};
    const int row = currentRow() >= 0 ? currentRow() + 1 : static_cast<int>(setups().size());
    std::vector<Setup> next = setups();
    next.insert(next.begin() + row, s);
    propose(next, row);
}

void SetupListWidget::duplicateSetup()
{
    const int row = currentRow();
    if (row < 0)
        return;
    std::vector<Setup> next = setups();
    next.insert(next.begin() + row + 1, copyOfSetup(setups(), row));
    propose(next, row + 1);
}

void SetupListWidget::removeSetup()
{
    const int row = currentRow();
    // A scenario needs a setup (docs/scenario.md): the last one stays.
    if (row < 0 || setups().size() <= 1)
        return;
    std::vector<Setup> next = setups();
    next.erase(next.begin() + row);
    propose(next, std::min(row, static_cast<int>(next.size()) - 1));
}

void SetupListWidget::moveUp()
{
    const int row = currentRow();
    if (row <= 0)
        return;
    std::vector<Setup> next = setups();
    std::swap(next[std::size_t(row)], next[std::size_t(row - 1)]);
    propose(next, row - 1);
}

void SetupListWidget::moveDown()
{
    const int row = currentRow();
    if (row < 0 || row + 1 >= static_cast<int>(setups().size()))
        return;
    std::vector<Setup> next = setups();
    std::swap(next[std::size_t(row)], next[std::size_t(row + 1)]);
    propose(next, row + 1);
}

void SetupListWidget::chooseColor()
{
    const int row = currentRow();
    if (row < 0)
        return;
    const QString name = QString::fromStdString(setups()[std::size_t(row)].name);
    const QColor chosen = QColorDialog::getColor(
        m_list->item(row)->data(kColourRole).value<QColor>(), this, tr("Colour of “%1”").arg(name));
    setSetupColor(row, chosen);
}

void SetupListWidget::propose(const std::vector<Setup>& setups, int row)
{
    // Whoever shows the list the setups (the window: the document's edit) has done so when
    // this returns; the row then is the one the change is about.
    emit setupsChanged(setups);
    if (m_list->currentRow() != row && row < m_list->count())
        m_list->setCurrentRow(row);
    else
        emit currentSetupChanged(currentRow());
}

void SetupListWidget::rebuild(int currentRow, const QList<SeriesStyle>& styles)
{
    const QSignalBlocker filling(m_list);
    m_list->clear();
    for (int i = 0; i < static_cast<int>(setups().size()); ++i) {
        auto* item = new QListWidgetItem(m_list);
        item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable |
                       Qt::ItemIsUserCheckable);
        fillItem(item, i, styles[i]);
    }
    m_list->setCurrentRow(currentRow);
    updateButtons();
}

namespace {

QString setupToolTip(const Setup& s)
{
    return QStringLiteral("%1\n%2").arg(QString::fromStdString(s.name),
                                        ScenarioDescription::setup(s));
}

} // namespace

bool SetupListWidget::shows(const QListWidgetItem* item, int row, const SeriesStyle& style) const
{
    const Setup& s = setups()[std::size_t(row)];
    return item->text() == QString::fromStdString(s.name) && item->toolTip() == setupToolTip(s) &&
           item->data(kColourRole).value<QColor>() == style.color &&
           item->data(kVisibleRole).toBool() == style.visible &&
           (item->checkState() == Qt::Checked) == style.visible;
}

void SetupListWidget::fillItem(QListWidgetItem* item, int row, const SeriesStyle& style)
{
    const Setup& s = setups()[std::size_t(row)];
    item->setText(QString::fromStdString(s.name));
    item->setToolTip(setupToolTip(s));
    item->setIcon(swatch(style.color, palette()));
    item->setCheckState(style.visible ? Qt::Checked : Qt::Unchecked);
    item->setData(kColourRole, style.color);
    item->setData(kVisibleRole, style.visible);
}

void SetupListWidget::onItemChanged(QListWidgetItem* item)
{
    const int row = m_list->row(item);
    if (row < 0 || row >= static_cast<int>(setups().size()))
        return;
    // A tick proposes the change; the box shows what the document holds when it comes back.
    const bool visible = item->checkState() == Qt::Checked;
    if (visible != item->data(kVisibleRole).toBool())
        emit visibilityChosen(row, visible);
    const QString oldName = QString::fromStdString(setups()[row].name);
    const QString newName = item->text().trimmed();
    if (newName == oldName)
        return;
    QString refusal;
    if (newName.isEmpty())
        refusal = tr("A setup needs a name.");
    for (int i = 0; i < static_cast<int>(setups().size()) && refusal.isEmpty(); ++i)
        if (i != row && QString::fromStdString(setups()[i].name) == newName)
            refusal = tr("Another setup is already called “%1”.").arg(newName);
    if (!refusal.isEmpty()) {
        const QSignalBlocker filling(m_list);
        item->setText(oldName);
        emit renameRefused(refusal);
        return;
    }
    if (item->text() != newName) {
        const QSignalBlocker filling(m_list);
        item->setText(newName);
    }
    std::vector<Setup> next = setups();
    next[std::size_t(row)].name = newName.toStdString();
    emit setupsChanged(next);
    emit currentSetupChanged(row);
}

void SetupListWidget::updateButtons()
{
    const int row = currentRow();
    const int n = static_cast<int>(setups().size());
    m_duplicate->setEnabled(row >= 0);
    m_remove->setEnabled(row >= 0 && n > 1);
    m_color->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < n);
}

} // namespace hedge
