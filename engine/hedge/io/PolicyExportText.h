// Internal to hedge/io (PolicyExport): the seven stacks' texts of one family's knobs. Each
// starts with a comment (where the format has comments) naming the setup and listing
// `uncovered`.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <vector>

namespace hedge::io_detail {

struct ExportHeader {
    std::string setupName;
    std::vector<std::string> uncovered;
};

// The values as the stack's strictest reader takes them: gRPC C-core's whole maxTokens (at
// least 1) and tokenRatio in thousandths (at least 0.001); Envoy's base_interval, at most the
// max_interval.
long long grpcMaxTokens(const GrpcThrottling& throttling);
double grpcTokenRatio(const GrpcThrottling& throttling);
double envoyBackoffBase(const EnvoySettings& envoy);

std::string grpcServiceConfigText(const GrpcSettings& grpc);
std::string envoyYamlText(const EnvoySettings& envoy, const ExportHeader& header);
std::string pollyText(const PollySettings& polly, const ExportHeader& header);
std::string finagleText(const FinagleSettings& finagle, const ExportHeader& header);
std::string towerText(const TowerSettings& tower, const ExportHeader& header);
std::string murphyText(const MurphySettings& murphy, const ExportHeader& header);
std::string resilience4cataText(const Setup& setup, const ExportHeader& header);

} // namespace hedge::io_detail
