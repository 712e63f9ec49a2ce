// GrpcThrottle: grpc-java's retryThrottling arithmetic in thousandths of a token
// (docs/policies.md, "gRPC").
#include <hedge/policy/GrpcThrottle.h>

#include <QTest>

using namespace hedge;

class TestGrpcThrottle : public QObject {
    Q_OBJECT

private slots:
    void startsFullAndAboveThreshold()
    {
        const GrpcThrottle t(GrpcThrottling{.maxTokens = 10, .tokenRatio = 0.1});
        QCOMPARE(t.tokens(), 10.0);
        QVERIFY(t.isAboveThreshold());
    }

    // Strictly above half: 10 → 6 is above 5, the fifth failure reaches 5 and throttles.
    void throttledAtExactlyHalf()
    {
        GrpcThrottle t(GrpcThrottling{.maxTokens = 10, .tokenRatio = 0.1});
        for (int i = 0; i < 4; ++i)
            QVERIFY(t.onQualifiedFailure());
        QCOMPARE(t.tokens(), 6.0);
        QVERIFY(!t.onQualifiedFailure());
        QCOMPARE(t.tokens(), 5.0);
        QVERIFY(!t.isAboveThreshold());
    }

    // Ten successes at 0.1 are one token exactly (thousandths, no rounding drift), which lifts
    // the bucket from 5 (throttled) to 6.
    void successesRefillExactly()
    {
        GrpcThrottle t(GrpcThrottling{.maxTokens = 10, .tokenRatio = 0.1});
        for (int i = 0; i < 5; ++i)
            t.onQualifiedFailure();
        for (int i = 0; i < 9; ++i)
            t.onSuccess();
        QCOMPARE(t.tokens(), 5.9);
        QVERIFY(t.isAboveThreshold());
        t.onSuccess();
        QCOMPARE(t.tokens(), 6.0);
    }

    void neverBelowZeroNorAboveMax()
    {
        GrpcThrottle t(GrpcThrottling{.maxTokens = 2, .tokenRatio = 0.5});
        for (int i = 0; i < 5; ++i)
            t.onQualifiedFailure();
        QCOMPARE(t.tokens(), 0.0);
        for (int i = 0; i < 10; ++i)
            t.onSuccess();
        QCOMPARE(t.tokens(), 2.0);
    }

    // An odd maximum in thousandths: 3 tokens → threshold 1.5, so 2 is above and 1 is not.
    void oddMaximumHalvesInThousandths()
    {
        GrpcThrottle t(GrpcThrottling{.maxTokens = 3, .tokenRatio = 1});
        QVERIFY(t.onQualifiedFailure()); // 2 > 1.5
        QVERIFY(!t.onQualifiedFailure()); // 1
    }

    void reconfigureKeepsTokensUpToTheNewMaximum()
    {
        GrpcThrottle t(GrpcThrottling{.maxTokens = 10, .tokenRatio = 0.1});
        t.onQualifiedFailure(); // 9
        t.reconfigure(GrpcThrottling{.maxTokens = 20, .tokenRatio = 0.1});
        QCOMPARE(t.tokens(), 9.0);
        QVERIFY(!t.isAboveThreshold()); // 9 ≤ 10
        t.reconfigure(GrpcThrottling{.maxTokens = 4, .tokenRatio = 0.1});
        QCOMPARE(t.tokens(), 4.0);
    }

    // grpc-js keeps a JavaScript number: ten successes of 0.1 from 9 tokens leave it just
    // below 10, where grpc-java's thousandths make exactly 10.
    void grpcJsKeepsADoubleWhereJavaKeepsThousandths()
    {
        const GrpcThrottling config{.maxTokens = 10, .tokenRatio = 0.1};
        GrpcThrottle java(config);
        GrpcThrottle js(config, GrpcThrottle::Arithmetic::JsDouble);
        java.onQualifiedFailure();
        js.onQualifiedFailure();
        for (int i = 0; i < 10; ++i) {
            java.onSuccess();
            js.onSuccess();
        }
        QVERIFY(java.tokens() == 10.0);
        QVERIFY(js.tokens() < 10.0);
        QVERIFY(js.tokens() > 9.9999);
    }

    // grpc-js reads maxTokens and tokenRatio to three decimals (toFixed(3)), where grpc-java
    // cuts them; its threshold is half the maximum exactly.
    void grpcJsRoundsTheConfigToThreeDecimals()
    {
        GrpcThrottle js(GrpcThrottling{.maxTokens = 3, .tokenRatio = 0.0996},
                        GrpcThrottle::Arithmetic::JsDouble);
        QVERIFY(js.onQualifiedFailure());  // 2 > 1.5
        QVERIFY(!js.onQualifiedFailure()); // 1
        js.onSuccess();
        QCOMPARE(js.tokens(), 1.1); // 0.0996 read as 0.1
        GrpcThrottle java(GrpcThrottling{.maxTokens = 3, .tokenRatio = 0.0996});
        java.onQualifiedFailure();
        java.onQualifiedFailure();
        java.onSuccess();
        QCOMPARE(java.tokens(), 1.099); // cut to 0.099
    }

    // grpc-js's RetryThrottler, given the previous one, rescales its tokens to the new maximum.
    void grpcJsRescalesTokensOnReconfigure()
    {
        GrpcThrottle js(GrpcThrottling{.maxTokens = 10, .tokenRatio = 0.1},
                        GrpcThrottle::Arithmetic::JsDouble);
        js.onQualifiedFailure(); // 9
        js.reconfigure(GrpcThrottling{.maxTokens = 20, .tokenRatio = 0.1});
        QCOMPARE(js.tokens(), 18.0);
    }
};

QTEST_APPLESS_MAIN(TestGrpcThrottle)
#include "tst_grpcthrottle.moc"
