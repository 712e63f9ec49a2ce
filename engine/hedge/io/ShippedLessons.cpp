#include <hedge/io/ShippedLessons.h>

namespace hedge {

const std::vector<std::string>& shippedLessonFiles()
{
    // The teaching order: each lesson builds on the ones before it (docs/lessons.md).
    static const std::vector<std::string> files{":/lessons/tail-cutting.json",
                                                ":/lessons/price-of-a-hedge.json",
                                                ":/lessons/collapse-without-budget.json",
                                                ":/lessons/budget.json",
                                                ":/lessons/server-cancellation.json",
                                                ":/lessons/adaptive-limit.json",
                                                ":/lessons/collapse-that-stays.json",
                                                ":/lessons/one-run-one-sample.json",
                                                ":/lessons/replicas.json",
                                                ":/lessons/your-stack.json",
                                                ":/lessons/delay.json",
                                                ":/lessons/exercises.json",
                                                ":/lessons/retries.json"};
    return files;
}

} // namespace hedge
