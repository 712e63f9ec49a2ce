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

} // namespace hedge
