#include "AdviceDialog.h"

#include "AdviceAnswerView.h"
#include "AdviceQuestionForm.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace hedge {

AdviceDialog::AdviceDialog(const Scenario& world, int setupRow, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("adviceDialog"));
    setWindowTitle(tr("Advise"));
    m_form = new AdviceQuestionForm(world, setupRow, this);
    m_view = new AdviceAnswerView(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(scroll);
    m_pages->addWidget(m_view);

    auto* buttons = new QDialogButtonBox(this);
    m_advise = buttons->addButton(tr("&Advise"), QDialogButtonBox::AcceptRole);
    m_advise->setObjectName(QStringLiteral("adviseButton"));
    m_advise->setToolTip(tr("Search the knobs for the setting that keeps every limit"));
    m_back = buttons->addButton(tr("&Change Question"), QDialogButtonBox::ActionRole);
    m_back->setObjectName(QStringLiteral("adviceBack"));
    m_addSetup = buttons->addButton(tr("Add as Se&tup"), QDialogButtonBox::ActionRole);
    m_addSetup->setObjectName(QStringLiteral("adviceAddSetup"));
    m_addSetup->setToolTip(tr("Add the advised setting to the setups (one undo step)"));
    m_export = buttons->addButton(tr("&Export Policy As…"), QDialogButtonBox::ActionRole);
    m_export->setObjectName(QStringLiteral("adviceExport"));
    m_export->setToolTip(tr("The advised setting in its stack's own configuration"));
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("adviceClose"));
    m_advise->setDefault(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_pages, 1);
    layout->addWidget(buttons);

    connect(m_advise, &QPushButton::clicked, this, [this] {
        if (m_form->isValid())
            emit adviseRequested(m_form->question());
    });
    connect(m_back, &QPushButton::clicked, this, [this] { showPage(false); });
    connect(m_addSetup, &QPushButton::clicked, this, [this] {
        if (m_answer && m_answer->advisedCandidate())
            emit addSetupRequested(m_answer->advisedCandidate()->setup);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        if (m_answer && m_answer->advisedCandidate())
            emit exportPolicyRequested(m_answer->advisedCandidate()->setup);
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_view, &AdviceAnswerView::stopRequested, this, &AdviceDialog::stopRequested);
    connect(m_form, &AdviceQuestionForm::changed, this, &AdviceDialog::updateButtons);

    // Room for the form's knob rows and the answer's table and front; never past the screen.
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QSize available = screen ? screen->availableGeometry().size() : QSize(1024, 700);
    resize(QSize(1180, 820).boundedTo(available - QSize(24, 48)));
    showPage(false);
}

bool AdviceDialog::isAnswerShown() const
{
    return m_pages->currentWidget() == m_view;
}

void AdviceDialog::showPage(bool answer)
{
    m_pages->setCurrentIndex(answer ? 1 : 0);
    updateButtons();
}

void AdviceDialog::updateButtons()
{
    const bool answerPage = isAnswerShown();
    const bool advised = m_answer && m_answer->advisedCandidate();
    m_advise->setVisible(!answerPage);
    m_advise->setEnabled(m_form->isValid() && !m_running);
    m_back->setVisible(answerPage);
    m_back->setEnabled(!m_running);
    m_addSetup->setVisible(answerPage);
    m_addSetup->setEnabled(advised && !m_running);
    m_export->setVisible(answerPage);
    m_export->setEnabled(advised && !m_running);
}

void AdviceDialog::begin(const AdviceQuestion& question)
{
    m_running = true;
    m_answer.reset();
    m_view->begin(question);
    showPage(true);
}

void AdviceDialog::showProgress(const AdviceAnswer& soFar)
{
    m_view->showProgress(soFar);
}

void AdviceDialog::showAnswer(const AdviceAnswer& answer)
{
    m_running = false;
    m_answer = answer;
    m_view->showAnswer(answer);
    updateButtons();
}

void AdviceDialog::showFailure(const QString& message)
{
    m_running = false;
    m_view->showFailure(message);
    updateButtons();
}

} // namespace hedge
