#include "SetupListWidget.h"

#include "ScenarioDescription.h"
#include "SetupNames.h"
#include "WrappingRow.h"

#include <QAction>
#include <QColorDialog>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
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

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace

SetupListWidget::SetupListWidget(QWidget* parent) : QWidget(parent)
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
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        updateButtons();
        if (!m_filling)
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

void SetupListWidget::setSetups(const std::vector<Setup>& setups, const QList<SeriesStyle>& styles,
                                int currentRow)
{
    const std::vector<Setup> shownSetups = std::exchange(m_setups, setups);
    const QList<SeriesStyle> shownStyles = std::exchange(m_styles, {});
    for (const Setup& s : m_setups) {
        const QString name = QString::fromStdString(s.name);
        SeriesStyle style{name, QColor(), true};
        for (const SeriesStyle& given : styles)
            if (given.setup == name) {
                style = given;
                break;
            }
        m_styles.push_back(style);
    }
    // Setups without a given colour take the palette's colours in order, skipping those taken.
    for (int i = 0; i < m_styles.size(); ++i) {
        if (m_styles[i].color.isValid())
            continue;
        m_styles[i].color = unusedColor();
        if (!m_styles[i].color.isValid())
            m_styles[i].color = colourForIndex(i);
    }
    const int rows = static_cast<int>(m_setups.size());
    const int current = rows == 0 ? -1 : std::clamp(currentRow, 0, rows - 1);
    if (m_list->count() != rows) {
        rebuild(current);
        return;
    }
    // The same rows, new contents (an edit of a knob, an undo): the rows that changed are
    // filled in place, so that the list keeps its scroll position and a drag does not
    // rebuild it at every step.
    m_filling = true;
    for (int i = 0; i < rows; ++i)
        if (m_setups[std::size_t(i)] != shownSetups[std::size_t(i)] ||
            m_styles[i] != shownStyles[i])
            fillItem(m_list->item(i), i);
    m_list->setCurrentRow(current);
    m_filling = false;
    updateButtons();
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
    for (int i = 0; i < m_styles.size(); ++i) {
        if (m_styles[i].setup != name || m_styles[i].visible == visible)
            continue;
        m_styles[i].visible = visible;
        m_filling = true;
        m_list->item(i)->setCheckState(visible ? Qt::Checked : Qt::Unchecked);
        m_filling = false;
        emit stylesChanged(m_styles);
    }
}

void SetupListWidget::setSetupColor(int row, const QColor& color)
{
    if (row < 0 || row >= m_styles.size() || !color.isValid() || m_styles[row].color == color)
        return;
    m_styles[row].color = color;
    m_filling = true;
    fillItem(m_list->item(row), row);
    m_filling = false;
    emit stylesChanged(m_styles);
}

void SetupListWidget::addSetup()
{
    Setup s;
    s.name = uniqueSetupName(tr("new setup").toStdString(), m_setups);
    s.hedge = HedgeSettings{};
    const int row = currentRow() >= 0 ? currentRow() + 1 : static_cast<int>(m_setups.size());
    insertSetup(row, s, unusedColor());
}

void SetupListWidget::duplicateSetup()
{
    const int row = currentRow();
    if (row < 0)
        return;
    insertSetup(row + 1, copyOfSetup(m_setups, row), unusedColor());
}

void SetupListWidget::removeSetup()
{
    const int row = currentRow();
    // A scenario needs a setup (docs/scenario.md): the last one stays.
    if (row < 0 || m_setups.size() <= 1)
        return;
    m_setups.erase(m_setups.begin() + row);
    m_styles.removeAt(row);
    rebuild(std::min(row, static_cast<int>(m_setups.size()) - 1));
    emitChanged();
    emit currentSetupChanged(currentRow());
}

void SetupListWidget::moveUp()
{
    const int row = currentRow();
    if (row <= 0)
        return;
    std::swap(m_setups[row], m_setups[row - 1]);
    m_styles.swapItemsAt(row, row - 1);
    rebuild(row - 1);
    emitChanged();
    emit currentSetupChanged(currentRow());
}

