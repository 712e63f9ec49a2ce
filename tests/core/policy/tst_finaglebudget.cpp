// FinagleBudget on a manual clock (docs/policies.md, "Finagle"): Finagle's RetryBudget in whole
// tokens — a deposit 1000, a withdrawal ⌊1000 / percent⌋, a reserve of min/s × ttl withdrawals,
// the window nine slices of ttl/10 plus the one being written, each starting at an event.
#include <hedge/policy/FinagleBudget.h>

#include <QTest>

using namespace hedge;

class TestFinagleBudget : public QObject {
    Q_OBJECT

private slots:
    void tokenAmounts();
    void theReserveAlone();
    void tenPercentOfDepositsIsOneInTen();
    void theWithdrawalIsRoundedDown();
    void noPercentEarnsNothing();
    void bothZeroIsEmpty();
    void aDepositCountsForTheTtl();
    void sparseEventsStretchTheWindow();
    void balanceDoesNotMoveTheWindow();
    void valuesFinagleRejectsStillGiveABudget();
};

void TestFinagleBudget::tokenAmounts()
{
    const FinagleBudget b(0.2, 10.0, 10.0);
    QCOMPARE(b.depositAmount(), 1000);
    QCOMPARE(b.withdrawalAmount(), 5000);
    QCOMPARE(b.reserve(), 10 * 10 * 5000);
    QCOMPARE(b.balance(0.0), 100);
}

void TestFinagleBudget::theReserveAlone()
{
    FinagleBudget b(0.2, 10.0, 10.0);
    for (int i = 0; i < 100; ++i)
        QVERIFY2(b.tryWithdraw(5.0), qPrintable(QString::number(i)));
    QVERIFY(!b.tryWithdraw(5.0));
    QCOMPARE(b.balance(5.0), 0); // a refusal takes nothing
}

void TestFinagleBudget::tenPercentOfDepositsIsOneInTen()
{
    FinagleBudget b(0.1, 0.0, 10.0);
    QVERIFY(!b.tryWithdraw(0.0));
    for (int i = 0; i < 9; ++i)
        b.deposit(0.0);
    QVERIFY(!b.tryWithdraw(0.0));
    b.deposit(0.0);
    QVERIFY(b.tryWithdraw(0.0));
    QVERIFY(!b.tryWithdraw(0.0));
}

void TestFinagleBudget::theWithdrawalIsRoundedDown()
{
    // 0.3: a withdrawal costs ⌊3333.3⌋ = 3333 tokens, so 9999 deposits (9 999 000 tokens) pay
    // for 3000 backups, where 0.3 × 9999 would be 2999.7.
    FinagleBudget b(0.3, 0.0, 10.0);
    QCOMPARE(b.withdrawalAmount(), 3333);
    for (int i = 0; i < 9999; ++i)
        b.deposit(0.0);
    for (int i = 0; i < 3000; ++i)
        QVERIFY2(b.tryWithdraw(0.0), qPrintable(QString::number(i)));
    QVERIFY(!b.tryWithdraw(0.0));
}

void TestFinagleBudget::noPercentEarnsNothing()
{
    FinagleBudget b(0.0, 1.0, 10.0); // the reserve only: 10 withdrawals of 1 token
    QCOMPARE(b.depositAmount(), 0);
    for (int i = 0; i < 100; ++i)
        b.deposit(0.0);
    for (int i = 0; i < 10; ++i)
        QVERIFY(b.tryWithdraw(0.0));
    QVERIFY(!b.tryWithdraw(0.0));
}

void TestFinagleBudget::bothZeroIsEmpty()
{
    FinagleBudget b(0.0, 0.0, 10.0);
    for (int i = 0; i < 100; ++i)
        b.deposit(0.0);
    QVERIFY(!b.tryWithdraw(0.0));
    QCOMPARE(b.balance(0.0), 0);
}

void TestFinagleBudget::aDepositCountsForTheTtl()
{
    // ttl 10 s: slices of 1 s. Deposits at 0 are still there at 9.999 s, gone at 10 s.
    FinagleBudget early(1.0, 0.0, 10.0);
    FinagleBudget late(1.0, 0.0, 10.0);
    early.deposit(0.0);
    late.deposit(0.0);
    QVERIFY(early.tryWithdraw(9999.0));
    QVERIFY(!late.tryWithdraw(10000.0));
}

void TestFinagleBudget::sparseEventsStretchTheWindow()
{
    // A slice starts at the first event after the previous one ended, and an event 1.999 s
    // after the last moves the window on by one slice only. Ten deposits 1.999 s apart are all
    // counted at the tenth (17.991 s; a window of the last 10 s would hold six), and the
    // eleventh replaces the first.
    FinagleBudget b(1.0, 0.0, 10.0);
    for (int k = 0; k < 10; ++k)
        b.deposit(1999.0 * k);
    QCOMPARE(b.balance(1999.0 * 9), 10);
    b.deposit(1999.0 * 10);
    QCOMPARE(b.balance(1999.0 * 10), 10);
}

void TestFinagleBudget::balanceDoesNotMoveTheWindow()
{
    FinagleBudget b(1.0, 0.0, 10.0);
    b.deposit(0.0);
    QCOMPARE(b.balance(10000.0), 0); // what the window would hold at 10 s …
    QCOMPARE(b.balance(500.0), 1);   // … leaves it as it was
    QVERIFY(b.tryWithdraw(500.0));
}

void TestFinagleBudget::valuesFinagleRejectsStillGiveABudget()
{
    // Finagle requires ttl ≥ 1 s and percent ≤ 1000; should such values reach the budget it is
    // still one: ⌊0.5 s⌋ gives no reserve, and a withdrawal costs at least one token.
    FinagleBudget b(5000.0, 10.0, 0.5);
    QCOMPARE(b.reserve(), 0);
    QCOMPARE(b.withdrawalAmount(), 1);
    QVERIFY(!b.tryWithdraw(0.0));
    b.deposit(0.0);
    QVERIFY(b.tryWithdraw(0.0));
}

QTEST_APPLESS_MAIN(TestFinagleBudget)
#include "tst_finaglebudget.moc"
