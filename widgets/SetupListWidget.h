// The list of setups of a scenario: a colour swatch, a check box that shows or hides the
// setup's curves and an editable, unique name per row; add, duplicate, remove, reorder and
// recolour. It shows the setups it is given (the window gives it the document's) and
// proposes each change of order, names or membership as setupsChanged(); their knobs are
// edited by SetupEditor.
#pragma once

#include "SeriesStyle.h"

#include <hedge/Scenario.h>

#include <QWidget>

#include <vector>

class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace hedge {

class SetupListWidget : public QWidget {
    Q_OBJECT
public:
    explicit SetupListWidget(QWidget* parent = nullptr);
    ~SetupListWidget() override;

    // Replaces the list and selects `currentRow` (clamped). Styles are matched by setup name;
    // a setup without one gets the next unused colour of the colour-blind-safe palette. No
    // signal is emitted.
    void setSetups(const std::vector<Setup>& setups, const QList<SeriesStyle>& styles = {},
                   int currentRow = 0);
    const std::vector<Setup>& setups() const { return m_setups; }
    const QList<SeriesStyle>& styles() const { return m_styles; }

    int currentRow() const;
    void setCurrentRow(int row);
    // Shows or hides a setup, e.g. from a chart legend click; emits stylesChanged().
    void setSetupVisible(const QString& name, bool visible);
    void setSetupColor(int row, const QColor& color);

    QListWidget* listWidget() const { return m_list; }

public slots:
    void addSetup();
    void duplicateSetup();
    void removeSetup();
    void moveUp();
    void moveDown();
    void chooseColor();

signals:
    // The user added, removed, reordered or renamed setups: the setups and their styles now.
    void setupsChanged(const std::vector<hedge::Setup>& setups,
                       const QList<hedge::SeriesStyle>& styles);
    // The styles now: a colour or a visibility changed (only the drawing changed), or, right
    // after setupsChanged(), the setups' names or order (the series and legends must follow).
    void stylesChanged(const QList<hedge::SeriesStyle>& styles);
    void currentSetupChanged(int row);
    // A rename was refused (empty or taken name); the message says why.
    void renameRefused(const QString& message);

private:
    void rebuild(int currentRow);
    void fillItem(QListWidgetItem* item, int row);
    void onItemChanged(QListWidgetItem* item);
    void showContextMenu(const QPoint& pos);
    void updateButtons();
    // The setups or their order changed here: tells the document, then the drawing.
    void emitChanged();
    QColor unusedColor() const;
    void insertSetup(int row, const Setup& setup, const QColor& color);

    std::vector<Setup> m_setups;
    QList<SeriesStyle> m_styles;
    QListWidget* m_list = nullptr;
    QToolButton* m_add = nullptr;
    QToolButton* m_duplicate = nullptr;
    QToolButton* m_remove = nullptr;
    QToolButton* m_up = nullptr;
    QToolButton* m_down = nullptr;
    QToolButton* m_color = nullptr;
    bool m_filling = false;
};

} // namespace hedge
