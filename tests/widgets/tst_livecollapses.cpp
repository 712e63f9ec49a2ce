// The Live view's reading of the buckets' collapsed flags (docs/timeline.md, "Collapses in the
// Live view"): one collapse from the first flagged bucket until the backlog has stayed at or
// under one second of work for 10 s; a dip inside it is the same collapse, and the span covers
// exactly its buckets (from the start of the first flagged one to where the calm began).
#include <hedge/run/LiveCollapses.h>

#include <QtTest>

using namespace hedge;

namespace {

// One-second buckets, one per letter of `pattern`: 'C' collapsed (backlog 5 s, growing),
// 'q' not flagged but still queued (backlog 3 s: not yet calm), '.' calm (backlog 0.2 s).
std::vector<TimelineBucket> buckets(const std::string& pattern)
{
    std::vector<TimelineBucket> out;
    for (std::size_t k = 0; k < pattern.size(); ++k) {
        TimelineBucket b;
        b.tS = double(k + 1);
        b.collapsed = pattern[k] == 'C';
        b.backlogMs = pattern[k] == 'C' ? 5000.0 : pattern[k] == 'q' ? 3000.0 : 200.0;
        out.push_back(b);
    }
    return out;
}

LiveCollapses read(const std::string& pattern)
{
    LiveCollapses c;
    for (const TimelineBucket& b : buckets(pattern))
        c.add(b, b.tS - 1.0);
    return c;
}

} // namespace

class TestLiveCollapses : public QObject {
    Q_OBJECT

private slots:
    // Flags with a dip (unflagged, still queued) and a short calm (4 s) inside: one span, from
    // the start of the first flagged bucket (10 s) to where the 10-second calm began.
    void aDipAndAShortCalmAreOneCollapse()
    {
        const std::string pattern =
            std::string(10, '.') + "CCCCC" + "qqq" + "CC" + "...." + "CCC" + std::string(12, '.');
        const LiveCollapses c = read(pattern);
        QCOMPARE(c.spans().size(), std::size_t(1));
        const CollapseSpan& span = c.spans().front();
        QCOMPARE(span.beganS, 10.0);
        QCOMPARE(span.fromS, 11.0); // the time reported: the end of the first flagged bucket
        QVERIFY(span.toS);
        QCOMPARE(*span.toS, double(pattern.size() - 12)); // where the final calm began
        QVERIFY(!c.collapsedSince());
        // Every flagged bucket lies inside the span, and the buckets around it are calm.
        const std::vector<TimelineBucket> all = buckets(pattern);
        for (const TimelineBucket& b : all)
            if (b.collapsed)
                QVERIFY(b.tS - 1.0 >= span.beganS && b.tS <= *span.toS);
        QVERIFY(!all[9].collapsed);
    }

    // A calm of 10 s ends a collapse; a flag after it is a second one, with a span of its own.
    void aFullCalmEndsItAndTheNextFlagIsAnother()
    {
        const LiveCollapses c = read(std::string(5, '.') + "CC" + std::string(10, '.') + "CCC");
        QCOMPARE(c.spans().size(), std::size_t(2));
        QCOMPARE(c.spans()[0].beganS, 5.0);
        QCOMPARE(*c.spans()[0].toS, 7.0);
        QCOMPARE(c.spans()[1].beganS, 17.0);
        QVERIFY(!c.spans()[1].toS);
        QCOMPARE(*c.collapsedSince(), 18.0);
        QVERIFY(c.collapsedAt(19.0, 20.0));
        QVERIFY(!c.collapsedAt(10.0, 20.0));
    }

    // Nine calm seconds are not enough: still the same collapse.
    void nineCalmSecondsAreNotARecovery()
    {
        const LiveCollapses c = read("CC" + std::string(9, '.') + "C");
        QCOMPARE(c.spans().size(), std::size_t(1));
        QVERIFY(!c.spans()[0].toS);
    }
};

QTEST_MAIN(TestLiveCollapses)
#include "tst_livecollapses.moc"
