// A setup list on a scenario document, wired as the window's EditorsController wires them: what
// the list proposes (setups, a colour, a tick) is an edit of the document, and the list shows
// the document after each. For the widget tests of the list (tst_setuplistwidget,
// tst_setupnames); the window's own loop is tst_setupstyle's and tst_undo's.
#pragma once

#include "SetupListWidget.h"

#include <hedge/document/ScenarioDocument.h>

#include <vector>

namespace hedge::test {

struct DocumentSetupList {
    ScenarioDocument document;
    SetupListWidget& list;

    // The list is a child of `parent` when one is given (the document outlives it: declared
    // first). Call QStandardPaths::setTestModeEnabled(true) first: the document autosaves.
    explicit DocumentSetupList(const std::vector<Setup>& setups, QWidget* parent = nullptr);
    ~DocumentSetupList();
    DocumentSetupList(const DocumentSetupList&) = delete;
    DocumentSetupList& operator=(const DocumentSetupList&) = delete;

    // The list's proposals become edits of the document, shown back in the list.
    void showWhatIsProposed();
    // The document's setups' names, in order.
    std::vector<std::string> documentNames() const;

private:
    bool m_owned;
};

} // namespace hedge::test