void SetupListWidget::moveDown()
{
    const int row = currentRow();
    if (row < 0 || row + 1 >= static_cast<int>(m_setups.size()))
        return;
    std::swap(m_setups[row], m_setups[row + 1]);
    m_styles.swapItemsAt(row, row + 1);
    rebuild(row + 1);
    emitChanged();
    emit currentSetupChanged(currentRow());
}

void SetupListWidget::chooseColor()
{
    const int row = currentRow();
    if (row < 0)
        return;
    const QColor chosen = QColorDialog::getColor(m_styles[row].color, this,
                                                 tr("Colour of “%1”").arg(m_styles[row].setup));
    setSetupColor(row, chosen);
}

void SetupListWidget::rebuild(int currentRow)
{
    m_filling = true;
    m_list->clear();
    for (int i = 0; i < static_cast<int>(m_setups.size()); ++i) {
        auto* item = new QListWidgetItem(m_list);
        item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable |
                       Qt::ItemIsUserCheckable);
        fillItem(item, i);
    }
    m_list->setCurrentRow(currentRow);
    m_filling = false;
    updateButtons();
}

void SetupListWidget::fillItem(QListWidgetItem* item, int row)
{
    const Setup& s = m_setups[row];
    item->setText(QString::fromStdString(s.name));
    item->setToolTip(QStringLiteral("%1\n%2").arg(QString::fromStdString(s.name),
                                                  ScenarioDescription::setup(s)));
    item->setIcon(swatch(m_styles[row].color, palette()));
    item->setCheckState(m_styles[row].visible ? Qt::Checked : Qt::Unchecked);
}

void SetupListWidget::onItemChanged(QListWidgetItem* item)
{
    if (m_filling)
        return;
    const int row = m_list->row(item);
    if (row < 0 || row >= static_cast<int>(m_setups.size()))
        return;
    const bool visible = item->checkState() == Qt::Checked;
    if (visible != m_styles[row].visible) {
        m_styles[row].visible = visible;
        emit stylesChanged(m_styles);
    }
    const QString oldName = QString::fromStdString(m_setups[row].name);
    const QString newName = item->text().trimmed();
    if (newName == oldName)
        return;
    QString refusal;
    if (newName.isEmpty())
        refusal = tr("A setup needs a name.");
    for (int i = 0; i < static_cast<int>(m_setups.size()) && refusal.isEmpty(); ++i)
        if (i != row && QString::fromStdString(m_setups[i].name) == newName)
            refusal = tr("Another setup is already called “%1”.").arg(newName);
    if (!refusal.isEmpty()) {
        m_filling = true;
        item->setText(oldName);
        m_filling = false;
        emit renameRefused(refusal);
        return;
    }
    m_setups[row].name = newName.toStdString();
    m_styles[row].setup = newName;
    if (item->text() != newName) {
        m_filling = true;
        item->setText(newName);
        m_filling = false;
    }
    emitChanged();
    emit currentSetupChanged(row);
}

void SetupListWidget::updateButtons()
{
    const int row = currentRow();
    const int n = static_cast<int>(m_setups.size());
    m_duplicate->setEnabled(row >= 0);
    m_remove->setEnabled(row >= 0 && n > 1);
    m_color->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < n);
}

void SetupListWidget::emitChanged()
{
    emit setupsChanged(m_setups, m_styles);
    emit stylesChanged(m_styles);
}

QColor SetupListWidget::unusedColor() const
{
    const QList<QColor> palette = colourBlindSafePalette();
    for (const QColor& c : palette) {
        bool used = false;
        for (const SeriesStyle& s : m_styles)
            used = used || (s.color.isValid() && s.color.rgb() == c.rgb());
        if (!used)
            return c;
    }
    return colourForIndex(static_cast<int>(m_styles.size()));
}

void SetupListWidget::insertSetup(int row, const Setup& setup, const QColor& color)
{
    m_setups.insert(m_setups.begin() + row, setup);
    m_styles.insert(row, SeriesStyle{QString::fromStdString(setup.name), color, true});
    rebuild(row);
    emitChanged();
    emit currentSetupChanged(row);
}

} // namespace hedge
