// A lesson as a handout (docs/lessons.md, "Handouts"): its title, and for each step its chart as
// the explorer draws it (LessonStepChart.h), its sentence with the run's figures, its question
// with the answer (the teacher's version) or room to write one (the student's), and an
// exercise's task and goal (never a solution). One self-contained HTML file — styles inline,
// charts as inline SVG, nothing fetched — or a PDF. File → Export Lesson… and
// `hedgesim lesson export` write it from the same runs (LessonRuns.h).
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonRuns.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace hedge {

enum class HandoutVersion { Teacher, Student };

struct HandoutStep {
    QString title;
    QByteArray chartSvg; // the step's chart, an SVG document
    // A prediction step's chart before Reveal (its shown loads: the student's version); empty:
    // the step is none.
    QByteArray shownChartSvg;
    QString sentence; // the callout with the run's figures
    QString question; // empty: none
    QString answer;
    bool exercise = false;
    QString task;      // an exercise's, with the run's figures
    QString goalSetup; // the setup the student edits, which the goal's words are about
    QStringList goal;  // its conditions in the student's words (as the lesson pane says them)
    QStringList start; // each condition on the starting state, with its figure (the teacher's)
};

struct LessonHandout {
    QString title;
    QString summary;
    std::vector<HandoutStep> steps;
};

// Fills every step's texts from `runs` (which have run every step: LessonRuns::runAll) and
// draws its chart. A text whose point the run lacks reads "(not in the run)".
LessonHandout makeLessonHandout(const Lesson& lesson, const LessonRuns& runs);

// The handout as one HTML document (well-formed XML, so that a program can read it back).
QString lessonHandoutHtml(const LessonHandout& handout, HandoutVersion version);

// Writes the handout as PDF when `path` ends in .pdf, else as HTML, atomically; the error, or
// nothing.
std::optional<QString> writeLessonHandout(const QString& path, const LessonHandout& handout,
                                          HandoutVersion version);

// "teacher" and "student", as the command line and the dialog name the versions.
QString handoutVersionName(HandoutVersion version);

} // namespace hedge
