// The loads of a sweep as the service editor's list field spells them: "0.3, 0.5 0.7;0.9"
// (commas, semicolons or spaces; a trailing % means percent), each in (0, 1.5], each once.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace hedge {

class LoadList {
    Q_DECLARE_TR_FUNCTIONS(hedge::LoadList)
public:
    static constexpr double kMaxLoad = 1.5;
    static constexpr int kMaxPoints = 200;

    // The loads, or nothing with the message to show next to the field in `error`.
    static std::optional<std::vector<double>> parse(const QString& text, QString* error = nullptr);
    static QString format(const std::vector<double>& loads);
    // Loads are compared by value (the engine keys its random numbers by the load): rounded so
    // that 0.3 typed in a list and 0.3 reached by steps are the same double.
    static double round(double x);
    // An arithmetic progression (within rounding) can be shown as from/to/step.
    static bool isEvenlySpaced(const std::vector<double>& loads);
};

} // namespace hedge
