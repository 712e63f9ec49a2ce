// RetryBackoff: each stack's growth and jitter (docs/policies.md, "Retries"), draw by draw with
// a fixed seed — the bounds every draw stays in, and the draw itself where the rule fixes it.
#include "SeededDraws.h"

#include <hedge/policy/RetryBackoff.h>

#include <QTest>

#include <cmath>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 7;

// The k-th uniform draw (k = 1, 2, …) of a stream seeded `seed`.
} // namespace

class TestRetryBackoff : public QObject {
    Q_OBJECT

private slots:
    // gRPC: the interval starts at initialBackoff, is multiplied after each retry and capped at
    // maxBackoff; the draw is uniform below it (full jitter).
    void grpcDrawsUniformlyBelowAGrowingCappedInterval()
    {
        const RetryBackoff b{.growth = RetryGrowth::Exponential, .baseMs = 100.0,
                             .multiplier = 2.0, .maxMs = 1000.0, .jitter = RetryJitter::Full};
        const double nominal[] = {100.0, 200.0, 400.0, 800.0, 1000.0, 1000.0};
        SplitMix64 random(kSeed);
        float carried = 0.0f;
        for (int n = 1; n <= 6; ++n) {
            QCOMPARE(b.nominal(n), nominal[n - 1]);
            const double drawn = b.draw(n, carried, random);
            QCOMPARE(drawn, nthUniform(kSeed, n) * nominal[n - 1]);
            QVERIFY(drawn >= 0.0 && drawn < nominal[n - 1]);
        }
        // A multiplier below 1 shrinks it; the first is the initial backoff even above the cap.
        const RetryBackoff shrinking{.baseMs = 100.0, .multiplier = 0.5, .maxMs = 50.0};
        QCOMPARE(shrinking.nominal(1), 100.0);
        QCOMPARE(shrinking.nominal(2), 50.0);
        QCOMPARE(shrinking.nominal(3), 25.0);
    }

    // Envoy's interval: 25 ms doubling to 10 × 25.
    void envoyDoublesFromTheBaseToTenTimesIt()
    {
        const RetryBackoff b{.baseMs = 25.0, .multiplier = 2.0, .maxMs = 250.0,
                             .jitter = RetryJitter::Full};
        const double nominal[] = {25.0, 50.0, 100.0, 200.0, 250.0, 250.0};
        for (int n = 1; n <= 6; ++n)
            QCOMPARE(b.nominal(n), nominal[n - 1]);
    }

    // Polly: constant, linear (× n), exponential (× 2^(n−1)); with jitter, constant and linear
    // delays land within ±25 %, and MaxDelay caps every one.
    void pollyGrowthAndItsQuarterJitter()
    {
        const RetryBackoff constant{.growth = RetryGrowth::Constant, .baseMs = 100.0};
        const RetryBackoff linear{.growth = RetryGrowth::Linear, .baseMs = 100.0};
        const RetryBackoff exponential{.growth = RetryGrowth::Exponential, .baseMs = 100.0,
                                       .multiplier = 2.0, .maxMs = 300.0};
        for (int n = 1; n <= 4; ++n) {
            QCOMPARE(constant.nominal(n), 100.0);
            QCOMPARE(linear.nominal(n), 100.0 * n);
        }
        QCOMPARE(exponential.nominal(1), 100.0);
        QCOMPARE(exponential.nominal(2), 200.0);
        QCOMPARE(exponential.nominal(3), 300.0); // MaxDelay
        RetryBackoff jittered = linear;
        jittered.jitter = RetryJitter::Polly;
        SplitMix64 random(kSeed);
        float carried = 0.0f;
        for (int n = 1; n <= 50; ++n) {
            const double d = jittered.draw(n, carried, random);
            QCOMPARE(d, 100.0 * n * (0.75 + 0.5 * nthUniform(kSeed, n)));
            QVERIFY(d >= 75.0 * n && d <= 125.0 * n);
        }
    }

    // Polly's exponential jitter: the rise of 2^t · tanh(√(4t)) between retries, t = n − 1 + a
    // draw, scaled by base / 1.4; the call carries the formula's last value.
    void pollyExponentialJitterFollowsItsFormula()
    {
        const RetryBackoff b{.growth = RetryGrowth::Exponential, .baseMs = 100.0,
                             .multiplier = 2.0, .jitter = RetryJitter::Polly};
        SplitMix64 random(kSeed);
        float carried = 0.0f;
        double previous = 0.0;
        for (int n = 1; n <= 6; ++n) {
            const double t = n - 1 + nthUniform(kSeed, n);
            const double next = std::exp2(t) * std::tanh(std::sqrt(4.0 * t));
            const double d = b.draw(n, carried, random);
            QVERIFY(std::abs(d - (next - previous) / 1.4 * 100.0) < 1e-3 * std::max(1.0, d));
            QVERIFY(d >= 0.0);
            previous = static_cast<float>(next);
        }
    }

    // Finagle's decorrelated jitter: the first backoff is the start, 5 ms; each next one is drawn
    // in [last, min(3 × last, 200 ms)).
    void finagleDecorrelatedJitterStartsAtFiveAndStaysUnderTheCap()
    {
        const RetryBackoff b{.growth = RetryGrowth::Constant, .baseMs = 5.0, .maxMs = 200.0,
                             .jitter = RetryJitter::Decorrelated};
        SplitMix64 random(kSeed);
        float carried = 0.0f;
        QCOMPARE(b.draw(1, carried, random), 5.0);
        double last = 5.0;
        for (int n = 2; n <= 12; ++n) {
            const double d = b.draw(n, carried, random);
            QVERIFY2(d >= last - 1e-4 && d <= std::min(3.0 * last, 200.0) + 1e-4,
                     qPrintable(QStringLiteral("%1 after %2").arg(d).arg(last)));
            last = d;
        }
    }

    // Tower: base = min × 2^(n−1) up to max, plus a uniform share of it up to `jitter`, the sum
    // at most max.
    void towerAddsAProportionalJitterUnderTheMax()
    {
        const RetryBackoff b{.growth = RetryGrowth::Exponential, .baseMs = 100.0,
                             .multiplier = 2.0, .maxMs = 1000.0,
                             .jitter = RetryJitter::Proportional, .jitterRatio = 0.5};
        SplitMix64 random(kSeed);
        float carried = 0.0f;
        for (int n = 1; n <= 6; ++n) {
            const double base = b.nominal(n);
            const double d = b.draw(n, carried, random);
            QCOMPARE(d, std::min(base + nthUniform(kSeed, n) * 0.5 * base, 1000.0));
            QVERIFY(d >= base && d <= 1000.0);
        }
    }
};

QTEST_APPLESS_MAIN(TestRetryBackoff)
#include "tst_retrybackoff.moc"
