// Internal to hedge/io (PolicyExport, PolicyImport): the pieces of the stacks' configuration
// texts both directions share — protobuf durations ("0.020s", which gRPC's JSON and Envoy's
// YAML both use) and the status codes gRPC names.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hedge::io_detail {

// `ms` as a protobuf Duration's text: seconds with at least three decimals ("0.020s",
// "2.000s", "0.0205s"); nanosecond resolution, as the format has.
std::string formatDuration(double ms);
// The milliseconds of a Duration's text ("0.020s", "1s", "0.000000001s"); nothing when the text
// is not one. A negative duration is no duration here: no hedge waits a negative time.
std::optional<double> parseDuration(std::string_view text);

// gRPC's status code `name` ("UNAVAILABLE") or number (14): its number, or nothing.
std::optional<int> grpcStatusCode(std::string_view name);
const char* grpcStatusName(int code);
// The status the explorer's service errors have over gRPC (hedge-service answers HTTP 503).
inline constexpr int kGrpcUnavailable = 14;

} // namespace hedge::io_detail
