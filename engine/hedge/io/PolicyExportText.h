// Internal to hedge/io (PolicyExport and each family's export, GrpcExport.cpp ...): what the
// stacks' texts share. Each text starts with a comment (where the format has comments) naming
// the setup and listing `uncovered`.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <vector>

namespace hedge::io_detail {

struct ExportHeader {
    std::string setupName;
    std::vector<std::string> uncovered;
};

// The header comment, each line starting with `prefix` ("//", "#"): what the snippet is, then
// what the model leaves out.
std::string comment(const char* prefix, const std::string& what, const ExportHeader& header);
// "TimeSpan.FromMilliseconds(20)": `unit` applied to `ms`.
std::string milliseconds(const char* unit, double ms);
// A Rust or Scala Duration in whole seconds when it is one, else in fractional seconds.
std::string seconds(double s, const char* whole, const char* fractional);
// A java.time.Duration: whole milliseconds as ofMillis, anything finer as ofNanos.
std::string javaDuration(double ms);
// A number without an exponent (YAML readers differ on "1e-05"), as short as it reads back.
std::string plainNumber(double value);
const char* boolText(bool b);
// A knob the stack takes as a whole number, written rounded: a note says so.
void noteRounded(const char* what, double value, std::vector<std::string>& notes);

} // namespace hedge::io_detail
