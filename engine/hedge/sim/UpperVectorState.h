// The "dirty upper state" of x86's vector registers. A thread inherits its creator's registers,
// and the explorer's GUI thread had run 256-bit AVX code that left the upper halves of its ymm
// registers dirty (no vzeroupper after it) before it started the sweep's threads. With the
// upper state dirty, every switch between legacy-SSE code (ours: the engine is built for
// generic x86-64) and VEX code (glibc's exp and atan2 pick FMA variants at run time) costs a
// state transition: perf showed the explorer's sweeps spending 43 % of their samples in libm's
// exp, almost all on the first instruction after each switch, against 8 % in hedgesim.
// A simulation clears the state when it starts running; that costs one instruction.
#pragma once

#include <optional>

namespace hedge {

// vzeroupper when the processor has AVX; nothing otherwise (and off x86-64).
void clearUpperVectorState();

// Is the upper state dirty now (XGETBV's XINUSE bit for AVX)? Empty where the processor
// cannot tell. For tests.
std::optional<bool> upperVectorStateDirty();

} // namespace hedge
