#include <hedge/sim/AllocatorTuning.h>

#include <cstdlib> // defines __GLIBC__ on glibc, which the test below needs

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace hedge {

void keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
    // Setting either threshold also turns off glibc's own adjustment of them. 32 MiB is the
    // largest mapping threshold glibc accepts on 64-bit systems (it ignores a larger one).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

} // namespace hedge
