// The advisor's front (docs/advisor.md, "The answer"): the objective at the target load against
// requests per call there, one point per candidate with full-length figures. The front (the
// candidates that kept every limit and that no other beats in both) is joined by a line, the
// other final candidates are grey (but for those that collapsed: their tail is the collapse's,
// and the why-not list names them), the advised one is a large marker, and no hedge and the rule
// of thumb, run on the same seeds, are marked beside them.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QChartView>

#include <optional>

namespace hedge {

class AdviceFrontChart : public QChartView {
    Q_OBJECT
public:
    explicit AdviceFrontChart(QWidget* parent = nullptr);

    // Draws `answer` (so far, or final) of `question`: a finished answer's candidates with
    // full-length (Final) figures, an unfinished one's with the figures of their last stage.
    void draw(const AdviceQuestion& question, const AdviceAnswer& answer);
    void clear();

    // The point a candidate is drawn at: (requests per call, objective in ms) at the target
    // load; none without figures there (without Final ones, when `finalOnly`).
    static std::optional<QPointF> pointOf(const AdviceQuestion& question,
                                          const AdviceCandidate& candidate, bool finalOnly = true);
    // The index of the held load nearest the target (the figures' column).
    static std::size_t targetIndex(const AdviceQuestion& question);

    // Points per series, by series name ("front", "others", "advised", "no hedge",
    // "rule of thumb"): tests read what the chart shows.
    int pointCount(const QString& series) const;

private:
    void restyle();
};

} // namespace hedge
