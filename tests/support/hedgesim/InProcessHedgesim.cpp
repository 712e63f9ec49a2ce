#include "InProcessHedgesim.h"

#include "Hedgesim.h"

#include <sstream>

namespace hedge::test {

HedgesimOutcome runHedgesim(const std::vector<std::string>& args, const std::string& input)
{
    std::istringstream in(input);
    std::ostringstream out, err;
    HedgesimOutcome o;
    o.exitCode = cli::hedgesimMain(args, {in, out, err});
    o.out = out.str();
    o.err = err.str();
    return o;
}

HedgesimOutcome runHedgesim(std::initializer_list<const char*> args, const std::string& input)
{
    return runHedgesim(std::vector<std::string>(args.begin(), args.end()), input);
}

HedgesimOutcome runHedgesim(const QStringList& args, const std::string& input)
{
    std::vector<std::string> argv;
    for (const QString& a : args)
        argv.push_back(a.toStdString());
    return runHedgesim(argv, input);
}

} // namespace hedge::test
