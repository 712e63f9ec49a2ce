// HedgeBudget on a manual clock (docs/model.md, "Budget"): the balance is
//   min_per_second · window + percent/100 · deposits − withdrawals
// over the window, a hedge needs a balance ≥ 1, and the window is 10 slices of window/10.
#include <hedge/policy/HedgeBudget.h>

#include <QTest>

using namespace hedge;

class TestHedgeBudget : public QObject {
    Q_OBJECT

private slots:
    void reserveAloneAllowsMinPerSecondTimesWindow();
    void percentOfDepositsAddsExactly();
    void fivePercentIsExact();
    void noReserveNoDeposits();
    void windowSlides();
    void eventCountsUntilItsSliceLeavesTheWindow();
    void longIdleForgetsEverything();
    void otherWindow();
    void reconfigureTakesTheNewReserveAndPercentKeepingTheWindow();
    void reconfigureToAnotherWindowStartsEmpty();
};

void TestHedgeBudget::reserveAloneAllowsMinPerSecondTimesWindow()
{
    // 1 per second over 10 s: a reserve of 10 hedges with no traffic at all.
    HedgeBudget budget;
    QCOMPARE(budget.balance(0.0), 10.0);
    for (int i = 0; i < 10; ++i)
        QVERIFY2(budget.tryWithdraw(100.0), qPrintable(QString::number(i)));
    QCOMPARE(budget.balance(100.0), 0.0);
    QVERIFY(!budget.tryWithdraw(100.0));
    QCOMPARE(budget.balance(100.0), 0.0); // a refusal withdraws nothing
}

void TestHedgeBudget::percentOfDepositsAddsExactly()
{
    HedgeBudget budget({.percent = 10.0, .minPerSecond = 1.0, .windowSeconds = 10.0});
    for (int i = 0; i < 10; ++i)
        QVERIFY(budget.tryWithdraw(0.0)); // spend the reserve
    QVERIFY(!budget.tryWithdraw(0.0));
    for (int i = 0; i < 9; ++i)
        budget.deposit(1.0);
    QCOMPARE(budget.balance(1.0), 0.9); // 10 + 0.1·9 − 10
    QVERIFY(!budget.tryWithdraw(1.0));
    budget.deposit(1.0); // the tenth call makes exactly one hedge
    QVERIFY(budget.tryWithdraw(1.0));
    QCOMPARE(budget.balance(1.0), 0.0);
    QVERIFY(!budget.tryWithdraw(1.0));
}

void TestHedgeBudget::fivePercentIsExact()
{
    // 0.05 · 20 is not 1.0 in binary floating point; the budget must still allow the hedge.
    HedgeBudget budget({.percent = 5.0, .minPerSecond = 0.0, .windowSeconds = 10.0});
    for (int i = 0; i < 19; ++i)
        budget.deposit(0.0);
    QVERIFY(!budget.tryWithdraw(0.0));
    budget.deposit(0.0);
    QVERIFY(budget.tryWithdraw(0.0));
    QVERIFY(!budget.tryWithdraw(0.0));
    for (int i = 0; i < 40; ++i)
        budget.deposit(0.0);
    QVERIFY(budget.tryWithdraw(0.0));
    QVERIFY(budget.tryWithdraw(0.0));
    QVERIFY(!budget.tryWithdraw(0.0));
}

void TestHedgeBudget::noReserveNoDeposits()
{
    HedgeBudget budget({.percent = 10.0, .minPerSecond = 0.0, .windowSeconds = 10.0});
    QCOMPARE(budget.balance(0.0), 0.0);
    QVERIFY(!budget.tryWithdraw(0.0));
}

void TestHedgeBudget::windowSlides()
{
    // Default budget: 10 % + 1/s over 10 s in 10 slices of 1 s.
    HedgeBudget budget;
    for (int i = 0; i < 20; ++i)
        budget.deposit(500.0);             // slice 0
    QCOMPARE(budget.balance(500.0), 12.0); // 10 + 0.1·20

    for (int i = 0; i < 12; ++i)
        QVERIFY(budget.tryWithdraw(2500.0)); // slice 2
    QVERIFY(!budget.tryWithdraw(2500.0));
    QCOMPARE(budget.balance(2500.0), 0.0);

    QCOMPARE(budget.balance(9999.0), 0.0); // slice 9: everything still counts
    QVERIFY(!budget.tryWithdraw(9999.0));

    // Slice 10: the deposits of slice 0 expire, the withdrawals of slice 2 do not yet.
    QCOMPARE(budget.balance(10000.0), -2.0); // 10 + 0 − 12
    QVERIFY(!budget.tryWithdraw(10000.0));
    QCOMPARE(budget.balance(11999.0), -2.0);

    // Slice 12: the withdrawals expire too; the reserve is whole again.
    QCOMPARE(budget.balance(12000.0), 10.0);
    QVERIFY(budget.tryWithdraw(12000.0));
    QCOMPARE(budget.balance(12000.0), 9.0);
}

