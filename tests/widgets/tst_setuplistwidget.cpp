#include "DocumentSetupList.h"
#include "SetupListWidget.h"
#include "SetupNames.h"

#include <hedge/document/ScenarioDocument.h>

#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

using namespace hedge;

namespace {

using ShownDocument = test::DocumentSetupList;

void showWhatIsProposed(ShownDocument& d)
{
    d.showWhatIsProposed();
}

std::vector<std::string> names(const SetupListWidget& w)
{
    std::vector<std::string> out;
    for (int i = 0; i < w.listWidget()->count(); ++i)
        out.push_back(w.listWidget()->item(i)->text().toStdString());
    return out;
}

std::vector<std::string> names(const ScenarioDocument& d)
{
    std::vector<std::string> out;
    for (const Setup& s : d.scenario().setups)
        out.push_back(s.name);
    return out;
}

} // namespace

class TestSetupListWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void showsSetupsWithDistinctColours()
    {
        ShownDocument d(Scenario::referenceSetups());
        SetupListWidget& w = d.list;
        QCOMPARE(w.listWidget()->count(), 12);
        QCOMPARE(w.styles().size(), 12);
        for (int i = 0; i < 12; ++i) {
            QCOMPARE(w.listWidget()->item(i)->text(), QString::fromStdString(w.setups()[i].name));
            QVERIFY(w.styles()[i].visible);
            for (int j = 0; j < i; ++j)
                QVERIFY(w.styles()[i].color != w.styles()[j].color);
        }
    }

    void showsTheDocumentsStyles()
    {
        // Built, not assigned: g++ 12 -O3 gives a false -Wrestrict on assigning a short
        // literal to a std::string member (GCC bug 105329).
        const Setup a{.name = "a"}, b{.name = "b"};
        ShownDocument d({a, b});
        SetupListWidget& w = d.list;
        d.document.setSetupColour(1, "#ff0000");
        d.document.setSetupVisible(1, false);
        QVERIFY(w.styles()[1].visible); // shown when told to
        w.showDocument();
        QCOMPARE(w.styles()[1].color, QColor(Qt::red));
        QVERIFY(!w.styles()[1].visible);
        QCOMPARE(w.listWidget()->item(1)->checkState(), Qt::Unchecked);
    }

    void addDuplicateRemoveReorder()
    {
        const Setup a{.name = "a", .hedge = HedgeSettings{.delayMs = 33.0}};
        ShownDocument d({a});
        SetupListWidget& w = d.list;
        showWhatIsProposed(d);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.setCurrentRow(0);
        w.duplicateSetup();
        QCOMPARE(names(w), (std::vector<std::string>{"a", "a (copy)"}));
        QCOMPARE(w.setups()[1].hedge->delayMs, 33.0);
        QCOMPARE(w.currentRow(), 1);
        w.duplicateSetup();
        QCOMPARE(names(w), (std::vector<std::string>{"a", "a (copy)", "a (copy) (copy)"}));
        w.addSetup();
        QCOMPARE(w.setups().size(), std::size_t{4});
        QVERIFY(w.setups()[3].hedge.has_value());
        w.moveUp();
        QCOMPARE(w.setups()[2].name, std::string("new setup"));
        QCOMPARE(w.currentRow(), 2);
        w.moveDown();
        QCOMPARE(w.setups()[3].name, std::string("new setup"));
        w.setCurrentRow(0);
        w.removeSetup();
        QCOMPARE(names(w), (std::vector<std::string>{"a (copy)", "a (copy) (copy)", "new setup"}));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(w.styles()[i].setup, QString::fromStdString(w.setups()[i].name));
        QCOMPARE(changed.count(), 6);
        // The last setup cannot be removed: a scenario needs one.
        w.setCurrentRow(0);
        w.removeSetup();
        w.removeSetup();
        QCOMPARE(w.setups().size(), std::size_t{1});
        w.removeSetup();
        QCOMPARE(w.setups().size(), std::size_t{1});
        QCOMPARE(changed.count(), 8);
    }

    void renameMustBeUniqueAndNonEmpty()
    {
        const Setup a{.name = "a"}, b{.name = "b"};
        ShownDocument d({a, b});
        SetupListWidget& w = d.list;
        showWhatIsProposed(d);
        QSignalSpy refused(&w, &SetupListWidget::renameRefused);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.listWidget()->item(1)->setText(QStringLiteral("a"));
        QCOMPARE(refused.count(), 1);
        QCOMPARE(w.setups()[1].name, std::string("b"));
        QCOMPARE(w.listWidget()->item(1)->text(), QStringLiteral("b"));
        w.listWidget()->item(1)->setText(QStringLiteral("  "));
        QCOMPARE(refused.count(), 2);
        w.listWidget()->item(1)->setText(QStringLiteral("c"));
        QCOMPARE(w.setups()[1].name, std::string("c"));
        QCOMPARE(w.styles()[1].setup, QStringLiteral("c"));
        QCOMPARE(changed.count(), 1);
    }

    // A tick or a colour is proposed, not kept: the list shows a style when it is given one
    // (the window gives it the document's).
    void visibilityAndColourAreProposed()
    {
        ShownDocument d(Scenario::referenceSetups());
        SetupListWidget& w = d.list;
        QSignalSpy visibility(&w, &SetupListWidget::visibilityChosen);
        QSignalSpy colour(&w, &SetupListWidget::colourChosen);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.listWidget()->item(2)->setCheckState(Qt::Unchecked);
        QCOMPARE(visibility.count(), 1);
        QCOMPARE(visibility[0][0].toInt(), 2);
        QCOMPARE(visibility[0][1].toBool(), false);
        QVERIFY(w.styles()[2].visible); // not until the document says so
        d.document.setSetupVisible(2, false);
        w.showDocument(2);
        QVERIFY(!w.styles()[2].visible);
        QCOMPARE(w.listWidget()->item(2)->checkState(), Qt::Unchecked);
        QCOMPARE(visibility.count(), 1); // showing it is no choice
        w.setSetupVisible(QString::fromStdString(w.setups()[2].name), true);
        QCOMPARE(visibility.count(), 2);
        QCOMPARE(visibility[1][1].toBool(), true);
        w.setSetupColor(2, QColor(1, 2, 3));
        QCOMPARE(colour.count(), 1);
        QCOMPARE(colour[0][1].value<QColor>(), QColor(1, 2, 3));
        QVERIFY(w.styles()[2].color != QColor(1, 2, 3));
        QCOMPARE(changed.count(), 0);
    }

    // The list proposes its edits with the setups they give: the window hands them to the
    // scenario document, and the list shows them when the document does.
    void changesCarryTheSetups()
    {
        const Setup a{.name = "a"}, b{.name = "b"};
        ShownDocument d({a, b});
        SetupListWidget& w = d.list;
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.setCurrentRow(0);
        w.moveDown();
        QCOMPARE(changed.count(), 1);
        const auto setups = changed[0][0].value<std::vector<Setup>>();
        QCOMPARE(setups.size(), std::size_t{2});
        QCOMPARE(setups[0].name, std::string("b"));
        QCOMPARE(names(w), (std::vector<std::string>{"a", "b"})); // not shown until told
    }

    // The list keeps no setups of its own: what the user does next starts from the document as
    // it is, edited elsewhere (the setup editor, an undo) or not. Duplicating right after the
    // setup editor changed a delay copies the new delay; after Ctrl+Z, the old one; removing
    // after an undo that took a setup away removes from the setups the document has.
    void proposalsStartFromTheDocument()
    {
        const Setup a{.name = "a", .hedge = HedgeSettings{.delayMs = 33.0}};
        const Setup b{.name = "b"};
        ShownDocument d({a, b});
        SetupListWidget& w = d.list;
        showWhatIsProposed(d);
        Scenario edited = d.document.scenario();
        edited.setups[0].hedge->delayMs = 50.0; // as the setup editor proposes it
        d.document.applyEdit(edited);
        w.setCurrentRow(0);
        w.duplicateSetup();
        QCOMPARE(names(d.document), (std::vector<std::string>{"a", "a (copy)", "b"}));
        QCOMPARE(d.document.scenario().setups[1].hedge->delayMs, 50.0);
        d.document.undoStack()->undo(); // the copy
        d.document.undoStack()->undo(); // the delay
        QCOMPARE(names(w), (std::vector<std::string>{"a", "b"}));
        w.setCurrentRow(0);
        w.duplicateSetup();
        QCOMPARE(d.document.scenario().setups[1].hedge->delayMs, 33.0);
        d.document.undoStack()->undo();
        w.setCurrentRow(1);
        w.moveUp();
        QCOMPARE(names(d.document), (std::vector<std::string>{"b", "a"}));
        QCOMPARE(d.document.scenario().setups[1].hedge->delayMs, 33.0);
        QCOMPARE(names(w), names(d.document));
    }

    // The document's setups shown again (an edit of a knob, an undo): same rows, filled in
    // place, the selection kept; no signal.
    void showingTheSameRowsAgainKeepsTheSelection()
    {
        ShownDocument d(Scenario::referenceSetups());
        SetupListWidget& w = d.list;
        w.setCurrentRow(4);
        QListWidgetItem* item = w.listWidget()->item(4);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        QSignalSpy current(&w, &SetupListWidget::currentSetupChanged);
        Scenario renamed = d.document.scenario();
        renamed.setups[4].name = "renamed";
        d.document.applyEdit(renamed);
        w.showDocument(4);
        QCOMPARE(w.currentRow(), 4);
        QCOMPARE(w.listWidget()->item(4), item);
        QCOMPARE(item->text(), QStringLiteral("renamed"));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(current.count(), 0);
        Scenario fewer = d.document.scenario();
        fewer.setups.pop_back();
        d.document.applyEdit(fewer);
        w.showDocument(40);
        QCOMPARE(w.currentRow(), 10);
    }

    void editedKnobsKeepTheUsersNameAndFollowAGeneratedOne()
    {
        const Setup mine{.name = "a"};
        Setup generated;
        generated.name = generated.generatedName(); // "no hedge / client"
        Setup taken;
        taken.hedge = HedgeSettings{};
        taken.name = taken.generatedName();
        const std::vector<Setup> setups{mine, generated, taken};
        const Setup knobs{.name = "ignored", .hedge = HedgeSettings{}};
        QCOMPARE(withEditedKnobs(setups, 0, knobs).name, std::string("a"));
        QVERIFY(withEditedKnobs(setups, 0, knobs).hedge.has_value());
        // The generated name follows, kept unique.
        QCOMPARE(withEditedKnobs(setups, 1, knobs).name, taken.name + " 2");
        QCOMPARE(copyOfSetup(setups, 0).name, std::string("a (copy)"));
        QCOMPARE(copyOfSetup(setups, 2).name, taken.name + " 2");
    }

    // A family's setup is named and described by its family and its own knobs, not as "no
    // hedge" (its Setup::hedge is not used).
    void familySetupsAreNamedAndDescribedByTheirKnobs()
    {
        Setup grpc{.name = "", .cancellation = Cancellation::Server, .policy = PolicyFamily::Grpc};
        grpc.families.grpc.maxAttempts = 3;
        grpc.families.grpc.hedgingDelayMs = 20.0;
        grpc.families.grpc.throttling = GrpcThrottling{};
        grpc.name = grpc.generatedName();
        Setup murphy{.name = "", .policy = PolicyFamily::Murphy};
        murphy.name = murphy.generatedName();
        Setup polly{.name = "", .policy = PolicyFamily::Polly};
        polly.families.polly.delayPerAttemptMs = {10.0, 25.5};
        polly.name = polly.generatedName();
        ShownDocument d({grpc, murphy, polly});
        SetupListWidget& w = d.list;
        QCOMPARE(w.listWidget()->item(0)->text(), QStringLiteral("grpc, throttled / server"));
        QCOMPARE(w.listWidget()->item(0)->toolTip(),
                 QStringLiteral("grpc, throttled / server\npolicy grpc: max attempts 3, hedging "
                                "delay 20 ms, throttling (max tokens 10, token ratio 0.1), flavour "
                                "java, cancellation reaches the server"));
        QCOMPARE(w.listWidget()->item(1)->toolTip(),
                 QStringLiteral("murphy / client\npolicy murphy: delay 2000 ms, max extra "
                                "attempts 1, handle errors, client-only cancellation"));
        QCOMPARE(w.listWidget()->item(2)->toolTip(),
                 QStringLiteral("polly / client\npolicy polly: max hedged attempts 1, delay 2000 "
                                "ms, handle errors, delays per hedge 10, 25.5 ms, client-only "
                                "cancellation"));
    }
};

QTEST_MAIN(TestSetupListWidget)
#include "tst_setuplistwidget.moc"
