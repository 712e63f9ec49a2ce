// Every figure of two point results, compared exactly (QCOMPARE): for tests that assert two
// ways of running a point give the same numbers bit for bit. The setup's name and
// cancellation are left to the caller.
#pragma once

#include <hedge/sim/PointResult.h>

#include <QTest>

inline void compareFiguresExactly(const hedge::PointResult& a, const hedge::PointResult& b)
{
    QCOMPARE(a.simulatedCalls, b.simulatedCalls);
    QCOMPARE(a.measuredCalls, b.measuredCalls);
    QCOMPARE(a.events, b.events);
    QCOMPARE(a.p50Ms, b.p50Ms);
    QCOMPARE(a.p99Ms, b.p99Ms);
    QCOMPARE(a.p999Ms, b.p999Ms);
    QCOMPARE(a.meanMs, b.meanMs);
    QCOMPARE(a.maxMs, b.maxMs);
    QCOMPARE(a.requestsPerCall, b.requestsPerCall);
    QCOMPARE(a.hedgedFraction, b.hedgedFraction);
    QCOMPARE(a.rejectedFraction, b.rejectedFraction);
    QCOMPARE(a.failedFraction, b.failedFraction);
    QCOMPARE(a.utilisation, b.utilisation);
    QCOMPARE(a.collapsed, b.collapsed);
    QCOMPARE(a.stoppedBySafetyCap, b.stoppedBySafetyCap);
}
