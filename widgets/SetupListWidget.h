// The list of setups of a scenario: a colour swatch, a check box that shows or hides the
// setup's curves and an editable, unique name per row; add, duplicate, remove, reorder and
// recolour. It shows the document's setups and styles (showDocument()) and keeps no copy of
// either: each change of order, names or membership is proposed from the document's setups as
// setupsChanged(), a colour as colourChosen(), a tick as visibilityChosen(), and the list shows
// the outcome when it is told to show the document again. Their knobs are edited by
// SetupEditor.
#pragma once

#include "SeriesStyle.h"

#include <hedge/Scenario.h>

#include <QWidget>

#include <vector>

class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace hedge {

class ScenarioDocument;

class SetupListWidget : public QWidget {
    Q_OBJECT
public:
    // Shows `document` (which outlives the list) once told to (showDocument()).
    explicit SetupListWidget(const ScenarioDocument* document, QWidget* parent = nullptr);
    ~SetupListWidget() override;

    // Shows the document's setups with their styles and selects `currentRow` (clamped); rows
    // that show the same as before are left as they are. No signal is emitted.
    void showDocument(int currentRow = 0);
    // The document's setups, which the list shows after showDocument().
    const std::vector<Setup>& setups() const;
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
    // Whether `item` shows what fillItem() would fill it with.
    bool shows(const QListWidgetItem* item, int row, const SeriesStyle& style) const;
    void fillItem(QListWidgetItem* item, int row, const SeriesStyle& style);
    void onItemChanged(QListWidgetItem* item);
    void showContextMenu(const QPoint& pos);
    void updateButtons();
    // Proposes `setups` and selects `row` of what the list shows then.
    void propose(const std::vector<Setup>& setups, int row);

    const ScenarioDocument* m_document;
    QListWidget* m_list = nullptr;
    QToolButton* m_add = nullptr;
    QToolButton* m_duplicate = nullptr;
    QToolButton* m_remove = nullptr;
    QToolButton* m_up = nullptr;
    QToolButton* m_down = nullptr;
    QToolButton* m_color = nullptr;
};

} // namespace hedge
