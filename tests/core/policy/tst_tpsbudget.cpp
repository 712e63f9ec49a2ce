// TpsBudget on a manual clock (docs/policies.md, "Tower"): tower's TpsBudget — for
// retry_percent ≤ 1 a deposit is 1 credit and a withdrawal ⌊1 / retry_percent⌋, above 1 they are
// 1000 and ⌊1000 / retry_percent⌋; a reserve of min_per_sec × ttl withdrawals; ten slots of
// ttl/10 plus the credits being written, every slot time beyond the first emptying one slot.
#include <hedge/policy/TpsBudget.h>

#include <QTest>

using namespace hedge;

class TestTpsBudget : public QObject {
    Q_OBJECT

private slots:
    void creditAmounts();
    void theReserveAlone();
    void aWithdrawalCostsTheFloorOfOneOverThePercent();
    void aboveOneADepositPaysForSeveral();
    void noPercentEarnsNothing();
    void aDepositLastsTenSlotTimes();
    void aLateEventSkipsASlot();
    void balanceDoesNotMoveTheSlots();
    void valuesTowerRejectsStillGiveABudget();
};

void TestTpsBudget::creditAmounts()
{
    const TpsBudget b(10.0, 10.0, 0.2);
    QCOMPARE(b.depositAmount(), 1);
    QCOMPARE(b.withdrawalAmount(), 5);
    QCOMPARE(b.reserve(), 10 * 10 * 5);
    QCOMPARE(b.balance(0.0), 100.0);
}

void TestTpsBudget::theReserveAlone()
{
    TpsBudget b(2.0, 3.0, 1.0); // 3 per second over 2 s
    for (int i = 0; i < 6; ++i)
        QVERIFY(b.withdraw(0.0));
    QVERIFY(!b.withdraw(0.0));
}

void TestTpsBudget::aWithdrawalCostsTheFloorOfOneOverThePercent()
{
    // 0.3: ⌊3.33⌋ = 3 credits, so three calls pay for a hedge (0.3 × 3 would be 0.9).
    TpsBudget b(10.0, 0.0, 0.3);
    QCOMPARE(b.withdrawalAmount(), 3);
    b.deposit(0.0);
    b.deposit(0.0);
    QVERIFY(!b.withdraw(0.0));
    b.deposit(0.0);
    QVERIFY(b.withdraw(0.0));
    QVERIFY(!b.withdraw(0.0));
}

void TestTpsBudget::aboveOneADepositPaysForSeveral()
{
    TpsBudget b(10.0, 0.0, 2.0);
    QCOMPARE(b.depositAmount(), 1000);
    QCOMPARE(b.withdrawalAmount(), 500);
    b.deposit(0.0);
    QVERIFY(b.withdraw(0.0));
    QVERIFY(b.withdraw(0.0));
    QVERIFY(!b.withdraw(0.0));
}

void TestTpsBudget::noPercentEarnsNothing()
{
    TpsBudget b(10.0, 1.0, 0.0);
    QCOMPARE(b.depositAmount(), 0);
    QCOMPARE(b.withdrawalAmount(), 1);
    for (int i = 0; i < 50; ++i)
        b.deposit(0.0);
    for (int i = 0; i < 10; ++i)
        QVERIFY(b.withdraw(0.0));
    QVERIFY(!b.withdraw(0.0));
}

void TestTpsBudget::aDepositLastsTenSlotTimes()
{
    // ttl 1 s: slots of 100 ms. Two deposits at 0 pay for one hedge at 950 ms, not at 1050 ms.
    TpsBudget early(1.0, 0.0, 0.5);
    TpsBudget late(1.0, 0.0, 0.5);
    for (TpsBudget* b : {&early, &late}) {
        b->deposit(0.0);
        b->deposit(0.0);
    }
    QVERIFY(early.withdraw(950.0));
    QVERIFY(!late.withdraw(1050.0));
}

void TestTpsBudget::aLateEventSkipsASlot()
{
    // Events 150 ms apart (each a call and its hedge: the credits do not change): each commits
    // the written credits and empties the next slot too, so the index moves two slots per
    // event, and the slot of a deposit at 0 is written over at the sixth event (900 ms), before
    // its ten slot times (1 s) are up.
    TpsBudget b(1.0, 0.0, 1.0);
    b.deposit(0.0);
    for (int k = 1; k <= 5; ++k) {
        b.deposit(150.0 * k);
        QVERIFY(b.withdraw(150.0 * k));
    }
    QCOMPARE(b.balance(750.0), 1.0);
    b.deposit(900.0);
    QVERIFY(b.withdraw(900.0));
    QCOMPARE(b.balance(900.0), 0.0);
}

void TestTpsBudget::balanceDoesNotMoveTheSlots()
{
    TpsBudget b(1.0, 0.0, 1.0);
    b.deposit(0.0);
    QCOMPARE(b.balance(5000.0), 0.0);
    QCOMPARE(b.balance(500.0), 1.0);
    QVERIFY(b.withdraw(500.0));
}

void TestTpsBudget::valuesTowerRejectsStillGiveABudget()
{
    // Tower asserts ttl ≥ 1 s and retry_percent ≤ 1000; the program's validation keeps such
    // values out, and should one slip through the budget is still a budget: ⌊0.5 s⌋ gives no
    // reserve, and a withdrawal costs at least one credit.
    TpsBudget b(0.5, 10.0, 5000.0);
    QCOMPARE(b.reserve(), 0);
    QCOMPARE(b.withdrawalAmount(), 1);
    QVERIFY(!b.withdraw(0.0));
    b.deposit(0.0);
    QVERIFY(b.withdraw(0.0));
    QCOMPARE(TpsBudget(10.0, 10.0, 1e-30).withdrawalAmount(), 1000000000000000);
}

QTEST_APPLESS_MAIN(TestTpsBudget)
#include "tst_tpsbudget.moc"
