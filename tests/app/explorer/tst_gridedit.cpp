// A map of the user's own: Run → Map a Knob… opens the grid dialog on the real window; the
// chosen setup, knob and spread become the scenario's grid and open the Map tab, whose cells
// are computed; a grid the engine refuses keeps Map disabled with the engine's message (the
// field and its allowed range) and Cancel leaves the scenario as it was; the map's Edit Grid…
// shows the grid it has; Run → Remove Map takes the grid and the tab away.
#include "ExplorerTestSupport.h"
#include "UserInput.h"

#include "GridDialog.h"
#include "MapView.h"

#include "HeatMapView.h"

#include <hedge/io/ScenarioJson.h>
#include <hedge/run/SweepController.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace hedge;

namespace {

// A gRPC service config with hedging and retryThrottling, as a user imports it.
const char* kGrpcConfig = R"({
  "methodConfig": [{
    "name": [{"service": "shop.Cart"}],
    "hedgingPolicy": {"maxAttempts": 3, "hedgingDelay": "0.015s",
                      "nonFatalStatusCodes": ["UNAVAILABLE"]}
  }],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}
})";

Scenario small()
{
    Scenario s;
    s.calls = 2000;
    s.seed = 5;
    s.loads = {0.4, 0.8};
    s.setups = {Scenario::referenceSetups()[0], Scenario::referenceSetups()[1]};
    return s;
}

} // namespace

