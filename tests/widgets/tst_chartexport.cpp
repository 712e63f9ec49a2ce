#include "TestPoints.h"

#include <widgets/ChartExport.h>
#include <widgets/MetricChartView.h>

#include <QApplication>
#include <QChart>
#include <QClipboard>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QMimeData>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <cmath>

using namespace hedge;

namespace {

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

bool imageHasColour(const QImage& image, const QColor& colour)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            if (QColor(rgb.pixel(x, y)) == colour)
                return true;
        }
    }
    return false;
}

} // namespace

class TestChartExport : public QObject {
    Q_OBJECT

private slots:
    void init();
    void pngHasTheRequestedSize_data();
    void pngHasTheRequestedSize();
    void pngRefusesBadInput();
    void failedExportKeepsTheOldFile();
    void svgParses();
    void pdfIsAPdf();
    void renderKeepsTheViewLayout();
    void clipboardGetsImageAndSvg();
    void smallChartOnScreenExportsReadably();

private:
    std::unique_ptr<MetricChartView> m_view;
    QTemporaryDir m_dir;
};

void TestChartExport::init()
{
    QVERIFY(m_dir.isValid());
    m_view = std::make_unique<MetricChartView>(Metric::P99);
    m_view->setSeriesStyles(test::sampleStyles());
    m_view->setPoints(test::samplePoints());
    m_view->resize(700, 420);
}

void TestChartExport::pngHasTheRequestedSize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<qreal>("scale");
    QTest::addColumn<QSize>("pixels");
    QTest::newRow("1x") << QSize(640, 360) << 1.0 << QSize(640, 360);
    QTest::newRow("2x") << QSize(800, 450) << 2.0 << QSize(1600, 900);
    QTest::newRow("1.5x odd") << QSize(333, 211) << 1.5 << QSize(500, 317);
}

void TestChartExport::pngHasTheRequestedSize()
{
    QFETCH(QSize, size);
    QFETCH(qreal, scale);
    QFETCH(QSize, pixels);
    const QString path = m_dir.filePath(QStringLiteral("chart.png"));
    const std::optional<QString> error = exportChartPng(m_view.get(), path, size, scale);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QImageReader reader(path);
    QCOMPARE(reader.format(), QByteArray("png"));
    const QImage image = reader.read();
    QCOMPARE(image.size(), pixels);
    // A chart, not a blank image: lines, text, the collapse marker's red.
    QVERIFY(distinctColours(image) > 20);
    QVERIFY(imageHasColour(image, QColor(0xC8, 0x10, 0x10)));
    QCOMPARE(renderChart(m_view.get(), size, scale).size(), pixels);
}

void TestChartExport::pngRefusesBadInput()
{
    const QString path = m_dir.filePath(QStringLiteral("bad.png"));
    QVERIFY(exportChartPng(m_view.get(), path, QSize(0, 100), 1.0));
    QVERIFY(exportChartPng(m_view.get(), path, QSize(100, 100), 0.0));
    QVERIFY(!QFile::exists(path));
    const QString missingDir = m_dir.filePath(QStringLiteral("no/such/dir/x.png"));
    const std::optional<QString> error =
        exportChartPng(m_view.get(), missingDir, QSize(100, 100), 1.0);
    QVERIFY(error);
    QVERIFY(error->contains(QStringLiteral("x.png")));
    QVERIFY(exportChartSvg(m_view.get(), m_dir.filePath(QStringLiteral("no/x.svg")), {}));
    QVERIFY(exportChartPdf(m_view.get(), m_dir.filePath(QStringLiteral("no/x.pdf"))));
}

void TestChartExport::failedExportKeepsTheOldFile()
{
    const QString path = m_dir.filePath(QStringLiteral("keep.png"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("previous export");
    }
    QVERIFY(exportChartPng(m_view.get(), path, QSize(100, 100), 100.0)); // refused scale
    QFile kept(path);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("previous export"));
}

