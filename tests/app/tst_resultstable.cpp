// hedgesim's table: columns, alignment, groups, absent latencies, collapse mark.
#include "ResultsTable.h"

#include <QStringList>
#include <QTest>

#include <clocale>

using namespace hedge;
using hedge::cli::ResultsTable;

namespace {

PointResult point(const char* setup, double load, double p99, bool collapsed = false)
{
    PointResult p;
    p.setup = setup;
    p.load = load;
    p.p99Ms = p99;
    p.p999Ms = p99 * 1.5;
    p.requestsPerCall = 1.0234;
    p.rejectedFraction = 0.0013;
    p.utilisation = load;
    p.collapsed = collapsed;
    return p;
}

QStringList linesOf(const std::string& text)
{
    return QString::fromStdString(text).split('\n');
}

} // namespace

class TestResultsTable : public QObject {
    Q_OBJECT

private slots:
    void layout()
    {
        std::vector<PointResult> points{point("no hedge / client", 0.3, 201.34),
                                        point("no hedge / client", 0.85, 12345.67, true),
                                        point("hedge, default budget / client", 0.3, 30.05),
                                        point("hedge, default budget / client", 0.85, 45.0)};
        points[3].p99Ms.reset();
        points[3].p999Ms.reset();
        const std::string text = ResultsTable(points).format();
        const QStringList lines = linesOf(text);
        QCOMPARE(lines[0], QString("setup                           load   p99 ms  p99.9 ms  "
                                   "req/call  rejected    util"));
        QCOMPARE(lines[1], QString("no hedge / client                0.3    201.3     302.0     "
                                   "1.023    0.13 %  30.0 %"));
        QCOMPARE(lines[2], QString("                                0.85  12345.7   18518.5     "
                                   "1.023    0.13 %  85.0 %  COLLAPSED"));
        QCOMPARE(lines[3], QString()); // a blank line between setups
        QCOMPARE(lines[4], QString("hedge, default budget / client   0.3     30.1      45.1     "
                                   "1.023    0.13 %  30.0 %"));
        QCOMPARE(lines[5], QString("                                0.85        -         -     "
                                   "1.023    0.13 %  85.0 %"));
        QVERIFY(lines[7].startsWith("COLLAPSED: "));
        QCOMPARE(lines.size(), 9); // the legend ends with a newline
    }

    void failedColumnOnlyWithFailures()
    {
        std::vector<PointResult> points{point("a", 0.5, 10.0), point("a", 0.7, 10.0)};
        QVERIFY(ResultsTable(points).format().find("failed") == std::string::npos);
        points[1].failedFraction = 0.0234;
        const QStringList lines = linesOf(ResultsTable(points).format());
        QCOMPARE(lines[0], QString("setup  load  p99 ms  p99.9 ms  req/call  rejected  failed"
                                   "    util"));
        QCOMPARE(lines[1], QString("a       0.5    10.0      15.0     1.023    0.13 %  0.00 %"
                                   "  50.0 %"));
        QCOMPARE(lines[2], QString("        0.7    10.0      15.0     1.023    0.13 %  2.34 %"
                                   "  70.0 %"));
    }

    void noLegendWithoutCollapse()
    {
        const std::string text = ResultsTable({point("a", 0.5, 10.0)}).format();
        QVERIFY(text.find("COLLAPSED") == std::string::npos);
        QCOMPARE(linesOf(text).size(), 3);
    }

    void wideCharactersAlign()
    {
        // "ü" is two bytes but one column: the load column must still line up.
        const std::string text =
            ResultsTable({point("ü", 0.5, 10.0), point("u", 0.5, 10.0)}).format();
        const QStringList lines = linesOf(text);
        QCOMPARE(lines[1].indexOf("0.5"), lines[3].indexOf("0.5"));
        QCOMPARE(ResultsTable::displayWidth("ünï"), std::size_t(3));
    }

    void numbersIgnoreTheLocale()
    {
        // hedgesim never sets a locale, but a library it links could: to_chars ignores it.
        const char* old = std::setlocale(LC_NUMERIC, nullptr);
        const std::string saved = old ? old : "C";
        std::setlocale(LC_NUMERIC, "de_DE.UTF-8");
        QCOMPARE(ResultsTable::fixed(1234.56, 1), std::string("1234.6"));
        std::setlocale(LC_NUMERIC, saved.c_str());
        QCOMPARE(ResultsTable::fixed(0.125, 2), std::string("0.12")); // round half to even
        QCOMPARE(ResultsTable::fixed(2.0, 3), std::string("2.000"));
    }

    void partColumnOnlyWithParts()
    {
        std::vector<PointResult> points{point("a", 0.5, 40.0), point("a", 0.7, 50.0)};
        QVERIFY(ResultsTable(points).format().find("part") == std::string::npos);
        points[0].parts = PartFigures{.answered = 100, .p99Ms = 12.34};
        points[1].parts = PartFigures{.answered = 0}; // no part answered
        const QStringList lines = linesOf(ResultsTable(points).format());
        QCOMPARE(lines[0], QString("setup  load  p99 ms  p99.9 ms  part p99 ms  req/call  rejected"
                                   "    util"));
        QCOMPARE(lines[1], QString("a       0.5    40.0      60.0         12.3     1.023    0.13 %"
                                   "  50.0 %"));
        QCOMPARE(lines[2], QString("        0.7    50.0      75.0            -     1.023    0.13 %"
                                   "  70.0 %"));
    }

    void emptyTableIsTheHeader() { QCOMPARE(linesOf(ResultsTable({}).format()).size(), 2); }
};

QTEST_GUILESS_MAIN(TestResultsTable)
#include "tst_resultstable.moc"
