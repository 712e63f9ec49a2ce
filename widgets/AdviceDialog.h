// Run → Advise… (docs/user-guide.md, "Advise"; docs/advisor.md): the question
// (AdviceQuestionForm) on the first page, the answer (AdviceAnswerView) on the second. Advise
// stays disabled while the form's question does not pass the engine's check. The dialog runs
// nothing itself: it asks (adviseRequested, stopRequested) and is told (showProgress,
// showAnswer, showFailure); the window's AdviceTool runs the search on its controller and adds
// the advised setup to the document.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>

#include <QDialog>

#include <optional>

class QPushButton;
class QStackedWidget;

namespace hedge {

class AdviceAnswerView;
class AdviceQuestionForm;

class AdviceDialog : public QDialog {
    Q_OBJECT
public:
    AdviceDialog(const Scenario& world, int setupRow, QWidget* parent = nullptr);

    AdviceQuestionForm* form() const { return m_form; }
    AdviceAnswerView* answerView() const { return m_view; }
    QPushButton* adviseButton() const { return m_advise; }
    QPushButton* backButton() const { return m_back; }
    QPushButton* addSetupButton() const { return m_addSetup; }
    QPushButton* exportButton() const { return m_export; }
    bool isAnswerShown() const;

    // The search of `question` started (the answer page shows).
    void begin(const AdviceQuestion& question);
    void showProgress(const AdviceAnswer& soFar);
    void showAnswer(const AdviceAnswer& answer);
    void showFailure(const QString& message);
    // The answer shown (none before a search ends).
    const std::optional<AdviceAnswer>& answer() const { return m_answer; }

signals:
    void adviseRequested(const AdviceQuestion& question);
    void stopRequested();
    // The advised setting, as a setup of the stack.
    void addSetupRequested(const Setup& setup);
    void exportPolicyRequested(const Setup& setup);

private:
    void showPage(bool answer);
    void updateButtons();

    AdviceQuestionForm* m_form = nullptr;
    AdviceAnswerView* m_view = nullptr;
    QStackedWidget* m_pages = nullptr;
    QPushButton* m_advise = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_addSetup = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_close = nullptr;
    std::optional<AdviceAnswer> m_answer;
    bool m_running = false;
};

} // namespace hedge
