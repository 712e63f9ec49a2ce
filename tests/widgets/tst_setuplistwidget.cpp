#include "SetupListWidget.h"
#include "SetupNames.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QtTest>

using namespace hedge;

namespace {
// The window's document in three lines: what the list proposes is shown back to it, styles
// matched by name (the window's own loop is tst_setupstyle's and tst_undo's).
void showWhatIsProposed(SetupListWidget& w)
{
    QObject::connect(&w, &SetupListWidget::setupsChanged, &w, [&w](const std::vector<Setup>& s) {
        w.setSetups(s, w.styles(), w.currentRow());
    });
    QObject::connect(&w, &SetupListWidget::colourChosen, &w, [&w](int row, const QColor& c) {
        QList<SeriesStyle> styles = w.styles();
        styles[row].color = c;
        w.setSetups(w.setups(), styles, w.currentRow());
    });
    QObject::connect(&w, &SetupListWidget::visibilityChosen, &w, [&w](int row, bool visible) {
        QList<SeriesStyle> styles = w.styles();
        styles[row].visible = visible;
        w.setSetups(w.setups(), styles, w.currentRow());
    });
}

std::vector<std::string> names(const SetupListWidget& w)
{
    std::vector<std::string> out;
    for (const Setup& s : w.setups())
        out.push_back(s.name);
    return out;
}
} // namespace

class TestSetupListWidget : public QObject {
    Q_OBJECT
private slots:
    void showsSetupsWithDistinctColours()
    {
        SetupListWidget w;
        w.setSetups(Scenario::referenceSetups());
        QCOMPARE(w.listWidget()->count(), 12);
        QCOMPARE(w.styles().size(), 12);
        for (int i = 0; i < 12; ++i) {
            QCOMPARE(w.listWidget()->item(i)->text(), QString::fromStdString(w.setups()[i].name));
            QVERIFY(w.styles()[i].visible);
            for (int j = 0; j < i; ++j)
                QVERIFY(w.styles()[i].color != w.styles()[j].color);
        }
    }

    void keepsGivenStylesByName()
    {
        SetupListWidget w;
        // Built, not assigned: g++ 12 -O3 gives a false -Wrestrict on assigning a short
        // literal to a std::string member (GCC bug 105329).
        const Setup a{.name = "a"}, b{.name = "b"};
        w.setSetups({a, b}, {SeriesStyle{"b", QColor(Qt::red), false}});
        QCOMPARE(w.styles()[1].color, QColor(Qt::red));
        QVERIFY(!w.styles()[1].visible);
        QCOMPARE(w.listWidget()->item(1)->checkState(), Qt::Unchecked);
    }

    void addDuplicateRemoveReorder()
    {
        SetupListWidget w;
        const Setup a{.name = "a", .hedge = HedgeSettings{.delayMs = 33.0}};
        w.setSetups({a});
        showWhatIsProposed(w);
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
        SetupListWidget w;
        const Setup a{.name = "a"}, b{.name = "b"};
        w.setSetups({a, b});
        showWhatIsProposed(w);
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
        SetupListWidget w;
        w.setSetups(Scenario::referenceSetups());
        QSignalSpy visibility(&w, &SetupListWidget::visibilityChosen);
        QSignalSpy colour(&w, &SetupListWidget::colourChosen);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.listWidget()->item(2)->setCheckState(Qt::Unchecked);
        QCOMPARE(visibility.count(), 1);
        QCOMPARE(visibility[0][0].toInt(), 2);
        QCOMPARE(visibility[0][1].toBool(), false);
        QVERIFY(w.styles()[2].visible); // not until the document says so
        QList<SeriesStyle> hidden = w.styles();
        hidden[2].visible = false;
        w.setSetups(w.setups(), hidden, 2);
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
        SetupListWidget w;
        const Setup a{.name = "a"}, b{.name = "b"};
        w.setSetups({a, b});
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        w.setCurrentRow(0);
        w.moveDown();
        QCOMPARE(changed.count(), 1);
        const auto setups = changed[0][0].value<std::vector<Setup>>();
        QCOMPARE(setups.size(), std::size_t{2});
        QCOMPARE(setups[0].name, std::string("b"));
        QCOMPARE(w.setups()[0].name, std::string("a")); // not shown until given
    }

    // The document's setups shown again (an edit of a knob, an undo): same rows, filled in
    // place, the selection kept; no signal.
    void showingTheSameRowsAgainKeepsTheSelection()
    {
        SetupListWidget w;
        w.setSetups(Scenario::referenceSetups());
        w.setCurrentRow(4);
        QListWidgetItem* item = w.listWidget()->item(4);
        QSignalSpy changed(&w, &SetupListWidget::setupsChanged);
        QSignalSpy current(&w, &SetupListWidget::currentSetupChanged);
        std::vector<Setup> setups = Scenario::referenceSetups();
        setups[4].name = "renamed";
        w.setSetups(setups, w.styles(), 4);
        QCOMPARE(w.currentRow(), 4);
        QCOMPARE(w.listWidget()->item(4), item);
        QCOMPARE(item->text(), QStringLiteral("renamed"));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(current.count(), 0);
        setups.pop_back();
        w.setSetups(setups, w.styles(), 40);
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
        SetupListWidget w;
        w.setSetups({grpc, murphy, polly});
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
