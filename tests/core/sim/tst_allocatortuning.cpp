// keepFreedMemoryForReuse: once called, a sweep thread's large blocks, freed and allocated
// again point after point, come from memory the process kept instead of fresh pages the
// kernel must fault in and clear.
#include <hedge/sim/AllocatorTuning.h>

#include <QTest>

#include <sys/resource.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <thread>

namespace {

volatile char sink;

long minorFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

void touch(char* block, std::size_t bytes)
{
    for (std::size_t at = 0; at < bytes; at += 4096)
        block[at] = 1;
    sink = block[bytes - 1];
}

// What one point allocates: a draw table, and a queue doubling up to 16 MiB as it collapses.
void onePoint()
{
    constexpr std::size_t kTable = std::size_t{3} << 20;
    const auto table = std::make_unique_for_overwrite<char[]>(kTable);
    touch(table.get(), kTable);
    for (std::size_t bytes = std::size_t{64} << 10; bytes <= (std::size_t{16} << 20); bytes *= 2) {
        const auto ring = std::make_unique_for_overwrite<char[]>(bytes);
        touch(ring.get(), bytes);
    }
}

// The page faults of `points` points run on a new thread after a first one (which faults
// its pages in whatever the tuning).
long faultsAfterTheFirstPoint(int points)
{
    long faults = 0;
    std::thread worker([&faults, points] {
        onePoint();
        const long before = minorFaults();
        for (int i = 0; i < points; ++i)
            onePoint();
        faults = minorFaults() - before;
    });
    worker.join();
    return faults;
}

} // namespace

class TestAllocatorTuning : public QObject {
    Q_OBJECT

private slots:
    void aThreadsFreedBlocksAreReusedWithoutFreshPages()
    {
#if !defined(__GLIBC__)
        QSKIP("the tuning is glibc's");
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer's allocator replaces glibc's");
#endif
        hedge::keepFreedMemoryForReuse();
        // Untuned (glibc 2.36), these 8 points fault about 2 600 pages in again.
        const long faults = faultsAfterTheFirstPoint(8);
        QVERIFY2(faults <= 64, qPrintable(QStringLiteral("%1 page faults").arg(faults)));
    }
};

QTEST_APPLESS_MAIN(TestAllocatorTuning)
#include "tst_allocatortuning.moc"
