// Test support: a preset the test names, which must exist.
#pragma once

#include <hedge/io/Presets.h>

#include <QtGlobal>

namespace hedge::test {

inline const Preset& preset(const char* name)
{
    const Preset* p = findPreset(name);
    if (!p)
        qFatal("no preset %s", name);
    return *p;
}

} // namespace hedge::test
