// The advisor's answer as the Advise dialog shows it (docs/user-guide.md, "Advise"): while the
// search runs, its stage, the candidates left and the best so far, with Stop; then the summary
// (adviceSummary()), the table of no hedge, the rule of thumb and the advised setting on the same
// seeds (adviceTable()), the front (AdviceFrontChart) and why each rejected candidate was
// rejected (whyNotLines()). The texts are the engine's, as hedgesim advise prints them.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace hedge {

class AdviceFrontChart;

class AdviceAnswerView : public QWidget {
    Q_OBJECT
public:
    explicit AdviceAnswerView(QWidget* parent = nullptr);

    // A search of `question` starts: the old answer goes.
    void begin(const AdviceQuestion& question);
    // What is known so far (the front fills in).
    void showProgress(const AdviceAnswer& soFar);
    // The search ended: finished, or stopped (marked unfinished).
    void showAnswer(const AdviceAnswer& answer);
    void showFailure(const QString& message);

    // "race · 37 candidates left · best so far: delay 23.4 ms, budget 5 % (p99 41.2 ms)".
    static QString progressText(const AdviceQuestion& question, const AdviceAnswer& soFar);

    QLabel* progressLabel() const { return m_progress; }
    QPushButton* stopButton() const { return m_stop; }
    QLabel* summaryLabel() const { return m_summary; }
    QTableWidget* table() const { return m_table; }
    AdviceFrontChart* frontChart() const { return m_chart; }
    QListWidget* whyNotList() const { return m_whyNot; }

signals:
    void stopRequested();

private:
    void fill(const AdviceAnswer& answer);
    void showWhyNot(const AdviceAnswer& answer);

    AdviceQuestion m_question;
    QLabel* m_questionLine = nullptr;
    QLabel* m_progress = nullptr;
    QPushButton* m_stop = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    AdviceFrontChart* m_chart = nullptr;
    QListWidget* m_whyNot = nullptr;
    QLabel* m_whyNotTitle = nullptr;
};

} // namespace hedge
