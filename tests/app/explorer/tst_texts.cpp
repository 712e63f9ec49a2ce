// Texts a person reads: the Export Chart dialog's labels show no stray "&", and the HTML
// report writes numbers as people do (200 000 calls, 2 %) and includes the preset's
// explanation; the report (HTML and PDF) describes the service's topology and where each
// setup's hedges go.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include <hedge/io/Presets.h>

#include <widgets/ReportWriter.h>

#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTimer>
#include <QtTest>

using namespace hedge;

class TestTexts : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_texts"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void exportChartDialogShowsNoAmpersand()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QStringList shown;
        QStringList literal;
        bool opened = false;
        QTimer::singleShot(0, &w, [&] {
            auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            opened = true;
            for (QLabel* label : dialog->findChildren<QLabel*>()) {
                shown << label->text();
                // A label shows its "&" as typed unless it has a buddy to underline a key for.
                if (label->text().contains(QLatin1Char('&')) && !label->buddy())
                    literal << label->text();
            }
            dialog->reject();
        });
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QVERIFY(opened);
        QVERIFY2(shown.contains(QStringLiteral("&Size:")), qPrintable(shown.join(u'|')));
        QVERIFY2(literal.isEmpty(), qPrintable(literal.join(u'|')));
    }

    void reportWritesNumbersForPeopleAndTheExplanation()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("reference")));
        Scenario s = w.scenario();
        QCOMPARE(s.calls, std::int64_t{200000});
        const QString path = m_dir.filePath(QStringLiteral("report.html"));
        QCOMPARE(w.exportReport(path), std::nullopt);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(f.readAll());
        const QString summary = html.section(QStringLiteral("<h2>Scenario</h2>"), 1, 1)
                                    .section(QStringLiteral("<details>"), 0, 0);
        QVERIFY2(!summary.contains(QStringLiteral("e+")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("200") + QChar(0x202F) + QStringLiteral("000")),
                 qPrintable(summary));
        QVERIFY2(!summary.contains(QStringLiteral("probability 0.")), qPrintable(summary));
        // The reference service: 2 % hiccups of 100–300 ms, no errors.
        QVERIFY2(summary.contains(QStringLiteral("2 % of the attempts, 100–300 ms")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("0 % of the attempts")), qPrintable(summary));
        const Preset* reference = findPreset("reference");
        QVERIFY(
            html.contains(QString::fromStdString(reference->explanation).left(60).toHtmlEscaped()));
    }

    // Presets → Slow replica, File → Export Report as PDF… and as HTML…: the summary names
    // the replicas, the balancer and the slow periods, and the two hedged setups, which differ
    // only in where their hedges go, are described differently.
    void reportDescribesTheTopologyAndWhereHedgesGo()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const Preset* slow = findPreset("slow-replica");
        test::menuAction(w, QStringLiteral("&Presets"), QString::fromStdString(slow->title))
            ->trigger();
        QCOMPARE(w.scenario(), slow->scenario);
        const auto checkSummary = [&w](const QString& text) {
            for (const char* said :
                 {"4 workers per replica", "4 replicas of 4 workers", "random balancer",
                  "slow periods 3 a minute per replica, 1000 ms long, at 10 ×"})
                QVERIFY2(text.contains(QString::fromUtf8(said)), said);
            QStringList described;
            for (const Setup& s : w.scenario().setups) {
                const QString name = QString::fromStdString(s.name) + QStringLiteral(" — ");
                const qsizetype at = text.indexOf(name);
                QVERIFY2(at >= 0, qPrintable(name));
                described << text.mid(at + name.size()).section(QLatin1Char('\n'), 0, 0).trimmed();
            }
            QCOMPARE(described.size(), 3);
            QVERIFY2(described[1] != described[2], qPrintable(described[1]));
            QVERIFY2(described[2].contains(QStringLiteral("hedges to another replica")),
                     qPrintable(described[2]));
            // The setup list's tooltips say the same.
            QListWidget* list = test::setupList(w)->listWidget();
            for (int row = 0; row < 3; ++row)
                QVERIFY2(list->item(row)->toolTip().endsWith(described[row]),
                         qPrintable(list->item(row)->toolTip()));
        };

        const QString pdf = m_dir.filePath(QStringLiteral("slow-replica.pdf"));
        test::answerFileDialog(pdf);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export Report as &PDF…"))
            ->trigger();
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.readAll().startsWith("%PDF-"));
        // The PDF draws this summary of the scenario it reports (its text is not searchable
        // in the file: the fonts are subsets).
        QTextDocument summary;
        summary.setHtml(scenarioSummaryHtml(w.scenario()));
        checkSummary(summary.toPlainText());
        if (QTest::currentTestFailed())
            return;

        const QString html = m_dir.filePath(QStringLiteral("slow-replica.html"));
        test::answerFileDialog(html);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export &Report as HTML…"))
            ->trigger();
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        QTextDocument page;
        page.setHtml(
            QString::fromUtf8(htmlFile.readAll()).section(QStringLiteral("<details>"), 0, 0));
        checkSummary(page.toPlainText());
    }
};

QTEST_MAIN(TestTexts)
#include "tst_texts.moc"
