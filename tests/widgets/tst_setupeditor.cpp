#include "FamilyKnobFields.h"
#include "KnobField.h"
#include "SetupEditor.h"
#include "UserInput.h"

#include <hedge/KnobRegistry.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

class TestSetupEditor : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("no hedge") << 0;
        QTest::newRow("hedge, budget") << 1;
        QTest::newRow("hedge, no budget, server") << 2;
        QTest::newRow("adaptive limit, custom") << 3;
        QTest::newRow("limit without hedge") << 4;
    }

    void roundTrip()
    {
        QFETCH(int, which);
        Setup s;
        s.name = "x";
        switch (which) {
        case 1:
            s.hedge = HedgeSettings{.delayMs = 17.5,
                                    .maxAttempts = 3,
                                    .budgetPercent = 7.5,
                                    .budgetMinPerSecond = 2.0,
                                    .budgetWindowSeconds = 4.0};
            break;
        case 2:
            s.hedge = HedgeSettings{.delayMs = 0.0, .maxAttempts = 10, .budgetPercent = 0.0};
            s.cancellation = Cancellation::Server;
            break;
        case 3:
            s.hedge = HedgeSettings{};
            s.adaptiveLimit = Gradient2Config{.initialLimit = 30,
                                              .minLimit = 5,
                                              .maxLimit = 400,
                                              .smoothing = 0.5,
                                              .rttTolerance = 2.0,
                                              .longWindow = 100,
                                              .queueSize = 0};
            break;
        case 4:
            s.adaptiveLimit = Gradient2Config{};
            break;
        default:
            break;
        }
        SetupEditor editor;
        QSignalSpy edited(&editor, &SetupEditor::edited);
        editor.setSetup(s);
        QCOMPARE(edited.count(), 0); // loading is not an edit
        QCOMPARE(editor.setup(), s);
    }

    void widgetsEditTheSetup()
    {
        SetupEditor editor;
        Setup s;
        s.name = "a";
        s.hedge = HedgeSettings{};
        editor.setSetup(s);
        QSignalSpy edited(&editor, &SetupEditor::edited);

        test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->setValue(35.0);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(editor.setup().hedge->delayMs, 35.0);

        test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")->setValue(0.0);
        QVERIFY(!editor.setup().hedge->hasBudget());
        QCOMPARE(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")->text(),
                 QStringLiteral("no budget"));

        test::knobField<QCheckBox>(&editor, "adaptive_limit")->setChecked(true);
        QVERIFY(editor.setup().adaptiveLimit.has_value());
        QCOMPARE(*editor.setup().adaptiveLimit, Gradient2Config{});

        QTest::mouseClick(editor.cancellationButton(Cancellation::Server), Qt::LeftButton);
        QCOMPARE(editor.setup().cancellation, Cancellation::Server);

        // Switching the hedge off and on again keeps its knobs.
        test::knobField<QCheckBox>(&editor, "hedge")->setChecked(false);
        QVERIFY(!editor.setup().hedge.has_value());
        QVERIFY(!test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->isEnabled());
        test::knobField<QCheckBox>(&editor, "hedge")->setChecked(true);
        QCOMPARE(editor.setup().hedge->delayMs, 35.0);
        QCOMPARE(edited.count(), 6);
        QCOMPARE(editor.setup().name, std::string("a"));
    }

    void rangesFollowScenarioSpec()
    {
        SetupEditor editor;
        QCOMPARE(test::knobField<QSpinBox>(&editor, "hedge.max_attempts")->minimum(), 1);
        QCOMPARE(test::knobField<QSpinBox>(&editor, "hedge.max_attempts")->maximum(), 10);
        QCOMPARE(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")->minimum(), 0.0);
        QCOMPARE(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")->maximum(),
                 100.0);
        QCOMPARE(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->minimum(), 0.0);
        const auto box = [&editor](const char* field) {
            return qobject_cast<QDoubleSpinBox*>(editor.knobField(field));
        };
        QVERIFY(box("hedge.budget_window_s")->minimum() > 0.0);
        QCOMPARE(box("hedge.budget_min_per_second")->minimum(), 0.0);
        QVERIFY(box("adaptive_limit.smoothing")->minimum() > 0.0);
        QCOMPARE(box("adaptive_limit.smoothing")->maximum(), 1.0);
        QCOMPARE(test::knobField<QSpinBox>(&editor, "adaptive_limit.min_limit")->minimum(), 1);

        // min <= initial <= max cannot be broken by typing.
        Setup s;
        s.adaptiveLimit = Gradient2Config{};
        editor.setSetup(s);
        test::knobField<QSpinBox>(&editor, "adaptive_limit.min_limit")
            ->setValue(50); // above initial 20: clamped
        QVERIFY(test::knobField<QSpinBox>(&editor, "adaptive_limit.min_limit")->value() <=
                test::knobField<QSpinBox>(&editor, "adaptive_limit.initial_limit")->value());
        test::knobField<QSpinBox>(&editor, "adaptive_limit.max_limit")->setValue(1);
        QVERIFY(test::knobField<QSpinBox>(&editor, "adaptive_limit.max_limit")->value() >=
                test::knobField<QSpinBox>(&editor, "adaptive_limit.initial_limit")->value());
        const Gradient2Config g = *editor.setup().adaptiveLimit;
        QVERIFY(g.minLimit <= g.initialLimit && g.initialLimit <= g.maxLimit);
    }

    // "Hedges go to" is a hedge field: it sits above "Advanced budget", whose fold opens right
    // onto the budget's floor and window; Tab walks them in that order.
    void hedgesGoToSitsAboveTheBudgetFold()
    {
        SetupEditor editor;
        Setup s;
        s.name = "a";
        s.hedge = HedgeSettings{};
        editor.setSetup(s);
        editor.resize(320, 900);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QToolButton* fold = nullptr;
        for (QToolButton* b : editor.findChildren<QToolButton*>())
            if (b->text() == QStringLiteral("Advanced budget"))
                fold = b;
        QVERIFY(fold);
        QTest::mouseClick(fold, Qt::LeftButton);
        QWidget* placement = editor.placementCombo();
        QWidget* floor = editor.knobField("hedge.budget_min_per_second");
        QWidget* window = editor.knobField("hedge.budget_window_s");
        QVERIFY(floor->isVisible());
        const auto y = [&editor](QWidget* w) { return w->mapTo(&editor, QPoint(0, 0)).y(); };
        QVERIFY(y(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")) < y(placement));
        QVERIFY2(y(placement) < y(fold), "Hedges go to sits under Advanced budget");
        QVERIFY(y(fold) < y(floor) && y(floor) < y(window));

        placement->setFocus();
        QTest::keyClick(placement, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), fold);
        QTest::keyClick(fold, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), floor);
    }

    void cancellationWording()
    {
        SetupEditor editor;
        // The buttons break the line after the dash to fit a side panel.
        QCOMPARE(editor.cancellationButton(Cancellation::Client)->text().simplified(),
                 QStringLiteral("client only — the server finishes the work (HTTP)"));
        QCOMPARE(editor.cancellationButton(Cancellation::Server)->text().simplified(),
                 QStringLiteral("reaches the server (gRPC)"));
    }

    void everyFieldHasATooltipWithItsDefault()
    {
        SetupEditor editor;
        const QList<QWidget*> fields{
            test::knobField<QCheckBox>(&editor, "hedge"),
            test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms"),
            test::knobField<QSpinBox>(&editor, "hedge.max_attempts"),
            test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent"),
            editor.knobField("hedge.budget_min_per_second"),
            editor.knobField("hedge.budget_window_s"),
            test::knobField<QCheckBox>(&editor, "adaptive_limit"),
            test::knobField<QSpinBox>(&editor, "adaptive_limit.initial_limit"),
            test::knobField<QSpinBox>(&editor, "adaptive_limit.min_limit"),
            test::knobField<QSpinBox>(&editor, "adaptive_limit.max_limit"),
            editor.knobField("adaptive_limit.smoothing"),
            editor.knobField("adaptive_limit.rtt_tolerance"),
            editor.knobField("adaptive_limit.long_window"),
            editor.knobField("adaptive_limit.queue_size"),
            editor.cancellationButton(Cancellation::Client),
            editor.cancellationButton(Cancellation::Server)};
        for (QWidget* w : fields) {
            QVERIFY2(!w->toolTip().isEmpty(), qPrintable(w->metaObject()->className()));
            QVERIFY2(w->toolTip().contains(QStringLiteral("Default")), qPrintable(w->toolTip()));
        }
        QVERIFY(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")
                    ->toolTip()
                    .contains(QStringLiteral("20 ms")));
        QVERIFY(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent")
                    ->toolTip()
                    .contains(QStringLiteral("10 %")));
    }

    // A user picks gRPC in the chooser with the keyboard: only gRPC's knobs are shown, under
    // gRPC's names; a typed value is in the setup read back; Envoy and back keeps it.
    void choosingGrpcShowsOnlyItsKnobs()
    {
        SetupEditor editor;
        editor.resize(320, 700);
        editor.setSetup(Setup{.name = "s", .hedge = HedgeSettings{}});
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy edited(&editor, &SetupEditor::edited);
        QVERIFY(test::visibleLabelWith(&editor, QStringLiteral("Policy:")));
        QVERIFY(test::visibleLabelWith(&editor, QStringLiteral("Budget:")));
        editor.policyCombo()->setFocus();
        QTest::keyClick(editor.policyCombo(), Qt::Key_Down);
        QCOMPARE(editor.policyCombo()->currentText(), QStringLiteral("gRPC"));
        QVERIFY(!edited.isEmpty());
        QCOMPARE(editor.setup().policy, PolicyFamily::Grpc);
        for (const char* label : {"&Max attempts:", "Hedging &delay:", "&Flavour:"})
            QVERIFY2(test::visibleLabelWith(&editor, QString::fromUtf8(label)), label);
        FamilyKnobFields* grpc = editor.familyFields(PolicyFamily::Grpc);
        QVERIFY(grpc->isVisible());
        QVERIFY(grpc->check("grpc.throttling")->isVisible());
        QCOMPARE(grpc->check("grpc.throttling")->text(),
                 QStringLiteral("&Throttling (retryThrottling)"));
        QVERIFY(grpc->check("grpc.non_fatal_errors")->isVisible());
        // resilience4cata's and the other families' knobs are hidden.
        QVERIFY(!test::knobField<QCheckBox>(&editor, "hedge")->isVisible());
        QVERIFY(!test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->isVisible());
        QVERIFY(!test::visibleLabelWith(&editor, QStringLiteral("Budget:")));
        QVERIFY(!test::visibleLabelWith(&editor, QStringLiteral("Per-try timeout:")));
        for (PolicyFamily other : allPolicyFamilies())
            if (FamilyKnobFields* f = editor.familyFields(other); f && other != PolicyFamily::Grpc)
                QVERIFY2(!f->isVisible(), toString(other));
        // The limit and the cancellation stay.
        QVERIFY(test::knobField<QCheckBox>(&editor, "adaptive_limit")->isVisible());
        QVERIFY(editor.cancellationButton(Cancellation::Server)->isEnabled());

        auto* attempts = qobject_cast<QSpinBox*>(editor.knobField("grpc.max_attempts"));
        test::typeInto(attempts, QStringLiteral("4"));
        QTest::keyClick(attempts, Qt::Key_Return);
        auto* delay = qobject_cast<QDoubleSpinBox*>(editor.knobField("grpc.hedging_delay_ms"));
        test::typeInto(delay, QStringLiteral("25"));
        QTest::keyClick(delay, Qt::Key_Return);
        QTest::mouseClick(grpc->check("grpc.throttling"), Qt::LeftButton, {}, QPoint(8, 8));
        auto* tokens =
            qobject_cast<QDoubleSpinBox*>(editor.knobField("grpc.throttling.max_tokens"));
        QVERIFY(tokens->isEnabled());
        test::typeInto(tokens, QStringLiteral("20"));
        QTest::keyClick(tokens, Qt::Key_Return);
        Setup read = editor.setup();
        QCOMPARE(read.families.grpc.maxAttempts, 4);
        QCOMPARE(read.families.grpc.hedgingDelayMs, 25.0);
        QVERIFY(read.families.grpc.throttling);
        QCOMPARE(read.families.grpc.throttling->maxTokens, 20.0);

        QTest::keyClick(editor.policyCombo(), Qt::Key_Down);
        QCOMPARE(editor.setup().policy, PolicyFamily::Envoy);
        QVERIFY(test::visibleLabelWith(&editor, QStringLiteral("Per-try timeout:")));
        QVERIFY(!test::visibleLabelWith(&editor, QStringLiteral("Hedging &delay:")));
        QTest::keyClick(editor.policyCombo(), Qt::Key_Up);
        read = editor.setup();
        QCOMPARE(read.policy, PolicyFamily::Grpc);
        QCOMPARE(read.families.grpc.maxAttempts, 4);
        QCOMPARE(read.families.grpc.hedgingDelayMs, 25.0);
        QCOMPARE(read.families.grpc.throttling->maxTokens, 20.0);
        // Back to the explorer's own: its form as it was.
        editor.policyCombo()->setCurrentIndex(0);
        QVERIFY(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->isVisible());
        QVERIFY(!grpc->isVisible());
        QCOMPARE(*editor.setup().hedge, HedgeSettings{});
    }

    // Envoy ignores max_retries while the cluster has a retry budget: the field is off then,
    // its tooltip says why, and it comes back with its value when the budget is turned off.
    void envoyMaxRetriesIsOffWhileTheBudgetIsOn()
    {
        SetupEditor editor;
        editor.resize(320, 900);
        Setup envoy{.name = "e", .policy = PolicyFamily::Envoy};
        envoy.families.envoy.maxRetries = 7;
        editor.setSetup(envoy);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        FamilyKnobFields* fields = editor.familyFields(PolicyFamily::Envoy);
        QWidget* maxRetries = editor.knobField("envoy.max_retries");
        QVERIFY(maxRetries && maxRetries->isVisible());
        QVERIFY(maxRetries->isEnabled());
        QVERIFY2(maxRetries->toolTip().contains(QStringLiteral("Default: 3")),
                 qPrintable(maxRetries->toolTip()));

        QCheckBox* budget = fields->check("envoy.retry_budget");
        QTest::mouseClick(budget, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(budget->isChecked());
        QVERIFY(!maxRetries->isEnabled());
        QVERIFY2(maxRetries->toolTip().contains(QStringLiteral("while Retry budget is on")),
                 qPrintable(maxRetries->toolTip()));
        QVERIFY(editor.setup().families.envoy.retryBudget);
        QCOMPARE(editor.setup().families.envoy.maxRetries, 7); // kept, not read

        QTest::mouseClick(budget, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(maxRetries->isEnabled());
        QVERIFY(maxRetries->toolTip().contains(QStringLiteral("Default: 3")));

        // A setup shown with its budget on starts with the field off.
        envoy.families.envoy.retryBudget = EnvoyRetryBudget{};
        editor.setSetup(envoy);
        QVERIFY(!maxRetries->isEnabled());
        QVERIFY(KnobRegistry::find("envoy.max_retries")->isOverridden(envoy));
        envoy.families.envoy.retryBudget.reset();
        QVERIFY(!KnobRegistry::find("envoy.max_retries")->isOverridden(envoy));
    }

    // A part inside a part and a flag inside a part (Murphy's retry, its jitter and its
    // budget): each under its part's checkbox and enabled with it, and never switching its part
    // on when the part is off.
    void retryPartsNestInTheEditor()
    {
        SetupEditor editor;
        editor.resize(320, 1200);
        Setup murphy{.name = "m", .policy = PolicyFamily::Murphy};
        editor.setSetup(murphy);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        FamilyKnobFields* fields = editor.familyFields(PolicyFamily::Murphy);
        QCheckBox* retry = fields->check("murphy.retry");
        QCheckBox* jitter = fields->check("murphy.retry.jitter");
        QCheckBox* budget = fields->check("murphy.retry.budget");
        QWidget* percent = editor.knobField("murphy.retry.budget.percent");
        QVERIFY(retry && jitter && budget && percent);
        QVERIFY(!retry->isChecked());
        QVERIFY(!jitter->isEnabled() && !budget->isEnabled() && !percent->isEnabled());
        QCOMPARE(editor.setup().families.murphy.retry, std::optional<MurphyRetry>());

        QTest::mouseClick(retry, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(jitter->isEnabled() && budget->isEnabled());
        QVERIFY(jitter->isChecked()); // its default
        QVERIFY(!percent->isEnabled());
        QCOMPARE(editor.setup().families.murphy.retry, std::optional(MurphyRetry{}));

        QTest::mouseClick(budget, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(percent->isEnabled());
        QCOMPARE(editor.setup().families.murphy.retry->budget,
                 std::optional(MurphyRetryBudget{}));

        QTest::mouseClick(retry, Qt::LeftButton, {}, QPoint(8, 8)); // off: all of it
        QVERIFY(!budget->isEnabled() && !percent->isEnabled());
        QCOMPARE(editor.setup().families.murphy.retry, std::optional<MurphyRetry>());

        // A gRPC setup that retries instead of hedging goes through the editor unchanged.
        Setup grpc{.name = "g", .policy = PolicyFamily::Grpc};
        grpc.families.grpc.hedgingPolicy = false;
        grpc.families.grpc.retryPolicy = GrpcRetryPolicy{};
        editor.setSetup(grpc);
        QCOMPARE(editor.setup().families.grpc, grpc.families.grpc);
    }

    // Polly's backoff type is DelayBackoffType's names in a chooser (its registry row's
    // choices), not a number to remember: picking a name sets the setup's value, a setup's
    // value shows its name, and the chooser is enabled with the retry strategy.
    void pollysBackoffTypeIsChosenByName()
    {
        SetupEditor editor;
        editor.resize(320, 1200);
        Setup polly{.name = "p", .policy = PolicyFamily::Polly};
        editor.setSetup(polly);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        auto* backoff = test::knobField<QComboBox>(&editor, "polly.retry.backoff_type");
        QCOMPARE(backoff->count(), 3);
        QCOMPARE(backoff->itemText(0), QStringLiteral("Constant"));
        QCOMPARE(backoff->itemText(2), QStringLiteral("Exponential"));
        QVERIFY(backoff->isVisible());
        QVERIFY(!editor.knobField("polly.retry.backoff_type")->isVisible());
        QVERIFY(!backoff->isEnabled()); // no retry strategy yet
        QVERIFY(backoff->toolTip().contains(QStringLiteral("BackoffType")));

        QCheckBox* retry = test::knobField<QCheckBox>(&editor, "polly.retry");
        QTest::mouseClick(retry, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(backoff->isEnabled());
        QCOMPARE(backoff->currentText(), QStringLiteral("Constant")); // Polly's default
        QSignalSpy edited(&editor, &SetupEditor::edited);
        backoff->setFocus();
        QTest::keyClick(backoff, Qt::Key_Down);
        QTest::keyClick(backoff, Qt::Key_Down);
        QCOMPARE(backoff->currentText(), QStringLiteral("Exponential"));
        QVERIFY(!edited.isEmpty());
        QCOMPARE(editor.setup().families.polly.retry->backoffType, 2);

        Setup linear = polly;
        linear.families.polly.retry = PollyRetry{.backoffType = 1};
        editor.setSetup(linear);
        QCOMPARE(backoff->currentText(), QStringLiteral("Linear"));
        QCOMPARE(editor.setup().families.polly.retry, linear.families.polly.retry);
        QTest::mouseClick(retry, Qt::LeftButton, {}, QPoint(8, 8)); // off
        QVERIFY(!backoff->isEnabled());
    }

    // Above 5 attempts gRPC clients clamp to 5: the value is kept and the field says so.
    void grpcMaxAttemptsAboveFiveSaysClamped()
    {
        SetupEditor editor;
        editor.setSetup(Setup{.name = "g", .policy = PolicyFamily::Grpc});
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        auto* attempts = qobject_cast<QSpinBox*>(editor.knobField("grpc.max_attempts"));
        QCOMPARE(attempts->minimum(), 2);
        QVERIFY(!test::visibleLabelWith(&editor, QStringLiteral("(clamped)")));
        test::typeInto(attempts, QStringLiteral("7"));
        QTest::keyClick(attempts, Qt::Key_Return);
        QCOMPARE(editor.setup().families.grpc.maxAttempts, 7);
        QLabel* note = test::visibleLabelWith(&editor, QStringLiteral("5 (clamped)"));
        QVERIFY(note);
        test::typeInto(attempts, QStringLiteral("5"));
        QTest::keyClick(attempts, Qt::Key_Return);
        QVERIFY(!note->isVisible());
    }

    // Murphy abandons losers: the cancellation is client only, the line says why, and the
    // user's choice comes back with another family. Finagle without interrupts likewise.
    void murphyAndFinagleWithoutInterruptsForceClientCancellation()
    {
        SetupEditor editor;
        Setup s{.name = "s", .cancellation = Cancellation::Server, .policy = PolicyFamily::Grpc};
        editor.setSetup(s);
        editor.resize(320, 700);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QVERIFY(!editor.cancellationNote()->isVisible());
        editor.policyCombo()->setCurrentIndex(
            editor.policyCombo()->findData(int(PolicyFamily::Murphy)));
        QCOMPARE(editor.setup().cancellation, Cancellation::Client);
        QVERIFY(!editor.cancellationButton(Cancellation::Server)->isEnabled());
        QVERIFY(editor.cancellationNote()->isVisible());
        QVERIFY2(editor.cancellationNote()->text().contains(QStringLiteral("never cancels")),
                 qPrintable(editor.cancellationNote()->text()));
        editor.policyCombo()->setCurrentIndex(
            editor.policyCombo()->findData(int(PolicyFamily::Grpc)));
        QCOMPARE(editor.setup().cancellation, Cancellation::Server);
        QVERIFY(editor.cancellationButton(Cancellation::Server)->isEnabled());
        QVERIFY(!editor.cancellationNote()->isVisible());

        editor.policyCombo()->setCurrentIndex(
            editor.policyCombo()->findData(int(PolicyFamily::Finagle)));
        QCOMPARE(editor.setup().cancellation, Cancellation::Server);
        QCheckBox* interrupts =
            editor.familyFields(PolicyFamily::Finagle)->check("finagle.send_interrupts");
        interrupts->setFocus();
        QTest::keyClick(interrupts, Qt::Key_Space);
        QVERIFY(!editor.setup().families.finagle.sendInterrupts);
        QCOMPARE(editor.setup().cancellation, Cancellation::Client);
        QVERIFY(editor.cancellationNote()->text().contains(QStringLiteral("Send interrupts")));
        QTest::keyClick(interrupts, Qt::Key_Space);
        QCOMPARE(editor.setup().cancellation, Cancellation::Server);
    }

    // Every family's setup shows and reads back as it was (its non-numeric settings too).
    void everyFamilyRoundTrips()
    {
        for (PolicyFamily family : allPolicyFamilies()) {
            Setup s{.name = "x", .policy = family};
            s.families.grpc = GrpcSettings{.maxAttempts = 3,
                                           .hedgingDelayMs = 12.5,
                                           .nonFatalErrors = true,
                                           .throttling = GrpcThrottling{.maxTokens = 50},
                                           .flavour = GrpcFlavour::A6};
            s.families.envoy.retryBudget = EnvoyRetryBudget{.budgetPercent = 30.0};
            s.families.envoy.perTryTimeoutMs = 40.0;
            s.families.polly.delayPerAttemptMs = {5.0, 7.5};
            s.families.finagle.clientBudget.ttlSeconds = 20.0;
            s.families.tower.budget = TowerBudget{};
            s.families.murphy.maxExtraAttempts = 2;
            SetupEditor editor;
            editor.setSetup(s);
            QCOMPARE(editor.setup(), s);
            QCOMPARE(editor.setup().families, s.families);
        }
    }
};

QTEST_MAIN(TestSetupEditor)
#include "tst_setupeditor.moc"
