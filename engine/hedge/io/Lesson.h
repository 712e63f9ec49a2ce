// A lesson (docs/lessons.md): a short sequence of steps, each a scenario built from a preset,
// the setups it shows, a callout anchored on one point of the chart (a load of a sweep, or a
// moment of a timeline) whose numbers are read from the run, conditions the run must meet and
// perhaps a question. Read from
// `hedge-explorer/lesson@1` files (resources/lessons/*.json); run and checked by LessonCheck.h.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/advise/AdviceQuestion.h>
#include <hedge/io/ScenarioError.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hedge {

// One figure of one point of a step's run: "p99_ms" of "hedge, no budget / client" at 0.6 (a
// sweep), or at the moment 265 s (a timeline: the bucket ending then).
struct LessonFigureRef {
    std::string figure;        // a LessonFigure.h key
    std::string setup;         // one of the step's scenario's setups
    double load = 0.0;         // a sweep step: one of its loads
    std::optional<double> atS; // a timeline step: a bucket's end, in seconds
    double bucketS = 0.0;      // a timeline step: its buckets' length (a window figure's steps)
    // A map's cell: the grid's setup with its knob at this value (docs/lessons.md, "Map
    // steps"); none: the setup's own point.
    std::optional<double> gridValue;
};

// A text with placeholders ("{p99_ms}", "{p99_ms@SETUP}", "{p99_ms@SETUP@0.6}", "{p99_ms@@0.6}":
// docs/lessons.md, "Placeholders"), split into literal text and the figures it names.
struct LessonText {
    struct Part {
        std::string literal; // when `figure` is empty
        std::optional<LessonFigureRef> figure;
    };
    std::vector<Part> parts;
    bool empty() const { return parts.empty(); }
};

// What a run must show for the step to say what it says: the figure `is` true/false
// ("collapsed"), or lies `below`/`above` a number or another point's figure × `times` (`orEqual`:
// at most, at least, as the written form's "<=" and ">=" say).
struct LessonCondition {
    enum class Test { Is, Below, Above };
    LessonFigureRef subject;
    Test test = Test::Is;
    bool is = true;
    bool orEqual = false;
    std::optional<double> bound;             // a number, in the figure's file unit
    std::optional<LessonFigureRef> boundRef; // or another point's figure
    double times = 1.0;                      // boundRef's factor
};

// An exercise (docs/lessons.md, "Exercises"): the student edits one setup of the step's scenario
// (the starting state) until every condition of the goal holds on its run. The advisor
// (docs/advisor.md) searches `search` under the goal's limits for a solution
// (engine/hedge/advise/ExerciseSolution.h).
struct LessonExercise {
    std::string setup;          // the setup the student edits, as the step's scenario names it
    std::size_t setupIndex = 0; // its place among the scenario's setups: an edit may rename it
    LessonText task;            // what to do, in words
    // Conditions on the run; a subject's setup defaults to `setup`, its load to the callout's.
    std::vector<LessonCondition> goal;
    std::vector<LessonText> hints;  // shown one at a time
    std::vector<KnobSearch> search; // the knobs the advisor searches, the setup's family's
    int solutionRuns = 3;           // the advisor's full-length runs a load (no collapse in any)
    int line = 0;                   // the file's line of "exercise" (0: not known)
};

// A prediction step (docs/lessons.md, "Prediction steps"): the class answers the question before
// the chart shows what it asks about. A sweep step runs and draws only `shownLoads` until Reveal;
// a timeline step pauses at its moment and Reveal plays on to `revealToS`.
struct LessonPrediction {
    std::vector<double> shownLoads; // a sweep step's, ascending: fewer than its loads
    double revealToS = 0.0;         // a timeline step's: later than its moment
};

struct LessonStep {
    std::string title;
    std::string preset; // the preset the scenario is built from
    Scenario scenario;  // the preset's, its loads and knobs as the step sets them
    // A timeline step (its scenario has a timeline, watched in the Live view): the latest moment
    // its callout, question, answer and conditions name, which the Live run plays to.
    double playToS = 0.0;
    std::vector<std::string> shows; // the setups the step is about (all when the file gives none)
    LessonFigureRef anchor;         // where the callout points on the chart
    LessonText callout;
    std::vector<LessonCondition> conditions;
    LessonText question; // empty: none
    LessonText answer;   // given with the question
    std::optional<LessonExercise> exercise;
    std::optional<LessonPrediction> prediction;
};

// What a step runs and draws before its Reveal: a sweep prediction step's scenario at its shown
// loads; otherwise its scenario.
Scenario shownScenario(const LessonStep& step);

struct Lesson {
    std::string id;
    std::string title;
    std::string summary;
    std::vector<LessonStep> steps;
};

// Throws ScenarioError naming the field ("steps[2].callout.figure") for anything the format does
// not allow: an unknown key, a preset or setup the step does not have, a load not among its
// loads, a figure that is not one, a typed number in a text, a knob out of its range.
Lesson parseLessonJson(std::string_view text);

// Reads and parses a file; the error's field starts with the file's name and the field's line
// ("tail-cutting.json:41: steps[2].callout.figure"; a syntax error's with its line and column,
// "tail-cutting.json:41:7"). `hedgesim lesson check` and the explorer say it as it is.
Lesson readLessonFile(const std::string& path);

} // namespace hedge
