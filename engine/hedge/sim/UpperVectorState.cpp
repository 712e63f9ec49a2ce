#include <hedge/sim/UpperVectorState.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <cstdint>
#endif

namespace hedge {

#if defined(__x86_64__) && defined(__GNUC__)
namespace {

bool hasAvx()
{
    static const bool avx = __builtin_cpu_supports("avx");
    return avx;
}

// XGETBV with ECX = 1 (the XINUSE bitmap) exists when CPUID.(EAX=0DH, ECX=1):EAX bit 2 says so.
bool hasXgetbv1()
{
    static const bool has = [] {
        unsigned a = 0, b = 0, c = 0, d = 0;
        return hasAvx() && __get_cpuid_count(0xd, 1, &a, &b, &c, &d) && (a & 4u) != 0;
    }();
    return has;
}

// Defined out of line, so that its AVX instruction never inlines into generic code.
[[gnu::target("avx"), gnu::noinline]] void zeroUpper()
{
    __builtin_ia32_vzeroupper();
}

} // namespace

void clearUpperVectorState()
{
    if (hasAvx())
        zeroUpper();
}

std::optional<bool> upperVectorStateDirty()
{
    if (!hasXgetbv1())
        return std::nullopt;
    std::uint32_t low = 0, high = 0;
    asm volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(1));
    return (low & 4u) != 0; // bit 2: the AVX (upper ymm) component is in use
}

#else

void clearUpperVectorState() {}
std::optional<bool> upperVectorStateDirty() { return std::nullopt; }

#endif

} // namespace hedge
