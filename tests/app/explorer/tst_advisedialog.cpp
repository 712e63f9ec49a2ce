// Run → Advise… as a user meets it (docs/user-guide.md, "Advise"; docs/advisor.md): the form
// prefilled from the registry and the service (a delay from the service's p50 to its p99.9), a
// bad field named under its row with Advise disabled, a search run to its answer (table, front,
// why not), Add as Setup as one undo step that Ctrl+Z takes back, Stop keeping a partial answer
// marked unfinished, the report's "Why this setting" section (left out once the world changed),
// and the dialog whole at 1024 × 700. The runs are the reference preset at 20 000 calls a point;
// the test waits for the controller's signals, never for a time.
#include "ExplorerTestSupport.h"
#include "UserInput.h"

#include "AdviceAnswerView.h"
#include "AdviceDialog.h"
#include "AdviceFrontChart.h"
#include "AdviceQuestionForm.h"
#include "AdviceTool.h"
#include "FieldMessage.h"
#include "PolicyExportDialog.h"

#include <hedge/Knob.h>
#include <hedge/io/PolicyExport.h>
#include <hedge/io/Presets.h>
#include <hedge/run/AdviceController.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace hedge;

Q_DECLARE_METATYPE(hedge::AdviceAnswer)

namespace {

Scenario smallReference()
{
    Scenario s = findPreset("reference")->scenario;
    s.calls = 20000;
    return s;
}

void click(QAbstractButton* button)
{
    QVERIFY2(button->isVisible() && button->isEnabled(), qPrintable(button->text()));
    QTest::mouseClick(button, Qt::LeftButton);
}

const AdviceQuestionForm::KnobRow* row(AdviceQuestionForm* form, const char* field)
{
    for (const AdviceQuestionForm::KnobRow& r : form->knobRows())
        if (std::string(r.knob->field) == field)
            return &r;
    return nullptr;
}

// The shown message of the form, or empty.
QString shownMessage(AdviceQuestionForm* form)
{
    for (FieldMessage* m : form->messages())
        if (m->isVisible() && !m->text().isEmpty())
            return m->text();
    return {};
}

} // namespace

