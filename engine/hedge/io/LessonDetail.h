// Internal to the lesson reader (Lesson.cpp, LessonScenario.cpp, LessonText.cpp): the parts of a
// step each file reads, given the JSON and the field path errors name.
#pragma once

#include "JsonDetail.h"

#include <hedge/io/Lesson.h>

#include <string>
#include <string_view>

namespace hedge::lesson_detail {

// A step's "scenario" object: the preset, its loads, its knobs (docs/lessons.md, "Scenario").
// Sets `step.preset` and `step.scenario`, validated.
void readStepScenario(const io_detail::Json& value, const std::string& path, LessonStep& step);

// A setup and a load a step names must be its scenario's, a figure one of LessonFigure.h's
// that its run has (a sweep's or a timeline's); each throws ScenarioError at `path` naming the
// ones there are.
void checkSetup(const Scenario& scenario, const std::string& setup, const std::string& path);
void checkFigure(const Scenario& scenario, const std::string& figure, const std::string& path);
// Where on the run `value` is: a sweep's load (one of its loads) or a timeline's moment (a
// bucket's end, within its duration); sets `ref.load` or `ref.atS`.
void setPlace(const Scenario& scenario, double value, const std::string& path,
              LessonFigureRef& ref);
// A map's cell: `value` must be one of the grid's values and `ref` name the grid's setup; sets
// `ref.gridValue`. A load-by-knob map only (a two-knob map's cells are not in lessons).
void setGridValue(const Scenario& scenario, double value, const std::string& path,
                  LessonFigureRef& ref);
// A reference that names another setup than the grid's is that setup's own point, not a cell.
void keepCellOnlyForGridSetup(const Scenario& scenario, LessonFigureRef& ref);

// A text with placeholders, checked against the step's scenario; `fallback` fills what a
// placeholder leaves out. Typed numbers outside quotes are refused.
LessonText readLessonText(const io_detail::Json& value, const std::string& path,
                          const Scenario& scenario, const LessonFigureRef& fallback);

// A condition, as an object ({"figure": …, "below": …}) or as text ("p99_ms@0.7 < 60",
// "not collapsed@0.85": readConditionText); what it leaves out is `fallback`'s.
LessonCondition readCondition(const io_detail::Json& value, const std::string& path,
                              const Scenario& scenario, const LessonFigureRef& fallback);
LessonCondition readConditionText(const std::string& text, const std::string& path,
                                  const Scenario& scenario, const LessonFigureRef& fallback);

// A step's "exercise" (docs/lessons.md, "Exercises"), read after its scenario and callout.
LessonExercise readExercise(const io_detail::Json& value, const std::string& path,
                            const LessonStep& step);
// The line of each exercise's "exercise" key in the file's text, for `lesson check`'s
// FILE:LINE messages.
void setExerciseLines(std::string_view text, Lesson& lesson);

} // namespace hedge::lesson_detail
