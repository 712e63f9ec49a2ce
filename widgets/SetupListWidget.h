// The list of setups of a scenario: a colour swatch, a check box that shows or hides the
// setup's curves and an editable, unique name per row; add, duplicate, remove, reorder and
// recolour. It shows the setups and styles it is given (the window gives it the document's)
// and changes neither itself: each change of order, names or membership is proposed as
// setupsChanged(), a colour as colourChosen(), a tick as visibilityChosen(), and the list
// shows the outcome when it is given the setups again. Their knobs are edited by SetupEditor.
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
    // a setup without one is drawn in the palette's colour of its row. No signal is emitted.
    void setSetups(const std::vector<Setup>& setups, const QList<SeriesStyle>& styles = {},
                   int currentRow = 0);
    const std::vector<Setup>& setups() const { return m_setups; }
    // The styles as the rows show them.
    QList<SeriesStyle> styles() const;

    int currentRow() const;
    void setCurrentRow(int row);
    // As a tick of setup `name`'s box: visibilityChosen() when it changes what is shown.
    void setSetupVisible(const QString& name, bool visible);
    // As the colour dialog's answer for `row`: colourChosen() when it changes the colour.
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
    // The user added, removed, reordered or renamed setups: the setups as they would be.
    void setupsChanged(const std::vector<hedge::Setup>& setups);
    // The user chose a colour for setup `row`, or ticked or unticked its box.
    void colourChosen(int row, const QColor& color);
    void visibilityChosen(int row, bool visible);
    void currentSetupChanged(int row);
    // A rename was refused (empty or taken name); the message says why.
    void renameRefused(const QString& message);

private:
    void rebuild(int currentRow, const QList<SeriesStyle>& styles);
    void fillItem(QListWidgetItem* item, int row, const SeriesStyle& style);
    void onItemChanged(QListWidgetItem* item);
    void showContextMenu(const QPoint& pos);
    void updateButtons();
    // Proposes `setups` and selects `row` of what the list shows then.
    void propose(const std::vector<Setup>& setups, int row);

    // The setups last given (setSetups()), for the proposals made from them.
    std::vector<Setup> m_setups;
    QListWidget* m_list = nullptr;
    QToolButton* m_add = nullptr;
    QToolButton* m_duplicate = nullptr;
    QToolButton* m_remove = nullptr;
    QToolButton* m_up = nullptr;
    QToolButton* m_down = nullptr;
    QToolButton* m_color = nullptr;
};

} // namespace hedge
