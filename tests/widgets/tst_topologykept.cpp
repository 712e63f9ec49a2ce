// The editors have no topology fields yet (issue 14): editing another field of a scenario
// that has replicas, a balancer, correlated hiccups, slowdowns or a hedge placement must keep
// them — the preset or file they came from would otherwise lose them at the first edit.
#include "ServiceRunEditor.h"
#include "SetupEditor.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTest>

using namespace hedge;


class TestTopologyKept : public QObject {
    Q_OBJECT

private slots:
    void serviceEditKeepsTheTopology()
    {
        Scenario s;
        s.service.replicas = 4;
        s.service.workers = 4;
        s.service.balancer = BalancerKind::LeastOutstanding;
        s.service.hiccupCorrelation = 0.5;
        s.service.slowdowns = Slowdowns{.perMinute = 3};
        ServiceRunEditor editor;
        editor.setScenario(s);
        editor.workersSpin()->setValue(6);
        Scenario out;
        editor.applyTo(out);
        QCOMPARE(out.service.workers, 6);
        QCOMPARE(out.service.replicas, 4);
        QCOMPARE(out.service.balancer, BalancerKind::LeastOutstanding);
        QCOMPARE(out.service.hiccupCorrelation, 0.5);
        QVERIFY(out.service.slowdowns == s.service.slowdowns);
    }

    void setupEditKeepsThePlacement()
    {
        Setup s;
        s.name = "a";
        s.hedge = HedgeSettings{.placement = HedgePlacement::OtherReplica};
        SetupEditor editor;
        editor.setSetup(s);
        editor.delaySpin()->setValue(35.0);
        QCOMPARE(editor.setup().hedge->delayMs, 35.0);
        QCOMPARE(editor.setup().hedge->placement, HedgePlacement::OtherReplica);
    }
};

QTEST_MAIN(TestTopologyKept)
#include "tst_topologykept.moc"
