#include "AdviceAnswerView.h"

#include "AdviceFrontChart.h"

#include <hedge/advise/AdviceText.h>
#include <hedge/advise/Advisor.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace hedge {

namespace {

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

} // namespace

AdviceAnswerView::AdviceAnswerView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_questionLine = new QLabel(this);
    m_questionLine->setObjectName(QStringLiteral("adviceQuestionLine"));
    m_questionLine->setWordWrap(true);
    m_questionLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_questionLine);

    auto* progressRow = new QHBoxLayout;
    m_progress = new QLabel(this);
    m_progress->setObjectName(QStringLiteral("adviceProgress"));
    m_progress->setWordWrap(true);
    m_stop = new QPushButton(tr("&Stop"), this);
    m_stop->setObjectName(QStringLiteral("adviceStop"));
    m_stop->setToolTip(tr("Stop the search and keep what it knows (marked unfinished)"));
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_stop);
    layout->addLayout(progressRow);
    connect(m_stop, &QPushButton::clicked, this, &AdviceAnswerView::stopRequested);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("adviceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("adviceTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);

    m_chart = new AdviceFrontChart(this);
    m_whyNot = new QListWidget(this);
    m_whyNot->setObjectName(QStringLiteral("adviceWhyNot"));
    m_whyNot->setWordWrap(true);
    auto* whyBox = new QWidget(this);
    auto* whyLayout = new QVBoxLayout(whyBox);
    whyLayout->setContentsMargins(0, 0, 0, 0);
    whyLayout->addWidget(new QLabel(tr("<b>Why not the others</b>"), whyBox));
    whyLayout->addWidget(m_whyNot);

    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_chart);
    lower->addWidget(whyBox);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
}

void AdviceAnswerView::begin(const AdviceQuestion& question)
{
    m_question = question;
    m_questionLine->setText(qs(questionSummary(question)));
    m_progress->setText(tr("Searching…"));
    m_stop->setEnabled(true);
    m_summary->clear();
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    m_whyNot->clear();
    m_chart->clear();
}

QString AdviceAnswerView::progressText(const AdviceQuestion& question, const AdviceAnswer& soFar)
{
    QString text = tr("%1 · %n candidate(s) left", nullptr, int(soFar.candidatesLeft))
                       .arg(QString::fromLatin1(toString(soFar.stage)));
    // The best so far: the advised one when the search has named it, else the kept candidate
    // with the smallest objective at the target among those with figures there.
    const AdviceCandidate* best = soFar.advisedCandidate();
    std::optional<double> bestFigure;
    const std::size_t t = AdviceFrontChart::targetIndex(question);
    if (best && t < best->figures.size())
        bestFigure = objectiveFigure(best->figures[t], question.objective);
    if (!best)
        for (const AdviceCandidate& c : soFar.candidates) {
            if (c.rejection || t >= c.figures.size())
                continue;
            const auto f = objectiveFigure(c.figures[t], question.objective);
            if (f && (!bestFigure || *f < *bestFigure)) {
                best = &c;
                bestFigure = f;
            }
        }
    if (best && bestFigure)
        text += tr(" · best so far: %1 (%2 %3 ms)")
                    .arg(qs(best->label), QString::fromLatin1(toString(question.objective)))
                    .arg(*bestFigure, 0, 'g', 3);
    return text;
}

void AdviceAnswerView::showProgress(const AdviceAnswer& soFar)
{
    m_progress->setText(progressText(m_question, soFar));
    m_chart->draw(m_question, soFar);
}

void AdviceAnswerView::showAnswer(const AdviceAnswer& answer)
{
    m_stop->setEnabled(false);
    const qlonglong runs = answer.runs;
    m_progress->setText(
        answer.finished
            ? tr("Finished: %n candidate(s) tried, %1 runs", nullptr, int(answer.candidates.size()))
                  .arg(runs)
            : tr("Unfinished: stopped with %n candidate(s) left; the figures "
                 "below are what the search knew",
                 nullptr, int(answer.candidatesLeft)));
    fill(answer);
}

void AdviceAnswerView::showFailure(const QString& message)
{
    m_stop->setEnabled(false);
    m_progress->setText(tr("The search failed: %1").arg(message));
}

void AdviceAnswerView::fill(const AdviceAnswer& answer)
{
    QString summary = qs(adviceSummary(m_question, answer));
    if (!answer.finished)
        summary = tr("Unfinished. ") + summary;
    m_summary->setText(summary);

    const AdviceTable table = adviceTable(m_question, answer);
    m_table->clear();
    m_table->setColumnCount(int(table.columns.size()));
    m_table->setRowCount(int(table.rows.size()));
    QStringList headers;
    for (const std::string& c : table.columns)
        headers << qs(c);
    m_table->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < int(table.rows.size()); ++r)
        for (int c = 0; c < int(table.rows[std::size_t(r)].size()); ++c) {
            auto* item = new QTableWidgetItem(qs(table.rows[std::size_t(r)][std::size_t(c)]));
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter
                                          : Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    m_table->resizeColumnsToContents();

    m_whyNot->clear();
    for (const std::string& line : whyNotLines(answer))
        m_whyNot->addItem(qs(line));
    m_chart->draw(m_question, answer);
}

} // namespace hedge