void TestHedgeBudget::eventCountsUntilItsSliceLeavesTheWindow()
{
    // A withdrawal at 3.9 s (slice 3) counts until 13 s: 9.1 s here, between 9/10 and 10/10
    // of the window as the header says.
    HedgeBudget budget({.percent = 10.0, .minPerSecond = 0.1, .windowSeconds = 10.0});
    QCOMPARE(budget.balance(0.0), 1.0);
    QVERIFY(budget.tryWithdraw(3900.0));
    QVERIFY(!budget.tryWithdraw(3900.0));
    QVERIFY(!budget.tryWithdraw(12999.0));
    QVERIFY(budget.tryWithdraw(13000.0));
}

void TestHedgeBudget::longIdleForgetsEverything()
{
    HedgeBudget budget;
    for (int slice = 0; slice < 10; ++slice) {
        for (int i = 0; i < 10; ++i)
            budget.deposit(1000.0 * slice); // 10 per slice over slices 0..9
    }
    QCOMPARE(budget.balance(9000.0), 20.0);
    QCOMPARE(budget.balance(15500.0), 14.0); // slices 0..5 gone, 6..9 remain: 10 + 0.1·40
    // Far later (more than a whole window of slices skipped): nothing but the reserve.
    QCOMPARE(budget.balance(1.0e6), 10.0);
    QVERIFY(budget.tryWithdraw(1.0e6));
    QCOMPARE(budget.balance(1.0e6 + 9999.0), 9.0);
    QCOMPARE(budget.balance(1.0e6 + 10000.0), 10.0);
}

void TestHedgeBudget::otherWindow()
{
    // A 2 s window: slices of 200 ms and a reserve of 2 · 2 = 4.
    HedgeBudget budget({.percent = 50.0, .minPerSecond = 2.0, .windowSeconds = 2.0});
    QCOMPARE(budget.balance(0.0), 4.0);
    budget.deposit(150.0); // slice 0
    budget.deposit(250.0); // slice 1
    QCOMPARE(budget.balance(250.0), 5.0);
    QCOMPARE(budget.balance(2000.0), 4.5); // slice 10: slice 0 gone
    QCOMPARE(budget.balance(2200.0), 4.0); // slice 11: slice 1 gone
}

void TestHedgeBudget::reconfigureTakesTheNewReserveAndPercentKeepingTheWindow()
{
    // A timeline's change of budget (docs/timeline.md, "Changes"): raising min/s from 1 to 5
    // gives a reserve of 5 · 10 = 50 at once; the deposits and withdrawals already in the
    // window still count, now at the new percent.
    HedgeBudget budget; // 10 %, 1/s, 10 s
    for (int i = 0; i < 20; ++i)
        budget.deposit(100.0);
    QVERIFY(budget.tryWithdraw(200.0));
    QCOMPARE(budget.balance(200.0), 11.0); // 10 + 0.1·20 − 1
    budget.reconfigure({.percent = 50.0, .minPerSecond = 5.0, .windowSeconds = 10.0});
    QCOMPARE(budget.config().minPerSecond, 5.0);
    QCOMPARE(budget.balance(300.0), 59.0); // 50 + 0.5·20 − 1
    // Without traffic the new reserve alone: 50, not the old 10.
    QCOMPARE(budget.balance(20000.0), 50.0);
    // And lowering it takes hedges away at once.
    budget.reconfigure({.percent = 50.0, .minPerSecond = 0.0, .windowSeconds = 10.0});
    QCOMPARE(budget.balance(20000.0), 0.0);
    QVERIFY(!budget.tryWithdraw(20000.0));
}

void TestHedgeBudget::reconfigureToAnotherWindowStartsEmpty()
{
    HedgeBudget budget;
    for (int i = 0; i < 20; ++i)
        budget.deposit(100.0);
    budget.reconfigure({.percent = 10.0, .minPerSecond = 1.0, .windowSeconds = 2.0});
    QCOMPARE(budget.balance(300.0), 2.0); // the new reserve, nothing of the old window
}

QTEST_APPLESS_MAIN(TestHedgeBudget)
#include "tst_hedgebudget.moc"
