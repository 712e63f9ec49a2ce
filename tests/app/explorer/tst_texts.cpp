// Texts a person reads: the Export Chart dialog's labels show no stray "&", and the HTML
// report writes numbers as people do (200 000 calls, 2 %) and includes the preset's
// explanation.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include <hedge/io/Presets.h>

#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
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
};

QTEST_MAIN(TestTexts)
#include "tst_texts.moc"
