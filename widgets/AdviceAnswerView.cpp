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

#include <algorithm>

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

    // The engine's table turned on its side: a column per setting (no hedge, the rule of thumb,
    // the advised one), a row per figure, so that the figures' spreads fit a 1024 px dialog.
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("adviceTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    m_chart = new AdviceFrontChart(this);
    m_whyNot = new QListWidget(this);
    m_whyNot->setObjectName(QStringLiteral("adviceWhyNot"));
    m_whyNot->setWordWrap(true);
    auto* whyBox = new QWidget(this);
    auto* whyLayout = new QVBoxLayout(whyBox);
    whyLayout->setContentsMargins(0, 0, 0, 0);
    m_whyNotTitle = new QLabel(tr("<b>Why not the others</b>"), whyBox);
    whyLayout->addWidget(m_whyNotTitle);
    whyLayout->addWidget(m_whyNot, 1);

    // The table (as tall as its rows) beside the why-not list; the front under both, as wide as
    // the dialog, with the height that is left: at 1024 × 700 every label of it whole.
    auto* upper = new QSplitter(Qt::Horizontal, this);
    upper->addWidget(m_table);
    upper->addWidget(whyBox);
    upper->setStretchFactor(0, 0);
    upper->setStretchFactor(1, 1);
    upper->setChildrenCollapsible(false);
    upper->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(upper);
    layout->addWidget(m_chart, 1);
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
    m_table->hide(); // until there is an answer
    m_whyNot->clear();
    m_chart->clear();
}

QString AdviceAnswerView::progressText(const AdviceQuestion& question, const AdviceAnswer& soFar)
{
    const int left = int(soFar.candidatesLeft);
    QString text = tr("%1 · %2 left")
                       .arg(QString::fromLatin1(toString(soFar.stage)),
                            left == 1 ? tr("1 candidate") : tr("%1 candidates").arg(left));
    // The search's own best so far (the stage under way's; once finished, the advised one), as
    // hedgesim advise reports it.
    const AdviceCandidate* best = soFar.bestSoFar && *soFar.bestSoFar < soFar.candidates.size()
                                      ? &soFar.candidates[*soFar.bestSoFar]
                                      : soFar.advisedCandidate();
    std::optional<double> bestFigure;
    const std::size_t t = AdviceFrontChart::targetIndex(question);
    if (best && t < best->figures.size())
        bestFigure = objectiveFigure(best->figures[t], question.objective);
    if (best && bestFigure)
        text += tr(" · best so far: %1 (%2 %3 ms)")
                    .arg(qs(best->label), QString::fromLatin1(toString(question.objective)))
                    .arg(*bestFigure, 0, 'g', 3);
    return text;
}

void AdviceAnswerView::showWhyNot(const AdviceAnswer& answer)
{
    const std::vector<std::string> whyNot = whyNotLines(answer);
    // While the search runs the list grows at the end: only the new lines are added.
    if (m_whyNot->count() > int(whyNot.size()))
        m_whyNot->clear();
    for (int i = 0; i < int(whyNot.size()); ++i) {
        const QString line = qs(whyNot[std::size_t(i)]);
        if (i < m_whyNot->count())
            m_whyNot->item(i)->setText(line);
        else
            m_whyNot->addItem(line);
    }
    m_whyNotTitle->setText(tr("<b>Why not the others</b> (%1)").arg(whyNot.size()));
}

void AdviceAnswerView::showProgress(const AdviceAnswer& soFar)
{
    m_progress->setText(progressText(m_question, soFar));
    showWhyNot(soFar);
    m_chart->draw(m_question, soFar);
}

void AdviceAnswerView::showAnswer(const AdviceAnswer& answer)
{
    m_stop->setEnabled(false);
    const int tried = int(answer.candidates.size());
    QString done = tried == 1 ? tr("Finished: 1 candidate tried")
                              : tr("Finished: %1 candidates tried").arg(tried);
    if (answer.runs > 0)
        done += tr(", %1 runs").arg(answer.runs);
    const int left = int(answer.candidatesLeft);
    m_progress->setText(
        answer.finished ? done
                        : tr("Unfinished: stopped with %1 left; the figures below are what "
                             "the search knew")
                              .arg(left == 1 ? tr("1 candidate") : tr("%1 candidates").arg(left)));
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
    const int figures = std::max(0, int(table.columns.size()) - 1);
    m_table->setRowCount(figures);
    m_table->setColumnCount(int(table.rows.size()));
    QStringList settings;
    for (const auto& row : table.rows) {
        // "advised: delay 15.9 ms, max attempts 2, budget 4.4 %" a knob a line.
        QString name = row.empty() ? QString() : qs(row.front());
        name.replace(QStringLiteral(": "), QStringLiteral(":\n"))
            .replace(QStringLiteral(", "), QStringLiteral(",\n"));
        settings << name;
    }
    m_table->setHorizontalHeaderLabels(settings);
    QStringList names;
    for (int f = 0; f < figures; ++f)
        names << qs(table.columns[std::size_t(f) + 1]);
    m_table->setVerticalHeaderLabels(names);
    for (int c = 0; c < int(table.rows.size()); ++c)
        for (int f = 0; f < figures; ++f) {
            const auto& row = table.rows[std::size_t(c)];
            const std::size_t cell = std::size_t(f) + 1;
            auto* item = new QTableWidgetItem(cell < row.size() ? qs(row[cell]) : QString());
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(f, c, item);
        }
    m_table->resizeColumnsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);
    m_table->setVisible(figures > 0);
    m_table->setMinimumWidth(m_table->verticalHeader()->sizeHint().width() +
                             m_table->horizontalHeader()->length() + 2 * m_table->frameWidth());

    showWhyNot(answer);
    m_chart->draw(m_question, answer);
}

} // namespace hedge
