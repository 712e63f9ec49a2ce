// A sweep allocates the same large buffers point after point (a collapsing point's queue and
// call slots reach tens of megabytes, a draw table a few). glibc's allocator hands such
// blocks back to the kernel when they are freed, and the next point faults every page in
// again, zeroed: 6 % of the reference preset's time went to the kernel that way (perf). A
// program that runs sweeps calls this once at start to keep freed blocks for reuse instead.
#pragma once

namespace hedge {

// Blocks up to 32 MiB come from the allocator's arenas instead of their own mappings, and up
// to 256 MiB of free memory at an arena's top stays with the process. No effect outside glibc.
void keepFreedMemoryForReuse();

} // namespace hedge
