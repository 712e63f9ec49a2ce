// Finagle's export (docs/policies.md, "Export and import"): its Scala and what the model leaves
// out; its row in hedge/PolicyFamilies.cpp points here.
#include <hedge/io/FamilyExport.h>

#include "Format.h"
#include "PolicyExportText.h"
#include "PolicyText.h"

#include <cmath>
#include <string>
#include <vector>

namespace hedge::io_detail {

namespace {

// The setup's deadline (docs/model.md, "Deadlines") is MethodBuilder's total timeout: the
// request's, over its backup too.
std::string finagleText(const FinagleSettings& finagle, double deadlineMs, const ExportHeader& header)
{
    std::string out =
        comment("//", "Finagle backup requests (MethodBuilder) and RetryBudget", header);
    const FinagleRetryBudget& b = finagle.clientBudget;
    out += "import com.twitter.conversions.DurationOps._\n"
           "import com.twitter.finagle.Http\n"
           "import com.twitter.finagle.service.{ResponseClassifier, RetryBudget}\n"
           "import com.twitter.util.Duration\n"
           "import com.twitter.util.tunable.Tunable\n"
           "\n"
           "val client = Http.client\n"
           "  .withRetryBudget(RetryBudget(\n"
           "    ttl = " +
           seconds(b.ttlSeconds, "Duration.fromSeconds", "Duration.fromFractionalSeconds") +
           ",\n"
           "    minRetriesPerSec = " +
           formatNumber(std::round(b.minRetriesPerSec)) +
           ",\n"
           "    percentCanRetry = " +
           formatNumber(b.percentCanRetry) +
           "))\n"
           "  .methodBuilder(\"inet!service.local:8080\")\n";
    if (deadlineMs > 0.0)
        out += "  .withTimeout.total(" +
               seconds(deadlineMs / 1000.0, "Duration.fromSeconds", "Duration.fromFractionalSeconds") +
               ") // the request timeout, over the backup too\n";
    out += "  .idempotent(\n"
           "    maxExtraLoad = Tunable.const(\"maxExtraLoad\", " +
           formatNumber(finagle.maxExtraLoad) +
           "),\n"
           "    sendInterrupts = " +
           boolText(finagle.sendInterrupts) +
           ",\n"
           "    minSendBackupAfterMs = " +
           formatNumber(std::round(finagle.minSendBackupAfterMs)) +
           ",\n"
           "    classifier = ResponseClassifier.Default)\n";
    if (finagle.retryPolicy)
        out += "  // retried under the client's RetryBudget, each after a decorrelated jittered\n"
               "  // backoff from 5 ms up to 200 ms (RetryPolicy.tries)\n"
               "  .withMaxRetries(" +
               std::to_string(finagle.retryPolicy->numTries - 1) + ")\n";
    out += "  .newService(\"hedged\")\n";
    return out;
}

void finagleNotes(const Setup& setup, std::vector<std::string>& notes)
{
    noteRounded("minRetriesPerSec", setup.families.finagle.clientBudget.minRetriesPerSec, notes);
    noteRounded("minSendBackupAfterMs", setup.families.finagle.minSendBackupAfterMs, notes);
    if (setup.families.finagle.retryPolicy)
        notes.push_back("a retry goes out only once every attempt of the call has failed, and "
                        "without a backup of its own; requeues of rejected requests are not "
                        "modelled apart from the retries");
    notes.push_back("the destination and the service are placeholders: put yours");
}

std::string finagleExportText(const Setup& setup, const ExportHeader& header)
{
    return finagleText(setup.families.finagle, setup.deadlineMs, header);
}

} // namespace

// The row of hedge/PolicyFamilies.cpp points here.
const FamilyExport& finagleExport()
{
    static const FamilyExport row{
        .title = "Finagle MethodBuilder (Scala)",
        .suffix = "scala",
        .text = &finagleExportText,
        .notes = &finagleNotes};
    return row;
}

} // namespace hedge::io_detail
