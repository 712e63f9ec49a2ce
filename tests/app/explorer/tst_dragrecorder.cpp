// The recorder of bench/explorer/explorer_record_drag (scripts/record-delay-drag.sh): a mouse
// drag of a knob slider, recorded from the press until after the release, frames of the window
// as shown with the pointer on the handle, in the order they were taken.
#include "HeldMouse.h"
#include "DragRecorder.h"
#include "KnobSlider.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QHBoxLayout>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;
using hedge::test::moveHeldMouse;

namespace {

struct Row {
    QString file;
    qint64 ms;
};

QList<Row> readTimes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QList<Row> rows;
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].split('\t');
        if (cells.size() == 2)
            rows.append({QString::fromUtf8(cells[0]), cells[1].toLongLong()});
    }
    return rows;
}

// The darkest pixel around `centre`: the pointer's black fill where it is drawn.
int darkest(const QImage& image, QPoint centre)
{
    int least = 255;
    for (int dy = 2; dy <= 12; ++dy)
        for (int dx = 1; dx <= 4; ++dx)
            least = std::min(least, qGray(image.pixel(centre + QPoint(dx, dy))));
    return least;
}

} // namespace

class TestDragRecorder : public QObject {
    Q_OBJECT
private slots:
    void recordsTheDragWithThePointerOnTheHandle()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QWidget window;
        window.setAutoFillBackground(true);
        auto* box = new QDoubleSpinBox(&window);
        box->setRange(0.0, 1000.0);
        auto* slider = new KnobSlider(box, KnobSlider::Scale{0.0, 1000.0, 0.0}, &window);
        auto* layout = new QHBoxLayout(&window);
        layout->addWidget(box);
        layout->addWidget(slider, 1);
        window.resize(400, 60);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const QString frames = dir.filePath(QStringLiteral("frames"));
        DragRecorder recorder(&window, slider, frames, 20, 100, nullptr);
        QSignalSpy written(&recorder, &DragRecorder::written);

        const QPoint start = slider->handleRect().center();
        const QPoint startInWindow = slider->mapTo(&window, start);
        QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
        QVERIFY(slider->isSliderDown());
        const int travel = slider->width() / 2;
        for (int step = 1; step <= 10; ++step) {
            moveHeldMouse(slider, start + QPoint(travel * step / 10, 0));
            QTest::qWait(30);
        }
        const QPoint end = slider->handleRect().center();
        const QPoint endInWindow = slider->mapTo(&window, end);
        QVERIFY(end.x() > start.x() + travel / 2);
        QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, start + QPoint(travel, 0));
        QVERIFY(written.isEmpty()); // the tail after the release is recorded too
        QVERIFY(written.wait(60000));
        QCOMPARE(written.first().first().toBool(), true);

        const QList<Row> rows = readTimes(QDir(frames).filePath(QStringLiteral("frames.tsv")));
        QVERIFY2(rows.size() >= 3, QByteArray::number(rows.size()));
        // The frames in the order they were taken, their times never going back: what the
        // GIF plays. How many milliseconds apart depends on the machine's load, not asserted.
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].file, QStringLiteral("frame-%1.png").arg(i, 4, 10, QLatin1Char('0')));
            QVERIFY(rows[i].ms >= 0);
            if (i > 0)
                QVERIFY(rows[i].ms >= rows[i - 1].ms);
        }

        const QImage first(QDir(frames).filePath(rows.first().file));
        const QImage last(QDir(frames).filePath(rows.last().file));
        QCOMPARE(first.size(), window.size());
        QCOMPARE(last.size(), window.size());
        // The pointer sits on the handle where the hand held it, in each frame.
        QVERIFY(darkest(first, startInWindow) < 40);
        QVERIFY(darkest(last, endInWindow) < 40);
        QVERIFY(darkest(last, startInWindow) > 40);
        // Without the pointer the window has no such black there.
        QVERIFY(darkest(window.grab().toImage(), endInWindow) > 40);
        // The field followed the drag, and the last frame shows it.
        QVERIFY(box->value() > 400.0);
        QCOMPARE(last.copy(box->geometry()), window.grab(box->geometry()).toImage().convertToFormat(last.format()));
    }
};

QTEST_MAIN(TestDragRecorder)
#include "tst_dragrecorder.moc"
