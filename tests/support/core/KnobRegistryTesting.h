// The registry hook for tests: a row added for the life of this object, after the product's
// rows, to see that one row is all a knob needs. Only tests define this class (KnobRegistry
// names it its friend); the product never changes the rows.
#pragma once

#include <hedge/KnobRegistry.h>

#include <cstddef>

namespace hedge {

class KnobRegistryTesting {
public:
    explicit KnobRegistryTesting(const Knob& knob) : m_count(KnobRegistry::all().size())
    {
        KnobRegistry::append(knob);
    }
    ~KnobRegistryTesting() { KnobRegistry::truncate(m_count); }
    KnobRegistryTesting(const KnobRegistryTesting&) = delete;
    KnobRegistryTesting& operator=(const KnobRegistryTesting&) = delete;

private:
    std::size_t m_count;
};

namespace test {

// A knob no product row has: the service's replica count under a name and a range of its own
// (the topology fields show the replicas too, under "replicas"; this row is another door).
inline Knob serviceCopiesKnob()
{
    return {.field = "service.test_copies",
            .member = &ServiceConfig::replicas,
            .range = {.min = 1.0, .max = 8.0},
            .tooltip = "Copies of the test service.\nDefault: %1 copy.",
            .editor = {.label = "&Test copies:", .name = "Test copies", .min = 1.0, .max = 8.0},
            .grid = GridSpread{.from = 1, .to = 4, .count = 4},
            .omitDefault = true};
}

} // namespace test

} // namespace hedge
