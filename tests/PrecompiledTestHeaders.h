// What nearly every test parses before its own first line: QtTest, the Qt modules the test
// links (their QT_*_LIB macros come with the libraries) and the standard library. Precompiled
// once per set of libraries when HEDGE_TEST_PCH is on (tests/CMakeLists.txt); a test must
// still include what it uses, since the default build does not force this header in.
#pragma once

#include <QtTest>

#if defined(QT_WIDGETS_LIB)
#include <QtWidgets>
#endif
#if defined(QT_CHARTS_LIB)
#include <QtCharts>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>
