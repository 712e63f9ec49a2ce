#include "DocumentSetupList.h"

#include <QColor>

namespace hedge::test {

DocumentSetupList::DocumentSetupList(const std::vector<Setup>& setups, QWidget* parent)
    : list(*new SetupListWidget(&document, parent)), m_owned(parent == nullptr)
{
    Scenario s;
    s.setups = setups;
    document.setScenario(s);
    list.showDocument();
}

DocumentSetupList::~DocumentSetupList()
{
    if (m_owned)
        delete &list;
}

void DocumentSetupList::showWhatIsProposed()
{
    ScenarioDocument* doc = &document;
    SetupListWidget* shown = &list;
    QObject::connect(shown, &SetupListWidget::setupsChanged, doc,
                     [doc](const std::vector<Setup>& setups) {
                         Scenario next = doc->scenario();
                         next.setups = setups;
                         doc->applyEdit(next);
                     });
    QObject::connect(shown, &SetupListWidget::colourChosen, doc,
                     [doc](int row, const QColor& colour) {
                         doc->setSetupColour(row, colour.name().toStdString());
                     });
    QObject::connect(shown, &SetupListWidget::visibilityChosen, doc,
                     &ScenarioDocument::setSetupVisible);
    const auto showDocument = [shown] { shown->showDocument(shown->currentRow()); };
    QObject::connect(doc, &ScenarioDocument::edited, shown, showDocument);
    QObject::connect(doc, &ScenarioDocument::styleChanged, shown, showDocument);
}

std::vector<std::string> DocumentSetupList::documentNames() const
{
    std::vector<std::string> names;
    for (const Setup& s : document.scenario().setups)
        names.push_back(s.name);
    return names;
}

} // namespace hedge::test