class TestGridEdit : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> open()
    {
        auto w = test::openWindow(m_dir, small(), QStringLiteral("small.json"));
        w->resize(1024, 700);
        return w;
    }

    static GridDialog* triggerMapKnob(MainWindow& w, const QString& text)
    {
        QAction* action = test::menuAction(w, QStringLiteral("&Run"), text);
        if (!action || !action->isEnabled())
            return nullptr;
        action->trigger();
        GridDialog* dialog = w.findChild<GridDialog*>();
        if (dialog) {
            dialog->activateWindow();
            if (!QTest::qWaitForWindowActive(dialog))
                qFatal("the grid dialog did not become active");
        }
        return dialog;
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_gridedit"));
        QVERIFY(m_dir.isValid());
    }

    void aKnobMappedFromTheMenuOpensItsComputedMap()
    {
        auto w = open();
        QCOMPARE(test::sweepViews(*w)->indexOf(test::mapView(*w)), -1);
        QVERIFY(!test::menuAction(*w, QStringLiteral("&Run"), QStringLiteral("Remove Ma&p"))
                     ->isEnabled());
        GridDialog* dialog = triggerMapKnob(*w, QStringLiteral("&Map a Knob…"));
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), 60000);
        // The first map a user would try: the hedging setup's delay.
        QCOMPARE(dialog->setupBox()->currentText(), QStringLiteral("hedge, no budget / client"));
        QCOMPARE(dialog->knobBox()->currentData().toString(), QStringLiteral("hedge.delay_ms"));
        QVERIFY(dialog->okButton()->isEnabled());
        test::typeInto(dialog->toBox(), QStringLiteral("30"), Qt::Key_Tab);
        test::typeInto(dialog->countBox(), QStringLiteral("3"), Qt::Key_Tab);
        QCOMPARE(dialog->values(), (std::vector<double>{5, 17.5, 30}));
        QVERIFY(dialog->valuesLabel()->text().contains(QStringLiteral("6 cells")));
        dialog->countBox()->setFocus();
        QTest::keyClick(dialog->countBox(), Qt::Key_Return); // Enter maps, as Map does

        QVERIFY(w->scenario().grid.has_value());
        QCOMPARE(w->scenario().grid->setup, std::string("hedge, no budget / client"));
        QCOMPARE(w->scenario().grid->knob, std::string("hedge.delay_ms"));
        QCOMPARE(w->scenario().grid->values, (std::vector<double>{5, 17.5, 30}));
        QVERIFY(w->isWindowModified());
        QCOMPARE(test::sweepViews(*w)->currentWidget(), test::mapView(*w));
        QTRY_VERIFY_WITH_TIMEOUT(w->mapSweep()->isComplete(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(test::mapView(*w)->heatMap()->map().filled(), std::size_t(6),
                                  60000);
        QCOMPARE(test::mapView(*w)->heatMap()->map().knobValues,
                 (std::vector<double>{5, 17.5, 30}));

        // The map's own button shows the grid it has; Remove Map takes it away.
        QTest::mouseClick(test::mapView(*w)->editButton(), Qt::LeftButton);
        GridDialog* again = w->findChild<GridDialog*>();
        QVERIFY(again);
        QCOMPARE(again->values(), (std::vector<double>{5, 17.5, 30}));
        again->reject();
        QAction* remove =
            test::menuAction(*w, QStringLiteral("&Run"), QStringLiteral("Remove Ma&p"));
        QVERIFY(remove->isEnabled());
        remove->trigger();
        QVERIFY(!w->scenario().grid.has_value());
        QCOMPARE(test::sweepViews(*w)->indexOf(test::mapView(*w)), -1);
        QVERIFY(!remove->isEnabled());
    }

    void aGridTheEngineRefusesIsExplainedAndCancelKeepsTheScenario()
    {
        auto w = open();
        const Scenario before = w->scenario();
        GridDialog* dialog = triggerMapKnob(*w, QStringLiteral("&Map a Knob…"));
        QVERIFY(dialog);
        dialog->knobBox()->setCurrentIndex(
            dialog->knobBox()->findData(QStringLiteral("hedge.max_attempts")));
        QCOMPARE(dialog->values(), (std::vector<double>{2, 3, 4, 5}));
        test::typeInto(dialog->toBox(), QStringLiteral("14"), Qt::Key_Tab);
        // 2 … 14 in 4 values: 2, 6, 10, 14; 14 attempts is over the engine's limit of 10.
        QVERIFY(!dialog->okButton()->isEnabled());
        const QString problem = dialog->problemLabel()->text();
        // In a person's words: the knob's name and the allowed range, not the file's path.
        QCOMPARE(problem, QStringLiteral("Max attempts: 14 is out of range (allowed 1 … 10)."));
        QVERIFY(dialog->problemLabel()->isVisibleTo(dialog));
        test::typeInto(dialog->toBox(), QStringLiteral("5"), Qt::Key_Tab);
        QVERIFY(dialog->okButton()->isEnabled());
        // The no-hedge setup has no hedge's knobs to offer: only the service's, and a map of
        // one of them is valid.
        dialog->setupBox()->setCurrentText(QStringLiteral("no hedge / client"));
        QVERIFY(dialog->knobBox()->findData(QStringLiteral("hedge.max_attempts")) < 0);
        QVERIFY(dialog->knobBox()->currentData().toString().startsWith(QStringLiteral("service.")));
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->problemLabel()->text()));
        // From above to: said in words, not run.
        dialog->setupBox()->setCurrentText(QStringLiteral("hedge, no budget / client"));
        dialog->knobBox()->setCurrentIndex(
            dialog->knobBox()->findData(QStringLiteral("hedge.max_attempts")));
        test::typeInto(dialog->fromBox(), QStringLiteral("5"), Qt::Key_Tab);
        test::typeInto(dialog->toBox(), QStringLiteral("3"), Qt::Key_Tab);
        QVERIFY(!dialog->okButton()->isEnabled());
        QVERIFY(dialog->problemLabel()->text().contains(QStringLiteral("above the last")));
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(!w->findChild<GridDialog*>(), 60000);
        QCOMPARE(writeScenarioJson(w->scenario()), writeScenarioJson(before));
        QCOMPARE(test::sweepViews(*w)->indexOf(test::mapView(*w)), -1);
    }

    // On a preset as it opens: the dialog starts on the first setup that hedges, valid, and
    // offers only the knobs its setup and service read (a measured service has no median,
    // sigma or hiccups to map).
    // Setup → Import Policy… of a gRPC config with retryThrottling, then Run → Map a Knob… on
    // that setup: the knob starts on its hedging delay (it was the service's workers), its own
    // knobs come before the service's, and the throttling's max tokens and token ratio are
    // offered and map; with throttling off they are not offered.
    void anImportedGrpcSetupMapsItsOwnKnobs()
    {
        auto w = open();
        test::answerFileDialog(test::writeFile(m_dir, QStringLiteral("cart.json"), kGrpcConfig));
        test::menuAction(*w, QStringLiteral("&Setup"), QStringLiteral("&Import Policy…"))
            ->trigger();
        QTRY_VERIFY(w->findChild<QMessageBox*>(QStringLiteral("importedPolicyUncovered")));
        w->findChild<QMessageBox*>(QStringLiteral("importedPolicyUncovered"))->accept();
        QCOMPARE(w->scenario().setups.back().name, std::string("cart"));
        QVERIFY(w->scenario().setups.back().families.grpc.throttling);

        GridDialog* dialog = triggerMapKnob(*w, QStringLiteral("&Map a Knob…"));
        QVERIFY(dialog);
        QComboBox* setups = dialog->setupBox();
        setups->setFocus();
        setups->setCurrentIndex(setups->findText(QStringLiteral("cart")));
        QCOMPARE(setups->currentText(), QStringLiteral("cart"));
        QComboBox* knobs = dialog->knobBox();
        QCOMPARE(knobs->currentData().toString(), QStringLiteral("grpc.hedging_delay_ms"));
        QStringList offered;
        for (int i = 0; i < knobs->count(); ++i)
            offered << knobs->itemData(i).toString();
        QCOMPARE(offered.mid(0, 4),
                 (QStringList{"grpc.max_attempts", "grpc.hedging_delay_ms",
                              "grpc.throttling.max_tokens", "grpc.throttling.token_ratio"}));
        QVERIFY2(offered.contains("service.workers"), qPrintable(offered.join(", ")));
        QVERIFY2(!offered.contains("hedge.delay_ms"), qPrintable(offered.join(", ")));

        knobs->setCurrentIndex(knobs->findData(QStringLiteral("grpc.throttling.max_tokens")));
        QCOMPARE(dialog->values(), (std::vector<double>{2, 4, 6, 8, 10, 12, 14, 16, 18, 20}));
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->problemLabel()->text()));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QVERIFY(w->scenario().grid.has_value());
        QCOMPARE(w->scenario().grid->setup, std::string("cart"));
        QCOMPARE(w->scenario().grid->knob, std::string("grpc.throttling.max_tokens"));

        // Without throttling the setup has no tokens to map.
        Scenario off = w->scenario();
        off.grid.reset();
        off.setups.back().families.grpc.throttling.reset();
        GridDialog plain(off);
        plain.setupBox()->setCurrentIndex(plain.setupBox()->findText(QStringLiteral("cart")));
        QCOMPARE(plain.knobBox()->currentData().toString(),
                 QStringLiteral("grpc.hedging_delay_ms"));
        QCOMPARE(plain.knobBox()->findData(QStringLiteral("grpc.throttling.max_tokens")), -1);
        QCOMPARE(plain.knobBox()->findData(QStringLiteral("grpc.throttling.token_ratio")), -1);
    }

    void opensValidOnThePresets_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char* name : {"reference", "bimodal-cache", "four-stacks"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void opensValidOnThePresets()
    {
        QFETCH(QString, preset);
        auto w = open();
        QVERIFY(w->loadPreset(preset));
        GridDialog* dialog = triggerMapKnob(*w, QStringLiteral("&Map a Knob…"));
        QVERIFY(dialog);
        // reference and bimodal-cache start with "no hedge"; four-stacks' first setup hedges.
        const std::vector<Setup>& setups = w->scenario().setups;
        const auto hedging = std::find_if(setups.begin(), setups.end(), [](const Setup& s) {
            return s.hedge.has_value() || s.isFamily();
        });
        QVERIFY(hedging != setups.end());
        QCOMPARE(dialog->setupBox()->currentText(), QString::fromStdString(hedging->name));
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->problemLabel()->text()));
        QVERIFY(!dialog->problemLabel()->isVisibleTo(dialog));
        const bool measured = bool(w->scenario().service.distribution);
        // Every knob offered, for every setup, makes a map the engine takes.
        for (int row = 0; row < dialog->setupBox()->count(); ++row) {
            dialog->setupBox()->setCurrentIndex(row);
            QVERIFY(dialog->knobBox()->count() > 0);
            for (int k = 0; k < dialog->knobBox()->count(); ++k) {
                dialog->knobBox()->setCurrentIndex(k);
                const QString knob = dialog->knobBox()->currentData().toString();
                QVERIFY2(dialog->okButton()->isEnabled(),
                         qPrintable(knob + ": " + dialog->problemLabel()->text()));
                if (measured)
                    for (const char* unread : {"service.median_ms", "service.sigma",
                                               "service.hiccup_probability"})
                        QVERIFY2(knob != QLatin1String(unread), unread);
            }
        }
        dialog->reject();
    }

    void theDialogFitsASmallScreen()
    {
        auto w = open();
        GridDialog* dialog = triggerMapKnob(*w, QStringLiteral("&Map a Knob…"));
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), 60000);
        QVERIFY2(dialog->minimumSizeHint().width() <= 640 &&
                     dialog->minimumSizeHint().height() <= 400,
                 qPrintable(QStringLiteral("%1 × %2")
                                .arg(dialog->minimumSizeHint().width())
                                .arg(dialog->minimumSizeHint().height())));
        if (const QByteArray shot = qgetenv("HEDGE_GRID_DIALOG_SHOT"); !shot.isEmpty())
            dialog->grab().save(QString::fromLocal8Bit(shot));
        dialog->reject();
    }
};

QTEST_MAIN(TestGridEdit)
#include "tst_gridedit.moc"
