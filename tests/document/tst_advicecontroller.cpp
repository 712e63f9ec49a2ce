// AdviceController: the advisor behind Run → Advise… (docs/advisor.md). What the window relies on:
// a search started over another makes the first stale (nothing of it lands: no progress, no
// answer), and Stop keeps what the search knew, marked unfinished. The tests wait for the
// controller's signals, never for a time.
#include "AdviceQuestions.h"

#include <hedge/advise/AdviceQuestion.h>
#include <hedge/run/AdviceController.h>

#include <QSignalSpy>
#include <QtTest>

using namespace hedge;

Q_DECLARE_METATYPE(hedge::AdviceAnswer)

namespace {

// The default service at a few thousand calls a point: a quick search over `delays` delays
// (and the budget's default values).
AdviceQuestion question(int delays, bool withBudget, std::int64_t calls)
{
    Scenario world;
    world.calls = calls;
    world.seed = 7;
    Setup stack;
    stack.name = "hedge";
    stack.hedge = HedgeSettings{.delayMs = 20.0, .maxAttempts = 2, .budgetPercent = 5.0};
    std::vector<std::string_view> fields{"hedge.delay_ms"};
    if (withBudget)
        fields.push_back("hedge.budget_percent");
    AdviceQuestion q = test::searchingOnly(defaultQuestion(world, stack), fields, delays);
    q.limits.collapseRuns = 2;
    return q;
}

} // namespace

class TestAdviceController : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<AdviceAnswer>(); }

    // A second question while the first is searching: the first's progress and answer never
    // land; what lands has the second's knobs (one value a candidate, not two).
    void staleRunIsDropped()
    {
        AdviceController controller;
        QSignalSpy progress(&controller, &AdviceController::progress);
        QSignalSpy finished(&controller, &AdviceController::finished);
        const AdviceQuestion first = question(12, true, 20000);
        QCOMPARE(first.search.size(), std::size_t(2));
        controller.start(first);
        QVERIFY(progress.wait(120000)); // the first is under way
        const AdviceQuestion second = question(3, false, 3000);
        QCOMPARE(second.search.size(), std::size_t(1));
        progress.clear();
        controller.start(second);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.count(), 1);
        for (const QList<QVariant>& args : progress) {
            const auto soFar = args.at(0).value<AdviceAnswer>();
            for (const AdviceCandidate& c : soFar.candidates)
                QCOMPARE(c.values.size(), std::size_t(1));
        }
        const auto answer = finished.at(0).at(0).value<AdviceAnswer>();
        QVERIFY(answer.finished);
        QVERIFY(!answer.candidates.empty());
        for (const AdviceCandidate& c : answer.candidates)
            QCOMPARE(c.values.size(), std::size_t(1));
        QVERIFY(controller.question() == second);
        // Nothing of the first lands later.
        QVERIFY(!finished.wait(300));
        QCOMPARE(finished.count(), 1);
    }

    // Stop during a search: the answer comes with what was known, marked unfinished.
    void stopKeepsThePartialAnswer()
    {
        AdviceController controller;
        QSignalSpy progress(&controller, &AdviceController::progress);
        QSignalSpy finished(&controller, &AdviceController::finished);
        controller.start(question(12, true, 40000));
        QVERIFY(controller.isRunning());
        QVERIFY(progress.wait(120000));
        const auto soFar = progress.last().at(0).value<AdviceAnswer>();
        QVERIFY(!soFar.candidates.empty());
        controller.stop();
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QVERIFY(!controller.isRunning());
        const auto answer = finished.at(0).at(0).value<AdviceAnswer>();
        QVERIFY(!answer.finished);
        QVERIFY(!answer.candidates.empty());
        QVERIFY(controller.answer());
        QVERIFY(!controller.answer()->finished);
        QCOMPARE(controller.answer()->candidates.size(), answer.candidates.size());
    }

    // A question the engine refuses is not run: failed() names the field.
    void badQuestionFails()
    {
        AdviceController controller;
        QSignalSpy failed(&controller, &AdviceController::failed);
        AdviceQuestion q = question(3, false, 3000);
        q.targetLoad = 0.0;
        controller.start(q);
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("target")),
                 qPrintable(failed.at(0).at(0).toString()));
        QVERIFY(!controller.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestAdviceController)
#include "tst_advicecontroller.moc"
