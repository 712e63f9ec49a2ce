// Test support for the preset-claims tests: a preset's text says each phrase, and "about x"
// allows 10 % either way (the texts round their figures).
#pragma once

#include <hedge/io/Presets.h>

#include <QByteArray>
#include <QTest>

#include <cmath>
#include <initializer_list>
#include <string>

namespace hedge::test {

inline void says(const Preset& p, std::initializer_list<const char*> phrases)
{
    for (const char* phrase : phrases)
        QVERIFY2(p.explanation.find(phrase) != std::string::npos,
                 (p.name + " does not say \"" + phrase + "\"").c_str());
}

inline bool about(double value, double claim)
{
    return std::abs(value - claim) <= 0.1 * claim;
}

inline QByteArray notAbout(double value, double claim)
{
    return QByteArray::number(value) + " is not about " + QByteArray::number(claim);
}

} // namespace hedge::test

#define QVERIFY_ABOUT(value, claim)                                                           \
    QVERIFY2(hedge::test::about(value, claim), hedge::test::notAbout(value, claim))
