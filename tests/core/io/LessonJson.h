// Test support for the lesson-file tests: a one-step lesson on a preset, and the error a lesson
// text gives (docs/lessons.md).
#pragma once

#include "TestErrors.h"

#include <hedge/io/Lesson.h>

#include <QString>
#include <QTest>

#include <string>

namespace hedge::test {

// A lesson of one step on `preset`; `step` is spliced into the step's object, `top` into the
// lesson's.
inline std::string lessonOnPreset(const std::string& preset, const std::string& step,
                                  const std::string& top = "")
{
    return "{\"schema\": \"hedge-explorer/lesson@1\", \"id\": \"t\", \"title\": \"T\", "
           "\"summary\": \"S\"," +
           top + " \"steps\": [{\"title\": \"one\", \"scenario\": {\"preset\": \"" + preset +
           "\"}, " + step + "}]}";
}

// What reading `json` throws, or "(no error)".
inline std::string lessonErrorOf(const std::string& json)
{
    const auto error = errorFrom([&] { parseLessonJson(json); });
    return error ? error->what() : "(no error)";
}

// The error of `json` starts with `expected` (the field, then the problem).
inline void verifyLessonError(const std::string& json, const QString& expected)
{
    const std::string error = lessonErrorOf(json);
    QVERIFY2(error.starts_with(expected.toStdString()), error.c_str());
}

} // namespace hedge::test
