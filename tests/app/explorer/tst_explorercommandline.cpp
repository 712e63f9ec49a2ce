// The built hedge-explorer program asked for its help, its version or given a wrong option
// where there is no display at all (a terminal over ssh, a build server, a packager's
// chroot): it answers and exits, it does not abort trying to open a window.
#include <hedge/Version.h>

#include <QProcess>
#include <QtTest>

class TestExplorerCommandLine : public QObject {
    Q_OBJECT

    struct Outcome {
        QProcess::ExitStatus status;
        int code;
        QByteArray out, err;
    };

    // No platform chosen and nothing to connect to: Qt would try xcb and abort.
    static Outcome runWithoutDisplay(const QStringList& arguments)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(name));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(HEDGE_EXPLORER_PATH), arguments);
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
        }
        return {p.exitStatus(), p.exitCode(), p.readAllStandardOutput(),
                p.readAllStandardError()};
    }

private slots:
    void helpPrintsTheOptions_data()
    {
        QTest::addColumn<QString>("option");
        QTest::newRow("--help") << QStringLiteral("--help");
        QTest::newRow("-h") << QStringLiteral("-h");
        QTest::newRow("--help-all") << QStringLiteral("--help-all");
    }

    void helpPrintsTheOptions()
    {
        QFETCH(QString, option);
        const Outcome o = runWithoutDisplay({option});
        QCOMPARE(o.status, QProcess::NormalExit);
        QVERIFY2(o.code == 0, o.err.constData());
        QVERIFY(o.out.contains("hedge-explorer [options]")); // "Usage: /path/to/hedge-explorer ..."
        QVERIFY(o.out.contains("--preset <NAME>"));
        QVERIFY(o.out.contains("tail-cutting")); // the preset names, from the engine
        // What a user can use, as the man page lists it, and nothing else: the options (with
        // Qt's --help-all) and the scenario file.
        QStringList options;
        for (const QByteArray& line : o.out.split('\n'))
            if (line.trimmed().startsWith("--"))
                options << QString::fromUtf8(line.trimmed().split(' ').front());
        // --help-all adds Qt's own options (--qmljsdebugger) after ours.
        if (option == QLatin1String("--help-all"))
            options = options.mid(0, 8);
        QCOMPARE(options, (QStringList{QStringLiteral("--help-all"), QStringLiteral("--preset"),
                                       QStringLiteral("--lesson"), QStringLiteral("--palette"), QStringLiteral("--charts"),
                                       QStringLiteral("--size"), QStringLiteral("--overlay"),
                                       QStringLiteral("--live-speed")}));
        QVERIFY(o.out.contains("-h, --help"));
        QVERIFY(o.out.contains("-v, --version"));
        QVERIFY(o.out.contains("SCENARIO.json"));
    }

    void measurementOptionsAreNotTheProgramsAnyMore_data()
    {
        QTest::addColumn<QString>("option");
        // Now the bench programs' (bench/explorer/), never the shipped program's.
        for (const char* option : {"--measure", "--measure-edit", "--measure-live",
                                   "--screenshot=x.png", "--record-drag=dir"})
            QTest::newRow(option) << QString::fromLatin1(option);
    }

    void measurementOptionsAreNotTheProgramsAnyMore()
    {
        QFETCH(QString, option);
        const Outcome o = runWithoutDisplay({option});
        QCOMPARE(o.status, QProcess::NormalExit);
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains("Unknown option"), o.err.constData());
    }

    void aBadPaletteIsNamedWithWhatIsAllowed()
    {
        const Outcome o = runWithoutDisplay({QStringLiteral("--palette"), QStringLiteral("blue")});
        QCOMPARE(o.status, QProcess::NormalExit);
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("--palette: \"blue\" is not a palette (allowed light, dark)"),
                 o.err.constData());
    }

    void versionPrintsTheVersion()
    {
        const Outcome o = runWithoutDisplay({QStringLiteral("--version")});
        QCOMPARE(o.status, QProcess::NormalExit);
        QVERIFY2(o.code == 0, o.err.constData());
        QCOMPARE(o.out.trimmed(), QByteArray("hedge-explorer ") + hedge::kVersion);
    }

    void aWrongOptionIsNamed()
    {
        const Outcome o = runWithoutDisplay({QStringLiteral("--no-such-option")});
        QCOMPARE(o.status, QProcess::NormalExit);
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains("no-such-option"), o.err.constData());
        QVERIFY(!o.err.contains("display"));
    }

    void anOptionForQtStillReachesQt()
    {
        // "-platform offscreen" is Qt's: it is not refused as unknown, and the window starts
        // (offscreen, so without a display); --version then answers as usual.
        const Outcome o = runWithoutDisplay(
            {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--version")});
        QCOMPARE(o.status, QProcess::NormalExit);
        QVERIFY2(o.code == 0, o.err.constData());
        QCOMPARE(o.out.trimmed(), QByteArray("hedge-explorer ") + hedge::kVersion);
    }
};

QTEST_GUILESS_MAIN(TestExplorerCommandLine)
#include "tst_explorercommandline.moc"