void TestChartExport::svgParses()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.svg"));
    const std::optional<QString> error = exportChartSvg(m_view.get(), path, QSize(900, 500));
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    // QSvgRenderer reads the mm size at 90 dpi; the view box is the layout size.
    QCOMPARE(renderer.viewBoxF(), QRectF(0, 0, 900, 500));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int elements = 0;
    QString root;
    QStringList texts;
    bool inText = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (elements++ == 0)
                root = xml.name().toString();
            inText = xml.name() == QLatin1String("text");
        } else if (xml.isCharacters() && inText) {
            texts << xml.text().toString().trimmed();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QStringLiteral("svg"));
    QVERIFY(elements > 50);
    // Text stays text (searchable, editable): the title, an axis title, a legend entry.
    QVERIFY(texts.contains(QStringLiteral("p99 latency vs load")));
    QVERIFY(texts.contains(QStringLiteral("p99 latency (ms)")));
    QVERIFY(texts.contains(QStringLiteral("hedge, no budget / client")));
}

void TestChartExport::pdfIsAPdf()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.pdf"));
    const std::optional<QString> error = exportChartPdf(m_view.get(), path);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    QVERIFY(bytes.size() > 5000);
    QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page\r") +
                 bytes.count("/Type /Page>") + bytes.count("/Type /Page "),
             1);
}

void TestChartExport::renderKeepsTheViewLayout()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    const QRectF geometry = m_view->chart()->geometry();
    const QRectF plot = m_view->chart()->plotArea();
    const QImage image = renderChart(m_view.get(), QSize(1200, 300), 1.0);
    QCOMPARE(image.size(), QSize(1200, 300));
    QCOMPARE(m_view->chart()->geometry(), geometry);
    QCOMPARE(m_view->chart()->plotArea(), plot);
}

void TestChartExport::clipboardGetsImageAndSvg()
{
    QApplication::clipboard()->clear();
    copyChartToClipboard(m_view.get());
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    QVERIFY(mime);
    QVERIFY(mime->hasImage());
    const QImage image = qvariant_cast<QImage>(mime->imageData());
    QVERIFY(!image.isNull());
    QVERIFY(distinctColours(image) > 20);
    QVERIFY(mime->hasFormat(QStringLiteral("image/svg+xml")));
    QSvgRenderer svg(mime->data(QStringLiteral("image/svg+xml")));
    QVERIFY(svg.isValid());
}

// Issue 37, item 10: a chart of a 1024 × 700 window is 388 × 200 on screen; its SVG and PDF
// were laid out that small and cut their labels ("50..."). Without a size they get room of
// their own: 1200 × 750 for SVG, an A4 landscape page for PDF.
void TestChartExport::smallChartOnScreenExportsReadably()
{
    m_view->resize(388, 200);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    const QString svg = m_dir.filePath(QStringLiteral("small.svg"));
    QVERIFY(!exportChartSvg(m_view.get(), svg, {}));
    QSvgRenderer renderer(svg);
    QCOMPARE(renderer.viewBoxF(), QRectF(0, 0, 1200, 750));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QStringList texts;
    bool inText = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement())
            inText = xml.name() == QLatin1String("text");
        else if (xml.isCharacters() && inText && !xml.text().trimmed().isEmpty())
            texts << xml.text().toString().trimmed();
    }
    // The full title and axis title, the load labels whole, nothing elided.
    QVERIFY(texts.contains(QStringLiteral("p99 latency vs load")));
    QVERIFY(texts.contains(QStringLiteral("p99 latency (ms)")));
    QVERIFY2(texts.contains(QStringLiteral("50 %")) || texts.contains(QStringLiteral("50%")),
             qPrintable(texts.join(QStringLiteral(" | "))));
    for (const QString& t : texts)
        QVERIFY2(!t.endsWith(QStringLiteral("...")) && !t.endsWith(QStringLiteral("…")),
                 qPrintable(t));

    const QString pdf = m_dir.filePath(QStringLiteral("small.pdf"));
    QVERIFY(!exportChartPdf(m_view.get(), pdf));
    QCOMPARE(pdfPageSize(m_view.get()),
             QSize(int(std::lround(297.0 / 25.4 * m_view->logicalDpiY())),
                   int(std::lround(210.0 / 25.4 * m_view->logicalDpiY()))));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    // A4 landscape: 842 × 595 points.
    const QByteArray bytes = pdfFile.readAll();
    static const QRegularExpression box(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
    const QRegularExpressionMatch m = box.match(QString::fromLatin1(bytes));
    QVERIFY(m.hasMatch());
    QVERIFY2(std::abs(m.captured(1).toDouble() - 841.9) < 2.0, qPrintable(m.captured(0)));
    QVERIFY2(std::abs(m.captured(2).toDouble() - 595.3) < 2.0, qPrintable(m.captured(0)));
}

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
