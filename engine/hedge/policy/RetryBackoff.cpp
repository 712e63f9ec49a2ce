#include <hedge/policy/RetryBackoff.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

// Polly's decorrelated jitter (V2): the value of its formula at t = attempt + a draw; the delay
// is the rise since the previous retry's value, scaled so that the median first delay is the
// base.
double pollyFormula(double t)
{
    return std::exp2(t) * std::tanh(std::sqrt(4.0 * t));
}
constexpr double kPollyScaling = 1.0 / 1.4;

} // namespace

double RetryBackoff::nominal(int retry) const
{
    const int n = std::max(retry, 1);
    double delay = baseMs;
    switch (growth) {
    case RetryGrowth::Constant:
        break;
    case RetryGrowth::Linear:
        delay = baseMs * n;
        break;
    case RetryGrowth::Exponential:
        // As the stacks step it: each retry multiplies the last and caps it (gRPC's
        // nextBackoffInterval), so the first is the base even above the cap.
        for (int k = 1; k < n; ++k)
            delay = std::min(delay * multiplier, maxMs);
        return delay;
    }
    return std::min(delay, maxMs);
}

double RetryBackoff::draw(int retry, float& carried, SplitMix64& random) const
{
    const double base = nominal(retry);
    switch (jitter) {
    case RetryJitter::None:
        return base;
    case RetryJitter::Full:
        return uniform01(random) * base;
    case RetryJitter::Proportional:
        return base + std::min(uniform01(random) * jitterRatio * base, std::max(0.0, maxMs - base));
    case RetryJitter::Randomized:
        return std::min(base * (1.0 + jitterRatio * (2.0 * uniform01(random) - 1.0)), maxMs);
    case RetryJitter::Polly: {
        if (growth != RetryGrowth::Exponential)
            return std::min(base * (0.75 + 0.5 * uniform01(random)), maxMs);
        const double t = double(std::max(retry, 1) - 1) + uniform01(random);
        const double next = pollyFormula(t);
        const double delay = (next - double(carried)) * kPollyScaling * baseMs;
        carried = static_cast<float>(next);
        return std::clamp(delay, 0.0, maxMs);
    }
    case RetryJitter::Decorrelated: {
        double delay = baseMs;
        if (retry > 1 && carried > 0.0f) {
            const double last = carried;
            const double upper = std::min(3.0 * last, maxMs);
            delay = last + uniform01(random) * std::max(0.0, upper - last);
        }
        carried = static_cast<float>(delay);
        return delay;
    }
    }
    return base;
}

} // namespace hedge