class TestAdviseDialog : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    // The window on the small reference, the setup `setupRow` selected, Run → Advise… open.
    AdviceDialog* openAdvise(int setupRow)
    {
        m_window = std::make_unique<MainWindow>(
            MainWindow::Options{.restoreSession = false, .runAtStart = false});
        m_window->setScenario(smallReference());
        m_window->resize(1024, 700);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return nullptr;
        test::setupList(*m_window)->setCurrentRow(setupRow);
        QAction* advise =
            test::menuAction(*m_window, QStringLiteral("&Run"), QStringLiteral("&Advise…"));
        if (!advise || advise->statusTip().isEmpty())
            return nullptr;
        advise->trigger();
        auto* dialog = m_window->findChild<AdviceDialog*>();
        if (dialog && !QTest::qWaitForWindowExposed(dialog))
            return nullptr;
        return dialog;
    }

    // A quick question typed in: the delay alone over `steps` values, two runs, held 30–60 %.
    void typeQuickQuestion(AdviceDialog* dialog, int steps)
    {
        AdviceQuestionForm* form = dialog->form();
        for (const AdviceQuestionForm::KnobRow& r : form->knobRows())
            if (r.search->isChecked() != (std::string(r.knob->field) == "hedge.delay_ms"))
                QTest::mouseClick(r.search, Qt::LeftButton, {}, QPoint(4, r.search->height() / 2));
        test::typeInto(row(form, "hedge.delay_ms")->steps, QString::number(steps));
        test::typeInto(form->collapseRunsBox(), QStringLiteral("2"));
        test::typeInto(form->holdToBox(), QStringLiteral("60"));
        QVERIFY2(form->isValid(), qPrintable(form->problem()));
        QCOMPARE(form->question().search.size(), std::size_t(1));
        QCOMPARE(form->question().heldLoads, (std::vector<double>{0.3, 0.6}));
    }

    const AdviceAnswer* runToAnswer(AdviceDialog* dialog)
    {
        AdviceController* controller = m_window->adviceTool()->controller();
        QSignalSpy finished(controller, &AdviceController::finished);
        QTest::mouseClick(dialog->adviseButton(), Qt::LeftButton);
        if (!controller->isRunning() && finished.isEmpty())
            return nullptr;
        if (finished.isEmpty() && !finished.wait(600000))
            return nullptr;
        return controller->answer() ? &*controller->answer() : nullptr;
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<AdviceAnswer>();
        test::startPrivateSession(QStringLiteral("tst_advisedialog"));
    }
    void cleanup() { m_window.reset(); }

    // The delay spans the service's p50 to its p99.9; a target of 0 is named under the loads
    // with Advise disabled, and the last good question is kept.
    void formIsPrefilledAndNamesABadField()
    {
        AdviceDialog* dialog = openAdvise(2);
        QVERIFY(dialog);
        AdviceQuestionForm* form = dialog->form();
        const Setup& setup = m_window->scenario().setups[2];
        QCOMPARE(form->setupBox()->currentText(), QString::fromStdString(setup.name));
        const auto* delay = row(form, "hedge.delay_ms");
        QVERIFY(delay);
        QVERIFY(delay->search->isChecked());
        const ServiceConfig& service = m_window->scenario().service;
        const double tolerance = std::pow(10.0, -delay->from->decimals());
        QVERIFY(std::abs(delay->from->value() - serviceTimeQuantile(service, 0.5)) <= tolerance);
        QVERIFY(std::abs(delay->to->value() - serviceTimeQuantile(service, 0.999)) <= tolerance);
        QVERIFY(delay->log->isChecked());
        // The question searched is the service's own quantiles, not the boxes' rounding.
        QCOMPARE(form->question().search.front().field, std::string("hedge.delay_ms"));
        QCOMPARE(form->question().search.front().from, serviceTimeQuantile(service, 0.5));
        QCOMPARE(form->collapseBoundLabel()->text(),
                 QStringLiteral("none in 10 runs: the chance of a collapse may still be up to "
                                "26 % (95 %)"));
        QVERIFY(dialog->adviseButton()->isEnabled());
        const AdviceQuestion good = form->question();

        test::typeInto(form->targetBox(), QStringLiteral("0"));
        QVERIFY(!form->isValid());
        const QString message = shownMessage(form);
        QVERIFY2(message.contains(QStringLiteral("target load")), qPrintable(message));
        QVERIFY(!dialog->adviseButton()->isEnabled());
        QVERIFY(form->question() == good);

        test::typeInto(form->targetBox(), QStringLiteral("60"));
        QVERIFY2(form->isValid(), qPrintable(form->problem()));
        QVERIFY(shownMessage(form).isEmpty());
        QVERIFY(dialog->adviseButton()->isEnabled());
        test::typeInto(form->collapseRunsBox(), QStringLiteral("20"));
        QVERIFY(form->collapseBoundLabel()->text().contains(QStringLiteral("14 %")));

        // Another family: its own knobs, its delay again from the service's p50 to its p99.9.
        QComboBox* family = form->familyBox();
        family->setFocus();
        QTest::keyClick(family, Qt::Key_Home);
        for (int i = 0; i < family->count() && family->currentText() != QStringLiteral("grpc"); ++i)
            QTest::keyClick(family, Qt::Key_Down);
        QCOMPARE(family->currentText(), QStringLiteral("grpc"));
        QVERIFY(!row(form, "hedge.delay_ms"));
        const auto* grpcDelay = row(form, "grpc.hedging_delay_ms");
        QVERIFY(grpcDelay);
        QVERIFY(grpcDelay->search->isChecked());
        QVERIFY(std::abs(grpcDelay->from->value() - serviceTimeQuantile(service, 0.5)) <=
                tolerance);
        QVERIFY(row(form, "grpc.max_attempts"));
        QVERIFY2(form->isValid(), qPrintable(form->problem()));
        QCOMPARE(form->question().stack.policy, PolicyFamily::Grpc);
    }

    // A search to its answer; Add as Setup adds the advised setting (one undo step, named after
    // it); the report holds "Why this setting"; Ctrl+Z takes the setup back.
    void adviseAddAsSetupAndUndo()
    {
        AdviceDialog* dialog = openAdvise(2);
        QVERIFY(dialog);
        typeQuickQuestion(dialog, 4);
        const std::size_t before = m_window->scenario().setups.size();
        const AdviceAnswer* answer = runToAnswer(dialog);
        QVERIFY(answer);
        QVERIFY(answer->finished);
        const AdviceCandidate* advised = answer->advisedCandidate();
        QVERIFY2(advised, qPrintable(dialog->answerView()->summaryLabel()->text()));
        QVERIFY(dialog->isAnswerShown());

        // The table: a column each for no hedge, the rule of thumb and the advised setting, as
        // the engine words them (a knob a line), a row per figure at each held load.
        QTableWidget* table = dialog->answerView()->table();
        QCOMPARE(table->columnCount(), 3);
        const auto setting = [&](int column) {
            return table->horizontalHeaderItem(column)->text().replace(QLatin1Char('\n'),
                                                                       QLatin1Char(' '));
        };
        QCOMPARE(setting(0), QStringLiteral("no hedge"));
        QVERIFY2(setting(1).startsWith(QStringLiteral("rule of thumb")), qPrintable(setting(1)));
        QCOMPARE(setting(2), QStringLiteral("advised: ") + QString::fromStdString(advised->label));
        QVERIFY(table->rowCount() >= 2 * 2); // the objective and requests per call, two loads
        QVERIFY2(table->verticalHeaderItem(0)->text().startsWith(QStringLiteral("p99")),
                 qPrintable(table->verticalHeaderItem(0)->text()));
        QVERIFY(!table->item(0, 2)->text().isEmpty());
        QCOMPARE(dialog->answerView()->frontChart()->pointCount(QStringLiteral("advised")), 1);
        QVERIFY(dialog->answerView()->frontChart()->pointCount(QStringLiteral("front")) >= 1);
        QCOMPARE(dialog->answerView()->frontChart()->pointCount(QStringLiteral("no hedge")), 1);
        QCOMPARE(dialog->answerView()->frontChart()->pointCount(QStringLiteral("rule of thumb")),
                 1);
        QVERIFY(!dialog->answerView()->summaryLabel()->text().isEmpty());
        QVERIFY(
            !dialog->answerView()->progressLabel()->text().contains(QStringLiteral("Unfinished")));

        click(dialog->addSetupButton());
        const Scenario& after = m_window->scenario();
        QCOMPARE(after.setups.size(), before + 1);
        const Setup& added = after.setups.back();
        QCOMPARE(QString::fromStdString(added.name),
                 QStringLiteral("advised: ") + QString::fromStdString(advised->label));
        QVERIFY(added.samePolicy(advised->setup));
        QListWidget* list = test::setupList(*m_window)->listWidget();
        QCOMPARE(list->count(), int(before + 1));
        QCOMPARE(list->item(list->count() - 1)->text(), QString::fromStdString(added.name));

        // Export Policy As…: the advised setting in its stack's configuration, named after it
        // (not "… 2" now that the list has it).
        click(dialog->exportButton());
        auto* exportDialog = dialog->findChild<PolicyExportDialog*>();
        QVERIFY(exportDialog);
        Setup named = advised->setup;
        named.name = "advised: " + advised->label;
        QCOMPARE(exportDialog->findChild<QPlainTextEdit*>(QStringLiteral("policyText"))
                     ->toPlainText()
                     .toStdString(),
                 exportPolicy(named).text);
        exportDialog->close();

        // The report: "Why this setting", with the advised row.
        const QString report = m_dir.filePath(QStringLiteral("report.html"));
        QVERIFY(!m_window->exportReport(report));
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QStringLiteral("<h2>Why this setting</h2>")));
        QVERIFY(html.contains(QString::fromStdString(advised->label).toHtmlEscaped()));
        QVERIFY(!m_window->exportReport(m_dir.filePath(QStringLiteral("report.pdf"))));

        click(dialog->findChild<QPushButton*>(QStringLiteral("adviceClose")));
        QTRY_VERIFY(!m_window->findChild<AdviceDialog*>());
        QAction* undo = nullptr; // its text names the step
        for (QAction* menu : m_window->menuBar()->actions())
            if (menu->menu() && menu->text() == QStringLiteral("&Edit"))
                undo = menu->menu()->actions().value(0);
        QVERIFY(undo);
        QCOMPARE(undo->text(), QStringLiteral("&Undo ") + QString::fromStdString(added.name));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        list->setFocus();
        QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(m_window->scenario().setups.size(), before);
        QCOMPARE(list->count(), int(before));
        for (const Setup& s : m_window->scenario().setups)
            QVERIFY(s.name != added.name);

        // Another world (the service changed): the report leaves the section out.
        Scenario other = m_window->scenario();
        other.service.medianMs *= 2.0;
        m_window->setScenario(other);
        QVERIFY(!m_window->exportReport(report));
        file.close(); // the report was written anew
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString without = QString::fromUtf8(file.readAll());
        QVERIFY(without.contains(QStringLiteral("<h2>Scenario</h2>")));
        QVERIFY(!without.contains(QStringLiteral("Why this setting")));
    }

    // Stop during a search keeps what it knew, marked unfinished.
    void stopKeepsAPartialAnswer()
    {
        AdviceDialog* dialog = openAdvise(2);
        QVERIFY(dialog);
        AdviceController* controller = m_window->adviceTool()->controller();
        QSignalSpy progress(controller, &AdviceController::progress);
        QSignalSpy finished(controller, &AdviceController::finished);
        QTest::mouseClick(dialog->adviseButton(), Qt::LeftButton); // the whole default search
        QVERIFY(controller->isRunning());
        // The sweep gives way (the runner's rule): none of its passes computes now.
        QVERIFY(!m_window->controller()->isRunning() || m_window->controller()->isWaiting());
        QVERIFY(progress.wait(600000));
        QVERIFY(dialog->answerView()->progressLabel()->text().contains(QStringLiteral("left")));
        click(dialog->answerView()->stopButton());
        QVERIFY(!finished.isEmpty() || finished.wait(600000));
        const auto answer = finished.at(0).at(0).value<AdviceAnswer>();
        QVERIFY(!answer.finished);
        QVERIFY(!answer.candidates.empty());
        QVERIFY(
            dialog->answerView()->progressLabel()->text().startsWith(QStringLiteral("Unfinished")));
        QVERIFY(
            dialog->answerView()->summaryLabel()->text().startsWith(QStringLiteral("Unfinished")));
        QVERIFY(!dialog->answerView()->stopButton()->isEnabled());
        // The sweep gave way while the advisor ran; it runs what it misses now.
        QVERIFY(m_window->controller()->isPendingOrRunning() ||
                m_window->controller()->isComplete());
    }

    // At 1024 × 700 the form and the answer are whole: no field or label cut, the table, the
    // front and the why-not list on screen.
    void dialogFitsAt1024x700()
    {
        AdviceDialog* dialog = openAdvise(2);
        QVERIFY(dialog);
        QVERIFY(dialog->minimumSizeHint().width() <= 1024);
        QVERIFY(dialog->minimumSizeHint().height() <= 700);
        dialog->resize(1024, 700);
        QTRY_COMPARE(dialog->size(), QSize(1024, 700));
        auto* scroll = dialog->findChild<QScrollArea*>();
        QVERIFY(scroll);
        QVERIFY2(dialog->form()->minimumSizeHint().width() <= scroll->viewport()->width(),
                 qPrintable(QStringLiteral("form needs %1 px of %2")
                                .arg(dialog->form()->minimumSizeHint().width())
                                .arg(scroll->viewport()->width())));
        // The first label or button of `page` cut short, or empty: a wrapped label lower than
        // its text needs, another narrower than its text, a button narrower than its text.
        const auto firstCut = [&](QWidget* page) -> QString {
            for (QLabel* label : page->findChildren<QLabel*>()) {
                if (!label->isVisibleTo(dialog) || label->text().isEmpty())
                    continue;
                if (label->wordWrap() ? label->height() < label->heightForWidth(label->width())
                                      : label->width() < label->sizeHint().width())
                    return label->text();
            }
            for (QAbstractButton* b : page->findChildren<QAbstractButton*>())
                if (b->isVisibleTo(dialog) && !b->text().isEmpty() &&
                    b->width() < b->sizeHint().width())
                    return b->text();
            return {};
        };
        QTRY_COMPARE(firstCut(dialog->form()), QString());
        // Every knob searched by default (the advised row's name is then long), few values.
        AdviceQuestionForm* form = dialog->form();
        test::typeInto(row(form, "hedge.delay_ms")->steps, QStringLiteral("3"));
        test::typeInto(row(form, "hedge.budget_percent")->steps, QStringLiteral("2"));
        test::typeInto(form->collapseRunsBox(), QStringLiteral("2"));
        QVERIFY2(form->isValid(), qPrintable(form->problem()));
        QCOMPARE(form->question().search.size(), std::size_t(3));
        QCOMPARE(form->question().heldLoads.size(), std::size_t(4));
        QVERIFY(runToAnswer(dialog));
        QTRY_VERIFY(dialog->answerView()->isVisible());
        QTRY_COMPARE(firstCut(dialog), QString());
        const QRect inside = dialog->rect();
        for (QWidget* part : {static_cast<QWidget*>(dialog->answerView()->table()),
                              static_cast<QWidget*>(dialog->answerView()->frontChart()),
                              static_cast<QWidget*>(dialog->answerView()->whyNotList()),
                              static_cast<QWidget*>(dialog->addSetupButton()),
                              static_cast<QWidget*>(dialog->exportButton())}) {
            const QRect r(part->mapTo(dialog, QPoint(0, 0)), part->size());
            QVERIFY2(inside.contains(r), qPrintable(part->objectName()));
        }
        QVERIFY(dialog->answerView()->frontChart()->height() >= 200);
        // The table's ten columns across the dialog, without a sideways scroll.
        QTableWidget* table = dialog->answerView()->table();
        QVERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
                 qPrintable(QStringLiteral("table needs %1 px of %2")
                                .arg(table->horizontalHeader()->length())
                                .arg(table->viewport()->width())));
        QVERIFY(dialog->answerView()->table()->height() >= 3 * 20);
    }
};

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    TestAdviseDialog test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_advisedialog.moc"
